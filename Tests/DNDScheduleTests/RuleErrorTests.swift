import DNDSchedule
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// The one field-error type and the one rule error: stable codes, the JSON form, and the code
/// and key path of each kind of decoding failure, in the same shape as validation's.
final class RuleErrorTests: XCTestCase {
  /// Every code this module declares keeps its name: a client switches on these strings.
  func testCodesKeepTheirNames() {
    let table: [(RuleFieldError.Code, String)] = [
      (.invalidJSON, "invalidJSON"),
      (.duplicateKey, "duplicateKey"),
      (.missingKey, "missingKey"),
      (.nullValue, "nullValue"),
      (.wrongType, "wrongType"),
      (.invalidNumber, "invalidNumber"),
      (.invalidValue, "invalidValue"),
      (.invalidHour, "invalidHour"),
      (.invalidMinute, "invalidMinute"),
      (.invalidRepeatMode, "invalidRepeatMode"),
      (.invalidCustomRepeatDays, "invalidCustomRepeatDays"),
      (.invalidTimeZone, "invalidTimeZone"),
      (.missingOnceEnd, "missingOnceEnd"),
      (.invalidInstant, "invalidInstant"),
      (.invalidSchedule, "invalidSchedule"),
      (.invalidWindow, "invalidWindow"),
      (.invalidWeekday, "invalidWeekday"),
      (.invalidSnooze, "invalidSnooze"),
    ]
    for (code, name) in table {
      XCTAssertEqual(code.rawValue, name)
      XCTAssertEqual(code.description, name)
      XCTAssertEqual(RuleFieldError.Code(rawValue: name), code)
    }
    // The lists the tools use hold exactly these, once each.
    let listed = RuleFieldError.Code.decodingCodes + RuleFieldError.Code.scheduleCodes
    XCTAssertEqual(listed.map(\.rawValue), table.map(\.1))
  }

  /// A field error is `{"code", "keyPath", "value", "reason"}` as JSON, the code as its name;
  /// a rule error is `{"errors": [...]}`; both come back equal.
  func testJSONFormRoundTrips() throws {
    let field = RuleFieldError(
      code: .invalidHour, keyPath: "doNotDisturbRule.startHour", value: "24",
      reason: "must be in 0...23")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    XCTAssertEqual(
      String(decoding: try encoder.encode(field), as: UTF8.self),
      #"{"code":"invalidHour","keyPath":"doNotDisturbRule.startHour","reason":"must be in 0...23","value":"24"}"#
    )
    XCTAssertEqual(
      try JSONDecoder().decode(RuleFieldError.self, from: encoder.encode(field)), field)

    let errors = [
      try XCTUnwrap(validationError(DoNotDisturbRule(startHour: 24, endMinute: 61))),
      try XCTUnwrap(decodingError(#"{"startHour": 1, "startHour": 2}"#)),
      try XCTUnwrap(decodingError(#"{"startHour": 22.5, "endHour": null}"#)),
    ]
    for error in errors {
      let json = try encoder.encode(error)
      XCTAssertEqual(try JSONDecoder().decode(RuleError.self, from: json), error, "\(error)")
      XCTAssertTrue(
        String(decoding: json, as: UTF8.self).hasPrefix(#"{"errors":[{"code":""#), "\(error)")
    }
    // A code no module declares still decodes: the set of codes is open.
    let unknown = try JSONDecoder().decode(
      RuleFieldError.self,
      from: Data(#"{"code": "fromTheFuture", "keyPath": "", "value": "", "reason": "r"}"#.utf8))
    XCTAssertEqual(unknown.code.rawValue, "fromTheFuture")
    // A rule error names at least one field.
    XCTAssertThrowsError(
      try JSONDecoder().decode(RuleError.self, from: Data(#"{"errors": []}"#.utf8)))
  }

  /// Each kind of decoding failure has its code, its key path (the decoders' syntax), and
  /// the value where the reader keeps it.
  func testDecodingFailuresHaveTheirCodes() throws {
    let cases:
      [(name: String, json: [UInt8], code: RuleFieldError.Code, keyPath: String, value: String)] = [
        (
          "duplicate key", Array(#"{"startHour": 1, "startHour": 2}"#.utf8), .duplicateKey,
          "startHour", ""
        ),
        ("explicit null", Array(#"{"endMinute": null}"#.utf8), .nullValue, "endMinute", "null"),
        ("wrong type", Array(#"{"enabled": 1}"#.utf8), .wrongType, "enabled", "1"),
        ("fraction", Array(#"{"startHour": 22.5}"#.utf8), .invalidNumber, "startHour", "22.5"),
        (
          "rounding", Array(#"{"startHour": 21.9999999999999999}"#.utf8), .invalidNumber,
          "startHour", "21.9999999999999999"
        ),
        (
          "bad UTF-8", Array(#"{"timeZoneID": ""#.utf8) + [0xFF] + Array(#""}"#.utf8), .invalidJSON,
          "", ""
        ),
        (
          "lone surrogate", Array(#"{"timeZoneID": "\ud800"}"#.utf8), .invalidJSON, "timeZoneID",
          #""\ud800""#
        ),
        ("syntax", Array(#"{"startHour": 1,}"#.utf8), .invalidJSON, "", ""),
        ("too deep", Array(String(repeating: "[", count: 600).utf8), .invalidJSON, "", ""),
        ("not an object", Array("[]".utf8), .wrongType, "", "[]"),
      ]
    for (name, json, code, keyPath, value) in cases {
      let error = try XCTUnwrap(decodingError(json), name)
      XCTAssertEqual(error.errors.count, 1, "\(name): \(error)")
      XCTAssertEqual(error.errors[0].code, code, "\(name): \(error)")
      XCTAssertEqual(error.errors[0].keyPath, keyPath, "\(name): \(error)")
      XCTAssertEqual(error.errors[0].value, value, "\(name): \(error)")
      XCTAssertFalse(error.errors[0].reason.isEmpty, name)
      // `invalid JSON` for bytes that are not JSON only; valid JSON of the wrong shape is an
      // invalid document.
      XCTAssertEqual(
        error.description.hasPrefix("invalid JSON"), code == .invalidJSON, "\(name): \(error)")
      XCTAssertEqual(
        error.description.hasPrefix("invalid document"), code != .invalidJSON, "\(name): \(error)")
    }
    // A missing required key, at its key path inside a list.
    let weekly = #"{"polarity": "quiet", "windows": [{"weekdays": [1], "start": "01:00"}]}"#
    do {
      _ = try WeeklyScheduleRule(jsonBytes: Array(weekly.utf8))
      XCTFail("decoded \(weekly)")
    } catch {
      // The window stops the list, so `windows`, which is required, is missing after it.
      XCTAssertEqual(error.errors.map(\.code), [.missingKey, .missingKey], "\(error)")
      XCTAssertEqual(error.errors.map(\.keyPath), ["windows[0].end", "windows"], "\(error)")
    }
    do {
      _ = try WeeklyScheduleRule(jsonBytes: Array(#"{"polarity": "quiet"}"#.utf8))
      XCTFail("decoded a schedule without windows")
    } catch {
      XCTAssertEqual(error.errors.map(\.code), [.missingKey], "\(error)")
      XCTAssertEqual(error.errors.map(\.keyPath), ["windows"], "\(error)")
    }
  }

  /// Decoding and validation give the same type, the same JSON keys and the same kind of
  /// key path; only the codes tell them apart, and the description says which.
  func testDecodingAndValidationHaveOneShape() throws {
    let validation = try XCTUnwrap(validationError(DoNotDisturbRule(startHour: 24)))
    let decoding = try XCTUnwrap(decodingError(#"{"startHour": "24"}"#))
    XCTAssertEqual(validation.errors.map(\.keyPath), ["startHour"])
    XCTAssertEqual(decoding.errors.map(\.keyPath), ["startHour"])
    XCTAssertEqual(validation.errors.map(\.code), [.invalidHour])
    XCTAssertEqual(decoding.errors.map(\.code), [.wrongType])
    for error in [validation, decoding] {
      let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(error))
      let fields = try XCTUnwrap((object as? [String: Any])?["errors"] as? [[String: Any]])
      XCTAssertEqual(fields.count, 1)
      XCTAssertEqual(Set(fields[0].keys), ["code", "keyPath", "value", "reason"])
      XCTAssertTrue(fields[0].values.allSatisfy { $0 is String }, "\(fields[0])")
    }
    XCTAssertEqual(validation.description, "invalid rule: startHour = 24: must be in 0...23")
    XCTAssertEqual(
      decoding.description, "invalid document at startHour: expected an integer, found a string")
    XCTAssertEqual(
      decoding.errors[0].description, "at startHour: expected an integer, found a string")
    XCTAssertEqual(validation.errors[0].description, "startHour = 24: must be in 0...23")
    let syntax = try XCTUnwrap(decodingError("{"))
    XCTAssertEqual(syntax.errors.map(\.keyPath), [""])
    XCTAssertEqual(syntax.description, "invalid JSON: " + syntax.errors[0].description)
    // The document call throws the same errors as the steps.
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    for (json, expected) in [
      (#"{"startHour": 24}"#, validation), (#"{"startHour": "24"}"#, decoding),
    ] {
      XCTAssertThrowsError(try DoNotDisturbSchedule(jsonBytes: Array(json.utf8), zones: zones)) {
        XCTAssertEqual($0 as? RuleError, expected, json)
      }
    }
  }

  /// No message names a file of the server: a zone that is not in the database is named by
  /// its ID alone.
  func testMessagesNameNoServerPaths() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    for id in ["Mars/Olympus", "../etc/passwd", "/etc/localtime"] {
      let error = try XCTUnwrap(validationError(DoNotDisturbRule(timeZoneID: id), zones: zones))
      XCTAssertEqual(error.errors.map(\.code), [.invalidTimeZone], id)
      XCTAssertFalse(error.description.contains(TestPaths.zoneinfo), "\(error)")
    }
  }

  func validationError(_ rule: DoNotDisturbRule, zones: ZoneDatabase? = nil) throws -> RuleError? {
    let zones = try zones ?? ZoneDatabase(root: TestPaths.zoneinfo)
    do {
      _ = try DoNotDisturbSchedule(rule: rule, zones: zones)
      return nil
    } catch {
      return error
    }
  }

  func decodingError(_ json: String) -> RuleError? {
    decodingError(Array(json.utf8))
  }

  func decodingError(_ json: [UInt8]) -> RuleError? {
    do {
      _ = try DoNotDisturbRule(jsonBytes: json)
      return nil
    } catch {
      return error
    }
  }
}

import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// Every wire type's decoding errors in JSON's words: each code at its key path with the
/// offending JSON text as its value, no Swift type name in any text, `invalid JSON` only for
/// bytes that are not JSON; values and keys cut to one length; lists and error counts
/// bounded at documented limits.
final class WireErrorWordsTests: XCTestCase {
  /// The wire types' names.
  static let types = [
    "DoNotDisturbRule", "WeeklyScheduleRule", "OfflinePushRule", "PushPreferences",
    "ConversationSetting", "PushMessage",
  ]

  /// What a wire type's byte initializer throws for a document; nil when it decodes.
  static func decode(_ type: String, _ bytes: [UInt8]) -> RuleError? {
    do throws(RuleError) {
      switch type {
      case "DoNotDisturbRule": _ = try DoNotDisturbRule(jsonBytes: bytes)
      case "WeeklyScheduleRule": _ = try WeeklyScheduleRule(jsonBytes: bytes)
      case "OfflinePushRule": _ = try OfflinePushRule(jsonBytes: bytes)
      case "PushPreferences": _ = try PushPreferences(jsonBytes: bytes)
      case "ConversationSetting": _ = try ConversationSetting(jsonBytes: bytes)
      default: _ = try PushMessage(jsonBytes: bytes)
      }
      return nil
    } catch {
      return error
    }
  }

  /// Type, document, and its first error's code, key path and value.
  static let cases: [(String, String, RuleFieldError.Code, String, String)] = [
    ("DoNotDisturbRule", "[]", .wrongType, "", "[]"),
    ("DoNotDisturbRule", "null", .nullValue, "", "null"),
    ("DoNotDisturbRule", #"{"repeatMode": null}"#, .nullValue, "repeatMode", "null"),
    ("DoNotDisturbRule", #"{"startHour": "22"}"#, .wrongType, "startHour", #""22""#),
    ("DoNotDisturbRule", #"{"enabled": [1, 2]}"#, .wrongType, "enabled", "[1, 2]"),
    ("DoNotDisturbRule", #"{"startHour": 1e400}"#, .invalidNumber, "startHour", "1e400"),
    ("DoNotDisturbRule", #"{"startHour": 1, "startHour": 2}"#, .duplicateKey, "startHour", ""),
    ("DoNotDisturbRule", #"{"timeZoneID": "\ud800"}"#, .invalidJSON, "timeZoneID", #""\ud800""#),
    ("DoNotDisturbRule", #"{"\ud800": 0}"#, .invalidJSON, #""\ud800""#, ""),
    ("DoNotDisturbRule", #"{"enabled": tru}"#, .invalidJSON, "", ""),
    ("WeeklyScheduleRule", #"{"windows": []}"#, .missingKey, "polarity", ""),
    ("WeeklyScheduleRule", #"{"polarity": null, "windows": []}"#, .nullValue, "polarity", "null"),
    ("WeeklyScheduleRule", #"{"polarity": "quiet", "windows": {}}"#, .wrongType, "windows", "{}"),
    (
      "WeeklyScheduleRule",
      #"{"polarity": "quiet", "windows": [{"weekdays": [1.5], "start": "a", "end": "b"}]}"#,
      .invalidNumber, "windows[0].weekdays[0]", "1.5"
    ),
    (
      "WeeklyScheduleRule", #"{"polarity": "quiet", "windows": [5]}"#, .wrongType, "windows[0]", "5"
    ),
    (
      "WeeklyScheduleRule", #"{"polarity": "quiet", "windows": [], "snooze": null}"#, .nullValue,
      "snooze", "null"
    ),
    (
      "WeeklyScheduleRule", #"{"polarity": "quiet", "windows": [{"weekdays": [1], "start": "a"}]}"#,
      .missingKey, "windows[0].end", ""
    ),
    ("OfflinePushRule", #"{"onlinePlatforms": null}"#, .nullValue, "onlinePlatforms", "null"),
    (
      "OfflinePushRule", #"{"onlinePlatforms": [1, "x"]}"#, .wrongType, "onlinePlatforms[1]",
      #""x""#
    ),
    ("OfflinePushRule", #"{"doNotDisturbRule": 5}"#, .wrongType, "doNotDisturbRule", "5"),
    (
      "OfflinePushRule", #"{"doNotDisturbRule": {"repeatMode": null}}"#, .nullValue,
      "doNotDisturbRule.repeatMode", "null"
    ),
    ("OfflinePushRule", #"{"x": {"\ud800": 1, "\ud800": 2}}"#, .duplicateKey, #"x."\ud800""#, ""),
    ("OfflinePushRule", #"{"x": {"a.b": 1, "a.b": 2}}"#, .duplicateKey, #"x."a.b""#, ""),
    // Deeper than the reader keeps in place: the path is whole all the same.
    (
      "OfflinePushRule", #"{"x": [[[[[[[[[{"k": 1, "k": 2}]]]]]]]]], "y": [1, {"z": 0, "z": 1}]}"#,
      .duplicateKey, "x[0][0][0][0][0][0][0][0][0].k", ""
    ),
    ("PushPreferences", #"{"level": "loud"}"#, .invalidValue, "level", #""loud""#),
    ("PushPreferences", #"{"level": 3}"#, .wrongType, "level", "3"),
    (
      "PushPreferences", #"{"breakthrough": {"senders": null}}"#, .nullValue,
      "breakthrough.senders", "null"
    ),
    (
      "PushPreferences", #"{"breakthrough": {"senders": ["a", 1]}}"#, .wrongType,
      "breakthrough.senders[1]", "1"
    ),
    ("PushPreferences", #"{"breakthrough": []}"#, .wrongType, "breakthrough", "[]"),
    ("ConversationSetting", #"{"until": 1.5}"#, .invalidNumber, "until", "1.5"),
    ("ConversationSetting", #"{"level": null}"#, .nullValue, "level", "null"),
    ("ConversationSetting", "7", .wrongType, "", "7"),
    ("PushMessage", #"{"sender": false}"#, .wrongType, "sender", "false"),
    ("PushMessage", #"{"mentioned": "yes"}"#, .wrongType, "mentioned", #""yes""#),
    ("PushMessage", #"{"previousCallAt": null}"#, .nullValue, "previousCallAt", "null"),
  ]

  /// Words that would name a Swift type in a client's error text.
  static let typeNames = [
    "Array<", "Dictionary<", "Optional", "String", "Int", "Bool", "Double", "Any",
    "DoNotDisturbRule", "OfflinePushRule", "WeeklyScheduleRule", "SchedulePolarity", "RepeatMode",
    "Window", "Snooze", "PushPreferences", "BreakthroughPolicy", "ConversationSetting",
    "PushMessage", "NotificationLevel", "Platform",
  ]

  /// The texts of an error a client sees, key paths aside (keys are the client's own words).
  static func assertJSONWords(_ error: RuleError, _ context: String) {
    for field in error.errors {
      for name in typeNames {
        XCTAssertFalse(field.reason.contains(name), "\(context): \(field.reason) names \(name)")
      }
      XCTAssertFalse(field.keyPath.contains("\u{FFFD}"), "\(context): \(field.keyPath)")
    }
    let saysInvalidJSON = error.description.hasPrefix("invalid JSON")
    XCTAssertEqual(saysInvalidJSON, error.errors[0].code == .invalidJSON, "\(context): \(error)")
  }

  func testEveryTypeAndCodeInJSONsWords() throws {
    var codes = Set<RuleFieldError.Code>()
    var types = Set<String>()
    for (type, document, code, keyPath, value) in Self.cases {
      let context = "\(type) \(document)"
      guard let error = Self.decode(type, Array(document.utf8)) else {
        XCTFail("\(context) decoded")
        continue
      }
      XCTAssertEqual(error.errors[0].code, code, context)
      XCTAssertEqual(error.errors[0].keyPath, keyPath, context)
      XCTAssertEqual(error.errors[0].value, value, context)
      Self.assertJSONWords(error, context)
      codes.insert(code)
      types.insert(type)
    }
    XCTAssertEqual(codes, Set(RuleFieldError.Code.decodingCodes))
    XCTAssertEqual(types, Set(Self.types))
  }

  /// The issue's examples, word for word.
  func testTheIssuesExamples() throws {
    let examples: [(String, String)] = [
      (
        #"{"onlinePlatforms": null}"#,
        "invalid document at onlinePlatforms: expected an array of integers, found null"
      ),
      (
        #"{"doNotDisturbRule": 5}"#,
        "invalid document at doNotDisturbRule: expected an object, found a number"
      ),
      ("[]", "invalid document: expected an object, found an array"),
      (
        #"{"doNotDisturbRule": {"repeatMode": null}}"#,
        "invalid document at doNotDisturbRule.repeatMode: expected an integer, found null"
      ),
      // A key that is not text is named at its own place; the other keys are read as usual.
      (
        #"{"\ud800":0,"x":1e400,"startHour":22}"#,
        #"invalid JSON at "\ud800": expected keys that are text: \ud800 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"onlinePlatforms":[1.5,"x"],"offlinePushEnabled":3,"\ud800":0}"#,
        "invalid document at onlinePlatforms[0]: 1.5 is not an integer within 64 bits; "
          + "at offlinePushEnabled: expected a boolean, found a number; "
          + #"at "\ud800": expected keys that are text: \ud800 is a lone surrogate escape, not a character"#
      ),
    ]
    for (document, expected) in examples {
      let error = try XCTUnwrap(Self.decode("OfflinePushRule", Array(document.utf8)), document)
      XCTAssertEqual(error.description, expected, document)
      Self.assertJSONWords(error, document)
    }
  }

  /// One length for every value: a number's text, a level's name, a string, a key.
  func testValuesAndKeysAreCutToOneLength() throws {
    let long = String(repeating: "9", count: 900_000)
    let name = String(repeating: "é", count: 900_000)
    let cases: [(String, String)] = [
      ("DoNotDisturbRule", #"{"startHour": 0."# + long + "1}"),
      ("PushPreferences", #"{"level": ""# + name + #""}"#),
      ("ConversationSetting", #"{"level": ""# + name + #""}"#),
      ("DoNotDisturbRule", #"{"startHour": ""# + name + #""}"#),
      ("OfflinePushRule", #"{"onlinePlatforms": [1, 0."# + long + "1]}"),
      ("OfflinePushRule", #"{"x": {""# + name + #"": 1, ""# + name + #"": 2}}"#),
    ]
    for (type, document) in cases {
      let error = try XCTUnwrap(Self.decode(type, Array(document.utf8)), type)
      let first = error.errors[0]
      XCTAssertLessThanOrEqual(first.value.unicodeScalars.count, 65, type)
      XCTAssertLessThanOrEqual(first.keyPath.unicodeScalars.count, 80, type)
      XCTAssertLessThan(error.description.utf8.count, 1_000, type)
    }
    // Exactly 64 characters are kept whole; 65 are cut to 64 and an ellipsis.
    for (count, expected) in [(63, 63), (64, 64), (65, 65)] {
      let text = String(repeating: "a", count: count - 2)
      let error = try XCTUnwrap(
        Self.decode("DoNotDisturbRule", Array((#"{"startHour": ""# + text + #""}"#).utf8)))
      XCTAssertEqual(error.errors[0].value.unicodeScalars.count, expected, "\(count)")
      XCTAssertEqual(error.errors[0].value.hasSuffix("…"), count > 64, "\(count)")
    }
  }

  // MARK: Bounds

  /// Each list at its maximum N is taken; at N + 1 it is one error naming its length, its
  /// entries not each reported; at N − 1 it is taken.
  func testEveryListAtItsLimit() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    func weekly(windows: Int, weekdays: Int) -> [RuleFieldError] {
      let window = WeeklyScheduleRule.Window(
        weekdays: Array(repeating: 0, count: weekdays), start: "08:00", end: "09:00")
      let rule = WeeklyScheduleRule(
        polarity: .quiet, windows: Array(repeating: window, count: windows))
      do {
        _ = try WeeklySchedule(rule: rule, zones: zones)
        return []
      } catch {
        return error.errors
      }
    }
    let weekdays = WeeklyScheduleRule.Window.maximumWeekdayCount
    XCTAssertEqual(weekdays, 64)
    for count in [weekdays - 1, weekdays] {
      // Each weekday 0 is reported (they are bad values, the first 32 listed), the list's
      // length is not.
      let errors = weekly(windows: 1, weekdays: count)
      XCTAssertEqual(errors.count, RuleError.maximumReportedErrors)
      XCTAssertTrue(errors.allSatisfy { $0.keyPath.hasPrefix("windows[0].weekdays[") })
    }
    XCTAssertEqual(
      weekly(windows: 1, weekdays: weekdays + 1),
      [
        RuleFieldError(
          code: .invalidWeekday, keyPath: "windows[0].weekdays", value: "65 entries",
          reason: "a window holds at most 64 weekdays")
      ])
    let windows = WeeklyScheduleRule.maximumWindowCount
    XCTAssertEqual(windows, 4_096)
    for count in [windows - 1, windows] {
      XCTAssertTrue(weekly(windows: count, weekdays: 0).allSatisfy { $0.code == .invalidWeekday })
    }
    XCTAssertEqual(
      weekly(windows: windows + 1, weekdays: 0),
      [
        RuleFieldError(
          code: .invalidSchedule, keyPath: "windows", value: "4097 entries",
          reason: "a schedule holds at most 4096 windows")
      ])

    let platforms = OfflinePushRule.maximumPlatformCount
    for count in [platforms - 1, platforms, platforms + 1] {
      let rule = OfflinePushRule(
        onlinePlatforms: Array(repeating: Platform(rawValue: 1), count: count))
      XCTAssertEqual(
        (try? CompiledOfflinePushRule(rule: rule, zones: zones)) != nil, count <= platforms)
    }
    let senders = PushPreferences.maximumSenderCount
    for count in [senders - 1, senders, senders + 1] {
      var preferences = PushPreferences()
      preferences.breakthrough.senders = (0..<count).map { "user\($0)" }
      let compiled = try? CompiledPushPreferences(preferences)
      XCTAssertEqual(compiled != nil, count <= senders, "\(count)")
    }
  }

  /// An error lists at most 32 fields, then counts the others, also in its JSON form.
  func testErrorCountIsCapped() throws {
    let cap = RuleError.maximumReportedErrors
    XCTAssertEqual(cap, 32)
    func field(_ index: Int) -> RuleFieldError {
      RuleFieldError(code: .invalidHour, keyPath: "h\(index)", value: "99", reason: "must be 0…23")
    }
    for count in [cap - 1, cap, cap + 1] {
      let error = RuleError(errors: (0..<count).map(field))
      XCTAssertEqual(error.errors.count, min(count, cap))
      XCTAssertEqual(error.omittedErrorCount, max(0, count - cap))
      XCTAssertEqual(error.description.hasSuffix("; and 1 more"), count == cap + 1)
      let json = try JSONEncoder().encode(error)
      XCTAssertEqual(
        String(decoding: json, as: UTF8.self).contains("omittedErrorCount"), count > cap)
      XCTAssertEqual(try JSONDecoder().decode(RuleError.self, from: json), error)
    }
    XCTAssertThrowsError(
      try JSONDecoder().decode(
        RuleError.self,
        from: Data(
          #"{"errors": [{"code": "x", "keyPath": "", "value": "", "reason": ""}], "omittedErrorCount": -1}"#
            .utf8)))
  }

  /// The 1 MiB line of issue 39: one window whose weekdays are 524,000 zeros. Its error is a
  /// few hundred bytes, not megabytes; and a schedule of many bad windows is cut at 32
  /// errors with a count of the others.
  func testAMegabyteOfWeekdaysAnswersInAFewKilobytes() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let zeros = Array(repeating: "0", count: 524_000).joined(separator: ",")
    let line =
      #"{"polarity": "quiet", "windows": [{"weekdays": ["# + zeros
      + #"], "start": "08:00", "end": "09:00"}]}"#
    XCTAssertGreaterThan(line.utf8.count, 1_000_000)
    // Refused as it is read: the list's one error, no entry kept past the 64th.
    XCTAssertThrowsError(try WeeklyScheduleRule(jsonBytes: Array(line.utf8))) {
      let error = $0 as? RuleError
      XCTAssertEqual(error?.errors.map(\.keyPath), ["windows[0].weekdays"])
      XCTAssertEqual(error?.errors.map(\.value), ["524000 entries"])
      XCTAssertLessThan(error?.description.utf8.count ?? .max, 4_096)
    }
    let window = #"{"weekdays": [0, 9], "start": "8", "end": "9"}"#
    let windows = Array(repeating: window, count: 1_000).joined(separator: ",")
    let many = try WeeklyScheduleRule(
      jsonBytes: Array((#"{"polarity": "quiet", "windows": ["# + windows + "]}").utf8))
    XCTAssertThrowsError(try WeeklySchedule(rule: many, zones: zones)) {
      let error = $0 as? RuleError
      XCTAssertEqual(error?.errors.count, 32)
      XCTAssertEqual(error?.omittedErrorCount, 4_000 - 32)
      XCTAssertLessThan(error?.description.utf8.count ?? .max, 4_096)
      let json = (try? JSONEncoder().encode(error)) ?? Data()
      XCTAssertLessThan(json.count, 8_192)
    }
  }
}

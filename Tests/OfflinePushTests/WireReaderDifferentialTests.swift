import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// The strict byte reader beside the `Codable` conformances, which are for interop only: on
/// the documents the wire writes, both read the same value; the strict way to read a rule
/// inside a document of one's own; and what the reader names that a decoder does not.
final class WireReaderDifferentialTests: XCTestCase {
  /// Generated rules written by `jsonBytes()` read back to the same value with the reader and
  /// with `JSONDecoder` through the `Codable` conformance.
  func testCodableReadsWhatTheWireWrites() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    let seed = SplitMix64.seed(default: 0x57_21C7_0150)
    var rng = SplitMix64(seed: seed)
    let decoder = JSONDecoder()
    for _ in 0..<2_000 {
      let dnd = generators.rule(zoneID: generators.zoneID(using: &rng), using: &rng)
      let rule = OfflinePushRule(
        onlinePlatforms: [Platform(rawValue: Int.random(in: 0...99, using: &rng))],
        offlinePushEnabled: Bool.random(using: &rng),
        doNotDisturbRule: Bool.random(using: &rng) ? dnd : nil)
      let weekly = generators.weeklyRule(zoneID: dnd.timeZoneID, using: &rng)
      XCTAssertEqual(try OfflinePushRule(jsonBytes: rule.jsonBytes()), rule, "[seed \(seed)]")
      XCTAssertEqual(
        try decoder.decode(OfflinePushRule.self, from: Data(rule.jsonBytes())), rule,
        "[seed \(seed)]")
      XCTAssertEqual(
        try decoder.decode(WeeklyScheduleRule.self, from: Data(weekly.jsonBytes())), weekly,
        "[seed \(seed)]")
      XCTAssertEqual(try WeeklyScheduleRule(jsonBytes: weekly.jsonBytes()), weekly)
    }
  }

  /// A rule inside a `Codable` document of one's own: the decoder reads it by its own rules
  /// (an explicit null as absent), while `EmbeddedJSON` and `init(jsonBytes:)` read the same
  /// bytes by the wire's strict rules, with key paths relative to the member; a valid member
  /// reads to the value the decoder reads.
  func testEmbeddedRuleReadsStrictly() throws {
    struct Envelope: Codable, Equatable {
      var userID: String
      var settings: Settings
      struct Settings: Codable, Equatable {
        var pushRule: OfflinePushRule
      }
    }
    func member(_ body: String) throws -> [UInt8]? {
      try EmbeddedJSON.bytes(at: ["settings", "pushRule"], in: Array(body.utf8))
    }
    let valid =
      #"{"userID": "u1", "settings": {"theme": [1, {"a": null}], "pushRule": {"offlinePushEnabled": false, "doNotDisturbRule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2}}}, "more": 1}"#
    let envelope = try JSONDecoder().decode(Envelope.self, from: Data(valid.utf8))
    let strict = try OfflinePushRule(jsonBytes: XCTUnwrap(try member(valid)))
    XCTAssertEqual(strict, envelope.settings.pushRule)
    XCTAssertEqual(strict.doNotDisturbRule?.startHour, 22)

    // JSONDecoder's semantics: an explicit null reads as absent; the strict reader refuses it.
    let null = #"{"userID": "u1", "settings": {"pushRule": {"offlinePushEnabled": null}}}"#
    XCTAssertEqual(
      try JSONDecoder().decode(Envelope.self, from: Data(null.utf8)).settings.pushRule,
      OfflinePushRule())
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: XCTUnwrap(try member(null)))) {
      XCTAssertEqual(
        "\($0)", "invalid document at offlinePushEnabled: expected a boolean, found null")
    }
    // A number decided on its text, and a key twice in the rule's object.
    let inexact =
      #"{"userID": "u1", "settings": {"pushRule": {"doNotDisturbRule": {"startHour": 21.9999999999999999}}}}"#
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: XCTUnwrap(try member(inexact)))) {
      XCTAssertEqual(
        "\($0)",
        "invalid document at doNotDisturbRule.startHour: 21.9999999999999999 is not an integer within 64 bits"
      )
    }
    let twice =
      #"{"settings": {"pushRule": {"offlinePushEnabled": true, "offlinePushEnabled": false}}}"#
    XCTAssertThrowsError(try member(twice)) {
      XCTAssertEqual(
        "\($0)",
        "invalid document at settings.pushRule.offlinePushEnabled: the key appears twice in one object"
      )
    }
    // The whole document is checked, after the member too; an absent member is nil.
    let late = #"{"settings": {"pushRule": {}}, "x": tru}"#
    // `tru}` is the last four bytes.
    XCTAssertThrowsError(try member(late)) {
      XCTAssertEqual(
        "\($0)",
        "invalid JSON: at byte \(late.utf8.count - 4): "
          + "expected a value, found 't'")
    }
    XCTAssertNil(try member(#"{"settings": {"other": {}}}"#))
    XCTAssertNil(try member(#"{"settings": [1]}"#))
  }

  /// A string that is not text says what is wrong, at its key path (the reference passes on
  /// Foundation's internal error code there).
  func testTextThatIsNotTextIsNamed() throws {
    for (document, keyPath, reason) in [
      (
        #"{"doNotDisturbRule": {"timeZoneID": "\ud800"}}"#, "doNotDisturbRule.timeZoneID",
        #"\ud800 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"doNotDisturbRule": {"timeZoneID": "ab\uDC00cd"}}"#, "doNotDisturbRule.timeZoneID",
        #"\uDC00 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"doNotDisturbRule": {"timeZoneID": "\ud800\u0041"}}"#, "doNotDisturbRule.timeZoneID",
        #"\ud800 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"doNotDisturbRule": {"\ud800": 1}}"#, #"doNotDisturbRule."\ud800""#,
        #"expected keys that are text: \ud800 is a lone surrogate escape, not a character"#
      ),
    ] {
      XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Array(document.utf8)), document) {
        let error = $0 as? RuleError
        XCTAssertEqual(error?.errors.first?.keyPath, keyPath, document)
        XCTAssertEqual(error?.errors.first?.reason, reason, document)
        XCTAssertEqual(error?.errors.count, 1, document)
      }
    }
    // Bytes that are not UTF-8 are bad syntax at the byte, in a value read or skipped, by
    // the reader and by the reference alike.
    for (prefix, suffix, offset) in [
      (#"{"timeZoneID": "a"#, #"b"}"#, 17), (#"{"x": "a"#, #"b"}"#, 8), (#"{"a"#, #"b": 1}"#, 3),
    ] {
      let notUTF8: [UInt8] = Array(prefix.utf8) + [0xFF] + Array(suffix.utf8)
      XCTAssertThrowsError(try DoNotDisturbRule(jsonBytes: notUTF8), prefix) {
        XCTAssertEqual(($0 as? RuleError)?.errors.first?.keyPath, "", prefix)
        XCTAssertEqual(
          ($0 as? RuleError)?.errors.first?.reason,
          "at byte \(offset): expected UTF-8 in a string, found byte 255", prefix)
      }
    }
    // A pair is text, and unknown values are not read.
    XCTAssertEqual(
      try DoNotDisturbRule(jsonBytes: Array(#"{"timeZoneID": "\ud83d\ude00", "x": "\ud800"}"#.utf8))
        .timeZoneID, "\u{1F600}")
  }
}

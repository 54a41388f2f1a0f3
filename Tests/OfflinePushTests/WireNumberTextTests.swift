import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import Foundation
import OfflinePush
import StrictJSON
import XCTest

/// The wire types' integer fields go through the strict reader's number-text rules (the rules
/// themselves are StrictJSONTests' `JSONNumberTextTests`), and keys that appear twice.
final class WireNumberTextTests: XCTestCase {
  func rule(startHour: String) -> Data {
    Data(#"{"enabled": true, "startHour": \#(startHour), "endHour": 7, "repeatMode": 2}"#.utf8)
  }

  /// A fraction or an exponent is an integer only when its exact value is one; otherwise the
  /// error names the key path and the text.
  func testRuleNumbersAreDecidedOnTheText() throws {
    // Two texts each way; the other texts are rows of StrictJSONTests' table.
    for text in ["22.0", "2.2e1"] {
      XCTAssertEqual(try DoNotDisturbRule(jsonBytes: rule(startHour: text)).startHour, 22, text)
    }
    for text in ["21.9999999999999999", "1e-400"] {
      XCTAssertThrowsError(try DoNotDisturbRule(jsonBytes: rule(startHour: text)), text) {
        let error = $0 as? RuleError
        XCTAssertEqual(error?.errors.first?.keyPath, "startHour", "\($0)")
        XCTAssertEqual(
          error?.errors.first?.reason, "\(text) is not an integer within 64 bits", "\($0)")
      }
    }
    let push =
      #"{"onlinePlatforms": [1, 2.0, 3e0], "doNotDisturbRule": {"onceEndTimestamp": 1767225600.0000001}}"#
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(push.utf8))) {
      let error = $0 as? RuleError
      XCTAssertEqual(error?.errors.first?.keyPath, "doNotDisturbRule.onceEndTimestamp", "\($0)")
      XCTAssertEqual(
        error?.errors.first?.reason, "1767225600.0000001 is not an integer within 64 bits")
    }
    let platforms = #"{"onlinePlatforms": [1, 2.0, 3e0, 1e-400]}"#
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(platforms.utf8))) {
      XCTAssertEqual(
        ($0 as? RuleError)?.errors.first?.keyPath, "onlinePlatforms[3]", "\($0)")
    }
    let exact = try OfflinePushRule(
      jsonBytes: Data(#"{"onlinePlatforms": [1, 2.0, 3e0, 400e-2]}"#.utf8))
    XCTAssertEqual(exact.onlinePlatforms.map(\.rawValue), [1, 2, 3, 4])
    let weekly = #"""
      {"polarity": "quiet", "windows": [{"weekdays": [1, 2.0, 21.9999999999999999], "start": "22:00", "end": "07:00"}]}
      """#
    XCTAssertThrowsError(try WeeklyScheduleRule(jsonBytes: Data(weekly.utf8))) {
      XCTAssertEqual(
        ($0 as? RuleError)?.errors.first?.keyPath, "windows[0].weekdays[2]", "\($0)")
    }
    let snooze = #"{"polarity": "quiet", "windows": [], "snooze": {"from": 1.0e9, "until": 2e9}}"#
    XCTAssertEqual(
      try WeeklyScheduleRule(jsonBytes: Data(snooze.utf8)).snooze,
      WeeklyScheduleRule.Snooze(from: 1_000_000_000, until: 2_000_000_000))
  }

  /// A number at a key the wire form does not have is ignored, whatever it is, as before.
  func testUnknownKeysMayHoldAnyNumber() throws {
    let json =
      #"{"future": 1e-400, "ratio": 0.25, "doNotDisturbRule": {"startHour": 2.2e1, "x": 1.5}}"#
    XCTAssertEqual(try OfflinePushRule(jsonBytes: Data(json.utf8)).doNotDisturbRule?.startHour, 22)
  }

  /// A key that appears twice in one object is refused at its key path, keys compared after
  /// unescaping; the same key in two different objects is fine.
  func testDuplicateKeysAreRefused() throws {
    let cases: [(String, String)] = [
      (#"{"doNotDisturbRule": {"startHour": 22, "startHour": 7}}"#, "doNotDisturbRule.startHour"),
      (
        #"{"doNotDisturbRule": {"startHour": 22, "st\u0061rtHour": 22}}"#,
        "doNotDisturbRule.startHour"
      ),
      (#"{"offlinePushEnabled": true, "offlinePushEnabled": false}"#, "offlinePushEnabled"),
      (#"{"future": 1, "future": 1}"#, "future"),
      (#"{"a": {"b\/c": 1, "b/c": 2}}"#, "a.b/c"),
      (#"{"onlinePlatforms": [], "x": [{"k": 1}, {"k": 1, "k": 2}]}"#, "x[1].k"),
      // Equal unescaped bytes, written differently: the same key.
      (#"{"x": {"\u00e9": 1, "é": 2}}"#, "x.é"),
      (#"{"x": {"\ud83d\ude00": 1, "😀": 2}}"#, "x.😀"),
    ]
    for (json, path) in cases {
      XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(json.utf8)), json) {
        let error = $0 as? RuleError
        XCTAssertEqual(error?.errors.first?.keyPath, path, "\($0)")
        XCTAssertEqual(error?.errors.first?.reason, "the key appears twice in one object", "\($0)")
      }
    }
    XCTAssertThrowsError(
      try DoNotDisturbRule(jsonBytes: Data(#"{"endHour": 1, "endHour": 1}"#.utf8))
    ) {
      XCTAssertEqual("\($0)", "invalid document at endHour: the key appears twice in one object")
    }
    let distinct =
      #"{"polarity": "quiet", "windows": [{"weekdays": [1], "start": "22:00", "end": "07:00"}, {"weekdays": [2], "start": "22:00", "end": "07:00"}]}"#
    XCTAssertEqual(try WeeklyScheduleRule(jsonBytes: Data(distinct.utf8)).windows.count, 2)
    // Different escaped keys stay different keys.
    XCTAssertNoThrow(try OfflinePushRule(jsonBytes: Data(#"{"a\u00e9": 1, "a\u00e8": 1}"#.utf8)))
  }

  /// Keys are equal only when their unescaped bytes are: canonically equivalent keys (which
  /// Swift strings call equal) and two different lone surrogate escapes (which a Swift string
  /// would both turn into U+FFFD) are different keys, in an unknown value and at the top.
  func testKeysAreComparedAsBytes() throws {
    let distinct = [
      #"{"\u00e9": 1, "e\u0301": 2}"#, #"{"é": 1, "e\u0301": 2}"#, #"{"\ud800": 1, "\ud801": 2}"#,
      #"{"\udc00": 1, "\ud800": 2, "\ufffd": 3}"#, #"{"\u212a": 1, "K": 2}"#,
    ]
    for object in distinct {
      let nested = #"{"offlinePushEnabled": false, "unknown": "# + object + "}"
      XCTAssertEqual(
        try OfflinePushRule(jsonBytes: Array(nested.utf8)).offlinePushEnabled, false, nested)
      if !object.contains(#"\ud8"#) && !object.contains(#"\udc"#) {
        // A rule's own keys must be text; these are, and are not the same key.
        XCTAssertNoThrow(try OfflinePushRule(jsonBytes: Array(object.utf8)), object)
      }
      // The reader skipping the whole document finds no duplicate either.
      try Array(nested.utf8).withUnsafeBufferPointer { bytes in
        var reader = JSONReader(bytes)
        XCTAssertNoThrow(try reader.skipValue(depth: 0), nested)
        XCTAssertNil(reader.firstDuplicateKey, nested)
      }
    }
    // The same lone surrogate escape twice is one key twice.
    XCTAssertThrowsError(
      try OfflinePushRule(jsonBytes: Array(#"{"x": {"\ud800": 1, "\uD800": 2}}"#.utf8))
    ) {
      XCTAssertEqual(
        ($0 as? RuleError)?.errors.first?.reason, "the key appears twice in one object")
    }
  }

  /// A document the strict syntax check refuses is refused, with the byte, even where
  /// Foundation would read it by its own rules (after a byte order mark, as 22).
  func testStrictSyntaxDecides() {
    let bom = Data([0xEF, 0xBB, 0xBF] + Array(#"{"startHour": 21.9999999999999999}"#.utf8))
    XCTAssertThrowsError(try DoNotDisturbRule(jsonBytes: bom)) {
      XCTAssertEqual("\($0)", "invalid JSON: at byte 0: expected a value, found byte 239")
    }
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(#"{"offlinePushEnabled": tru}"#.utf8)))
    {
      XCTAssertEqual(($0 as? RuleError)?.errors.first?.keyPath, "")
      XCTAssertEqual(
        ($0 as? RuleError)?.errors.first?.reason, "at byte 23: expected a value, found 't'")
    }
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import Foundation
import OfflinePush
import StrictJSON
import XCTest

/// Integers decided on the JSON text, and keys that appear twice, in the `Codable` path.
final class JSONNumberTextTests: XCTestCase {
  /// A random JSON number text: integer part, fraction (trailing zeros or not) and exponent
  /// (small, moderate or huge, with leading zeros or not), with a bias towards the edges of
  /// `Int64`.
  static func numberText(using rng: inout SplitMix64) -> String {
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
    }
    var text = Bool.random(using: &rng) ? "-" : ""
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: text += "0"
    case 1:
      text += ["9223372036854775807", "9223372036854775808", "922337203685477580"]
        .randomElement(using: &rng)!
    default:
      text +=
        String(Int.random(in: 1...9, using: &rng)) + digits(Int.random(in: 0...21, using: &rng))
    }
    if Bool.random(using: &rng) {
      var fraction = digits(Int.random(in: 0...20, using: &rng))
      fraction += String(repeating: "0", count: Int.random(in: 0...4, using: &rng))
      text += "." + (fraction.isEmpty ? "0" : fraction)
    }
    if Int.random(in: 0..<3, using: &rng) != 0 {
      text += Bool.random(using: &rng) ? "e" : "E"
      text += ["", "+", "-"].randomElement(using: &rng)!
      text += String(repeating: "0", count: Int.random(in: 0...2, using: &rng) == 0 ? 3 : 0)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: text += String(Int.random(in: 0...25, using: &rng))
      case 1: text += String(Int.random(in: 0...45, using: &rng))
      case 2: text += String(Int.random(in: 0...450, using: &rng))
      default:
        text += [
          "999999999999", "400", "1" + String(repeating: "0", count: 30), "9223372036854775808",
        ]
        .randomElement(using: &rng)!
      }
    }
    return text
  }

  /// The slow reference: moves the decimal point by hand in the digit string, then reads the
  /// integer part as text. `nil` when the value is not an integer within 64 bits.
  static func referenceInteger(_ text: String) -> Int64? {
    var rest = Substring(text)
    let negative = rest.hasPrefix("-")
    if negative { rest = rest.dropFirst() }
    var mantissa = rest
    var exponentText = Substring("0")
    if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = rest[..<e]
      exponentText = rest[rest.index(after: e)...]
    }
    var exponentNegative = false
    if exponentText.hasPrefix("+") || exponentText.hasPrefix("-") {
      exponentNegative = exponentText.hasPrefix("-")
      exponentText = exponentText.dropFirst()
    }
    let integerDigits = mantissa.split(separator: ".", omittingEmptySubsequences: false)[0]
    let fractionDigits =
      mantissa.contains(".")
      ? mantissa.split(separator: ".", omittingEmptySubsequences: false)[1] : ""
    let digits = Array(integerDigits + fractionDigits)
    if digits.allSatisfy({ $0 == "0" }) { return 0 }
    let exponentDigits = exponentText.drop { $0 == "0" }
    // The generated digit strings are under 100 characters: an exponent of 7 or more digits
    // puts a nonzero digit below the units or the value beyond 10^19.
    guard exponentDigits.count < 7 else { return nil }
    let exponent = (exponentNegative ? -1 : 1) * (Int(exponentDigits) ?? 0)
    let point = integerDigits.count + exponent
    var integerPart: [Character]
    var fractionPart: [Character]
    if point >= digits.count {
      integerPart = digits + Array(repeating: "0", count: point - digits.count)
      fractionPart = []
    } else if point <= 0 {
      integerPart = ["0"]
      fractionPart = Array(repeating: "0", count: -point) + digits
    } else {
      integerPart = Array(digits[..<point])
      fractionPart = Array(digits[point...])
    }
    guard fractionPart.allSatisfy({ $0 == "0" }) else { return nil }
    while integerPart.count > 1, integerPart.first == "0" { integerPart.removeFirst() }
    let limit = Array(negative ? "9223372036854775808" : "9223372036854775807")
    if integerPart.count > limit.count { return nil }
    if integerPart.count == limit.count, String(integerPart) > String(limit) { return nil }
    if negative, integerPart == limit { return Int64.min }
    let magnitude = Int64(String(integerPart))!
    return negative ? -magnitude : magnitude
  }

  static func exactInteger(_ text: String) -> Int64? {
    Array(text.utf8).withUnsafeBufferPointer { JSONSyntax.exactInteger($0) }
  }

  func testExactIntegerAgreesWithTheDecimalReference() {
    let seed = SplitMix64.seed(default: 0x1E_400)
    var rng = SplitMix64(seed: seed)
    var integers = 0
    for _ in 0..<50_000 {
      let text = Self.numberText(using: &rng)
      let expected = Self.referenceInteger(text)
      if expected != nil { integers += 1 }
      guard Self.exactInteger(text) == expected else {
        return XCTFail("\(text): \(String(describing: Self.exactInteger(text))) [seed \(seed)]")
      }
    }
    // Both outcomes are well represented.
    XCTAssertGreaterThan(integers, 5_000, "[seed \(seed)]")
    XCTAssertLessThan(integers, 45_000, "[seed \(seed)]")
  }

  /// The issue's examples and the edges, each value worked out by hand.
  func testExamplesAndEdges() {
    let cases: [(String, Int64?)] = [
      ("22", 22), ("22.0", 22), ("2.2e1", 22), ("2.2E+1", 22), ("220e-1", 22), ("-0.0", 0),
      ("-0", 0), ("0e999999999999", 0), ("1.5e1", 15), ("1e-400", nil), ("22.5", nil),
      ("1767225600.0000001", nil), ("21.9999999999999999", nil), ("1e999999999999", nil),
      ("1e18", 1_000_000_000_000_000_000), ("1e19", nil), ("9223372036854775807", .max),
      ("9223372036854775807.000", .max), ("9223372036854775808", nil),
      ("-9223372036854775808", .min), ("-922337203685477580.8e1", .min),
      ("922337203685477580.8e1", nil), ("9007199254740993.0", 9_007_199_254_740_993),
      ("1e0000000000000000000000000000001", 10), ("10e-1", 1), ("100e-3", nil),
      ("0.0000000000000000000000000000000000000000001e43", 1),
      ("1e-9223372036854775809", nil), ("12e", nil), ("1.", nil), ("", nil), ("-", nil),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(Self.exactInteger(text), expected, text)
      if !text.isEmpty, text.last != "e", text.last != ".", text != "-" {
        XCTAssertEqual(Self.referenceInteger(text), expected, "reference: \(text)")
      }
    }
  }

  func rule(startHour: String) -> Data {
    Data(#"{"enabled": true, "startHour": \#(startHour), "endHour": 7, "repeatMode": 2}"#.utf8)
  }

  /// A fraction or an exponent is an integer only when its exact value is one; otherwise the
  /// error names the key path and the text.
  func testRuleNumbersAreDecidedOnTheText() throws {
    for text in ["22.0", "2.2e1", "220E-1", "22.000000000000000000000000"] {
      XCTAssertEqual(try DoNotDisturbRule(jsonBytes: rule(startHour: text)).startHour, 22, text)
    }
    XCTAssertEqual(try DoNotDisturbRule(jsonBytes: rule(startHour: "1.5e1")).startHour, 15)
    XCTAssertEqual(try DoNotDisturbRule(jsonBytes: rule(startHour: "-0.0")).startHour, 0)
    for text in [
      "21.9999999999999999", "22.5", "1e-400", "1e999999999999", "2.20000000000000001e1",
    ] {
      XCTAssertThrowsError(try DoNotDisturbRule(jsonBytes: rule(startHour: text)), text) {
        let error = $0 as? RuleDecodingError
        XCTAssertEqual(error?.keyPath, "startHour", "\($0)")
        XCTAssertEqual(error?.reason, "\(text) is not an integer within 64 bits", "\($0)")
      }
    }
    let push =
      #"{"onlinePlatforms": [1, 2.0, 3e0], "doNotDisturbRule": {"onceEndTimestamp": 1767225600.0000001}}"#
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(push.utf8))) {
      let error = $0 as? RuleDecodingError
      XCTAssertEqual(error?.keyPath, "doNotDisturbRule.onceEndTimestamp", "\($0)")
      XCTAssertEqual(error?.reason, "1767225600.0000001 is not an integer within 64 bits")
    }
    let platforms = #"{"onlinePlatforms": [1, 2.0, 3e0, 1e-400]}"#
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(platforms.utf8))) {
      XCTAssertEqual(($0 as? RuleDecodingError)?.keyPath, "onlinePlatforms[3]", "\($0)")
    }
    let exact = try OfflinePushRule(
      jsonBytes: Data(#"{"onlinePlatforms": [1, 2.0, 3e0, 400e-2]}"#.utf8))
    XCTAssertEqual(exact.onlinePlatforms.map(\.rawValue), [1, 2, 3, 4])
    let weekly = #"""
      {"polarity": "quiet", "windows": [{"weekdays": [1, 2.0, 21.9999999999999999], "start": "22:00", "end": "07:00"}]}
      """#
    XCTAssertThrowsError(try WeeklyScheduleRule(jsonBytes: Data(weekly.utf8))) {
      XCTAssertEqual(($0 as? RuleDecodingError)?.keyPath, "windows[0].weekdays[2]", "\($0)")
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
        let error = $0 as? RuleDecodingError
        XCTAssertEqual(error?.keyPath, path, "\($0)")
        XCTAssertEqual(error?.reason, "the key appears twice in one object", "\($0)")
      }
    }
    XCTAssertThrowsError(
      try DoNotDisturbRule(jsonBytes: Data(#"{"endHour": 1, "endHour": 1}"#.utf8))
    ) {
      XCTAssertEqual("\($0)", "invalid JSON at endHour: the key appears twice in one object")
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
      // The syntax check that names a duplicate agrees.
      try Array(nested.utf8).withUnsafeBufferPointer { bytes in
        var syntax = JSONSyntax(bytes)
        XCTAssertNoThrow(try syntax.check(), nested)
        XCTAssertNil(syntax.firstDuplicateKey, nested)
      }
    }
    // The same lone surrogate escape twice is one key twice.
    XCTAssertThrowsError(
      try OfflinePushRule(jsonBytes: Array(#"{"x": {"\ud800": 1, "\uD800": 2}}"#.utf8))
    ) {
      XCTAssertEqual(($0 as? RuleDecodingError)?.reason, "the key appears twice in one object")
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
      XCTAssertEqual(($0 as? RuleDecodingError)?.keyPath, "")
      XCTAssertEqual(($0 as? RuleDecodingError)?.reason, "at byte 23: expected a value, found 't'")
    }
  }
}

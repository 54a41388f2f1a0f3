import BatchEvaluation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import StrictJSON
import XCTest
import ZoneInfo

/// `dnd eval`'s two parsers, the fast one (with its caches) and the general one, over
/// generated number texts in every numeric field: leading zeros, signs, fractions, exponents,
/// the 64-bit boundaries and texts that are not JSON numbers. The lines they write must be
/// the same, byte for byte, whatever the text.
final class EvalParserDifferentialTests: XCTestCase {
  /// One answer as its output line.
  static func output(_ engine: inout EvalEngine, _ line: String) -> String {
    var out = JSONWriter()
    Array(line.utf8).withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// A number text around `value`: its plain digits, or a variant that JSON accepts or
  /// refuses (RFC 8259 §6: no leading zero, no `+`, digits on both sides of `.`, digits after
  /// `e`).
  static func numberText(around value: Int64, using rng: inout SplitMix64) -> String {
    let digits = String(value.magnitude)
    let sign = value < 0 ? "-" : ""
    let zeros = String(repeating: "0", count: Int.random(in: 1...3, using: &rng))
    let boundaries = [
      "9223372036854775807", "9223372036854775808", "-9223372036854775808",
      "-9223372036854775809", "18446744073709551616", "0", "-0", "00", "-00", "0.0", "-0.0",
      "0e0", "0E+0", "1e19", "-1e19", "99999999999999999999999",
    ]
    switch Int.random(in: 0..<14, using: &rng) {
    case 0: return "\(value)"
    case 1: return "\(sign)\(zeros)\(digits)"  // a leading zero
    case 2: return "+\(digits)"
    case 3: return "\(sign)\(digits)."
    case 4: return "\(sign).\(digits)"
    case 5: return "\(value)e"
    case 6: return "\(value)e+"
    case 7: return "\(sign)\(digits).\(zeros)"
    case 8: return "\(sign)\(digits)e\(Int.random(in: -2...2, using: &rng))"
    case 9: return "\(sign)\(digits)E+0\(Int.random(in: 0...2, using: &rng))"
    case 10: return "--\(digits)"
    case 11: return "\(sign)0x\(String(value.magnitude, radix: 16))"
    case 12:
      return ["Infinity", "-Infinity", "NaN", "1_000", "01.5", "-", "1e-0", "0.1e1"]
        .randomElement(using: &rng)!
    default: return boundaries.randomElement(using: &rng)!
    }
  }

  /// Lines with one generated number text at `at`, `savedAt`, `platform`, an
  /// `onlinePlatforms` element or a rule field, through both parsers.
  func testBothParsersAgreeOnGeneratedNumberTexts() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var fast = EvalEngine(zones: zones, usesFastPath: true)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let seed = SplitMix64.seed(default: 0xD1FF_0001)
    var rng = SplitMix64(seed: seed)
    let rule =
      #"{"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "Asia/Shanghai"}"#
    let pushRule = #"{"onlinePlatforms": [1], "notToReceiveOfflinePushPlatforms": [2]}"#
    var refused = 0
    var answered = 0
    for _ in 0..<4_000 {
      let at = Int64.random(in: 1_767_225_600...1_798_761_600, using: &rng)
      let templates: [(value: Int64, line: (String) -> String)] = [
        (at, { #"{"rule": \#(rule), "at": \#($0)}"# }),
        (at, { #"{"rule": \#(rule), "at": 1772982000, "savedAt": \#($0)}"# }),
        (
          Int64.random(in: 0...70, using: &rng),
          {
            #"{"pushRule": \#(pushRule), "kind": "message", "platform": \#($0), "onlinePlatforms": [1], "at": \#(at)}"#
          }
        ),
        (
          Int64.random(in: 0...70, using: &rng),
          {
            #"{"pushRule": \#(pushRule), "kind": "call", "platform": 2, "onlinePlatforms": [3, \#($0)], "at": \#(at)}"#
          }
        ),
        (
          Int64.random(in: 0...23, using: &rng),
          { #"{"rule": {"enabled": true, "startHour": \#($0), "endHour": 7}, "at": \#(at)}"# }
        ),
      ]
      let template = templates.randomElement(using: &rng)!
      let text = Self.numberText(around: template.value, using: &rng)
      let line = template.line(text)
      let expected = Self.output(&general, line)
      XCTAssertEqual(Self.output(&fast, line), expected, "\(line) [seed \(seed)]")
      if expected.hasPrefix(#"{"error""#) { refused += 1 } else { answered += 1 }
    }
    // Both kinds are well represented, so agreement means something either way.
    XCTAssertGreaterThan(refused, 1_000)
    XCTAssertGreaterThan(answered, 1_000)
  }

  /// The texts the README names, by hand: a leading zero is invalid JSON on both paths,
  /// naming the key path; the plain integer answers.
  func testLeadingZerosAreRefusedOnBothPaths() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let rule = #"{"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2}"#
    let push = #"{"pushRule": {}, "kind": "message", "onlinePlatforms": [], "#
    for fastPath in [true, false] {
      var engine = EvalEngine(zones: zones, usesFastPath: fastPath)
      for line in [
        #"{"rule": \#(rule), "at": 01772982000}"#, #"{"rule": \#(rule), "at": -01}"#,
        push + #""platform": 01, "at": 1772982000}"#,
        push + #""platform": 1, "at": 1772982000, "savedAt": 00}"#,
      ] {
        let answer = Self.output(&engine, line)
        XCTAssertTrue(answer.hasPrefix(#"{"error": {"code": "invalidJSON""#), "\(line): \(answer)")
        XCTAssertTrue(answer.contains("leading zero"), "\(line): \(answer)")
      }
      XCTAssertEqual(
        Self.output(&engine, #"{"rule": \#(rule), "at": 1772982000}"#),
        // 2026-03-08T15:00Z, outside 22:00–08:00 UTC; the window opens at 22:00Z.
        #"{"inDoNotDisturb": false, "nextChange": 1773007200}"# + "\n")
    }
  }
}

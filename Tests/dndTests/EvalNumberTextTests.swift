import BatchEvaluation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import StrictJSON
import XCTest
import ZoneInfo

/// `dnd eval`: integers decided on the JSON text and keys that appear twice, the same in the
/// fast path and the general one.
final class EvalNumberTextTests: XCTestCase {
  static let daily =
    #"{"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "America/New_York"}"#

  /// One answer as its output line.
  static func output(_ engine: inout EvalEngine, _ line: String) -> String {
    var out = JSONWriter()
    Array(line.utf8).withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// A text for an integer value: exact forms (`v.000`, `v·10^k e-k`, `v/10^k e+k`) or inexact
  /// ones (a tiny fraction more, `(v-1).999…`, `1e-400`, huge exponents), and whether its exact
  /// value is `value`.
  static func text(for value: Int64, using rng: inout SplitMix64) -> (text: String, exact: Bool) {
    let zeros = { (count: Int) in String(repeating: "0", count: count) }
    let k = Int.random(in: 1...25, using: &rng)
    // Zero has no digits to shift: its forms keep the one leading zero JSON allows.
    let shifted = value == 0 ? "0.\(zeros(k))" : "\(value)\(zeros(k))"
    switch Int.random(in: 0..<9, using: &rng) {
    case 0: return ("\(value).\(zeros(k))", true)
    case 1: return ("\(shifted)e-\(k)", true)
    case 2: return ("\(shifted)E-\(zeros(2))\(k)", true)
    case 3:
      // value × 10^-k written with a decimal point, then e+k.
      let digits = String(value.magnitude)
      let sign = value < 0 ? "-" : ""
      let padded = zeros(max(0, k + 1 - digits.count)) + digits
      let split = padded.index(padded.endIndex, offsetBy: -k)
      return ("\(sign)\(padded[..<split]).\(padded[split...])e+\(k)", true)
    case 4: return ("\(value).\(zeros(k))1", false)
    case 5: return ("\(shifted)1e-\(k + 1)", false)
    case 6:
      let below = value - 1
      return (value > 0 ? "\(below).\(String(repeating: "9", count: k + 16))" : "\(value).5", false)
    case 7:
      return (["1e-400", "-1e-400", "5e-324", "1e999999999999"].randomElement(using: &rng)!, false)
    default: return ("\(value)e+999999999999999999999", value == 0)
    }
  }

  /// Random lines with one number written as a fraction or an exponent, at `at`, `savedAt`,
  /// in a rule, `platform` or `onlinePlatforms`: the fast path (with its caches) and the
  /// general path give the same line; an exact form answers as the plain integer does, any
  /// other is an error naming the key path and the text.
  func testBothPathsDecideNumbersOnTheText() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var fast = EvalEngine(zones: zones, usesFastPath: true)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let seed = SplitMix64.seed(default: 0xF_1E_400)
    var rng = SplitMix64(seed: seed)
    var errors = 0
    for _ in 0..<3_000 {
      let at = Int64.random(in: 1_767_225_600...1_798_761_600, using: &rng)
      let hour = Int64.random(in: 0...23, using: &rng)
      let platform = Int64.random(in: 1...70, using: &rng)
      let templates: [(path: String, value: Int64, line: (String) -> String)] = [
        ("at", at, { #"{"rule": \#(Self.daily), "at": \#($0)}"# }),
        (
          "savedAt", at,
          {
            #"{"rule": {"enabled": true, "repeatMode": 1, "startHour": 9}, "at": 1767225600, "savedAt": \#($0)}"#
          }
        ),
        (
          "rule.startHour", hour,
          {
            #"{"rule": {"enabled": true, "startHour": \#($0), "endHour": 7, "repeatMode": 2}, "at": \#(at)}"#
          }
        ),
        (
          "pushRule.doNotDisturbRule.endHour", hour,
          {
            #"{"pushRule": {"doNotDisturbRule": {"enabled": true, "startHour": 3, "endHour": \#($0), "repeatMode": 2}}, "kind": "call", "platform": 1, "at": \#(at)}"#
          }
        ),
        (
          "platform", platform,
          {
            #"{"pushRule": {"onlinePlatforms": [5]}, "kind": "message", "platform": \#($0), "onlinePlatforms": [5], "at": \#(at)}"#
          }
        ),
        (
          "onlinePlatforms[1]", platform,
          {
            #"{"pushRule": {"onlinePlatforms": [\#(platform)]}, "kind": "message", "platform": 2, "onlinePlatforms": [3, \#($0)], "at": \#(at)}"#
          }
        ),
        (
          "pushRule.notToReceiveOfflinePushPlatforms[0]", platform,
          {
            #"{"pushRule": {"notToReceiveOfflinePushPlatforms": [\#($0)]}, "kind": "message", "platform": \#(platform), "at": \#(at)}"#
          }
        ),
      ]
      let template = templates.randomElement(using: &rng)!
      let (text, exact) = Self.text(for: template.value, using: &rng)
      let line = template.line(text)
      let answer = Self.output(&fast, line)
      XCTAssertEqual(answer, Self.output(&general, line), "\(line) [seed \(seed)]")
      if exact {
        XCTAssertEqual(
          answer, Self.output(&general, template.line(String(template.value))),
          "\(line) [seed \(seed)]")
      } else {
        errors += 1
        XCTAssertTrue(answer.hasPrefix(#"{"error": "#), "\(line) → \(answer) [seed \(seed)]")
        XCTAssertTrue(
          answer.contains("\(template.path): \(text) is not an integer within 64 bits"),
          "\(line) → \(answer) [seed \(seed)]")
      }
    }
    XCTAssertGreaterThan(errors, 500, "[seed \(seed)]")
  }

  /// Runs lines through the `dnd` binary, fast path and `--no-cache`, checking both give the
  /// same bytes and exit 0.
  func answers(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws
    -> [String]
  {
    let input = lines.joined(separator: "\n") + "\n"
    let result = try DNDProcess.run(["eval"], input: input)
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    let general = try DNDProcess.run(["eval", "--no-cache"], input: input)
    XCTAssertEqual(
      general.stdout, result.stdout, "fast path = general path", file: file, line: line)
    XCTAssertEqual(result.lines.count, lines.count, file: file, line: line)
    return result.lines
  }

  /// The issue's examples, through the binary.
  func testIssueExamples() throws {
    let lines = [
      #"{"rule": \#(Self.daily), "at": 1e-400}"#,
      #"{"rule": \#(Self.daily), "at": 1767225600.0000001}"#,
      #"{"rule": {"enabled": true, "startHour": 21.9999999999999999, "endHour": 8, "repeatMode": 2}, "at": 1}"#,
      #"{"rule": {"enabled": true, "startHour": 22.5, "endHour": 8, "repeatMode": 2}, "at": 1}"#,
      #"{"rule": {"enabled": true, "startHour": 22.0, "endHour": 8, "repeatMode": 2}, "at": 1}"#,
      #"{"rule": {"enabled": true, "startHour": 2.2e1, "endHour": 8, "repeatMode": 2}, "at": -0.0}"#,
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2}, "at": 0}"#,
    ]
    let answers = try answers(lines)
    XCTAssertEqual(
      answers[0],
      #"{"error": {"code": "invalidQuery", "message": "invalid query: at: 1e-400 is not an integer within 64 bits"}}"#
    )
    XCTAssertEqual(
      answers[1],
      #"{"error": {"code": "invalidQuery", "message": "invalid query: at: 1767225600.0000001 is not an integer within 64 bits"}}"#
    )
    XCTAssertEqual(
      answers[2],
      #"{"error": {"code": "invalidJSON", "message": "invalid document at rule.startHour: 21.9999999999999999 is not an integer within 64 bits"}}"#
    )
    XCTAssertEqual(
      answers[3],
      #"{"error": {"code": "invalidJSON", "message": "invalid document at rule.startHour: 22.5 is not an integer within 64 bits"}}"#
    )
    // 22.0 and 2.2e1 are 22, -0.0 is 0: the same answers as the plain integers.
    // (UTC, 22:00–08:00: at 0 and 1 are inside, until 08:00 = 28800.)
    for index in 4...6 {
      XCTAssertEqual(answers[index], #"{"inDoNotDisturb": true, "nextChange": 28800}"#)
    }
  }

  /// A key that appears twice in one object, at the top or inside a rule, known or not,
  /// escaped or not: an error naming its key path in both paths.
  func testDuplicateKeysAreRefusedInBothPaths() throws {
    let cases: [(line: String, answer: String)] = [
      (
        #"{"rule": \#(Self.daily), "at": 1, "at": 2}"#,
        #"{"error": {"code": "invalidQuery", "message": "invalid query: at: the key appears twice in one object"}}"#
      ),
      (
        #"{"rule": \#(Self.daily), "extra": 1, "at": 2, "extra": 1}"#,
        #"{"error": {"code": "invalidQuery", "message": "invalid query: extra: the key appears twice in one object"}}"#
      ),
      (
        #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "startHour": 23, "repeatMode": 2}, "at": 1}"#,
        #"{"error": {"code": "invalidJSON", "message": "invalid document at rule.startHour: the key appears twice in one object"}}"#
      ),
      (
        #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "st\u0061rtHour": 22, "repeatMode": 2}, "at": 1}"#,
        #"{"error": {"code": "invalidJSON", "message": "invalid document at rule.startHour: the key appears twice in one object"}}"#
      ),
      (
        #"{"pushRule": {"doNotDisturbRule": {"enabled": true, "enabled": false}}, "kind": "call", "platform": 1, "at": 1}"#,
        #"{"error": {"code": "invalidJSON", "message": "invalid document at pushRule.doNotDisturbRule.enabled: the key appears twice in one object"}}"#
      ),
      (
        #"{"rule": {}, "at": 1, "x": {"k": 1, "k": 2}}"#,
        #"{"error": {"code": "invalidQuery", "message": "invalid query: x.k: the key appears twice in one object"}}"#
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": [], "windows": []}, "at": 1}"#,
        #"{"error": {"code": "invalidSchedule", "message": "invalid document at schedule.windows: the key appears twice in one object"}}"#
      ),
    ]
    XCTAssertEqual(try answers(cases.map(\.line)), cases.map(\.answer))
  }

  /// Every line of the eval-line fuzz seeds and saved findings answers alike in the fast path
  /// (caches warm across lines) and the general one: the fuzz target's property, replayed.
  func testFuzzSeedsAndFindingsAnswerAlikeInBothPaths() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var fast = EvalEngine(zones: zones, usesFastPath: true)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let inputs =
      try TestPaths.replayInputs(in: TestPaths.packageRoot + "/Fuzz/Seeds/eval-line")
      + TestPaths.replayInputs(in: TestPaths.fixtures + "/fuzz-regressions/eval-line")
    var count = 0
    for (name, bytes) in inputs {
      for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        let text = String(decoding: line, as: UTF8.self)
        XCTAssertEqual(Self.output(&fast, text), Self.output(&general, text), "\(name): \(text)")
        count += 1
      }
    }
    XCTAssertGreaterThan(count, 40)
  }

  /// A line of nearly 1 MiB with 130,000 non-integers 500 levels deep under an unknown key
  /// answers as the line without them, in bounded time: the key paths of only the first few
  /// non-integers are kept.
  func testManyNonIntegersDeepInALineStayCheap() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let depth = 500
    let numbers = Array(repeating: "1e-400", count: 130_000).joined(separator: ",")
    let deep = String(repeating: "[", count: depth) + numbers + String(repeating: "]", count: depth)
    let plain = #"{"rule": \#(Self.daily), "at": 1773025200}"#
    let line = #"{"rule": \#(Self.daily), "x": \#(deep), "at": 1773025200}"#
    XCTAssertLessThan(line.utf8.count, EvalStream.maximumLineLength)
    let start = Date()
    XCTAssertEqual(Self.output(&general, line), Self.output(&general, plain))
    // (About 0.2 s in a debug build; 8 s and 378 MB when every key path was kept.)
    XCTAssertLessThan(Date().timeIntervalSince(start), 4)
  }
}

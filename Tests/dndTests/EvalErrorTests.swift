import Foundation
import XCTest

/// `dnd eval`: every error code, one answer per line, exit 0 through bad lines.
final class EvalErrorTests: XCTestCase {
  static let daily =
    #"{"enabled": true, "startHour": 22, "startMinute": 0, "endHour": 8, "endMinute": 0, "repeatMode": 2, "customRepeatDays": 0, "onceEndTimestamp": 0, "timeZoneID": "America/New_York"}"#

  /// Runs lines through `dnd eval` (fast path and `--no-cache`) and returns the answers as
  /// JSON objects, checking both give the same bytes.
  func answers(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws
    -> [[String: Any]]
  {
    let input = lines.joined(separator: "\n") + "\n"
    let result = try DNDProcess.run(["eval"], input: input)
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr, "", file: file, line: line)
    let general = try DNDProcess.run(["eval", "--no-cache"], input: input)
    XCTAssertEqual(
      general.stdout, result.stdout, "fast path = general path", file: file, line: line)
    XCTAssertEqual(result.lines.count, lines.count, "one answer per line", file: file, line: line)
    return try result.lines.map { text in
      try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text, file: file,
        line: line)
    }
  }

  func error(_ answer: [String: Any]) -> (code: String, message: String)? {
    guard let error = answer["error"] as? [String: Any], let code = error["code"] as? String,
      let message = error["message"] as? String
    else { return nil }
    return (code, message)
  }

  func testTheSpecExample() throws {
    let result = try DNDProcess.run(
      ["eval"], input: "{\"rule\": \(Self.daily), \"at\": 1773025200}\n")
    XCTAssertEqual(result.stdout, "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}\n")
  }

  func testEveryErrorCode() throws {
    let cases: [(String, String, [String])] = [
      ("{\"rule\": {\"enabled\": tru}, \"at\": 1}", "invalidJSON", ["byte 21"]),
      ("", "invalidJSON", ["empty line"]),
      ("{\"rule\": {\"startHour\": \"22\"}, \"at\": 1}", "invalidJSON", ["rule.startHour"]),
      ("{\"rule\": {\"startHour\": 2.5}, \"at\": 1}", "invalidJSON", ["rule.startHour", "2.5"]),
      (
        "{\"rule\": {\"enabled\": true, \"startHour\": 24, \"repeatMode\": 2}, \"at\": 1}",
        "invalidHour", ["rule.startHour = 24"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"endMinute\": 60, \"repeatMode\": 2}, \"at\": 1}",
        "invalidMinute", ["rule.endMinute = 60"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"repeatMode\": 4}, \"at\": 1}", "invalidRepeatMode",
        ["rule.repeatMode = 4"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"repeatMode\": 3, \"customRepeatDays\": 128}, \"at\": 1}",
        "invalidCustomRepeatDays", ["rule.customRepeatDays = 128"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"repeatMode\": 2, \"timeZoneID\": \"Mars/Base\"}, \"at\": 1}",
        "invalidTimeZone", ["rule.timeZoneID = Mars/Base"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"repeatMode\": 1}, \"at\": 1}", "missingOnceEnd",
        ["rule.onceEndTimestamp = 0"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"repeatMode\": 2}, \"at\": 253402300800}",
        "invalidInstant",
        ["at = 253402300800"]
      ),
      (
        "{\"rule\": {\"enabled\": true, \"repeatMode\": 1}, \"at\": 0, \"savedAt\": -377705116801}",
        "invalidInstant", ["savedAt = -377705116801"]
      ),
      ("[1, 2]", "invalidQuery", ["not an object"]),
      ("{\"at\": 1}", "invalidQuery", ["\"rule\""]),
      ("{\"rule\": {}}", "invalidQuery", ["at: required key is missing"]),
      ("{\"rule\": {}, \"at\": \"now\"}", "invalidQuery", ["at: expected an integer"]),
      ("{\"rule\": {}, \"at\": 1.5}", "invalidQuery", ["at: 1.5"]),
      ("{\"rule\": {}, \"pushRule\": {}, \"at\": 1}", "invalidQuery", ["not both"]),
      (
        "{\"pushRule\": {}, \"kind\": \"sms\", \"platform\": 2, \"at\": 1}", "invalidQuery",
        ["kind = \"sms\""]
      ),
      ("{\"pushRule\": {}, \"kind\": \"call\", \"at\": 1}", "invalidQuery", ["platform"]),
      (
        "{\"pushRule\": {}, \"kind\": \"call\", \"platform\": 2, \"onlinePlatforms\": [\"Win\"], \"at\": 1}",
        "invalidQuery", ["onlinePlatforms[0]"]
      ),
      (
        "{\"pushRule\": {\"onlinePlatforms\": 1}, \"kind\": \"call\", \"platform\": 2, \"at\": 1}",
        "invalidJSON", ["pushRule.onlinePlatforms"]
      ),
      (
        "{\"pushRule\": {\"doNotDisturbRule\": {\"enabled\": true, \"startHour\": 99, \"repeatMode\": 9}}, \"kind\": \"call\", \"platform\": 2, \"at\": 1}",
        "invalidHour",
        ["pushRule.doNotDisturbRule.startHour = 99", "pushRule.doNotDisturbRule.repeatMode = 9"]
      ),
    ]
    let answers = try answers(cases.map(\.0))
    for ((line, code, fragments), answer) in zip(cases, answers) {
      let found = try XCTUnwrap(error(answer), "\(line) gives an error: \(answer)")
      XCTAssertEqual(found.code, code, line)
      for fragment in fragments {
        XCTAssertTrue(found.message.contains(fragment), "\(line): \(fragment) in \(found.message)")
      }
    }
    let codes = Set(answers.compactMap { error($0)?.code })
    XCTAssertEqual(
      codes,
      [
        "invalidJSON", "invalidHour", "invalidMinute", "invalidRepeatMode",
        "invalidCustomRepeatDays", "invalidTimeZone", "missingOnceEnd", "invalidInstant",
        "invalidQuery",
      ])
  }

  func testSeveralValidationErrorsUseTheFirstCodeAndListAll() throws {
    let line =
      "{\"rule\": {\"enabled\": true, \"startHour\": 30, \"startMinute\": 99, \"repeatMode\": 3, \"timeZoneID\": \"Nowhere/Land\"}, \"at\": 1}"
    let found = try XCTUnwrap(error(try answers([line])[0]))
    XCTAssertEqual(found.code, "invalidHour")
    for fragment in [
      "rule.startHour = 30", "rule.startMinute = 99", "rule.customRepeatDays = 0",
      "rule.timeZoneID = Nowhere/Land",
    ] {
      XCTAssertTrue(found.message.contains(fragment), found.message)
    }
  }

  func testBadLinesDoNotStopTheStream() throws {
    let good = "{\"rule\": \(Self.daily), \"at\": 1773025200}"
    let lines = [good, "garbage", good, "{", "   ", good, "{\"rule\":{},\"at\":1,}", good]
    let answers = try answers(lines)
    XCTAssertEqual(
      answers.map { error($0) == nil }, [true, false, true, false, false, true, false, true])
    XCTAssertEqual(answers[0]["inDoNotDisturb"] as? Bool, true)
  }

  func testPushAnswers() throws {
    let push =
      "{\"onlinePlatforms\": [1, 4], \"notToReceiveOfflinePushPlatforms\": [9], \"callOfflinePushEnabled\": false, \"doNotDisturbRule\": \(Self.daily)}"
    let lines = [
      "{\"pushRule\": \(push), \"kind\": \"message\", \"platform\": 2, \"onlinePlatforms\": [1], \"at\": 1773025200}",
      "{\"pushRule\": \(push), \"kind\": \"message\", \"platform\": 9, \"onlinePlatforms\": [4], \"at\": 1773025200}",
      "{\"pushRule\": \(push), \"kind\": \"call\", \"platform\": 2, \"at\": 1773025200}",
      "{\"pushRule\": \(push), \"kind\": \"message\", \"platform\": 2, \"at\": 1781193600}",
      "{\"pushRule\": {\"offlinePushEnabled\": false}, \"kind\": \"message\", \"platform\": 2, \"at\": 0}",
      "{\"pushRule\": {\"messageOfflinePushEnabled\": false}, \"kind\": \"message\", \"platform\": 2, \"at\": 0}",
    ]
    let answers = try answers(lines)
    XCTAssertEqual(answers[0]["reason"] as? String, "doNotDisturb")
    XCTAssertEqual(answers[0]["until"] as? Int, 1_773_057_600)
    XCTAssertEqual(answers[0]["deliver"] as? Bool, false)
    XCTAssertEqual(answers[1]["reason"] as? String, "platformRule")
    XCTAssertTrue(answers[1]["until"] is NSNull)
    XCTAssertEqual(answers[2]["reason"] as? String, "callPushDisabled")
    XCTAssertEqual(answers[3]["deliver"] as? Bool, true)
    XCTAssertTrue(answers[3]["reason"] is NSNull)
    XCTAssertEqual(answers[4]["reason"] as? String, "offlinePushDisabled")
    XCTAssertEqual(answers[5]["reason"] as? String, "messagePushDisabled")
  }

  func testHostileLinesAreAnsweredInBoundedTime() throws {
    let good = "{\"rule\": \(Self.daily), \"at\": 1773025200}"
    let deep = String(repeating: "[", count: 100_000)
    let deepObject =
      "{\"rule\": " + String(repeating: "{\"a\":", count: 50_000) + "1"
      + String(repeating: "}", count: 50_000) + ", \"at\": 1}"
    let long =
      "{\"rule\": {}, \"at\": 1, \"pad\": \"" + String(repeating: "x", count: 1_500_000) + "\"}"
    let lines = [deep, good, deepObject, long, good, "\u{0}\u{1}", good]
    let result = try DNDProcess.run(["eval"], input: lines.joined(separator: "\n"))
    XCTAssertEqual(result.status, 0)
    XCTAssertFalse(result.crashed)
    let answers = result.lines
    XCTAssertEqual(answers.count, lines.count)
    XCTAssertTrue(answers[0].contains("\"invalidJSON\"") && answers[0].contains("nested deeper"))
    XCTAssertTrue(answers[2].contains("\"invalidJSON\""))
    XCTAssertTrue(answers[3].contains("\"invalidJSON\"") && answers[3].contains("longer than"))
    XCTAssertTrue(answers[5].contains("\"invalidJSON\""))
    for index in [1, 4, 6] {
      XCTAssertEqual(answers[index], "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}")
    }
  }

  func testCRLFAndAMissingFinalNewline() throws {
    let good = "{\"rule\": \(Self.daily), \"at\": 1773025200}"
    let result = try DNDProcess.run(["eval"], input: good + "\r\n" + good)
    XCTAssertEqual(result.lines.count, 2)
    XCTAssertEqual(result.lines[0], result.lines[1])
    XCTAssertEqual(result.lines[0], "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}")
    let empty = try DNDProcess.run(["eval"], input: "")
    XCTAssertEqual(empty.status, 0)
    XCTAssertEqual(empty.stdout, "")
  }

  /// A rule's platform list past the limit is `tooManyPlatforms` (140,000 distinct values ≥ 64
  /// took seconds of CPU when lists were quadratic); the query's own `onlinePlatforms` past it
  /// is `invalidQuery`; lists of exactly the limit are answered; a rule's value outside 0…63
  /// is `invalidPlatform`, naming the entry.
  func testPlatformListsPastTheLimitAreRefused() throws {
    func list(_ count: Int, from first: Int = 64) -> String {
      "[" + (first..<(first + count)).map(String.init).joined(separator: ",") + "]"
    }
    /// `count` entries cycling through `values`.
    func repeating(_ count: Int, _ values: [Int]) -> String {
      "[" + (0..<count).map { String(values[$0 % values.count]) }.joined(separator: ",") + "]"
    }
    let even = Array(stride(from: 0, to: 64, by: 2))
    let odd = Array(stride(from: 1, to: 64, by: 2))
    let lines = [
      "{\"pushRule\": {\"onlinePlatforms\": \(list(140_000))}, \"kind\": \"call\", \"platform\": 1, \"at\": 1}",
      "{\"pushRule\": {\"notToReceiveOfflinePushPlatforms\": \(list(1_025))}, \"kind\": \"call\", \"platform\": 64, \"at\": 1}",
      "{\"pushRule\": {}, \"kind\": \"call\", \"platform\": 1, \"onlinePlatforms\": \(list(1_025)), \"at\": 1}",
      "{\"pushRule\": {\"onlinePlatforms\": \(repeating(1_024, even)), \"notToReceiveOfflinePushPlatforms\": \(repeating(1_024, odd))}, \"kind\": \"call\", \"platform\": 63, \"onlinePlatforms\": \(repeating(1_024, [1, 62, 99])), \"at\": 1}",
      "{\"pushRule\": {\"onlinePlatforms\": \(repeating(1_024, even)), \"notToReceiveOfflinePushPlatforms\": \(repeating(1_024, odd))}, \"kind\": \"call\", \"platform\": 63, \"onlinePlatforms\": \(repeating(1_024, odd + [64, 1_000])), \"at\": 1}",
      "{\"pushRule\": {\"onlinePlatforms\": [1, 2], \"notToReceiveOfflinePushPlatforms\": [3, 64]}, \"kind\": \"call\", \"platform\": 3, \"at\": 1}",
    ]
    let answers = try answers(lines)
    let first = try XCTUnwrap(error(answers[0]))
    XCTAssertEqual(first.code, "tooManyPlatforms")
    XCTAssertTrue(
      first.message.contains("pushRule.onlinePlatforms = 140000 entries"), first.message)
    let second = try XCTUnwrap(error(answers[1]))
    XCTAssertEqual(second.code, "tooManyPlatforms")
    XCTAssertTrue(
      second.message.contains("pushRule.notToReceiveOfflinePushPlatforms = 1025 entries"),
      second.message)
    let third = try XCTUnwrap(error(answers[2]))
    XCTAssertEqual(third.code, "invalidQuery")
    XCTAssertTrue(third.message.contains("onlinePlatforms = 1025 entries"), third.message)
    // The even values online in the rule; 62 is online now in the first, none in the second.
    XCTAssertEqual(answers[3]["reason"] as? String, "platformRule")
    XCTAssertEqual(answers[4]["deliver"] as? Bool, true)
    let fifth = try XCTUnwrap(error(answers[5]))
    XCTAssertEqual(fifth.code, "invalidPlatform")
    XCTAssertTrue(
      fifth.message.contains("pushRule.notToReceiveOfflinePushPlatforms[1] = 64"), fifth.message)
  }

  /// An explicit `"savedAt": null` is an error (as every explicit null is), not "not saved".
  func testNullSavedAtIsAnError() throws {
    let answers = try answers([
      "{\"rule\": \(Self.daily), \"at\": 1773025200, \"savedAt\": null}",
      "{\"pushRule\": {}, \"kind\": \"call\", \"platform\": 1, \"at\": 1, \"savedAt\": null}",
    ])
    for answer in answers {
      let found = try XCTUnwrap(error(answer), "\(answer)")
      XCTAssertEqual(found.code, "invalidQuery")
      XCTAssertEqual(found.message, "invalid query: savedAt: expected an integer, found null")
    }
  }

  /// An explicit `null` in any query field is an error naming its key, never "absent": a
  /// null `onlinePlatforms` would turn a platform-rule suppression into a delivery, and a null
  /// `rule` beside a `pushRule` would pass as a push query.
  func testEveryExplicitNullIsAnErrorAtItsKey() throws {
    let push = #""pushRule": {"onlinePlatforms": [1], "notToReceiveOfflinePushPlatforms": [2]}"#
    let cases: [(line: String, code: String, message: String)] = [
      (
        "{\(push), \"kind\": \"message\", \"platform\": 2, \"onlinePlatforms\": null, \"at\": 1}",
        "invalidQuery", "invalid query: onlinePlatforms: expected an array of integers, found null"
      ),
      (
        "{\"rule\": null, \(push), \"kind\": \"call\", \"platform\": 2, \"at\": 1}",
        "invalidJSON", "invalid document at rule: expected an object, found null"
      ),
      (
        "{\"rule\": \(Self.daily), \"pushRule\": null, \"at\": 1}",
        "invalidJSON", "invalid document at pushRule: expected an object, found null"
      ),
      (
        "{\"rule\": \(Self.daily), \"at\": null}", "invalidQuery",
        "invalid query: at: expected an integer, found null"
      ),
      (
        "{\(push), \"kind\": null, \"platform\": 2, \"at\": 1}", "invalidQuery",
        "invalid query: kind: expected a string, found null"
      ),
      (
        "{\(push), \"kind\": \"call\", \"platform\": null, \"at\": 1}", "invalidQuery",
        "invalid query: platform: expected an integer, found null"
      ),
      (
        "{\"schedule\": null, \"at\": 1}", "invalidSchedule",
        "invalid document at schedule: expected an object, found null"
      ),
      (
        "{\(push), \"kind\": \"call\", \"platform\": 2, \"at\": 1, \"message\": null}",
        "invalidMessage", "invalid document at message: expected an object, found null"
      ),
    ]
    let answers = try answers(cases.map(\.line))
    for (expected, answer) in zip(cases, answers) {
      let found = try XCTUnwrap(error(answer), "\(expected.line): \(answer)")
      XCTAssertEqual(found.code, expected.code, expected.line)
      XCTAssertEqual(found.message, expected.message, expected.line)
    }
    // The same push query without the null is answered: the platform rule suppresses it.
    let answered = try self.answers([
      "{\(push), \"kind\": \"message\", \"platform\": 2, \"onlinePlatforms\": [1], \"at\": 1}"
    ])
    XCTAssertNil(error(answered[0]), "\(answered[0])")
  }

  /// The general path's errors are the strict reader's, in the library's words: a lone
  /// surrogate escape is named as the library names it, and a byte that is not UTF-8 is named
  /// by its offset.
  func testTextErrorsAreTheLibrarys() throws {
    let surrogate = try answers([#"{"rule": {"timeZoneID": "\ud800"}, "at": 1}"#])
    XCTAssertEqual(
      error(surrogate[0])?.message,
      #"invalid JSON at rule.timeZoneID: \ud800 is a lone surrogate escape, not a character"#)
    let line =
      Array(#"{"rule": {"timeZoneID": "Asia/"#.utf8) + [0xFF] + Array(#""}, "at": 1}"#.utf8)
    let offset = try XCTUnwrap(line.firstIndex(of: 0xFF))
    let result = try DNDProcess.run(["eval"], stdin: Data(line + [0x0A]))
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stdout.contains("invalid JSON: at byte \(offset): expected UTF-8 in a string"),
      result.stdout)
  }

  /// Object keys are equal only when their unescaped bytes are: canonically equivalent keys,
  /// and two different lone surrogate escapes, inside an unknown value are two keys, and the
  /// line is answered.
  func testKeysAreComparedAsBytes() throws {
    let answers = try answers([
      "{\"rule\": \(Self.daily), \"at\": 1773025200, \"x\": {\"\\u00e9\": 1, \"e\\u0301\": 2}}",
      "{\"rule\": \(Self.daily), \"at\": 1773025200, \"x\": {\"\\ud800\": 1, \"\\ud801\": 2}}",
      "{\"rule\": \(Self.daily), \"at\": 1773025200, \"x\": {\"\\ud800\": 1, \"\\ud800\": 2}}",
    ])
    XCTAssertNil(error(answers[0]), "\(answers[0])")
    XCTAssertNil(error(answers[1]), "\(answers[1])")
    XCTAssertEqual(error(answers[2])?.code, "invalidQuery", "\(answers[2])")
  }
}

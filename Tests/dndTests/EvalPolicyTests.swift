import DNDKitTesting
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// `dnd eval` push queries with preferences, conversation settings and messages: every new
/// error code, the fast and general parsers alike, and generated queries against the
/// reference decision (the documentation's worked examples are `DocumentedEvalAnswerTests`').
final class EvalPolicyTests: XCTestCase {
  /// Runs lines through `dnd eval` and `dnd eval --no-cache`, checking both write the same
  /// bytes, and returns the answer lines.
  func run(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws
    -> [String]
  {
    let input = lines.joined(separator: "\n") + "\n"
    let fast = try DNDProcess.run(["eval"], input: input)
    XCTAssertEqual(fast.status, 0, fast.stderr, file: file, line: line)
    let general = try DNDProcess.run(["eval", "--no-cache"], input: input)
    XCTAssertEqual(general.stdout, fast.stdout, "fast path = general path", file: file, line: line)
    XCTAssertEqual(fast.lines.count, lines.count, file: file, line: line)
    return fast.lines
  }

  /// A query with any of the three keys answers with `breakthrough`; without them the answer
  /// is today's, byte for byte.
  func testTheBreakthroughKeyAppearsExactlyWithThePolicyKeys() throws {
    let base =
      #""pushRule": {"doNotDisturbRule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2}}, "kind": "call", "platform": 2, "at": 1767225600"#
    let answers = try run([
      "{\(base)}", "{\(base), \"preferences\": {}}", "{\(base), \"conversation\": {}}",
      "{\(base), \"message\": {}}", "{\(base), \"other\": {\"preferences\": {}}}",
    ])
    let today = #"{"deliver": false, "reason": "doNotDisturb", "until": 1767254400}"#
    let withKey =
      #"{"breakthrough": null, "deliver": false, "reason": "doNotDisturb", "until": 1767254400}"#
    XCTAssertEqual(answers, [today, withKey, withKey, withKey, today])
  }

  func testEveryNewErrorCode() throws {
    let push = #""pushRule": {}, "kind": "message", "platform": 1, "at": 0"#
    let cases: [(String, String, String)] = [
      (
        #""preferences": null"#, "invalidPreferences",
        "at preferences: expected an object, found null"
      ),
      (#""preferences": {"level": "some"}"#, "invalidPreferences", "preferences.level"),
      (
        #""preferences": {"breakthrough": {"senders": ["a", 1]}}"#, "invalidPreferences",
        "preferences.breakthrough.senders[1]: expected a string"
      ),
      (
        #""preferences": {"breakthrough": {"repeatCallSeconds": 1.5}}"#, "invalidPreferences", "1.5"
      ),
      (
        #""preferences": {"breakthrough": {"repeatCallSeconds": -1}}"#, "invalidPreferences",
        "preferences.breakthrough.repeatCallSeconds = -1"
      ),
      (
        #""preferences": {"breakthrough": {"senders": [""]}}"#, "invalidPreferences",
        #"preferences.breakthrough.senders[0] = \"\""#
      ),
      (#""preferences": {"level": "all", "level": "none"}"#, "invalidPreferences", "twice"),
      (
        #""conversation": {"level": "none", "until": null}"#, "invalidConversation",
        "conversation.until"
      ),
      (
        #""conversation": {"until": 999999999999999}"#, "invalidConversation",
        "conversation.until = 999999999999999"
      ),
      (#""conversation": []"#, "invalidConversation", "conversation"),
      (#""message": {"sender": 5}"#, "invalidMessage", "message.sender: expected a string"),
      (#""message": {"mentioned": "yes"}"#, "invalidMessage", "message.mentioned"),
      (
        #""message": {"previousCallAt": -999999999999999}"#, "invalidMessage",
        "message.previousCallAt"
      ),
    ]
    var lines = cases.map { "{\(push), \($0.0)}" }
    let many = (0...PushPreferences.maximumSenderCount).map { "\"u\($0)\"" }.joined(separator: ",")
    lines.append("{\(push), \"preferences\": {\"breakthrough\": {\"senders\": [\(many)]}}}")
    lines.append(#"{"rule": {}, "at": 0, "message": {}}"#)
    lines.append(
      #"{"schedule": {"polarity": "quiet", "windows": []}, "at": 0, "conversation": {}}"#)
    // The rule's errors come first, then the policy values', then at's.
    lines.append(
      #"{"pushRule": {"doNotDisturbRule": {"enabled": true, "startHour": 25, "repeatMode": 2}}, "kind": "message", "platform": 1, "at": 0, "message": {"sender": ""}}"#
    )
    let answers = try run(lines)
    for ((_, code, fragment), answer) in zip(cases, answers) {
      XCTAssertTrue(answer.contains("\"code\": \"\(code)\""), "\(answer)")
      XCTAssertTrue(answer.contains(fragment), "\(fragment) in \(answer)")
    }
    XCTAssertTrue(answers[cases.count].contains(#""code": "tooManySenders""#), answers[cases.count])
    XCTAssertTrue(answers[cases.count].contains("1025 entries"), answers[cases.count])
    XCTAssertTrue(answers[cases.count + 1].contains(#""code": "invalidQuery""#))
    XCTAssertTrue(answers[cases.count + 2].contains(#""code": "invalidQuery""#))
    XCTAssertEqual(
      answers[cases.count + 3],
      #"{"error": {"code": "invalidHour", "message": "pushRule.doNotDisturbRule.startHour = 25: "#
        + #"must be in 0...23; message.sender = \"\": a user ID is not empty"}}"#)
  }

  /// `dnd eval --help` and the README list every code `dnd eval` writes.
  func testHelpAndREADMEListTheNewCodes() throws {
    let help = try DNDProcess.run(["eval", "--help"], input: "").stdout
    let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
    for code in ["invalidPreferences", "tooManySenders", "invalidConversation", "invalidMessage"] {
      XCTAssertTrue(help.contains(code), code)
      XCTAssertTrue(readme.contains("`\(code)`"), code)
    }
    for name in ["conversationMuted", "notMentioned", "prioritySender", "repeatCaller"] {
      XCTAssertTrue(help.contains(name), name)
      XCTAssertTrue(readme.contains(name), name)
    }
  }

  /// Generated push queries with preferences, conversation settings and messages answer as
  /// the reference decision does, through the fast and the general parser alike.
  func testGeneratedQueriesAgreeWithTheReference() throws {
    let zones = try ZoneDatabase(
      root: ZoneDatabase.environmentRoot(ProcessInfo.processInfo.environment["TZDIR"]))
    let generators = Generators(zones: zones)
    var rng = SplitMix64(seed: 0xE7A1_9011)
    var lines: [String] = []
    var expected: [String] = []
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func json<T: Encodable>(_ value: T) throws -> String {
      String(decoding: try encoder.encode(value), as: UTF8.self)
    }
    for _ in 0..<1_500 {
      let id = Generators.notableZones.randomElement(using: &rng) ?? "UTC"
      var pushCase = try generators.policyCase(zoneID: id, using: &rng)
      if pushCase.query.preferences == nil && pushCase.query.conversation == nil
        && pushCase.query.message == nil
      {
        pushCase.query.message = PushMessage()
      }
      let query = pushCase.query
      var line =
        "{\"pushRule\": \(try json(pushCase.rule)), \"kind\": \"\(query.kind)\", "
        + "\"platform\": \(query.target.rawValue), "
        + "\"onlinePlatforms\": [\(query.online.map { String($0.rawValue) }.joined(separator: ", "))], "
        + "\"at\": \(query.instant)"
      if let preferences = query.preferences {
        line += ", \"preferences\": \(try json(preferences))"
      }
      if let conversation = query.conversation {
        line += ", \"conversation\": \(try json(conversation))"
      }
      if let message = query.message { line += ", \"message\": \(try json(message))" }
      lines.append(line + "}")
      let answer = try ReferencePushDecision.policyDecision(for: pushCase, zones: zones)
      let reason = answer.reason.map { "\"\($0)\"" } ?? "null"
      let until = answer.until.map(String.init) ?? "null"
      let breakthrough = answer.breakthrough.map { "\"\($0)\"" } ?? "null"
      expected.append(
        "{\"breakthrough\": \(breakthrough), \"deliver\": \(answer.delivers), "
          + "\"reason\": \(reason), \"until\": \(until)}")
    }
    let answers = try run(lines)
    var mismatches = 0
    for (index, (answer, wanted)) in zip(answers, expected).enumerated() where answer != wanted {
      mismatches += 1
      if mismatches <= 3 { XCTFail("\(lines[index])\n  expected \(wanted)\n  got      \(answer)") }
    }
    XCTAssertEqual(mismatches, 0)
    XCTAssertGreaterThan(Set(answers).count, 20)
  }
}

import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// The whole push decision on hand-picked cases: the issue's worked examples, validation,
/// the priority-sender table, wire forms and explanations.
final class PushPolicyTests: XCTestCase, NightRuleCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  func decide(
    _ kind: PushKind = .message, at instant: Int64? = nil, preferences: PushPreferences = .init(),
    conversation: ConversationSetting? = nil, message: PushMessage = .init()
  ) throws -> PushDecision {
    try nightRule().decide(
      kind: kind, target: .android, online: PlatformSet(), at: instant ?? midnight,
      preferences: CompiledPushPreferences(preferences), conversation: conversation,
      message: message)
  }

  func testTheWorkedExamples() throws {
    let preferences = PushPreferences(
      level: .all,
      breakthrough: .init(senders: ["bob"], mentions: true, urgent: false, repeatCallSeconds: 900))
    let conversation = ConversationSetting(level: .mentions, until: 1_767_312_000)
    XCTAssertEqual(
      try decide(
        preferences: preferences, conversation: conversation,
        message: PushMessage(sender: "bob", mentioned: true)),
      PushDecision.breakthrough(.prioritySender))
    XCTAssertEqual(
      try decide(
        preferences: preferences, conversation: conversation,
        message: PushMessage(sender: "eve", mentioned: false)),
      PushDecision.suppress(.notMentioned, until: 1_767_312_000))
    XCTAssertEqual(
      try decide(
        preferences: preferences, conversation: conversation,
        message: PushMessage(sender: "eve", mentioned: true)),
      PushDecision.breakthrough(.mention))
  }

  func testBreakthroughOrderAndMentionAll() throws {
    let everything = PushPreferences(
      breakthrough: .init(senders: ["bob"], mentions: true, urgent: true, repeatCallSeconds: 60))
    let all = PushMessage(
      sender: "bob", mentioned: true, urgent: true, previousCallAt: midnight - 60)
    XCTAssertEqual(
      try decide(.call, preferences: everything, message: all).breakthrough, .prioritySender)
    var message = all
    message.sender = "eve"
    XCTAssertEqual(
      try decide(.call, preferences: everything, message: message).breakthrough, .repeatCaller)
    XCTAssertEqual(
      try decide(.message, preferences: everything, message: message).breakthrough, .urgent)
    message.urgent = false
    XCTAssertEqual(
      try decide(.message, preferences: everything, message: message).breakthrough, .mention)
    message.mentioned = false
    message.mentionAll = true
    XCTAssertEqual(
      try decide(.message, preferences: everything, message: message),
      PushDecision.suppress(.doNotDisturb, until: midnight + 8 * 3_600))
    // Repeat-call bounds: 0 and the window itself count, one more second or the future does not.
    for (elapsed, lifts) in [(0, true), (60, true), (61, false), (-1, false)] as [(Int64, Bool)] {
      let call = PushMessage(sender: "eve", previousCallAt: midnight - elapsed)
      XCTAssertEqual(
        try decide(.call, preferences: everything, message: call).breakthrough,
        lifts ? .repeatCaller : nil, "elapsed \(elapsed)")
    }
    // A breakthrough never lifts a switch or a level.
    XCTAssertEqual(
      try decide(
        preferences: everything, conversation: ConversationSetting(level: .muted),
        message: PushMessage(sender: "bob", mentioned: true)),
      PushDecision.suppress(.conversationMuted, until: nil))
  }

  func testLevelsAndUntil() throws {
    let muted = ConversationSetting(level: .muted, until: midnight + 10)
    XCTAssertEqual(
      try decide(at: midnight + 9, conversation: muted),
      PushDecision.suppress(.conversationMuted, until: midnight + 10))
    // From until on the setting is gone: the preferences' level applies, here all, then DND.
    XCTAssertEqual(try decide(at: midnight + 10, conversation: muted).reason, .doNotDisturb)
    XCTAssertEqual(
      try decide(
        at: midnight + 10, preferences: PushPreferences(level: .mentions), conversation: muted),
      PushDecision.suppress(.notMentioned, until: nil))
    // A conversation set to all overrides the user's muted default.
    XCTAssertEqual(
      try decide(
        at: midnight + 12 * 3_600, preferences: PushPreferences(level: .muted),
        conversation: ConversationSetting(level: .all)),
      PushDecision.deliver)
    XCTAssertEqual(
      try decide(
        .call, at: midnight + 12 * 3_600, preferences: PushPreferences(level: .muted),
        conversation: ConversationSetting(level: .muted)),
      PushDecision.deliver)
  }

  func testValidationNamesEveryField() throws {
    let preferences = PushPreferences(
      breakthrough: .init(
        senders: ["ok", "", String(repeating: "x", count: 257)], repeatCallSeconds: -1))
    XCTAssertThrowsError(try CompiledPushPreferences(preferences)) { error in
      let errors = (error as? RuleError)?.errors ?? []
      XCTAssertEqual(
        errors.map(\.keyPath),
        ["breakthrough.senders[1]", "breakthrough.senders[2]", "breakthrough.repeatCallSeconds"])
      XCTAssertEqual(Set(errors.map(\.code)), [.invalidPreferences])
      XCTAssertEqual(errors[1].value, "257 bytes")
    }
    let longest = PushPreferences(
      breakthrough: .init(senders: [String(repeating: "é", count: 128)]))
    XCTAssertNoThrow(try CompiledPushPreferences(longest))
    let tooMany = PushPreferences(
      breakthrough: .init(senders: (0...PushPreferences.maximumSenderCount).map { "u\($0)" }))
    XCTAssertThrowsError(try CompiledPushPreferences(tooMany)) { error in
      XCTAssertEqual(
        (error as? RuleError)?.errors,
        [
          RuleFieldError(
            code: .tooManySenders, keyPath: "breakthrough.senders", value: "1025 entries",
            reason: "a priority-sender list holds at most 1024 entries")
        ])
    }
    XCTAssertEqual(
      ConversationSetting(level: .muted, until: Zone.supportedInstants.upperBound + 1).validate()
        .map(\.code), [.invalidConversation])
    XCTAssertEqual(ConversationSetting(level: .muted, until: 0).validate(), [])
    XCTAssertEqual(
      PushMessage(sender: "", previousCallAt: Int64.min).validate().map(\.keyPath),
      ["sender", "previousCallAt"])
    XCTAssertEqual(PushMessage(sender: "bob", previousCallAt: 0).validate(), [])
  }

  /// Priority senders compare as exact bytes: no case folding, no Unicode equivalence; every
  /// one of a full list is found, and nothing else.
  func testPrioritySendersCompareAsExactBytes() throws {
    let table = try CompiledPushPreferences(
      PushPreferences(breakthrough: .init(senders: ["caf\u{E9}", "bob", "bob", "李雷", "a\u{0}b"])))
    XCTAssertEqual(table.prioritySenderCount, 4)
    for id in ["caf\u{E9}", "bob", "李雷", "a\u{0}b"] {
      XCTAssertTrue(table.isPrioritySender(id), id)
    }
    for id in ["cafe\u{301}", "Bob", "bo", "bobb", "a", "", "李"] {
      XCTAssertFalse(table.isPrioritySender(id), id)
    }
    let ids = (0..<PushPreferences.maximumSenderCount).map { "user-\($0 * 7_919)-\($0)" }
    let full = try CompiledPushPreferences(PushPreferences(breakthrough: .init(senders: ids)))
    XCTAssertEqual(full.prioritySenderCount, ids.count)
    XCTAssertTrue(ids.allSatisfy(full.isPrioritySender))
    XCTAssertFalse((0..<2_000).contains { full.isPrioritySender("user-\($0)") })
    // Equal lists in any order compile to equal values.
    XCTAssertEqual(
      full,
      try CompiledPushPreferences(PushPreferences(breakthrough: .init(senders: ids.reversed()))))
    XCTAssertNotEqual(full, table)
  }

  /// The table a client's list fills goes with the last copy of the preferences (nothing is
  /// kept for the life of the process).
  func testTheSenderTableIsFreedWithTheLastCopy() throws {
    weak var owner: AnyObject?
    do {
      let preferences = try CompiledPushPreferences(
        PushPreferences(breakthrough: .init(senders: (0..<1_000).map { "id\($0)" })))
      let copies = [preferences, preferences]
      owner = copies[1].senderTableOwner
      XCTAssertNotNil(owner)
      XCTAssertTrue(copies[0].isPrioritySender("id999"))
    }
    XCTAssertNil(owner)
    XCTAssertNil(CompiledPushPreferences().senderTableOwner)
  }

  func testWireForms() throws {
    let preferences = try PushPreferences(
      jsonBytes: Data(
        #"{"breakthrough": {"senders": ["b\u00f6b"], "repeatCallSeconds": 9.0e2}, "x": [1]}"#.utf8))
    XCTAssertEqual(
      preferences,
      PushPreferences(breakthrough: .init(senders: ["b\u{F6}b"], repeatCallSeconds: 900)))
    XCTAssertEqual(try PushPreferences(jsonBytes: Data("{}".utf8)), PushPreferences())
    XCTAssertEqual(
      try ConversationSetting(jsonBytes: Data(#"{"level": "none"}"#.utf8)),
      ConversationSetting(level: .muted))
    XCTAssertEqual(
      try PushMessage(jsonBytes: Data(#"{"sender": "eve", "mentionAll": true}"#.utf8)),
      PushMessage(sender: "eve", mentionAll: true))
    func failure(_ decode: () throws -> Any) -> String {
      do {
        _ = try decode()
        return "decoded"
      } catch {
        return "\(error)"
      }
    }
    XCTAssertEqual(
      failure {
        try PushPreferences(
          jsonBytes: Data(#"{"level": "some", "breakthrough": {"urgent": null}}"#.utf8))
      },
      #"invalid document at level: "some" is not a level: expected "all", "mentions" or "none"; "#
        + "at breakthrough.urgent: expected a boolean, found null")
    XCTAssertEqual(
      failure { try ConversationSetting(jsonBytes: Data(#"{"until": 1.5}"#.utf8)) },
      "invalid document at until: 1.5 is not an integer within 64 bits")
    XCTAssertTrue(
      failure { try PushMessage(jsonBytes: Data(#"{"sender": "a", "sender": "b"}"#.utf8)) }
        .contains("sender"))
    XCTAssertTrue(
      failure { try PushMessage(jsonBytes: Data("\u{FEFF}{}".utf8)) }.hasPrefix("invalid JSON"))
    // Encoding and decoding give back the value.
    let message = PushMessage(sender: "bob", mentioned: true, previousCallAt: 5)
    XCTAssertEqual(
      try PushMessage(jsonBytes: try JSONEncoder().encode(message)), message)
  }

  func testExplanations() throws {
    let preferences = try CompiledPushPreferences(
      PushPreferences(breakthrough: .init(senders: ["bob"], repeatCallSeconds: 900)))
    func explain(
      _ kind: PushKind, at instant: Int64? = nil, conversation: ConversationSetting? = nil,
      _ message: PushMessage
    ) throws -> String {
      try nightRule().explain(
        kind: kind, target: .android, online: PlatformSet(), at: instant ?? midnight,
        preferences: preferences, conversation: conversation, message: message
      ).description
    }
    XCTAssertEqual(
      try explain(.message, PushMessage(sender: "bob")),
      #"deliver: do-not-disturb 22:00–08:00 daily in UTC until 2026-01-01 08:00 +00:00, "#
        + #"but "bob" is a priority sender"#)
    XCTAssertEqual(
      try explain(.call, PushMessage(sender: "eve", previousCallAt: midnight - 300)),
      #"deliver: do-not-disturb 22:00–08:00 daily in UTC until 2026-01-01 08:00 +00:00, "#
        + #"but "eve" called 300 s ago (a repeat call within 900 s)"#)
    XCTAssertEqual(
      try explain(
        .message, conversation: ConversationSetting(level: .muted, until: midnight + 3_600),
        PushMessage(sender: "bob")),
      "suppressed: the conversation is none (muted) until 2026-01-01 01:00 +00:00")
    XCTAssertEqual(
      try explain(
        .message, conversation: ConversationSetting(level: .mentions), PushMessage(sender: "eve")),
      "suppressed: the conversation is mentions only, and the message mentions neither the "
        + "user nor everyone")
    XCTAssertEqual(
      try explain(.message, PushMessage(sender: "eve")),
      "suppressed: do-not-disturb 22:00–08:00 daily in UTC until 2026-01-01 08:00 +00:00")
  }
}

import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// A recipient's conversation setting and mention share one word of bits: setting either one,
/// in either order, leaves the other as it was, and a batch then decides with both.
final class RecipientSetterOrderTests: XCTestCase {
  /// Every setting (none, each level, with and without `until`) set after the mention, and the
  /// mention set after every setting, from both starting mentions: each reads back as set.
  func testSettingOneFieldKeepsTheOther() {
    let settings: [ConversationSetting?] =
      [nil]
      + NotificationLevel.allCases.flatMap { level in
        [nil, Int64(0), 1_767_312_000].map { ConversationSetting(level: level, until: $0) }
      }
    for mentioned in [false, true] {
      for setting in settings {
        // The mention first, then the setting.
        var recipient = PushRecipient(ruleIndex: 0, target: .android, online: PlatformSet())
        recipient.mentioned = mentioned
        recipient.conversation = setting
        XCTAssertEqual(
          recipient.mentioned, mentioned, "mentioned, then \(String(describing: setting))")
        XCTAssertEqual(recipient.conversation, setting)
        // The setting first, then the mention; then the setting again over it.
        var other = PushRecipient(ruleIndex: 0, target: .android, online: PlatformSet())
        other.conversation = setting
        other.mentioned = mentioned
        XCTAssertEqual(
          other.conversation, setting, "\(String(describing: setting)), then mentioned")
        XCTAssertEqual(other.mentioned, mentioned)
        other.conversation = ConversationSetting(level: .muted, until: 9)
        other.conversation = setting
        XCTAssertEqual(other.mentioned, mentioned, "setting replaced, mention \(mentioned)")
        XCTAssertEqual(other, recipient)
      }
    }
  }

  /// A mention under a mentions-only conversation setting delivers in a batch, with and
  /// without preferences, when the recipient was built field by field (the mention before the
  /// setting); the same recipient unmentioned is suppressed as `notMentioned`.
  func testAMentionSetBeforeTheSettingDeliversInABatch() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    // No do-not-disturb: the level alone decides.
    let rules = [try CompiledOfflinePushRule(rule: OfflinePushRule(), zones: zones)]
    let preferences = [try CompiledPushPreferences(PushPreferences(level: .all))]
    let at: Int64 = 1_767_225_600
    for mentioned in [true, false] {
      var recipient = PushRecipient(ruleIndex: 0, target: .android, online: PlatformSet())
      recipient.mentioned = mentioned
      recipient.conversation = ConversationSetting(level: .mentions)
      let expected: PushDecision =
        mentioned ? .deliver : .suppress(.notMentioned, until: nil)
      var decisions: [PushDecision] = []
      try CompiledOfflinePushRule.decide(
        kind: .message, at: at, message: PushMessage(), rules: rules, recipients: [recipient],
        into: &decisions)
      XCTAssertEqual(decisions, [expected], "no preferences, mentioned \(mentioned)")
      try CompiledOfflinePushRule.decide(
        kind: .message, at: at, message: PushMessage(), rules: rules, preferences: preferences,
        recipients: [recipient], into: &decisions)
      XCTAssertEqual(decisions, [expected], "preferences, mentioned \(mentioned)")
      // The single decision with the same values agrees.
      XCTAssertEqual(
        try rules[0].decide(
          kind: .message, target: .android, online: PlatformSet(), at: at,
          preferences: preferences[0], conversation: recipient.conversation,
          message: PushMessage(mentioned: mentioned)), expected)
    }
  }
}

import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// In a batch of whole decisions, each recipient's own `mentioned` decides, never the shared
/// message's: at the level check (`mentions`) and at the mention breakthrough, inside and
/// outside do-not-disturb, with the message saying the opposite of the recipient.
final class FanOutMentionTests: XCTestCase, NightRuleCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  func testEachRecipientsOwnMentionDecides() throws {
    let night = try nightRule()
    // Only mentions push, and mentions break through; every message pushes, mentions break
    // through; only mentions push, nothing breaks through.
    let preferences = try [
      PushPreferences(level: .mentions, breakthrough: .init(mentions: true)),
      PushPreferences(level: .all, breakthrough: .init(mentions: true)),
      PushPreferences(level: .mentions, breakthrough: .init(mentions: false)),
    ].map { try CompiledPushPreferences($0) }
    let rules = [night, night, night]
    // The night's end: 08:00 UTC.
    let morning = midnight + 8 * 3_600
    let deliver = PushDecision.deliver
    let mention = PushDecision.breakthrough(.mention)
    let notMentioned = PushDecision.suppress(.notMentioned, until: nil)
    let dnd = PushDecision.suppress(.doNotDisturb, until: morning)
    // By preferences, then mentioned or not: inside the night, then at noon outside it.
    let expected: [(instant: Int64, answers: [[Bool: PushDecision]])] = [
      (
        midnight,
        [
          [true: mention, false: notMentioned], [true: mention, false: dnd],
          [true: dnd, false: notMentioned],
        ]
      ),
      (
        midnight + 12 * 3_600,
        [
          [true: deliver, false: notMentioned], [true: deliver, false: deliver],
          [true: deliver, false: notMentioned],
        ]
      ),
    ]
    var decisions: [PushDecision] = []
    for (instant, answers) in expected {
      let recipients = [true, false].flatMap { mentioned in
        (0..<3).map {
          PushRecipient(
            ruleIndex: $0, target: .android, online: PlatformSet(), mentioned: mentioned)
        }
      }
      for shared in [true, false] {
        try CompiledOfflinePushRule.decide(
          kind: .message, at: instant, message: PushMessage(mentioned: shared), rules: rules,
          preferences: preferences, recipients: recipients, into: &decisions)
        XCTAssertEqual(decisions.count, recipients.count)
        for (recipient, decision) in zip(recipients, decisions) {
          XCTAssertEqual(
            decision, answers[recipient.ruleIndex][recipient.mentioned],
            "at \(instant), preferences \(recipient.ruleIndex), recipient mentioned "
              + "\(recipient.mentioned), the shared message mentioned \(shared)")
        }
      }
    }
  }
}

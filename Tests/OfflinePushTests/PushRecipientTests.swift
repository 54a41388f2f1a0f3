import OfflinePush
import XCTest

/// A recipient keeps its conversation setting and mention as plain bits and a word: every
/// setting (each level, with and without an `until`, the ends of `Int64` included) and both
/// mentions read back as they were given, through the initializer and through the setters.
final class PushRecipientTests: XCTestCase {
  func testTheConversationSettingAndTheMentionReadBackAsGiven() {
    let untils: [Int64?] = [nil, .min, -1, 0, 1, 1_767_312_000, .max]
    let settings: [ConversationSetting?] =
      [nil]
      + NotificationLevel.allCases.flatMap { level in
        untils.map { ConversationSetting(level: level, until: $0) }
      }
    var checked = 0
    for setting in settings {
      for mentioned in [false, true] {
        let made = PushRecipient(
          ruleIndex: 3, target: .web, online: PlatformSet([.win]), conversation: setting,
          mentioned: mentioned)
        XCTAssertEqual(made.conversation, setting)
        XCTAssertEqual(made.mentioned, mentioned)
        XCTAssertEqual(made.ruleIndex, 3)
        // Through the setters, from a recipient that had other values.
        var changed = PushRecipient(
          ruleIndex: 3, target: .web, online: PlatformSet([.win]),
          conversation: ConversationSetting(level: .muted, until: 7), mentioned: !mentioned)
        changed.conversation = setting
        changed.mentioned = mentioned
        XCTAssertEqual(changed.conversation, setting)
        XCTAssertEqual(changed.mentioned, mentioned)
        XCTAssertEqual(changed, made)
        checked += 1
      }
    }
    XCTAssertEqual(checked, 2 * (1 + 3 * untils.count))
  }
}

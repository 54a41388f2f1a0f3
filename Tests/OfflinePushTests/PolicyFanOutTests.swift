import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// A batch of whole decisions at one instant answers exactly as one decision per recipient.
final class PolicyFanOutTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  func testBatchEqualsOneByOne() throws {
    let seed = SplitMix64.seed(default: 0xFA_9011)
    var rng = SplitMix64(seed: seed)
    let generators = Generators(zones: zones)
    var decisions: [PushDecision] = []
    var compared = 0
    var lifted = 0
    for round in 0..<40 {
      // Rules of many zones and the preferences stored with them, around one instant.
      var stored: [PushCase] = []
      for _ in 0..<120 {
        stored.append(
          try generators.policyCase(zoneID: generators.zoneID(using: &rng), using: &rng))
      }
      let compiled = try ContiguousArray(
        stored.map { try CompiledOfflinePushRule(rule: $0.rule, zones: zones) })
      let preferences = try ContiguousArray(
        stored.map { try CompiledPushPreferences($0.query.preferences ?? .init()) })
      let rules = round % 2 == 0 ? compiled[...] : compiled[5...]
      let preferenceSlice = round % 2 == 0 ? preferences[...] : preferences[5...]
      let anchor = stored.randomElement(using: &rng)?.query.instant ?? 0
      for instant in [anchor, anchor - 1, anchor + 1, anchor + 3_600] {
        let drawn = generators.policyInputs(at: instant, using: &rng)
        let message = drawn.message ?? PushMessage()
        let recipients = (0..<(1 + Int(rng.next() % 300))).map { _ in
          PushRecipient(
            ruleIndex: rules.startIndex + Int(rng.next() % UInt64(rules.count)),
            target: [.win, .iPhoneOS, .android, .web].randomElement(using: &rng) ?? .web,
            online: PlatformSet([.win, .macOS].filter { _ in rng.next() % 3 == 0 }),
            conversation: generators.policyInputs(at: instant, using: &rng).conversation,
            mentioned: rng.next() % 3 == 0)
        }
        // With preferences, and without (the batch that fetches rules a chunk at a time, where
        // only a recipient's conversation setting can bring in a level).
        let kinds = PushKind.allCases.flatMap { kind in [(kind, true), (kind, false)] }
        for (kind, withPreferences) in kinds {
          try CompiledOfflinePushRule.decide(
            kind: kind, at: instant, message: message, rules: rules,
            preferences: withPreferences ? preferenceSlice : nil, recipients: recipients,
            into: &decisions)
          XCTAssertEqual(decisions.count, recipients.count)
          for (recipient, batch) in zip(recipients, decisions) {
            var own = message
            own.mentioned = recipient.mentioned
            let single = try rules[recipient.ruleIndex].decide(
              kind: kind, target: recipient.target, online: recipient.online, at: instant,
              preferences: withPreferences ? preferenceSlice[recipient.ruleIndex] : nil,
              conversation: recipient.conversation, message: own)
            compared += 1
            if single.breakthrough != nil { lifted += 1 }
            if batch != single {
              XCTFail(
                "\(rules[recipient.ruleIndex].schedule) \(kind) \(recipient) \(message) at "
                  + "\(instant): batch \(batch), one by one \(single) [seed \(seed)]")
              return
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(compared, 20_000)
    XCTAssertGreaterThan(lifted, 200)
  }

  func testMismatchedPreferencesAndBadIndicesAreTypedErrors() throws {
    let rule = try CompiledOfflinePushRule(rule: OfflinePushRule(), zones: zones)
    let preferences = [CompiledPushPreferences(), CompiledPushPreferences()]
    var decisions = [PushDecision.deliver]
    let recipients = [PushRecipient(ruleIndex: 0, target: .web, online: PlatformSet())]
    XCTAssertThrowsError(
      try CompiledOfflinePushRule.decide(
        kind: .message, at: 0, message: PushMessage(), rules: [rule], preferences: preferences,
        recipients: recipients, into: &decisions)
    ) { error in
      XCTAssertEqual(
        error as? FanOutError,
        .preferencesDoNotMatchRules(ruleIndices: 0..<1, preferenceIndices: 0..<2))
      XCTAssertEqual("\(error)", "preferences at positions 0..<2 do not match the rules at 0..<1")
    }
    XCTAssertEqual(decisions, [])
    let bad = recipients + [PushRecipient(ruleIndex: 2, target: .web, online: PlatformSet())]
    XCTAssertThrowsError(
      try CompiledOfflinePushRule.decide(
        kind: .message, at: 0, message: PushMessage(), rules: [rule, rule],
        preferences: preferences, recipients: bad, into: &decisions)
    ) { error in
      XCTAssertEqual(
        error as? FanOutError, .ruleIndexOutOfRange(recipient: 1, ruleIndex: 2, ruleCount: 2))
    }
    XCTAssertEqual(decisions, [])
  }
}

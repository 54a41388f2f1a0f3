import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// A batch of decisions at one instant answers exactly as one decision per recipient.
final class FanOutTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  static let platforms: [Platform] = [
    .win, .iPhoneOS, .android, .macOS, .web, .ohos, .unknown, Platform(rawValue: 63),
    Platform(rawValue: 64), Platform(rawValue: 500),
  ]

  /// A stored rule with random switches, platform lists (sometimes outside 0…63) and a DND
  /// rule of any mode (one-off and unknown rules saved near `around`), or none.
  func randomRule(
    _ generators: Generators, around: Int64, using rng: inout SplitMix64
  ) throws -> OfflinePushRule {
    func subset() -> [Platform] { Self.platforms.filter { _ in rng.next() % 3 == 0 } }
    var dnd: DoNotDisturbRule? = generators.rule(
      zoneID: generators.zoneID(using: &rng), using: &rng)
    switch rng.next() % 6 {
    case 0: dnd = nil
    case 1: dnd?.enabled = false
    default: break
    }
    let rule = OfflinePushRule(
      onlinePlatforms: subset(), notToReceiveOfflinePushPlatforms: subset(),
      offlinePushEnabled: rng.next() % 8 != 0, messageOfflinePushEnabled: rng.next() % 4 != 0,
      callOfflinePushEnabled: rng.next() % 4 != 0, doNotDisturbRule: dnd)
    return try rule.saved(at: around + Int64(rng.next() % 172_800) - 86_400, zones: zones)
  }

  /// Instants of a batch: near or exactly at a transition of one of the rules' zones, and
  /// one second either side, or anywhere.
  func instants(
    near zone: Zone, _ generators: Generators, using rng: inout SplitMix64
  ) throws -> [Int64] {
    let t = generators.instant(in: zone, using: &rng)
    guard let transition = try zone.nextTransition(after: t - 86_400)?.instant else { return [t] }
    return [transition - 1, transition, transition + 1, t]
  }

  func testBatchEqualsOneByOne() throws {
    let seed = SplitMix64.seed(default: 0xFA_0017)
    var rng = SplitMix64(seed: seed)
    let generators = Generators(zones: zones)
    var decisions: [PushDecision] = []
    var compared = 0
    for round in 0..<60 {
      let around = generators.instant(in: .utc, using: &rng)
      let stored = try (0..<150).map { _ in try randomRule(generators, around: around, using: &rng)
      }
      let compiled = try ContiguousArray(
        stored.map { try CompiledOfflinePushRule(rule: $0, zones: zones) })
      // A slice whose positions do not start at 0, every other round.
      let rules = round % 2 == 0 ? compiled[...] : compiled[7...]
      let count = 1 + Int(rng.next() % 400)
      let recipients = (0..<count).map { _ in
        PushRecipient(
          ruleIndex: rules.startIndex + Int(rng.next() % UInt64(rules.count)),
          target: Self.platforms.randomElement(using: &rng) ?? .web,
          online: PlatformSet(Self.platforms.filter { _ in rng.next() % 4 == 0 }))
      }
      let zone = compiled.randomElement(using: &rng)?.schedule.zone ?? .utc
      for instant in try instants(near: zone, generators, using: &rng) + [around] {
        for kind in PushKind.allCases {
          try CompiledOfflinePushRule.decide(
            kind: kind, at: instant, rules: rules, recipients: recipients, into: &decisions)
          XCTAssertEqual(decisions.count, recipients.count)
          for (recipient, batch) in zip(recipients, decisions) {
            let rule = rules[recipient.ruleIndex]
            let single = try rule.decide(
              kind: kind, target: recipient.target, online: recipient.online, at: instant)
            compared += 1
            if batch != single {
              XCTFail(
                "\(rule.schedule) \(kind) \(recipient.target) at \(instant): batch \(batch), "
                  + "one by one \(single) [seed \(seed)]")
              return
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(compared, 50_000)
  }

  func testBadIndexOrInstantIsATypedErrorAndEmptiesTheDecisions() throws {
    let rule = try CompiledOfflinePushRule(rule: OfflinePushRule(), zones: zones)
    let rules = [rule, rule, rule]
    var decisions: [PushDecision] = [.deliver]
    let recipients = (0..<100).map {
      PushRecipient(ruleIndex: $0 == 70 ? 3 : $0 % 3, target: .web, online: PlatformSet())
    }
    XCTAssertThrowsError(
      try CompiledOfflinePushRule.decide(
        kind: .message, at: 0, rules: rules, recipients: recipients, into: &decisions)
    ) { error in
      XCTAssertEqual(
        error as? FanOutError, .ruleIndexOutOfRange(recipient: 70, ruleIndex: 3, ruleCount: 3))
      XCTAssertEqual(
        "\(error)", "recipients[70].ruleIndex 3 is outside the rules (0..<3)")
    }
    XCTAssertEqual(decisions, [])
    let negative = [PushRecipient(ruleIndex: -1, target: .web, online: PlatformSet())]
    XCTAssertThrowsError(
      try CompiledOfflinePushRule.decide(
        kind: .call, at: 0, rules: rules, recipients: negative, into: &decisions))
    let tooLate = Zone.supportedInstants.upperBound + 1
    XCTAssertThrowsError(
      try CompiledOfflinePushRule.decide(
        kind: .call, at: tooLate, rules: rules, recipients: recipients.prefix(3),
        into: &decisions)
    ) { error in
      XCTAssertEqual(error as? FanOutError, .instantOutOfRange(tooLate))
    }
    try CompiledOfflinePushRule.decide(
      kind: .call, at: 0, rules: rules, recipients: [PushRecipient](), into: &decisions)
    XCTAssertEqual(decisions, [])
  }
}

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

  /// The platforms a rule lists (values 0…63, the range a rule holds).
  static let rulePlatforms: [Platform] = [
    .win, .iPhoneOS, .android, .macOS, .web, .ohos, .unknown, Platform(rawValue: 63),
  ]
  /// The platforms a recipient's device and online lists take: a rule's, and values outside
  /// 0…63 that no rule holds.
  static let platforms: [Platform] =
    rulePlatforms + [Platform(rawValue: 64), Platform(rawValue: 500)]

  /// A stored rule with random switches, platform lists and a DND rule of any mode (one-off
  /// and unknown rules saved near `around`), or none.
  func randomRule(
    _ generators: Generators, around: Int64, using rng: inout SplitMix64
  ) throws -> OfflinePushRule {
    func subset() -> [Platform] { Self.rulePlatforms.filter { _ in rng.next() % 3 == 0 } }
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

  /// One rule per zone and quarter of the day (00–06, 06–12, 12–18, 18–24 local) for every
  /// zone of the database, recipients in a random order with repeats, at instants inside the
  /// zones' tables and outside them (before the first table year, past 2500, the supported
  /// range's ends): the batch answers as one decision per recipient. A recipient answered
  /// with another zone's clock, or with a zone's empty slot taken for a tabulated span, gets
  /// the wrong quarter.
  func testEveryZoneInOneBatchEqualsOneByOne() throws {
    let seed = SplitMix64.seed(default: 0xFA_0018)
    var rng = SplitMix64(seed: seed)
    var rules = ContiguousArray<CompiledOfflinePushRule>()
    for id in zones.identifiers() {
      for start in stride(from: 0, to: 24, by: 6) {
        rules.append(
          try CompiledOfflinePushRule(
            rule: OfflinePushRule(
              doNotDisturbRule: DoNotDisturbRule(
                enabled: true, startHour: start, endHour: (start + 6) % 24, repeatMode: .daily,
                timeZoneID: id)),
            zones: zones))
      }
    }
    var recipients = (0..<(2 * rules.count)).map {
      PushRecipient(ruleIndex: $0 % rules.count, target: .android, online: PlatformSet())
    }
    recipients.shuffle(using: &rng)
    let bounds = Zone.supportedInstants
    let instants: [Int64] = [
      1_772_982_000, 2_587_000_000, 16_000_000_000, 253_000_000_000, -2_208_988_800,
      -62_000_000_000, bounds.lowerBound + 86_400 * 4, bounds.upperBound - 86_400 * 4,
    ]
    var decisions: [PushDecision] = []
    for instant in instants {
      try CompiledOfflinePushRule.decide(
        kind: .message, at: instant, rules: rules, recipients: recipients, into: &decisions)
      var wrong = 0
      for (recipient, batch) in zip(recipients, decisions) {
        let single = try rules[recipient.ruleIndex].decide(
          kind: .message, target: recipient.target, online: recipient.online, at: instant)
        if batch != single {
          wrong += 1
          if wrong <= 3 {
            XCTFail(
              "\(rules[recipient.ruleIndex].schedule) at \(instant): batch \(batch), one by "
                + "one \(single) [seed \(seed)]")
          }
        }
      }
      XCTAssertEqual(wrong, 0, "at \(instant)")
    }
  }

  /// One zone's rules many times over at instants its tables do not describe (years before
  /// 1800 and after 2500), next to a tabulated zone: every repeat, which reads the zone's
  /// slot, answers as the first, which looked it up.
  func testUntabulatedInstantsAnswerTheSameOnEveryRepeat() throws {
    var rules = ContiguousArray<CompiledOfflinePushRule>()
    for id in ["America/New_York", "Asia/Kolkata", "UTC", "Australia/Lord_Howe"] {
      for start in stride(from: 0, to: 24, by: 3) {
        rules.append(
          try CompiledOfflinePushRule(
            rule: OfflinePushRule(
              doNotDisturbRule: DoNotDisturbRule(
                enabled: true, startHour: start, endHour: (start + 3) % 24, repeatMode: .daily,
                timeZoneID: id)),
            zones: zones))
      }
    }
    let recipients = (0..<(rules.count * 5)).map {
      PushRecipient(ruleIndex: ($0 * 7) % rules.count, target: .web, online: PlatformSet())
    }
    var decisions: [PushDecision] = []
    var suppressed = 0
    for instant: Int64 in [-5_000_000_000, -3_000_000_000, 20_000_000_000, 200_000_000_000] {
      for offset: Int64 in stride(from: 0, to: 86_400, by: 5_400) {
        try CompiledOfflinePushRule.decide(
          kind: .call, at: instant + offset, rules: rules, recipients: recipients,
          into: &decisions)
        for (recipient, batch) in zip(recipients, decisions) {
          let single = try rules[recipient.ruleIndex].decide(
            kind: .call, target: recipient.target, online: recipient.online, at: instant + offset)
          XCTAssertEqual(
            batch, single, "\(rules[recipient.ruleIndex].schedule) at \(instant + offset)")
          if !single.delivers { suppressed += 1 }
        }
      }
    }
    // Each instant falls in one three-hour window of each zone: an eighth of the answers.
    XCTAssertEqual(suppressed, 4 * 16 * recipients.count / 8)
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

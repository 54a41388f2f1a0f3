import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// The decision: every reason, their order, and properties over random rules.
final class PushDecisionTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  /// 22:00–08:00 daily in Shanghai; 2026-03-08T15:00:00Z is 23:00 there (in DND), and
  /// 2026-03-08T04:00:00Z is 12:00 (not in DND). The block ends 2026-03-09T00:00:00Z.
  let inDND: Int64 = 1_772_982_000
  let outOfDND: Int64 = 1_772_942_400
  let blockEnd: Int64 = 1_773_014_400

  func rule(
    master: Bool = true, message: Bool = true, call: Bool = true, silenceIPhone: Bool = false,
    dnd: Bool = true
  ) -> OfflinePushRule {
    OfflinePushRule(
      onlinePlatforms: silenceIPhone ? [.win, .macOS] : [],
      notToReceiveOfflinePushPlatforms: silenceIPhone ? [.iPhoneOS, .android] : [],
      offlinePushEnabled: master, messageOfflinePushEnabled: message, callOfflinePushEnabled: call,
      doNotDisturbRule: DoNotDisturbRule(
        enabled: dnd, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: "Asia/Shanghai"))
  }

  func decide(_ rule: OfflinePushRule, _ kind: PushKind, online: [Platform] = [.win], at t: Int64)
    throws -> PushDecision
  {
    try CompiledOfflinePushRule(rule: rule, zones: zones).decide(
      kind: kind, target: .iPhoneOS, online: PlatformSet(online), at: t)
  }

  func testEveryReasonAndItsOrder() throws {
    let cases: [(OfflinePushRule, PushKind, [Platform], Int64, PushDecision)] = [
      (rule(), .message, [.win], outOfDND, .deliver),
      (rule(), .call, [], outOfDND, .deliver),
      (rule(dnd: false), .message, [.win], inDND, .deliver),
      (rule(master: false), .message, [], outOfDND, .suppress(.offlinePushDisabled, until: nil)),
      (rule(master: false), .call, [], outOfDND, .suppress(.offlinePushDisabled, until: nil)),
      (rule(message: false), .message, [], outOfDND, .suppress(.messagePushDisabled, until: nil)),
      (rule(message: false), .call, [], outOfDND, .deliver),
      (rule(call: false), .call, [], outOfDND, .suppress(.callPushDisabled, until: nil)),
      (rule(call: false), .message, [], outOfDND, .deliver),
      (rule(silenceIPhone: true), .message, [.win], outOfDND, .suppress(.platformRule, until: nil)),
      (rule(silenceIPhone: true), .message, [.web], outOfDND, .deliver),
      (rule(silenceIPhone: true), .message, [], outOfDND, .deliver),
      (rule(), .message, [.win], inDND, .suppress(.doNotDisturb, until: blockEnd)),
      (rule(), .call, [.win], inDND, .suppress(.doNotDisturb, until: blockEnd)),
      // Earliest reason wins: a call to a muted platform during DND with calls off.
      (
        rule(master: false, call: false, silenceIPhone: true), .call, [.win], inDND,
        .suppress(.offlinePushDisabled, until: nil)
      ),
      (
        rule(call: false, silenceIPhone: true), .call, [.win], inDND,
        .suppress(.callPushDisabled, until: nil)
      ),
      (rule(silenceIPhone: true), .call, [.win], inDND, .suppress(.platformRule, until: nil)),
      (rule(silenceIPhone: true), .call, [.web], inDND, .suppress(.doNotDisturb, until: blockEnd)),
    ]
    for (index, (rule, kind, online, t, expected)) in cases.enumerated() {
      XCTAssertEqual(try decide(rule, kind, online: online, at: t), expected, "case \(index)")
    }
  }

  func testExplanation() throws {
    let compiled = try CompiledOfflinePushRule(rule: rule(), zones: zones)
    let explanation = try compiled.explain(
      kind: .message, target: .iPhoneOS, online: PlatformSet(), at: inDND)
    XCTAssertEqual(
      explanation.description,
      "suppressed: do-not-disturb 22:00–08:00 daily in Asia/Shanghai until 2026-03-09 08:00 +08:00")
    XCTAssertEqual(
      explanation.decision,
      try compiled.decide(kind: .message, target: .iPhoneOS, online: PlatformSet(), at: inDND))
    let delivered = try compiled.explain(
      kind: .call, target: .android, online: PlatformSet(), at: inDND - 12 * 3600)
    XCTAssertEqual(delivered.decision, .deliver)
    XCTAssertEqual(
      delivered.description,
      "deliver: call push to Android allowed (switches on, no platform rule, not in "
        + "do-not-disturb)")
  }

  /// Unnamed values in 0…63 work as the named ones; a target or online value outside 0…63
  /// matches no rule's list.
  func testUnknownPlatformValuesWork() throws {
    let rule = OfflinePushRule(
      onlinePlatforms: [Platform(rawValue: 47)],
      notToReceiveOfflinePushPlatforms: [Platform(rawValue: 63)])
    let compiled = try CompiledOfflinePushRule(rule: rule, zones: zones)
    let online = PlatformSet([Platform(rawValue: 47)])
    XCTAssertEqual(
      try compiled.decide(kind: .message, target: Platform(rawValue: 63), online: online, at: 0),
      .suppress(.platformRule, until: nil))
    XCTAssertEqual(
      try compiled.decide(kind: .message, target: .web, online: online, at: 0), .deliver)
    XCTAssertEqual(
      try compiled.decide(
        kind: .message, target: Platform(rawValue: 63), online: PlatformSet(), at: 0),
      .deliver)
    XCTAssertEqual(
      try compiled.decide(
        kind: .message, target: Platform(rawValue: 63 + 64),
        online: PlatformSet([Platform(rawValue: 47)]), at: 0),
      .deliver)
    XCTAssertEqual(
      try compiled.decide(
        kind: .message, target: Platform(rawValue: 63),
        online: PlatformSet([Platform(rawValue: 47 + 64), Platform(rawValue: -17)]), at: 0),
      .deliver)
  }

  /// With all switches on and no platform rule, the decision is the schedule's answer; turning
  /// a switch off never turns a suppression into a delivery.
  func testDecisionProperties() throws {
    let seed = SplitMix64.seed(default: 0xFACADE)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let generators = Generators(zones: zones)
    let platforms: [Platform] = [
      .win, .iPhoneOS, .android, .macOS, .web, .ohos, Platform(rawValue: 60),
    ]
    for _ in 0..<2_000 {
      let id = generators.zoneID(using: &rng)
      let dnd = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      var rule = OfflinePushRule(doNotDisturbRule: dnd)
      let compiled = try CompiledOfflinePushRule(rule: rule, zones: zones)
      let t = generators.instant(in: compiled.schedule.zone, using: &rng)
      let kind: PushKind = Bool.random(using: &rng) ? .message : .call
      let target = platforms.randomElement(using: &rng) ?? .web
      let online = PlatformSet(platforms.filter { _ in Bool.random(using: &rng) })
      let context = "\(id) \(compiled.schedule) at \(t) [seed \(seed)]"
      let decision = try budget.check(context) {
        try compiled.decide(kind: kind, target: target, online: online, at: t)
      }
      try budget.check(context) {
        if try compiled.schedule.contains(t) {
          XCTAssertEqual(decision.reason, .doNotDisturb, context)
          let end = try compiled.schedule.blockContaining(t)?.end
          XCTAssertEqual(decision.until, end == .max ? nil : end, context)
          XCTAssertEqual(decision.until, try compiled.schedule.nextChange(after: t), context)
        } else {
          XCTAssertEqual(decision, .deliver, context)
        }
      }
      // Random switches and platform rules: never more deliveries than with everything on.
      rule.offlinePushEnabled = Bool.random(using: &rng)
      rule.messageOfflinePushEnabled = Bool.random(using: &rng)
      rule.callOfflinePushEnabled = Bool.random(using: &rng)
      rule.onlinePlatforms = platforms.filter { _ in Bool.random(using: &rng) }
      rule.notToReceiveOfflinePushPlatforms = platforms.filter { _ in Bool.random(using: &rng) }
      let restricted = try CompiledOfflinePushRule(rule: rule, zones: zones)
        .decide(kind: kind, target: target, online: online, at: t)
      if !decision.delivers { XCTAssertFalse(restricted.delivers, context) }
      // And the reason is the first that applies.
      let expectedReason: SuppressionReason? =
        !rule.offlinePushEnabled
        ? .offlinePushDisabled
        : (kind == .message && !rule.messageOfflinePushEnabled)
          ? .messagePushDisabled
          : (kind == .call && !rule.callOfflinePushEnabled)
            ? .callPushDisabled
            : (rule.notToReceiveOfflinePushPlatforms.contains(target)
              && rule.onlinePlatforms.contains(where: { online.contains($0) }))
              ? .platformRule
              : decision.reason
      XCTAssertEqual(restricted.reason, expectedReason, context)
    }
  }
}

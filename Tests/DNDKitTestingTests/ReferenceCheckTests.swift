import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// The property check of the DNDKitTesting product: DNDKit itself passes it, a function with
/// a DST bug fails it with a shrunk counterexample, and the same seed finds the same one.
final class ReferenceCheckTests: XCTestCase {
  /// The engine agrees with the reference schedule and the reference push decision.
  func testDNDKitAgreesWithTheReference() throws {
    let zones = try TestPaths.pinnedZones()
    let seed = SplitMix64.seed(default: 0xD0_C4E0)
    let check = ReferenceCheck(zones: zones, seed: seed, cases: 400)
    assertAgreesWithReference(check) { rule, instant in
      try DoNotDisturbSchedule(rule: rule, zones: zones).contains(instant)
    }
    assertAgreesWithReference(check) { (rule: OfflinePushRule, query: PushQuery) in
      try CompiledOfflinePushRule(rule: rule, zones: zones).decide(
        kind: query.kind, target: query.target, online: PlatformSet(query.online),
        at: query.instant
      ).delivers
    }
    let decisions = try check.firstCounterexample(decides: { rule, query in
      try CompiledOfflinePushRule(rule: rule, zones: zones).decide(
        kind: query.kind, target: query.target, online: PlatformSet(query.online),
        at: query.instant)
    })
    XCTAssertNil(decisions, "\(decisions.map(String.init(describing:)) ?? "")")
  }

  /// Wall-clock arithmetic at the instant's own offset (the usual hand-written quiet-hours
  /// check) is wrong only near clock changes; the counterexample names one, shrunk to a daily
  /// rule, within an hour of the transition.
  func testANaiveWallClockCheckFailsWithAShrunkCounterexample() throws {
    let zones = try TestPaths.pinnedZones()
    let check = ReferenceCheck(
      zones: zones, seed: 0x5EED, cases: 2_000, zoneIDs: ["America/New_York", "Europe/Berlin"],
      modes: [.daily, .custom])
    let failure = try XCTUnwrap(try check.firstCounterexample(Self.naiveIsQuiet(zones)))
    let rule = try XCTUnwrap(failure.shrunk.rule.doNotDisturbRule)
    XCTAssertEqual(rule.repeatMode, .daily, "\(failure)")
    let transition = try XCTUnwrap(failure.nearestTransition, "\(failure)")
    XCTAssertLessThanOrEqual(abs(failure.shrunk.query.instant - transition.instant), 3_600)
    XCTAssertNotEqual(
      try Self.naiveIsQuiet(zones)(rule, failure.shrunk.query.instant), failure.expected)
    let text = failure.description
    XCTAssertTrue(text.contains("seed 0x5EED"), text)
    XCTAssertTrue(text.contains("  transition  "), text)
    XCTAssertTrue(text.contains("(reference)"), text)
    // The same seed finds the same counterexample.
    XCTAssertEqual(try check.firstCounterexample(Self.naiveIsQuiet(zones))?.description, text)
    print(text)
  }

  /// A push decision that forgets the platform rule is caught, with the platforms shown.
  func testAPushDecisionWithoutThePlatformRuleFails() throws {
    let zones = try TestPaths.pinnedZones()
    let check = ReferenceCheck(zones: zones, seed: 0xF00D, cases: 2_000)
    let failure = try XCTUnwrap(
      try check.firstCounterexample(delivers: { rule, query in
        var forgetful = rule
        forgetful.notToReceiveOfflinePushPlatforms = []
        return try CompiledOfflinePushRule(rule: forgetful, zones: zones).decide(
          kind: query.kind, target: query.target, online: PlatformSet(query.online),
          at: query.instant
        ).delivers
      }))
    XCTAssertFalse(failure.expected)
    XCTAssertEqual(failure.expectedAnswer, "suppress", failure.description)
    // Shrunk: no do-not-disturb rule left, since the platform rule alone decides.
    XCTAssertNil(failure.shrunk.rule.doNotDisturbRule, failure.description)
  }

  /// One of the suite's planted bugs, "the platform rule before the switches", as a caller's
  /// function: whether the push goes out is unchanged, the reason is not; the whole-decision
  /// check catches it and shows both reasons.
  func testThePlatformRuleBeforeTheSwitchesIsCaught() throws {
    let zones = try TestPaths.pinnedZones()
    let check = ReferenceCheck(zones: zones, seed: 0xBAD, cases: 2_000)
    let failure = try XCTUnwrap(
      try check.firstCounterexample(decides: { rule, query in
        if rule.notToReceiveOfflinePushPlatforms.contains(query.target)
          && query.online.contains(where: rule.onlinePlatforms.contains)
        {
          return .suppress(.platformRule, until: nil)
        }
        return try CompiledOfflinePushRule(rule: rule, zones: zones).decide(
          kind: query.kind, target: query.target, online: PlatformSet(query.online),
          at: query.instant)
      }))
    XCTAssertEqual(failure.actualAnswer, "suppress (platformRule)", failure.description)
    XCTAssertTrue(failure.expectedAnswer.hasSuffix("PushDisabled)"), failure.description)
    print(failure)
  }

  /// The zone traits come from the zones' own transitions.
  func testZoneTraits() throws {
    let generators = Generators(zones: try TestPaths.pinnedZones())
    let expectations: [(ZoneTrait, [String], [String])] = [
      (.quarterHourOffsets, ["Asia/Kathmandu", "Pacific/Chatham"], ["Asia/Kolkata", "UTC"]),
      // Kathmandu was +05:30 until 1986.
      (.halfHourOffsets, ["Asia/Kolkata", "America/St_Johns", "Asia/Kathmandu"], ["Asia/Tokyo"]),
      (.gaps, ["America/New_York", "Australia/Lord_Howe"], ["UTC", "Asia/Kolkata"]),
      (.folds, ["Europe/Berlin", "Australia/Lord_Howe"], ["UTC"]),
      (.daylightSaving, ["Europe/Dublin", "America/Santiago"], ["Asia/Tokyo", "UTC"]),
      (.skippedDates, ["Pacific/Apia"], ["America/New_York", "Australia/Lord_Howe"]),
    ]
    for (trait, included, excluded) in expectations {
      let ids = Set(generators.zoneIDs(with: trait))
      for id in included { XCTAssertTrue(ids.contains(id), "\(trait) should include \(id)") }
      for id in excluded { XCTAssertFalse(ids.contains(id), "\(trait) should exclude \(id)") }
    }
    XCTAssertEqual(generators.zoneIDs(with: .any).count, generators.allIDs.count)
  }

  /// The seed is read at the test's edge: `DNDKIT_SEED` (decimal or 0x hex) replays, CI
  /// never draws a random one.
  func testSeedFromTheEnvironment() {
    XCTAssertEqual(SplitMix64.seed(default: 7, environment: ["DNDKIT_SEED": "0x2A"]), 42)
    XCTAssertEqual(SplitMix64.seed(default: 7, environment: ["DNDKIT_SEED": "42"]), 42)
    XCTAssertEqual(SplitMix64.seed(default: 7, environment: [:]), 7)
    XCTAssertEqual(
      SplitMix64.seed(default: 7, environment: ["DNDKIT_RANDOM_SEED": "1", "CI": "true"]), 7)
  }

  /// Quiet hours by hand: the wall clock at the instant's own offset, the window by minutes
  /// of the day, a custom day read on the local date. Wrong in gaps and folds.
  static func naiveIsQuiet(_ zones: ZoneDatabase) -> (DoNotDisturbRule, Int64) throws -> Bool {
    { rule, t in
      guard rule.enabled else { return false }
      let zone = try zones.zone(rule.timeZoneID.isEmpty ? "UTC" : rule.timeZoneID)
      let local = t + Int64(try zone.offset(at: t))
      let minute = Int((local % 86_400 + 86_400) % 86_400 / 60)
      let day = (local - Int64(minute) * 60) / 86_400
      let start = rule.startHour * 60 + rule.startMinute
      let end = rule.endHour * 60 + rule.endMinute
      func owns(_ day: Int64) -> Bool {
        rule.repeatMode != .custom || rule.customRepeatDays >> Int(((day % 7) + 10) % 7) & 1 == 1
      }
      if start < end { return owns(day) && minute >= start && minute < end }
      return (owns(day) && minute >= start) || (owns(day - 1) && minute < end)
    }
  }
}

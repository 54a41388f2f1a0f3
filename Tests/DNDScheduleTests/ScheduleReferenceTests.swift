import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// The engine against the slow reference over seeded random rules × zones × instants, half of
/// the instants near transitions.
final class ScheduleReferenceTests: XCTestCase {
  /// Asserts that the engine and the reference agree on the state at an instant and on the
  /// next change after it.
  func assertAgrees(
    _ schedule: DoNotDisturbSchedule, _ reference: ReferenceSchedule, at t: Int64,
    _ context: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertEqual(
      try schedule.contains(t), try reference.contains(t), context, file: file, line: line)
    XCTAssertEqual(
      try schedule.nextChange(after: t), try reference.nextChange(after: t), context, file: file,
      line: line)
  }

  func testRepeatingRulesMatchReference() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0001)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    var inside = 0
    var nearTransition = 0
    for _ in 0..<1_500 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let reference = ReferenceSchedule(rule: rule, zone: schedule.zone)
      for _ in 0..<4 {
        let t = generators.instant(in: schedule.zone, using: &rng)
        let context = "\(id) \(schedule) at \(t) [seed \(seed)]"
        try budget.check(context) { try assertAgrees(schedule, reference, at: t, context) }
        if try reference.contains(t) { inside += 1 }
        if let next = try schedule.zone.nextTransition(after: t - 86_400),
          next.instant <= t + 86_400
        {
          nearTransition += 1
        }
      }
    }
    // The generators' promise, which the comparison is only as good as: both states, and
    // many instants within a day of a transition, out of 6,000.
    XCTAssertGreaterThan(inside, 1_000, "[seed \(seed)]")
    XCTAssertGreaterThan(6_000 - inside, 1_000, "[seed \(seed)]")
    XCTAssertGreaterThan(nearTransition, 1_000, "[seed \(seed)]")
  }

  /// A long-running server asks about "now", again and again, through DST changes. The
  /// compiled value holds no cached period or offset that could go stale (Go's long-running
  /// server bug); this walks each notable zone's 2025–2027 transitions in clock order, with
  /// windows that end, start or lie inside the changed hour, and checks every answer.
  func testAnswersStayFreshThroughTransitions() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let windows = [(1, 0, 3, 0), (2, 30, 4, 0), (22, 0, 8, 0), (0, 0, 2, 30), (3, 0, 1, 0)]
    var checked = 0
    for id in Generators.notableZones {
      let zone = try zones.zone(id)
      for transition in try zone.transitions(in: 1_735_689_600..<1_830_297_600) {
        for (startHour, startMinute, endHour, endMinute) in windows {
          let rule = DoNotDisturbRule(
            enabled: true, startHour: startHour, startMinute: startMinute, endHour: endHour,
            endMinute: endMinute, repeatMode: .daily, timeZoneID: id)
          let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
          let reference = ReferenceSchedule(rule: rule, zone: zone)
          // Every five minutes for three hours either side (the windows' ends and the
          // transitions fall on these), and the seconds either side of the transition.
          let walk = stride(
            from: transition.instant - 3 * 3_600, through: transition.instant + 3 * 3_600,
            by: 300)
          for t in Array(walk) + [transition.instant - 1, transition.instant + 1] {
            let context = "\(id) \(schedule) at \(t)"
            try assertAgrees(schedule, reference, at: t, context)
            checked += 1
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 10_000)
  }

  func testOneOffRulesMatchReference() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0002)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<1_500 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.once, .unknown], using: &rng)
      let zone = try zones.zone(id)
      let savedAt = generators.instant(in: zone, using: &rng)
      let saved = try rule.saved(at: savedAt, zones: zones)
      let schedule = try DoNotDisturbSchedule(rule: saved, zones: zones)
      let reference = try ReferenceSchedule(oneOff: rule, zone: zone, savedAt: savedAt)
      XCTAssertEqual(saved.onceEndTimestamp, reference.oneOffPeriod?.end, "[seed \(seed)]")
      // Query from the save instant on: before it the rule did not exist.
      for offset: Int64 in [
        0, 1, 3_600, 30_000, 86_400, Int64.random(in: 0...200_000, using: &rng),
      ] {
        let t = savedAt + offset
        let context = "\(id) \(schedule) saved \(savedAt) at \(t) [seed \(seed)]"
        try budget.check(context) { try assertAgrees(schedule, reference, at: t, context) }
      }
    }
  }
}

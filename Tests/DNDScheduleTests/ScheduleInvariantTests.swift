import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// Invariants that hold for every rule, zone and instant.
final class ScheduleInvariantTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var generators: Generators!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    generators = Generators(zones: zones)
  }

  /// The state flips at nextChange and nowhere between (probed at seeded points).
  func testStateFlipsAtNextChangeOnly() throws {
    let seed = SplitMix64.seed(default: 0xF11B)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    for _ in 0..<2_000 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let t = generators.instant(in: schedule.zone, using: &rng)
      let state = try schedule.contains(t)
      let asked = try budget.check("\(id) \(schedule) at \(t)") {
        try schedule.nextChange(after: t)
      }
      guard let next = asked else {
        XCTAssertTrue(rule.startHour == rule.endHour && rule.startMinute == rule.endMinute)
        continue
      }
      let context = "\(id) \(schedule) at \(t) [seed \(seed)]"
      XCTAssertGreaterThan(next, t, context)
      XCTAssertNotEqual(try schedule.contains(next), state, context)
      XCTAssertEqual(try schedule.contains(next - 1), state, context)
      // Probes only after a change that advanced (one that did not has failed above).
      for _ in 0..<5 where next > t {
        let probe = Int64.random(in: t...(next - 1), using: &rng)
        XCTAssertEqual(try schedule.contains(probe), state, "\(context) probe \(probe)")
      }
    }
  }

  /// The daily schedule saving builds from a rule's window alone is the one the general
  /// initializer compiles from the rule made an enabled daily rule, for every mode, switch
  /// and window (the all-day and empty windows among them).
  func testDailyWindowEqualsTheGeneralCompile() throws {
    let seed = SplitMix64.seed(default: 0xDA11)
    var rng = SplitMix64(seed: seed)
    for index in 0..<5_000 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.rule(zoneID: id, using: &rng)
      rule.enabled = index % 3 != 0
      if index % 7 == 0 { (rule.endHour, rule.endMinute) = (rule.startHour, rule.startMinute) }
      let zone = try zones.zone(id)
      var daily = rule
      daily.enabled = true
      daily.repeatMode = .daily
      daily.onceEndTimestamp = 0
      XCTAssertEqual(
        DoNotDisturbSchedule.dailyWindow(of: rule, zone: zone),
        try DoNotDisturbSchedule(rule: daily, zone: zone), "\(rule) [seed \(seed)]")
    }
  }

  /// The window constants compiled into a rule place wall-clock readings as plain floor
  /// division does, with the owning weekday decided by the reference schedule (its own
  /// day-number arithmetic, not the engine's), over the whole supported range and at the
  /// edges of periods.
  func testCompiledWindowMatchesPlainArithmetic() throws {
    let seed = SplitMix64.seed(default: 0x3171D0)
    var rng = SplitMix64(seed: seed)
    // Local readings of years -9999 and 9999, with a day of margin for offsets.
    let walls: ClosedRange<Int64> = -377_705_030_400...253_402_214_400
    var inside = 0
    for _ in 0..<2_000 {
      let rule = generators.rule(zoneID: "UTC", modes: [.daily, .custom], using: &rng)
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let reference = ReferenceSchedule(rule: rule, zone: schedule.zone)
      let start = Int64(rule.startHour * 3_600 + rule.startMinute * 60)
      let end = Int64(rule.endHour * 3_600 + rule.endMinute * 60)
      let length = end > start ? end - start : end - start + 86_400
      let day = floorDivide(Int64.random(in: walls, using: &rng), 86_400)
      var probes = [Int64.random(in: walls, using: &rng)]
      for edge in [day * 86_400 + start, day * 86_400 + end] {
        probes += [edge - 1, edge, edge + 1]
      }
      for wall in probes {
        let owner = floorDivide(wall - start, 86_400)
        let into = wall - start - owner * 86_400
        let expected = (reference.ownsPeriod(startingOn: owner) && into < length, owner, into)
        let compiled = try XCTUnwrap(schedule.compiledWindowPosition(wall: wall))
        XCTAssertTrue(
          compiled == expected,
          "\(schedule) at local \(wall): compiled \(compiled), expected \(expected) [seed \(seed)]")
        if expected.0 { inside += 1 }
      }
    }
    XCTAssertGreaterThan(inside, 1_000, "probes inside a period")
  }

  /// Daily equals custom with all seven bits.
  func testDailyEqualsCustomWithAllDays() throws {
    let seed = SplitMix64.seed(default: 0xDA11)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    for _ in 0..<1_000 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.rule(zoneID: id, modes: [.daily], using: &rng)
      let daily = try DoNotDisturbSchedule(rule: rule, zones: zones)
      rule.repeatMode = .custom
      rule.customRepeatDays = 127
      let custom = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let t = generators.instant(in: daily.zone, using: &rng)
      try budget.check("\(id) \(daily) at \(t)") {
        XCTAssertEqual(try daily.contains(t), try custom.contains(t), "\(id) \(t) [seed \(seed)]")
        XCTAssertEqual(try daily.nextChange(after: t), try custom.nextChange(after: t))
      }
    }
  }

  /// Shifting the instant by a whole week with no transition in between keeps the answer.
  func testWeekShiftWithoutTransitionKeepsAnswer() throws {
    let seed = SplitMix64.seed(default: 0x7EEC)
    var rng = SplitMix64(seed: seed)
    let week: Int64 = 7 * 86_400
    var compared = 0
    for _ in 0..<2_000 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let t = Int64.random(in: 0...4_000_000_000, using: &rng)
      guard try schedule.zone.transitions(in: (t - 2 * 86_400)..<(t + week + 2 * 86_400)).isEmpty
      else { continue }
      compared += 1
      XCTAssertEqual(
        try schedule.contains(t), try schedule.contains(t + week), "\(id) \(t) [seed \(seed)]")
    }
    XCTAssertGreaterThan(compared, 500)
  }

  /// Periods never overlap, are ordered, and each ends at or after it starts; every instant
  /// inside one is in do-not-disturb.
  func testPeriodsAreOrderedAndDisjoint() throws {
    let seed = SplitMix64.seed(default: 0x9E71)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    for _ in 0..<500 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let t = generators.instant(in: schedule.zone, using: &rng)
      try budget.check("\(id) \(schedule) at \(t)") {
        let periods = try schedule.periods(overlapping: t..<(t + 14 * 86_400))
        for (a, b) in zip(periods, periods.dropFirst()) {
          XCTAssertLessThanOrEqual(a.end, b.start, "\(id) \(t) [seed \(seed)]")
        }
        for period in periods {
          XCTAssertLessThan(period.start, period.end)
          XCTAssertTrue(try schedule.contains(period.start), "\(id) \(period) [seed \(seed)]")
          XCTAssertTrue(try schedule.contains(period.end - 1), "\(id) \(period) [seed \(seed)]")
        }
        if let period = try schedule.period(containingOrAfter: t) {
          XCTAssertGreaterThan(period.end, t)
          XCTAssertTrue(periods.contains(period) || period.start >= t + 14 * 86_400)
        }
      }
    }
  }

  /// Disabled rules are never in DND and never change.
  func testDisabledRule() throws {
    var rule = DoNotDisturbRule(
      enabled: false, startHour: 0, endHour: 0, repeatMode: .daily, timeZoneID: "Europe/Berlin")
    var schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
    XCTAssertFalse(try schedule.contains(1_700_000_000))
    XCTAssertNil(try schedule.nextChange(after: 1_700_000_000))
    rule.enabled = true
    schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
    XCTAssertTrue(try schedule.contains(1_700_000_000))
    XCTAssertNil(try schedule.nextChange(after: 1_700_000_000))
    XCTAssertEqual(
      try schedule.blockContaining(1_700_000_000), DoNotDisturbPeriod(start: .min, end: .max))
  }

  func testExtremeInstantsThrow() throws {
    let schedule = try DoNotDisturbSchedule(
      rule: DoNotDisturbRule(
        enabled: true, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: "Asia/Tokyo"),
      zones: zones)
    for t in [Int64.min, Int64.max, Zone.supportedInstants.upperBound + 1] {
      XCTAssertThrowsError(try schedule.contains(t))
      XCTAssertThrowsError(try schedule.nextChange(after: t))
      XCTAssertThrowsError(try schedule.period(containingOrAfter: t))
    }
    for t in [Zone.supportedInstants.lowerBound, Zone.supportedInstants.upperBound] {
      XCTAssertNoThrow(try schedule.contains(t))
      XCTAssertNoThrow(try schedule.nextChange(after: t))
    }
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// The answers of ``CompiledSchedule`` agree with each other, for both kinds of schedule, over
/// seeded random rules × zones × instants (half near transitions): `contains` against
/// `blockContaining`, `nextChange`, `period(containingOrAfter:)` and `periods(overlapping:)`.
final class CompiledScheduleInvariantTests: XCTestCase {
  /// Checks the invariants the protocol documents at an instant.
  func assertInvariants(
    _ schedule: any CompiledSchedule, at t: Int64, _ context: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let supported = Zone.supportedInstants
    let inside = try schedule.contains(t)
    let block = try schedule.blockContaining(t)
    XCTAssertEqual(
      block != nil, inside, "contains vs blockContaining \(context)", file: file, line: line)
    let next = try schedule.nextChange(after: t)
    if let next { XCTAssertGreaterThan(next, t, context, file: file, line: line) }
    if let block {
      XCTAssertTrue(block.contains(t), "\(block) \(context)", file: file, line: line)
      XCTAssertEqual(
        next, block.end == .max ? nil : block.end, "block end \(context)", file: file, line: line)
      if block.start != .min && supported.contains(block.start - 1) {
        XCTAssertTrue(
          try schedule.contains(block.start), "\(block) \(context)", file: file, line: line)
        XCTAssertFalse(
          try schedule.contains(block.start - 1), "\(block) \(context)", file: file, line: line)
      }
      if block.end != .max && supported.contains(block.end) {
        XCTAssertTrue(
          try schedule.contains(block.end - 1), "\(block) \(context)", file: file, line: line)
        XCTAssertFalse(
          try schedule.contains(block.end), "\(block) \(context)", file: file, line: line)
      }
    }
    // The periods of the one-second range [t, t + 1): one contains t exactly when t is inside,
    // and every one lies within the block.
    let periods = try schedule.periods(overlapping: t..<(t + 1))
    XCTAssertEqual(
      periods.contains { $0.contains(t) }, inside, "periods \(periods) \(context)", file: file,
      line: line)
    for (index, period) in periods.enumerated() {
      XCTAssertLessThan(
        period.start, period.end, "empty \(period) \(context)", file: file, line: line)
      if index > 0 {
        XCTAssertLessThanOrEqual(
          periods[index - 1].start, period.start, context, file: file, line: line)
      }
      if let block {
        XCTAssertTrue(
          block.start <= period.start && period.end <= block.end,
          "\(period) outside \(block) \(context)",
          file: file, line: line)
      }
    }
    let period = try schedule.period(containingOrAfter: t)
    if inside {
      XCTAssertTrue(
        period?.contains(t) ?? false, "\(String(describing: period)) \(context)", file: file,
        line: line)
    } else {
      XCTAssertEqual(
        period?.start, next, "the next period starts at the next change \(context)", file: file,
        line: line)
    }
    // Over a day: ordered, non-empty, overlapping, and one of them at t when inside.
    let day = t..<min(t + 86_400, supported.upperBound)
    let dayPeriods = try schedule.periods(overlapping: day)
    XCTAssertEqual(
      dayPeriods.contains { $0.contains(t) }, inside, "day periods \(context)", file: file,
      line: line)
    for (index, period) in dayPeriods.enumerated() {
      XCTAssertTrue(
        period.start < day.upperBound && period.end > day.lowerBound, context, file: file,
        line: line)
      if index > 0 {
        XCTAssertLessThanOrEqual(
          dayPeriods[index - 1].start, period.start, context, file: file, line: line)
      }
    }
  }

  func testDoNotDisturbScheduleAnswersAgree() throws {
    let seed = SplitMix64.seed(default: 0xC0_5C4E_D01E)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for index in 0..<1_500 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.rule(zoneID: id, using: &rng)
      rule.enabled = index % 10 != 0
      let zone = try zones.zone(id)
      let t = generators.instant(in: zone, using: &rng)
      let saveAt = t + Int64.random(in: -2 * 86_400...86_400, using: &rng)
      let schedule = try rule.savedAndCompiled(at: saveAt, zones: zones).compiled
      let context = "\(id) \(schedule) at \(t) [seed \(seed)]"
      try budget.check(context) { try assertInvariants(schedule, at: t, context) }
    }
  }

  func testWeeklyScheduleAnswersAgree() throws {
    let seed = SplitMix64.seed(default: 0xC0_5C4E_D01F)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for index in 0..<1_500 {
      let drawn = try WeeklyCase(index: index, generators: generators, using: &rng)
      let context = "\(drawn.id) \(drawn.schedule) at \(drawn.instant) [seed \(seed)]"
      try budget.check(context) { try assertInvariants(drawn.schedule, at: drawn.instant, context) }
    }
  }
}

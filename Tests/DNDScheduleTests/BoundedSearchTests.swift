import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// The schedule searches end: over seeded DND and weekly schedules, a walk along `nextChange`
/// advances and flips at every step, and the periods over the walked stretch are whole and in
/// order. Each case runs within a time budget and each walk within a step budget, so that a
/// search that does not end fails here in seconds, with the seed and the case, rather than
/// hanging the suite.
final class BoundedSearchTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var generators: Generators!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    generators = Generators(zones: zones)
  }

  /// Walks one case under both budgets, failing with the seed and the case.
  /// - Returns: The changes walked.
  @discardableResult
  func walk(
    _ schedule: some CompiledSchedule, from t: Int64, seed: UInt64, budget: PropertyBudget,
    label: String
  ) -> Int {
    budget.check(label) {
      // In two weeks a DND rule changes at most 28 times and a generated weekly schedule (at
      // most 4 windows on 7 days) 112, with a snooze's two ends and DST transitions beside:
      // 256 is over twice that, and a walk that needs more does not end.
      var steps = SearchBudget(steps: 256)
      let checks = PropertyChecks { XCTFail("[seed \(seed)] \(label): \($0)") }
      checks.walkChanges(of: schedule, from: t, to: t + 14 * 86_400, budget: &steps)
      return steps.spent
    }
  }

  /// Prints the steps the walks took, and fails when they took none (a vacuous walk).
  func summarize(_ steps: [Int], seed: UInt64) {
    print(
      "bounded searches [seed \(seed)]: \(steps.count) walks, \(steps.reduce(0, +)) changes, "
        + "at most \(steps.max() ?? 0) in a walk")
    XCTAssertGreaterThan(steps.reduce(0, +), steps.count * 4, "[seed \(seed)]")
  }

  func testDNDScheduleSearchesEnd() throws {
    let seed = SplitMix64.seed(default: 0xB0_0DED_D0D)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    var steps: [Int] = []
    for index in 0..<300 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let t = generators.instant(in: schedule.zone, using: &rng)
      steps.append(
        walk(
          schedule, from: t, seed: seed, budget: budget, label: "\(index): \(id) \(rule) at \(t)"))
    }
    summarize(steps, seed: seed)
  }

  func testWeeklyScheduleSearchesEnd() throws {
    let seed = SplitMix64.seed(default: 0xB0_0DED_7EE)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    var steps: [Int] = []
    for index in 0..<300 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      if index % 2 == 0 { rule.polarity = .send }
      let zone = try zones.zone(id)
      let t = generators.instant(in: zone, using: &rng)
      if Bool.random(using: &rng) { rule.snooze = generators.snooze(near: t, using: &rng) }
      let schedule = try WeeklySchedule(rule: rule, zones: zones)
      steps.append(
        walk(
          schedule, from: t, seed: seed, budget: budget,
          label: "\(index): \(id) \(schedule) at \(t)"))
    }
    summarize(steps, seed: seed)
  }
}

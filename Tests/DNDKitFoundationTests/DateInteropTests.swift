import DNDKitFoundation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// The `Date` overloads: a date maps to the whole second it falls in (rounded toward the
/// past), and every overload answers what the UNIX-seconds call answers for that second.
final class DateInteropTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var generators: Generators!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    generators = Generators(zones: zones)
  }

  /// A random whole second and a fraction in [0, 1) that a `Date` holds exactly: multiples of
  /// 1/1024 below 2^40 seconds are exact in a Double both since 1970 and since 2001.
  func secondAndFraction(using rng: inout SplitMix64) -> (second: Int64, fraction: Double) {
    let second = Int64.random(in: -(1 << 40)...(1 << 40), using: &rng)
    let fraction = Double(Int.random(in: 0..<1024, using: &rng)) / 1024
    return (second, fraction)
  }

  func testFractionalDatesRoundDownToTheirSecond() {
    let seed = SplitMix64.seed(default: 1504)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100_000 {
      let (second, fraction) = secondAndFraction(using: &rng)
      let date = Date(timeIntervalSince1970: Double(second) + fraction)
      XCTAssertEqual(date.unixSeconds, second, "\(second) + \(fraction) [seed \(seed)]")
      XCTAssertEqual(Date(unixSeconds: second).unixSeconds, second, "[seed \(seed)]")
      XCTAssertLessThanOrEqual(Date(unixSeconds: second), date, "[seed \(seed)]")
    }
  }

  func testNamedCases() {
    XCTAssertEqual(Date(timeIntervalSince1970: -0.5).unixSeconds, -1)
    XCTAssertEqual(Date(timeIntervalSince1970: -1).unixSeconds, -1)
    XCTAssertEqual(Date(timeIntervalSince1970: -1.000_976_562_5).unixSeconds, -2)
    XCTAssertEqual(Date(timeIntervalSince1970: 0.999_023_437_5).unixSeconds, 0)
    XCTAssertEqual(Date(timeIntervalSince1970: 1_772_982_000.75).unixSeconds, 1_772_982_000)
    XCTAssertEqual(Date(timeIntervalSince1970: .nan).unixSeconds, .min)
    XCTAssertEqual(Date(timeIntervalSince1970: -.infinity).unixSeconds, .min)
    XCTAssertEqual(Date(timeIntervalSince1970: .infinity).unixSeconds, .max)
    XCTAssertEqual(Date(timeIntervalSince1970: 1e30).unixSeconds, .max)
    XCTAssertEqual(Date(timeIntervalSince1970: -1e30).unixSeconds, .min)
  }

  /// Order is kept: a later date never maps to an earlier second.
  func testRoundingKeepsOrder() {
    let seed = SplitMix64.seed(default: 1505)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100_000 {
      let a = Date(timeIntervalSince1970: Double.random(in: -4e11...4e11, using: &rng))
      let b = a.addingTimeInterval(Double.random(in: 0...2, using: &rng))
      XCTAssertLessThanOrEqual(a.unixSeconds, b.unixSeconds, "\(a) \(b) [seed \(seed)]")
    }
  }

  /// Every overload answers what the UNIX-seconds call answers for the date's second.
  func testOverloadsAgreeWithUNIXSeconds() throws {
    let seed = SplitMix64.seed(default: 1506)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    for _ in 0..<2_000 {
      let id = generators.zoneID(using: &rng)
      let zone = try zones.zone(id)
      let second = generators.instant(in: zone, using: &rng)
      let fraction = Double(Int.random(in: 0..<1024, using: &rng)) / 1024
      let date = Date(timeIntervalSince1970: Double(second) + fraction)
      let context = "\(id) \(second) + \(fraction) [seed \(seed)]"
      XCTAssertEqual(try zone.offset(at: date), try zone.offset(at: second), context)
      XCTAssertEqual(try zone.localDateTime(at: date), try zone.localDateTime(at: second), context)
      XCTAssertEqual(
        try zone.startOfDay(containing: date).unixSeconds,
        try zone.startOfDay(containing: second), context)

      let dnd = generators.rule(zoneID: id, using: &rng)
      let secondStep = try dnd.savedAndCompiled(at: second, zones: zones)
      let savedDND = secondStep.rule
      let schedule = secondStep.compiled
      let dndStep = try dnd.savedAndCompiled(at: date, zones: zones)
      XCTAssertEqual(dndStep.rule, savedDND, context)
      XCTAssertEqual(dndStep.compiled, schedule, context)
      XCTAssertEqual(try DoNotDisturbSchedule(rule: savedDND, zones: zones), schedule, context)
      let dndDocument = try DoNotDisturbRule.savedAndCompiled(
        jsonBytes: Data(dnd.jsonBytes()), at: date, zones: zones)
      XCTAssertEqual(dndDocument.rule, savedDND, context)
      XCTAssertEqual(dndDocument.compiled, schedule, context)
      let later = date.addingTimeInterval(3 * 86_400)
      try budget.check("\(context) \(schedule)") {
        XCTAssertEqual(try schedule.contains(date), try schedule.contains(second), context)
        XCTAssertEqual(
          try schedule.nextChange(after: date)?.unixSeconds, try schedule.nextChange(after: second),
          context)
        XCTAssertEqual(
          try schedule.blockContaining(date), try schedule.blockContaining(second), context)
        XCTAssertEqual(
          try schedule.period(containingOrAfter: date),
          try schedule.period(containingOrAfter: second), context)
        XCTAssertEqual(
          try schedule.periods(overlapping: date..<later),
          try schedule.periods(overlapping: second..<later.unixSeconds), context)
      }

      // The same Date forms for a weekly schedule, written once on CompiledSchedule.
      var weeklyRule = generators.weeklyRule(zoneID: id, using: &rng)
      if Bool.random(using: &rng) {
        weeklyRule.snooze = generators.snooze(near: second, using: &rng)
      }
      let weekly: any CompiledSchedule = try WeeklySchedule(rule: weeklyRule, zones: zones)
      try budget.check("\(context) \(weekly)") {
        XCTAssertEqual(try weekly.contains(date), try weekly.contains(second), context)
        XCTAssertEqual(
          try weekly.nextChange(after: date)?.unixSeconds, try weekly.nextChange(after: second),
          context)
        XCTAssertEqual(
          try weekly.blockContaining(date), try weekly.blockContaining(second), context)
        XCTAssertEqual(
          try weekly.period(containingOrAfter: date), try weekly.period(containingOrAfter: second),
          context)
        XCTAssertEqual(
          try weekly.periods(overlapping: date..<later),
          try weekly.periods(overlapping: second..<later.unixSeconds), context)
      }

      let push = OfflinePushRule(doNotDisturbRule: dnd)
      let pushStep = try push.savedAndCompiled(at: date, zones: zones)
      let saved = pushStep.rule
      XCTAssertEqual(saved, try push.savedAndCompiled(at: second, zones: zones).rule, context)
      let compiled = try CompiledOfflinePushRule(rule: saved, zones: zones)
      XCTAssertEqual(pushStep.compiled, compiled, context)
      // The save step from a client's `Data`, and the load step from the stored `Data`.
      let pushDocument = try OfflinePushRule.savedAndCompiled(
        jsonBytes: Data(push.jsonBytes()), at: date, zones: zones)
      XCTAssertEqual(pushDocument.rule, saved, context)
      XCTAssertEqual(pushDocument.compiled, compiled, context)
      XCTAssertEqual(
        try CompiledOfflinePushRule(jsonBytes: Data(saved.jsonBytes()), zones: zones), compiled,
        context)
      let decision = try compiled.decide(
        kind: .message, target: .iPhoneOS, online: PlatformSet(), at: date)
      XCTAssertEqual(
        decision,
        try compiled.decide(kind: .message, target: .iPhoneOS, online: PlatformSet(), at: second),
        context)
      XCTAssertEqual(decision.untilDate?.unixSeconds, decision.until, context)
      if let until = decision.untilDate {
        // Deferring to `until` leaves do-not-disturb there, and not a second before.
        XCTAssertFalse(try schedule.contains(until), context)
        XCTAssertTrue(try schedule.contains(until.addingTimeInterval(-0.5)), context)
      }
      let explanation = try compiled.explain(
        kind: .message, target: .iPhoneOS, online: PlatformSet(), at: date)
      XCTAssertEqual(explanation.decision, decision, context)
      XCTAssertEqual(
        explanation.description,
        try compiled.explain(kind: .message, target: .iPhoneOS, online: PlatformSet(), at: second)
          .description, context)
      // The policy values through the `Date` forms: a conversation muted for ever.
      let muted = ConversationSetting(level: .muted)
      XCTAssertEqual(
        try compiled.decide(
          kind: .message, target: .iPhoneOS, online: PlatformSet(), at: date,
          preferences: CompiledPushPreferences(), conversation: muted),
        try compiled.decide(
          kind: .message, target: .iPhoneOS, online: PlatformSet(), at: second,
          preferences: CompiledPushPreferences(), conversation: muted),
        context)

      var byDate: [PushDecision] = []
      var bySecond: [PushDecision] = []
      let recipients = [PushRecipient(ruleIndex: 0, target: .android, online: PlatformSet())]
      try CompiledOfflinePushRule.decide(
        kind: .call, at: date, rules: [compiled], recipients: recipients, into: &byDate)
      try CompiledOfflinePushRule.decide(
        kind: .call, at: second, rules: [compiled], recipients: recipients, into: &bySecond)
      XCTAssertEqual(byDate, bySecond, context)
      try CompiledOfflinePushRule.decide(
        kind: .message, at: date, message: PushMessage(sender: "bob"), rules: [compiled],
        preferences: [CompiledPushPreferences()], recipients: recipients, into: &byDate)
      try CompiledOfflinePushRule.decide(
        kind: .message, at: second, message: PushMessage(sender: "bob"), rules: [compiled],
        preferences: [CompiledPushPreferences()], recipients: recipients, into: &bySecond)
      XCTAssertEqual(byDate, bySecond, context)
    }
  }

  /// Dates outside the supported years are refused with a typed error, never trapped on.
  func testOutOfRangeDatesThrow() throws {
    let schedule = try DoNotDisturbSchedule(
      rule: DoNotDisturbRule(enabled: true, startHour: 22, endHour: 8, repeatMode: .daily),
      zones: zones)
    for date in [
      Date(timeIntervalSince1970: .nan), Date.distantFuture.addingTimeInterval(1e15),
      Date(timeIntervalSince1970: -1e30),
    ] {
      XCTAssertThrowsError(try schedule.contains(date)) {
        guard case .instantOutOfRange = $0 as? ZoneError else { return XCTFail("\($0)") }
      }
    }
  }
}

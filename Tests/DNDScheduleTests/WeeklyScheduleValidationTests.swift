import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// Validation of `WeeklyScheduleRule`: every error, its code, key path and value.
final class WeeklyScheduleValidationTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  func errors(_ rule: WeeklyScheduleRule) -> [String] {
    rule.validate(zones: zones).errors.map { "\($0.code.rawValue) \($0.keyPath)=\($0.value)" }
  }

  func window(_ weekdays: [Int], _ start: String, _ end: String) -> WeeklyScheduleRule.Window {
    .init(weekdays: weekdays, start: start, end: end)
  }

  func testEmptyScheduleIsValid() throws {
    XCTAssertEqual(errors(WeeklyScheduleRule()), [])
    XCTAssertEqual(WeeklyScheduleRule().validate(zones: zones).zone, .utc)
    // No windows: never quiet, or always for send windows.
    // A fixed case has no seed (0 in the budget's message); the label names the case.
    let budget = PropertyBudget(seed: 0)
    let quiet = try WeeklySchedule(rule: WeeklyScheduleRule(), zones: zones)
    XCTAssertFalse(try quiet.contains(0))
    XCTAssertNil(try quiet.nextChange(after: 0))
    XCTAssertNil(try quiet.blockContaining(0))
    XCTAssertNil(try quiet.period(containingOrAfter: 0))
    XCTAssertEqual(
      try budget.check("fixed \(quiet)") { try quiet.periods(overlapping: 0..<604_800) }, [])
    let send = try WeeklySchedule(rule: WeeklyScheduleRule(polarity: .send), zones: zones)
    XCTAssertTrue(try send.contains(0))
    XCTAssertNil(try send.nextChange(after: 0))
    let always = DoNotDisturbPeriod(start: .min, end: .max)
    XCTAssertEqual(try send.blockContaining(0), always)
    XCTAssertEqual(try send.period(containingOrAfter: 0), always)
    XCTAssertEqual(
      try budget.check("fixed \(send)") { try send.periods(overlapping: 0..<604_800) }, [always])
  }

  func testTimes() {
    for good in ["00:00", "23:59", "07:30", "12:00"] {
      XCTAssertEqual(errors(.init(windows: [window([1], good, good)])), [], good)
    }
    for bad in [
      "24:00", "7:00", "07:60", "0700", "07:00:00", "", " 7:00", "07-00", "-1:00", "٠٧:٠٠", "07:0a",
    ] {
      XCTAssertEqual(
        errors(.init(windows: [window([1], "00:00", bad)])),
        ["invalidWindow windows[0].end=\(bad)"], bad)
    }
  }

  func testWeekdays() {
    XCTAssertEqual(
      errors(
        .init(windows: [
          window([1, 7], "22:00", "07:00"), window([0, 8, 3, -1], "01:00", "02:00"),
        ])),
      [
        "invalidWeekday windows[1].weekdays[0]=0", "invalidWeekday windows[1].weekdays[1]=8",
        "invalidWeekday windows[1].weekdays[3]=-1",
      ])
    XCTAssertEqual(
      errors(.init(windows: [window([], "22:00", "07:00")])),
      ["invalidWeekday windows[0].weekdays=[]"])
  }

  func testSnooze() {
    XCTAssertEqual(errors(.init(snooze: .init(from: 10, until: 11))), [])
    XCTAssertEqual(
      errors(.init(snooze: .init(from: 10, until: 10))), ["invalidSnooze snooze.until=10"])
    XCTAssertEqual(
      errors(.init(snooze: .init(from: 20, until: 10))), ["invalidSnooze snooze.until=10"])
    XCTAssertEqual(
      errors(.init(snooze: .init(from: 0, until: .max))),
      ["invalidSnooze snooze.until=\(Int64.max)"])
    XCTAssertEqual(
      errors(.init(snooze: .init(from: .min, until: .max))),
      ["invalidSnooze snooze.from=\(Int64.min)", "invalidSnooze snooze.until=\(Int64.max)"])
  }

  func testPolarityAndZone() {
    XCTAssertEqual(
      errors(.init(polarity: SchedulePolarity(rawValue: "loud"))),
      ["invalidSchedule polarity=loud"])
    XCTAssertEqual(
      errors(.init(timeZoneID: "../etc/passwd")), ["invalidTimeZone timeZoneID=../etc/passwd"])
    let long = String(repeating: "A", count: 500)
    let error = WeeklyScheduleRule(timeZoneID: long).validate(zones: zones).errors.first
    XCTAssertEqual(error?.code, .invalidTimeZone)
    XCTAssertEqual(error?.value, String(repeating: "A", count: 64) + "…")
  }

  func testEveryErrorIsReportedAndCompilingThrows() {
    let rule = WeeklyScheduleRule(
      timeZoneID: "No/Such", polarity: SchedulePolarity(rawValue: ""),
      windows: [window([9], "25:00", "x")], snooze: .init(from: 5, until: 1))
    XCTAssertEqual(
      errors(rule),
      [
        "invalidTimeZone timeZoneID=No/Such", "invalidSchedule polarity=",
        "invalidWeekday windows[0].weekdays[0]=9", "invalidWindow windows[0].start=25:00",
        "invalidWindow windows[0].end=x", "invalidSnooze snooze.until=1",
      ])
    XCTAssertThrowsError(try WeeklySchedule(rule: rule, zones: zones)) { error in
      XCTAssertEqual((error as? RuleError)?.errors.count, 6)
    }
    XCTAssertThrowsError(try WeeklySchedule(rule: rule, zone: .utc)) { error in
      XCTAssertEqual((error as? RuleError)?.errors.count, 5)
    }
    XCTAssertEqual(
      rule.validate(zones: zones).errors[3].nested(under: "schedule").keyPath,
      "schedule.windows[0].start")
  }

  func testOutOfRangeInstantsThrow() throws {
    let schedule = try WeeklySchedule(
      rule: .init(windows: [window([1], "22:00", "07:00")]), zones: zones)
    for t in [Int64.min, Int64.max, Zone.supportedInstants.upperBound + 1] {
      XCTAssertThrowsError(try schedule.contains(t))
      XCTAssertThrowsError(try schedule.nextChange(after: t))
      XCTAssertThrowsError(try schedule.blockContaining(t))
      XCTAssertThrowsError(try schedule.period(containingOrAfter: t))
    }
    for range in [
      Int64.min..<0, 0..<(Zone.supportedInstants.upperBound + 2),
      (Zone.supportedInstants.lowerBound - 1)..<Zone.supportedInstants.lowerBound,
    ] {
      XCTAssertThrowsError(try schedule.periods(overlapping: range), "\(range)")
    }
    // The first and last supported instants answer without trapping, in a zone and in UTC,
    // for quiet and send windows (blocks then reach past the supported years' ends).
    let supported = Zone.supportedInstants
    for zoneID in ["UTC", "America/New_York", "Pacific/Apia"] {
      for polarity in [SchedulePolarity.quiet, .send] {
        let schedule = try WeeklySchedule(
          rule: .init(
            timeZoneID: zoneID, polarity: polarity,
            windows: [window([1, 3, 6], "22:00", "07:00"), window([4], "00:00", "00:00")]),
          zones: zones)
        for t in [
          supported.lowerBound, supported.lowerBound + 1, supported.upperBound - 1,
          supported.upperBound,
        ] {
          let inside = try schedule.contains(t)
          _ = try schedule.nextChange(after: t)
          XCTAssertEqual(try schedule.blockContaining(t) != nil, inside, "\(zoneID) \(t)")
          _ = try schedule.period(containingOrAfter: t)
          _ = try schedule.periods(overlapping: t..<min(t + 86_400 * 8, supported.upperBound + 1))
        }
      }
    }
  }
}

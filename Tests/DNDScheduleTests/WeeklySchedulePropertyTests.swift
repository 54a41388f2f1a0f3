import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// The weekly schedule against the slow reference, against the ZIM rule it generalizes, and
/// its algebra (complement, merging, snooze), over seeded random schedules × zones ×
/// instants, half of the instants near transitions.
final class WeeklySchedulePropertyTests: XCTestCase {
  func assertAgrees(
    _ schedule: WeeklySchedule, _ reference: ReferenceWeeklySchedule, at t: Int64,
    _ context: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertEqual(
      try schedule.contains(t), try reference.contains(t), context, file: file, line: line)
    XCTAssertEqual(
      try schedule.nextChange(after: t), try reference.nextChange(after: t), context, file: file,
      line: line)
  }

  func testSchedulesMatchReference() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0101)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    var cases = 0
    for _ in 0..<500 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      let zone = try zones.zone(id)
      for _ in 0..<4 {
        let t = generators.instant(in: zone, using: &rng)
        rule.snooze = Bool.random(using: &rng) ? generators.snooze(near: t, using: &rng) : nil
        let schedule = try WeeklySchedule(rule: rule, zones: zones)
        let reference = ReferenceWeeklySchedule(rule: rule, zone: zone)
        let context = "\(id) \(schedule) at \(t) [seed \(seed)]"
        try budget.check(context) { try assertAgrees(schedule, reference, at: t, context) }
        cases += 1
      }
    }
    XCTAssertEqual(cases, 2_000)
  }

  /// The block around an instant, and the period containing or following it, against the
  /// reference: the block's start is the last change at or before the instant, its end the
  /// next change.
  func testBlocksAndPeriodsMatchReference() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0109)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    var quietCases = 0
    for index in 0..<400 {
      let drawn = try WeeklyCase(index: index, generators: generators, using: &rng)
      let (schedule, t) = (drawn.schedule, drawn.instant)
      let reference = ReferenceWeeklySchedule(rule: drawn.rule, zone: drawn.zone)
      let context = "\(drawn.id) \(schedule) at \(t) [seed \(seed)]"
      try budget.check(context) {
        let block = try schedule.blockContaining(t)
        let period = try schedule.period(containingOrAfter: t)
        if let start = try reference.blockStart(containing: t) {
          quietCases += 1
          let end = try reference.nextChange(after: t) ?? .max
          XCTAssertEqual(block, DoNotDisturbPeriod(start: start, end: end), context)
          XCTAssertEqual(period, block, context)
        } else {
          XCTAssertNil(block, context)
          let start = try reference.nextChange(after: t)
          XCTAssertEqual(period?.start, start, context)
          if let start {
            XCTAssertEqual(period?.end, try reference.nextChange(after: start) ?? .max, context)
          }
        }
      }
    }
    XCTAssertGreaterThan(quietCases, 40, "too few quiet instants drawn [seed \(seed)]")
  }

  /// The periods over a few days against the reference: each quiet throughout and whole (not
  /// quiet just before or at its end), in order, and no quiet instant of the range between
  /// them or around them.
  func testPeriodsOverlappingMatchReference() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0108)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<200 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      let zone = try zones.zone(id)
      let from = generators.instant(in: zone, using: &rng)
      if Bool.random(using: &rng) { rule.snooze = generators.snooze(near: from, using: &rng) }
      let schedule = try WeeklySchedule(rule: rule, zones: zones)
      let reference = ReferenceWeeklySchedule(rule: rule, zone: zone)
      let range = from..<(from + Int64.random(in: 1...4 * 86_400, using: &rng))
      let context = "\(id) \(schedule) in \(range) [seed \(seed)]"
      try budget.check(context) {
        let periods = try schedule.periods(overlapping: range)
        // The first quiet instant of the range and after each period, by the reference.
        var quietFrom: Int64? =
          try reference.contains(range.lowerBound)
          ? range.lowerBound : try reference.nextChange(after: range.lowerBound)
        for period in periods {
          guard let first = quietFrom else {
            XCTFail("a period where the reference has none: \(period) \(context)")
            break
          }
          XCTAssertEqual(max(period.start, range.lowerBound), first, context)
          XCTAssertEqual(period.start, try reference.blockStart(containing: first), context)
          XCTAssertEqual(period.end, try reference.nextChange(after: first) ?? .max, context)
          guard period.end < range.upperBound else {
            quietFrom = nil
            break
          }
          quietFrom = try reference.nextChange(after: period.end)
        }
        // No quiet instant of the range after the last period.
        XCTAssertTrue(quietFrom.map { $0 >= range.upperBound } ?? true, context)
      }
    }
  }

  /// The next change found with one look-up against the walk by marks.
  func testFastNextChangeMatchesTheGeneralWalk() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0107)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<1_000 {
      let id = generators.zoneID(using: &rng)
      let schedule = try WeeklySchedule(
        rule: generators.weeklyRule(zoneID: id, using: &rng), zones: zones)
      for _ in 0..<4 {
        let t = generators.instant(in: schedule.zone, using: &rng)
        let violation = budget.check("\(schedule) at \(t)") {
          schedule.scheduleChangeViolation(after: t)
        }
        if let violation { XCTFail("\(violation) [seed \(seed)]") }
      }
    }
  }

  /// The ZIM rule with the same window on the chosen days, mode by mode.
  func weekly(_ rule: DoNotDisturbRule) -> WeeklyScheduleRule {
    let days = rule.repeatMode == .daily ? 0x7F : rule.customRepeatDays
    // customRepeatDays: bit 0 = Monday … bit 6 = Sunday, so ISO weekday = bit + 1.
    let weekdays = (0..<7).filter { days >> $0 & 1 == 1 }.map { $0 + 1 }
    func clock(_ hour: Int, _ minute: Int) -> String {
      (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
    return WeeklyScheduleRule(
      timeZoneID: rule.timeZoneID, polarity: .quiet,
      windows: [
        .init(
          weekdays: weekdays, start: clock(rule.startHour, rule.startMinute),
          end: clock(rule.endHour, rule.endMinute))
      ])
  }

  func testZIMDailyAndCustomRulesAreOneShape() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0102)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<1_500 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.rule(zoneID: id, modes: [.daily, .custom], using: &rng)
      let zim = try DoNotDisturbSchedule(rule: rule, zones: zones)
      let schedule = try WeeklySchedule(rule: weekly(rule), zones: zones)
      for _ in 0..<4 {
        let t = generators.instant(in: zim.zone, using: &rng)
        let context = "\(id) \(zim) vs \(schedule) at \(t) [seed \(seed)]"
        try budget.check(context) {
          XCTAssertEqual(try schedule.contains(t), try zim.contains(t), context)
          XCTAssertEqual(try schedule.nextChange(after: t), try zim.nextChange(after: t), context)
        }
      }
    }
  }

  /// Every transition of the notable zones (Lord Howe's 30-minute DST, Havana's and Tehran's
  /// midnight changes, Apia's skipped date among them) walked every ten minutes with windows
  /// that end, start or lie inside the changed hour.
  func testZIMRulesAgreeThroughTransitions() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let windows = [(1, 0, 3, 0), (2, 30, 4, 0), (22, 0, 8, 0), (0, 0, 0, 0), (3, 0, 1, 0)]
    var checked = 0
    for id in Generators.notableZones {
      let zone = try zones.zone(id)
      for transition in try zone.transitions(in: 1_293_840_000..<1_830_297_600) {
        for (index, (startHour, startMinute, endHour, endMinute)) in windows.enumerated() {
          let rule = DoNotDisturbRule(
            enabled: true, startHour: startHour, startMinute: startMinute, endHour: endHour,
            endMinute: endMinute, repeatMode: index % 2 == 0 ? .daily : .custom,
            customRepeatDays: 0b101_0101, timeZoneID: id)
          let zim = try DoNotDisturbSchedule(rule: rule, zones: zones)
          let schedule = try WeeklySchedule(rule: weekly(rule), zones: zones)
          for t in stride(
            from: transition.instant - 3 * 3_600, through: transition.instant + 3 * 3_600,
            by: 300)
          {
            let context = "\(id) \(zim) at \(t)"
            XCTAssertEqual(try schedule.contains(t), try zim.contains(t), context)
            XCTAssertEqual(
              try schedule.nextChange(after: t), try zim.nextChange(after: t), context)
            checked += 1
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 25_000)
  }

  func testComplementFlipsAtTheSameInstants() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0103)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<1_000 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      rule.polarity = .quiet
      let quiet = try WeeklySchedule(rule: rule, zones: zones)
      rule.polarity = .send
      let send = try WeeklySchedule(rule: rule, zones: zones)
      for _ in 0..<4 {
        let t = generators.instant(in: quiet.zone, using: &rng)
        let context = "\(id) \(quiet) at \(t) [seed \(seed)]"
        try budget.check(context) {
          XCTAssertNotEqual(try quiet.contains(t), try send.contains(t), context)
          XCTAssertEqual(try quiet.nextChange(after: t), try send.nextChange(after: t), context)
        }
      }
    }
  }

  func testMergingIsIdempotent() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0104)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<500 {
      let id = generators.zoneID(using: &rng)
      let rule = generators.weeklyRule(zoneID: id, using: &rng)
      var doubled = rule
      // Every window again, in another order, its weekdays repeated and shuffled.
      doubled.windows += rule.windows.shuffled(using: &rng).map { window in
        var copy = window
        copy.weekdays = (window.weekdays + window.weekdays).shuffled(using: &rng)
        return copy
      }
      let once = try WeeklySchedule(rule: rule, zones: zones)
      let twice = try WeeklySchedule(rule: doubled, zones: zones)
      let context = "\(id) \(once) [seed \(seed)]"
      XCTAssertEqual(once, twice, context)
      XCTAssertEqual(once.hashValue, twice.hashValue, context)
      for _ in 0..<4 {
        let t = generators.instant(in: once.zone, using: &rng)
        try budget.check("\(context) at \(t)") {
          XCTAssertEqual(try once.contains(t), try twice.contains(t), "\(context) at \(t)")
          XCTAssertEqual(
            try once.nextChange(after: t), try twice.nextChange(after: t), "\(context) at \(t)")
        }
      }
    }
  }

  func testSnoozeCombinesWithTheWindows() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0105)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<1_000 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      let plain = try WeeklySchedule(rule: rule, zones: zones)
      let t = generators.instant(in: plain.zone, using: &rng)
      let snooze = generators.snooze(near: t, using: &rng)
      rule.snooze = snooze
      let snoozed = try WeeklySchedule(rule: rule, zones: zones)
      let context = "\(id) \(snoozed) at \(t) [seed \(seed)]"
      try budget.check(context) {
        for probe in [t, snooze.from - 1, snooze.from, snooze.until - 1, snooze.until] {
          let inSnooze = snooze.from <= probe && probe < snooze.until
          XCTAssertEqual(
            try snoozed.contains(probe), try plain.contains(probe) || inSnooze, context)
        }
        // The next change is an instant at which the combined answer flips, and nothing flips
        // before it: checked at the plain schedule's and the snooze's boundaries.
        let next = try snoozed.nextChange(after: t)
        let now = try snoozed.contains(t)
        var boundaries = [snooze.from, snooze.until]
        var cursor = t
        for _ in 0..<6 {
          guard let change = try plain.nextChange(after: cursor) else { break }
          boundaries.append(change)
          cursor = change
        }
        let firstFlip = try boundaries.filter { $0 > t }.sorted().first {
          try snoozed.contains($0) != now
        }
        if let firstFlip, firstFlip <= cursor || cursor == t {
          XCTAssertEqual(next, firstFlip, context)
        }
        if let next { XCTAssertNotEqual(try snoozed.contains(next), now, context) }
      }
    }
  }

  /// A snooze that starts exactly when a quiet block ends carries the quiet on to its own end,
  /// worked out by hand: Thursday 2026-01-01 22:00–23:00 UTC quiet, a snooze 23:00–23:30.
  /// Asked at 22:30 (or 22:00, or 22:59:59), the next change is 23:30, not 23:00, when the
  /// push still waits, and the block around 22:30 runs on to 23:30.
  func testSnoozeStartingAsABlockEndsCarriesTheQuietOn() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let thursday2200: Int64 = 1_767_304_800  // 2026-01-01T22:00:00Z, a Thursday
    let end = thursday2200 + 3_600  // 23:00
    let snoozeEnd = end + 1_800  // 23:30
    // A fixed case has no seed (0 in the budget's message); the label names the case.
    let budget = PropertyBudget(seed: 0)
    for polarity in [SchedulePolarity.quiet, .send] {
      // The same quiet hour either way: a quiet window 22:00–23:00, or send windows around it.
      let windows =
        polarity == .quiet
        ? [WeeklyScheduleRule.Window(weekdays: [4], start: "22:00", end: "23:00")]
        : [
          WeeklyScheduleRule.Window(weekdays: [4], start: "23:00", end: "22:00"),
          WeeklyScheduleRule.Window(weekdays: [1, 2, 3, 5, 6, 7], start: "00:00", end: "00:00"),
        ]
      let rule = WeeklyScheduleRule(
        timeZoneID: "UTC", polarity: polarity, windows: windows,
        snooze: .init(from: end, until: snoozeEnd))
      let schedule = try WeeklySchedule(rule: rule, zones: zones)
      for asked in [thursday2200, thursday2200 + 1_800, end - 1] {
        XCTAssertTrue(try schedule.contains(asked), "\(polarity) \(asked)")
        XCTAssertEqual(try schedule.nextChange(after: asked), snoozeEnd, "\(polarity) \(asked)")
      }
      XCTAssertTrue(try schedule.contains(end), "\(polarity)")
      XCTAssertFalse(try schedule.contains(snoozeEnd), "\(polarity)")
      // The block began at 22:00 for the quiet window; the send windows leave all Thursday
      // until 23:00 quiet (Wednesday's all-day window ends at Thursday 00:00).
      let blockStart = polarity == .quiet ? thursday2200 : thursday2200 - 22 * 3_600
      XCTAssertEqual(
        try schedule.blockContaining(thursday2200 + 1_800),
        DoNotDisturbPeriod(start: blockStart, end: snoozeEnd), "\(polarity)")
      XCTAssertEqual(
        try budget.check("fixed \(schedule)") {
          try schedule.periods(overlapping: thursday2200 - 86_400..<thursday2200 + 86_400)
        },
        [DoNotDisturbPeriod(start: blockStart, end: snoozeEnd)], "\(polarity)")
    }
  }

  /// Blocks that reach back across a snooze and across a gap, worked out by hand.
  ///
  /// UTC, Thursday 2026-01-01: windows 20:00–21:30 and 22:00–23:00, a snooze 21:30–22:00 that
  /// touches both: one block 20:00–23:00 (and without the earlier window, 21:30–23:00).
  /// New York, Sunday 2026-03-08: windows 01:00–02:00 and 03:00–04:00; the clock jumps from
  /// 02:00 EST (07:00Z) to 03:00 EDT, skipping the hour between them: one block from 01:00
  /// EST (06:00Z) to 04:00 EDT (08:00Z).
  func testBlocksReachBackAcrossSnoozesAndGaps() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let thursday2200: Int64 = 1_767_304_800  // 2026-01-01T22:00:00Z, a Thursday
    // A fixed case has no seed (0 in the budget's message); the label names the case.
    let budget = PropertyBudget(seed: 0)
    let snooze = WeeklyScheduleRule.Snooze(from: thursday2200 - 1_800, until: thursday2200)
    let late = WeeklyScheduleRule.Window(weekdays: [4], start: "22:00", end: "23:00")
    let early = WeeklyScheduleRule.Window(weekdays: [4], start: "20:00", end: "21:30")
    let both = try WeeklySchedule(
      rule: WeeklyScheduleRule(timeZoneID: "UTC", windows: [early, late], snooze: snooze),
      zones: zones)
    let lateOnly = try WeeklySchedule(
      rule: WeeklyScheduleRule(timeZoneID: "UTC", windows: [late], snooze: snooze), zones: zones)
    for asked in [thursday2200 - 7_200, thursday2200 - 600, thursday2200 + 600] {
      XCTAssertEqual(
        try both.blockContaining(asked),
        DoNotDisturbPeriod(start: thursday2200 - 7_200, end: thursday2200 + 3_600), "\(asked)")
    }
    for asked in [thursday2200 - 1_800, thursday2200 + 600] {
      XCTAssertEqual(
        try lateOnly.blockContaining(asked),
        DoNotDisturbPeriod(start: thursday2200 - 1_800, end: thursday2200 + 3_600), "\(asked)")
    }

    let sunday: Int64 = 1_772_928_000  // 2026-03-08T00:00:00Z
    let gapped = try WeeklySchedule(
      rule: WeeklyScheduleRule(
        timeZoneID: "America/New_York",
        windows: [
          .init(weekdays: [7], start: "01:00", end: "02:00"),
          .init(weekdays: [7], start: "03:00", end: "04:00"),
        ]),
      zones: zones)
    let block = DoNotDisturbPeriod(start: sunday + 6 * 3_600, end: sunday + 8 * 3_600)
    for asked in [block.start, sunday + 7 * 3_600 - 1, sunday + 7 * 3_600, block.end - 1] {
      XCTAssertEqual(try gapped.blockContaining(asked), block, "\(asked)")
      XCTAssertEqual(try gapped.nextChange(after: asked), block.end, "\(asked)")
    }
    XCTAssertNil(try gapped.blockContaining(block.end))
    XCTAssertEqual(
      try budget.check("fixed \(gapped)") {
        try gapped.periods(overlapping: sunday..<(sunday + 86_400))
      }, [block])
  }

  /// Snoozes that start exactly at a block's end, or a second before or after it, against
  /// the slow reference: whether the snooze carries the quiet on is decided at the boundary.
  func testSnoozesAtBlockEndsMatchReference() throws {
    let seed = SplitMix64.seed(default: 0x5EED_010F)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    var checked = 0
    for _ in 0..<400 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      rule.snooze = nil
      let zone = try zones.zone(id)
      let plain = try WeeklySchedule(rule: rule, zones: zones)
      let t = generators.instant(in: zone, using: &rng)
      guard try plain.contains(t), let blockEnd = try plain.nextChange(after: t) else {
        continue
      }
      for shift: Int64 in [0, 0, -1, 1] {
        let length = Int64.random(in: 1...(3 * 86_400), using: &rng)
        rule.snooze = .init(from: blockEnd + shift, until: blockEnd + shift + length)
        let schedule = try WeeklySchedule(rule: rule, zones: zones)
        let reference = ReferenceWeeklySchedule(rule: rule, zone: zone)
        let context = "\(id) \(schedule) at \(t) [seed \(seed)]"
        for asked in [t, blockEnd - 1] where asked < blockEnd + shift {
          try budget.check("\(context) asked at \(asked)") {
            try assertAgrees(schedule, reference, at: asked, context)
          }
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 400)
  }

  /// Thousands of windows (a hostile document's worth) compile to the same minutes as the
  /// windows read one by one.
  func testManyWindowsMatchTheWindows() throws {
    let seed = SplitMix64.seed(default: 0x5EED_010A)
    var rng = SplitMix64(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    func clock() -> String {
      let minute = Int.random(in: 0..<1_440, using: &rng)
      return (minute / 60 < 10 ? "0" : "") + String(minute / 60) + ":"
        + (minute % 60 < 10 ? "0" : "") + String(minute % 60)
    }
    for polarity in [SchedulePolarity.quiet, .send] {
      let windows = (0..<3_000).map { _ in
        WeeklyScheduleRule.Window(
          weekdays: [Int.random(in: 1...7, using: &rng)], start: clock(), end: clock())
      }
      let schedule = try WeeklySchedule(
        rule: WeeklyScheduleRule(polarity: polarity, windows: windows), zones: zones)
      for _ in 0..<200 {
        let wall = Int64.random(in: 0...4_102_444_800, using: &rng)
        if let violation = schedule.windowViolation(wall: wall) {
          XCTFail("\(violation.prefix(200)) [seed \(seed)]")
        }
      }
    }
  }

  func testCompiledMinutesMatchTheWindows() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0106)
    var rng = SplitMix64(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    for _ in 0..<300 {
      let schedule = try WeeklySchedule(
        rule: generators.weeklyRule(zoneID: "UTC", using: &rng), zones: zones)
      for _ in 0..<50 {
        let wall = Int64.random(in: -62_135_596_800...253_402_300_799, using: &rng)
        if let violation = schedule.windowViolation(wall: wall) {
          XCTFail("\(violation) [seed \(seed)]")
        }
      }
    }
  }
}

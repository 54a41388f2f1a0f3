import DNDSchedule
import ZoneInfo

/// The do-not-disturb periods and the zone's transitions, day by day on a rule's wall clock:
/// the model the text and SVG timelines draw.
struct TimelineLayout {
  /// One local date.
  struct Day {
    /// Days since 1970-01-01 of the local date.
    var number: Int64
    /// The instants whose wall-clock date is this one (23 or 25 hours on DST days).
    var instants: Range<Int64>
    /// The do-not-disturb time on this date, clipped to it, back-to-back periods merged.
    var blocks: [DoNotDisturbPeriod]
    /// The zone's transitions on this date.
    var transitions: [ZoneTransition]
    /// The marks of the date's half hours, 00:00 through 24:00 (``cellsPerDay`` + 1 of
    /// them): where the text bar's cells start and end.
    var cellBounds: [Int64]
  }

  /// Cells per day in the text bar: one per half hour.
  static let cellsPerDay = 48

  /// The state of one cell of a text bar.
  enum Cell {
    /// No do-not-disturb in the cell.
    case free
    /// Do-not-disturb in part of the cell.
    case partial
    /// Do-not-disturb in the whole cell.
    case full
    /// The cell's wall-clock times do not exist that day (the clocks jumped over them).
    case skipped
  }

  /// What is drawn, for the title: `Do-not-disturb 22:00–08:00 daily in …`.
  let title: String
  /// A line under the title, such as a weekly schedule's snooze.
  var note: String?
  /// The rule zone's wall clock.
  let clock: WallClock
  /// The days, in order.
  let days: [Day]

  /// Lays out a number of days from a local date.
  ///
  /// - Parameters:
  ///   - schedule: The compiled DND rule.
  ///   - firstDay: The first local date (day number) in the rule's zone.
  ///   - count: How many days.
  /// - Throws: ``CLIError`` when the dates are outside the supported years.
  init(schedule: DoNotDisturbSchedule, firstDay: Int64, count: Int) throws(CLIError) {
    try self.init(
      title: "Do-not-disturb \(schedule.description)", zone: schedule.zone, firstDay: firstDay,
      count: count,
      quietPeriods: { (range) throws(ZoneError) in
        try schedule.periods(overlapping: range)
      })
  }

  /// Lays out a number of days of any schedule.
  ///
  /// - Parameters:
  ///   - title: What is drawn.
  ///   - zone: The schedule's zone.
  ///   - firstDay: The first local date (day number) in the zone.
  ///   - count: How many days.
  ///   - quietPeriods: The schedule's quiet periods overlapping a range of instants.
  /// - Throws: ``CLIError`` when the dates are outside the supported years.
  init(
    title: String, zone: Zone, firstDay: Int64, count: Int,
    quietPeriods: (Range<Int64>) throws(ZoneError) -> [DoNotDisturbPeriod]
  ) throws(CLIError) {
    self.title = title
    let clock = WallClock(zone: zone)
    self.clock = clock
    let lastDay = firstDay + Int64(count) - 1
    guard WallClock.supportedDays.contains(firstDay), WallClock.supportedDays.contains(lastDay)
    else {
      throw .input("the timeline's dates must be within the years -9999...9999")
    }
    var days: [Day] = []
    do {
      for number in firstDay...lastDay {
        let instants = try clock.instants(ofDay: number)
        var blocks: [DoNotDisturbPeriod] = []
        for period in try quietPeriods(instants) {
          let start = max(period.start, instants.lowerBound)
          let end = min(period.end, instants.upperBound)
          guard start < end else { continue }
          if let last = blocks.last, last.end >= start {
            blocks[blocks.count - 1].end = max(last.end, end)
          } else {
            blocks.append(DoNotDisturbPeriod(start: start, end: end))
          }
        }
        let transitions = try clock.zone.transitions(in: instants)
        let step = secondsPerDay / Int64(Self.cellsPerDay)
        var cellBounds = [instants.lowerBound]
        for index in 1..<Self.cellsPerDay {
          cellBounds.append(try clock.mark(number * secondsPerDay + Int64(index) * step))
        }
        cellBounds.append(instants.upperBound)
        days.append(
          Day(
            number: number, instants: instants, blocks: blocks, transitions: transitions,
            cellBounds: cellBounds))
      }
    } catch {
      throw .input(error.description)
    }
    self.days = days
  }

  /// Seconds after local midnight of an instant on a day: its wall-clock reading, with the
  /// day's end shown as 86,400 (24:00).
  func secondOfDay(_ instant: Int64, on day: Day) -> Int64 {
    if instant >= day.instants.upperBound { return secondsPerDay }
    let second = clock.localSeconds(at: instant) - day.number * secondsPerDay
    return min(max(second, 0), secondsPerDay)
  }

  /// The day cut into half-hour wall-clock cells, each marked by how much of it is in DND.
  ///
  /// A cell covers the instants from the mark of its start reading to the mark of its end
  /// reading, so the cells of a 23-hour day include two skipped half hours and those of a
  /// 25-hour day stretch one cell over the repeated hour.
  ///
  /// - Parameter day: The day.
  /// - Returns: ``cellsPerDay`` cells.
  func cells(_ day: Day) -> [Cell] {
    var cells: [Cell] = []
    var start = day.cellBounds[0]
    for end in day.cellBounds.dropFirst() {
      defer { start = max(start, end) }
      guard start < end else {
        cells.append(.skipped)
        continue
      }
      var covered: Int64 = 0
      for block in day.blocks {
        covered += max(0, min(block.end, end) - max(block.start, start))
      }
      cells.append(covered == 0 ? .free : covered >= end - start ? .full : .partial)
    }
    return cells
  }

  /// The day's DND time as wall-clock ranges, such as `00:00–08:00, 22:00–24:00`.
  func blockText(_ day: Day) -> String {
    guard !day.blocks.isEmpty else { return "no do-not-disturb" }
    return day.blocks.map { block in
      TimeFormatting.clock(secondOfDay(block.start, on: day)) + "–"
        + TimeFormatting.clock(secondOfDay(block.end, on: day))
    }.joined(separator: ", ")
  }

  /// The wall-clock readings on either side of a transition, as seconds after the local
  /// midnight of its day: `before` by the old offset (02:00 on a spring-forward day), `after`
  /// by the new one (03:00).
  func readings(of transition: ZoneTransition, on day: Day) -> (before: Int64, after: Int64) {
    let base = day.number * secondsPerDay
    return (
      transition.instant + Int64(transition.offsetBefore) - base,
      transition.instant + Int64(transition.offsetAfter) - base
    )
  }

  /// `02:00 EST → 03:00 EDT: clocks go forward 1h`.
  func transitionText(_ transition: ZoneTransition, on day: Day) -> String {
    let (before, after) = readings(of: transition, on: day)
    let shift = transition.wallClockShift
    let what =
      shift > 0
      ? "clocks go forward \(TimeFormatting.shift(shift))"
      : shift < 0 ? "clocks go back \(TimeFormatting.shift(shift))" : "same offset"
    return "\(TimeFormatting.clock(before)) \(transition.abbreviationBefore) → "
      + "\(TimeFormatting.clock(after)) \(transition.abbreviationAfter): \(what)"
  }
}

/// Appends a zone's intervals to its columns while its table is built, in place: fattening a
/// table to the horizon costs a few stores per interval, with no array growth, copying or
/// uniqueness checks.
struct IntervalBuilder {
  let columns: IntervalColumns
  private(set) var count: Int

  /// Appends to columns that already hold `count` intervals (none for a new table).
  ///
  /// Appending never rewrites an interval it was given when the new ones start later than
  /// all of them, which lets readers of the first `count` go on reading while it appends.
  init(_ columns: IntervalColumns, count: Int = 0) {
    self.columns = columns
    self.count = count
  }

  /// Appends an interval unless it changes nothing (TZif files may repeat a type); one that
  /// starts where the last one starts replaces it.
  @inline(__always)
  mutating func append(start: Int64, offset: Int32, isDaylight daylight: Bool, abbreviation: UInt16)
  {
    if count > 0 && columns.starts[count - 1] == start { count -= 1 }
    if count > 0 && columns.offsets[count - 1] == offset
      && columns.isDaylight[count - 1] == daylight
      && columns.abbreviations[count - 1] == abbreviation
    {
      return
    }
    // The builder sizes the columns for every interval it can append.
    precondition(count < columns.capacity, "interval columns sized too small")
    columns.starts[count] = start
    columns.offsets[count] = offset
    columns.isDaylight[count] = daylight
    columns.abbreviations[count] = abbreviation
    count += 1
  }

  /// Computes the high-water marks of the intervals from `first` on and writes the sentinel
  /// after the last one; call after the last append.
  ///
  /// - Parameter first: The first interval whose mark is not yet written.
  /// - Returns: The mark before the last interval.
  @discardableResult
  func finish(peaksFrom first: Int) -> Int64 {
    var peak = first == 0 ? Int64.min : columns.peaks[first - 1]
    for i in first..<count {
      if i > 0 {
        peak = max(peak, saturatingAdd(columns.starts[i] - 1, Int64(columns.offsets[i - 1])))
      }
      columns.peaks[i] = peak
    }
    columns.starts[count] = Int64.max
    return peak
  }

  /// Appends the footer rule's changes after `last` and before the horizon, year by year, from
  /// the footer's per-kind-of-year dates.
  ///
  /// - Parameters:
  ///   - plan: The footer's changes and the years to visit.
  ///   - last: Only changes after this instant are appended.
  ///   - horizon: Only changes before this instant are appended.
  mutating func fatten(_ plan: FatteningPlan, after last: Int64, horizon: Int64) {
    let clock = plan.clock
    let firstYear = plan.firstYear
    let (standard, daylight) = (plan.standard, plan.daylight)
    // Each change's seconds from January 1, 00:00 UTC, by kind of year: the loop then adds.
    // Inline storage: extending a table on a hot path's first far question allocates nothing.
    var startSeconds = PerYearKind<Int64>(repeating: 0)
    var endSeconds = PerYearKind<Int64>(repeating: 0)
    for kind in 0..<14 {
      let bounds = clock.daylightBounds(january1: 0, kind: kind)
      startSeconds[kind] = bounds.start
      endSeconds[kind] = bounds.end
    }
    var yearStart = CivilCalendar.dayNumber(year: firstYear, month: 1, day: 1) * 86_400
    var weekday = CivilCalendar.isoWeekdayIndex(dayNumber: yearStart / 86_400)
    var year = firstYear
    for _ in 0..<plan.years {
      let isLeap = CivilCalendar.isLeapYear(year)
      let kind = (isLeap ? 7 : 0) + weekday
      let bounds = (start: yearStart + startSeconds[kind], end: yearStart + endSeconds[kind])
      yearStart += isLeap ? 366 * 86_400 : 365 * 86_400
      weekday += isLeap ? 2 : 1
      if weekday >= 7 { weekday -= 7 }
      year += 1
      // The parser guarantees the two changes differ and stay inside their year's order.
      let startFirst = bounds.start <= bounds.end
      let first = startFirst ? bounds.start : bounds.end
      let second = startFirst ? bounds.end : bounds.start
      if first >= horizon { return }
      if first > last {
        let type = startFirst ? daylight : standard
        append(
          start: first, offset: type.offset, isDaylight: startFirst, abbreviation: type.abbreviation
        )
      }
      if second > last && second < horizon {
        let type = startFirst ? standard : daylight
        append(
          start: second, offset: type.offset, isDaylight: !startFirst,
          abbreviation: type.abbreviation)
      }
    }
  }
}

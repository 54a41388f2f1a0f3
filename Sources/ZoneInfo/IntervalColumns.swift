/// A zone's intervals while its table is built, written in place into the buffers the table
/// then keeps: fattening a table to the horizon costs a few stores per interval, with no array
/// growth, copying or uniqueness checks.
///
/// The capacity is fixed when it is created and is an upper bound the builder proves: one
/// interval before the first transition, one per transition, one for a constant footer or
/// two per fattened year. `starts` has one more slot, for the `Int64.max` sentinel that
/// ``finish(peaksFrom:)`` writes after the last interval, so that walks need no bounds check.
struct IntervalColumns {
  let capacity: Int
  let starts: UnsafeMutablePointer<Int64>
  let offsets: UnsafeMutablePointer<Int32>
  let isDaylight: UnsafeMutablePointer<Bool>
  let abbreviations: UnsafeMutablePointer<UInt16>
  /// The wall-clock high-water mark before each interval, written by ``finish(peaksFrom:)``.
  let peaks: UnsafeMutablePointer<Int64>
  private(set) var count = 0

  /// Allocates the columns in one block, `starts` first; ownership passes to whoever takes
  /// them, who frees the block with `starts.deallocate()`.
  init(capacity: Int) {
    let capacity = max(1, capacity)
    self.capacity = capacity
    // Widest first, so that every column stays aligned: 8-byte starts (and the sentinel) and
    // peaks, 4-byte offsets, 2-byte abbreviations, 1-byte flags.
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: (2 * capacity + 1) * 8 + capacity * (4 + 2 + 1), alignment: 8)
    starts = block.bindMemory(to: Int64.self, capacity: capacity + 1)
    peaks = (block + (capacity + 1) * 8).bindMemory(to: Int64.self, capacity: capacity)
    offsets = (block + (2 * capacity + 1) * 8).bindMemory(to: Int32.self, capacity: capacity)
    abbreviations = (block + (2 * capacity + 1) * 8 + capacity * 4).bindMemory(
      to: UInt16.self, capacity: capacity)
    isDaylight = (block + (2 * capacity + 1) * 8 + capacity * 6).bindMemory(
      to: Bool.self, capacity: capacity)
  }

  /// Resumes appending to columns that already hold `count` intervals.
  ///
  /// Appending never rewrites an interval it was given when the new ones start later than
  /// all of them, which lets readers of the first `count` go on reading while it appends.
  init(
    starts: UnsafeMutablePointer<Int64>, offsets: UnsafeMutablePointer<Int32>,
    isDaylight: UnsafeMutablePointer<Bool>, abbreviations: UnsafeMutablePointer<UInt16>,
    peaks: UnsafeMutablePointer<Int64>, capacity: Int, count: Int
  ) {
    self.capacity = capacity
    self.starts = starts
    self.offsets = offsets
    self.isDaylight = isDaylight
    self.abbreviations = abbreviations
    self.peaks = peaks
    self.count = count
  }

  /// Appends an interval unless it changes nothing (TZif files may repeat a type); one that
  /// starts where the last one starts replaces it.
  @inline(__always)
  mutating func append(start: Int64, offset: Int32, isDaylight daylight: Bool, abbreviation: UInt16)
  {
    if count > 0 && starts[count - 1] == start { count -= 1 }
    if count > 0 && offsets[count - 1] == offset && isDaylight[count - 1] == daylight
      && abbreviations[count - 1] == abbreviation
    {
      return
    }
    // The builder sizes the columns for every interval it can append.
    precondition(count < capacity, "interval columns sized too small")
    starts[count] = start
    offsets[count] = offset
    isDaylight[count] = daylight
    abbreviations[count] = abbreviation
    count += 1
  }

  /// Computes the high-water marks of the intervals from `first` on and writes the sentinel
  /// after the last one; call after the last append.
  ///
  /// - Parameter first: The first interval whose mark is not yet written.
  /// - Returns: The mark before the last interval.
  @discardableResult
  func finish(peaksFrom first: Int) -> Int64 {
    var peak = first == 0 ? Int64.min : peaks[first - 1]
    for i in first..<count {
      if i > 0 { peak = max(peak, saturatingAdd(starts[i] - 1, Int64(offsets[i - 1]))) }
      peaks[i] = peak
    }
    starts[count] = Int64.max
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
    var startSeconds = InlineArray<14, Int64>(repeating: 0)
    var endSeconds = InlineArray<14, Int64>(repeating: 0)
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

/// What fattening a table with its footer's changes needs, kept so that the part past the
/// loaded horizon can be built later.
struct FatteningPlan {
  /// The footer's dates by kind of year.
  let clock: FooterClock
  /// A year no later than the one holding the file's last transition.
  let firstYear: Int64
  /// How many years to visit: through ``ZoneTable/fattenedHorizonYear``.
  let years: Int
  /// The standard offset and abbreviation index.
  let standard: (offset: Int32, abbreviation: UInt16)
  /// The daylight offset and abbreviation index.
  let daylight: (offset: Int32, abbreviation: UInt16)

  /// The same changes from a later year on.
  func starting(atYear year: Int64) -> FatteningPlan {
    let first = max(firstYear, year)
    return FatteningPlan(
      clock: clock, firstYear: first, years: max(0, years - Int(first - firstYear)),
      standard: standard, daylight: daylight)
  }
}

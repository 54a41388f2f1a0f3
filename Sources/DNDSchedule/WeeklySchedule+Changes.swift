import ZoneInfo

extension WeeklySchedule {
  /// The first instant after `instant` at which ``isQuiet(at:)`` differs from its value at
  /// `instant`.
  ///
  /// Sees both the windows and the snooze: a snooze that starts inside a quiet block and ends
  /// after it extends the block, and one that ends inside a quiet block ends nothing. Back-to-
  /// back and overlapping periods make one block; periods wholly inside a DST gap are skipped.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The instant of the next change, or nil when the answer never changes again.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  /// - Complexity: O(1): a few zone look-ups per block boundary examined; no allocation.
  public func nextChange(after instant: Int64) throws(ZoneError) -> Int64? {
    try Zone.checkSupported(instant)
    if isSnoozed(instant) { return firstOpening(from: snoozeUntil) }
    let quietNow = isScheduledQuiet(unchecked: instant)
    let scheduleChange = scheduleChange(after: instant)
    let snoozeAhead = snoozeLength != 0 && snoozeFrom > instant
    if !quietNow {
      // The windows or the snooze, whichever silences first.
      guard snoozeAhead else { return scheduleChange }
      return min(scheduleChange ?? .max, snoozeFrom)
    }
    guard let scheduleChange else { return nil }
    // A snooze that has begun when the windows open carries the quiet on to its end.
    if snoozeAhead && snoozeFrom <= scheduleChange && scheduleChange < snoozeUntil {
      return firstOpening(from: snoozeUntil)
    }
    return scheduleChange
  }

  /// The first instant at or after `instant` at which a push may go: `instant` itself when it
  /// is not quiet, else the next change (for send windows, when the next window opens or the
  /// snooze ends inside one).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The instant, or nil when the schedule stays quiet for ever.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func nextOpening(atOrAfter instant: Int64) throws(ZoneError) -> Int64? {
    try isQuiet(at: instant) ? try nextChange(after: instant) : instant
  }

  /// Whether a push must wait at an instant, and the first instant after it at which that
  /// changes: the answer of `dnd eval` for a schedule.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: ``isQuiet(at:)`` and ``nextChange(after:)``.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func state(at instant: Int64) throws(ZoneError) -> (
    isQuiet: Bool, nextChange: Int64?
  ) {
    (try isQuiet(at: instant), try nextChange(after: instant))
  }

  /// The first instant at or after `instant` (the end of a snooze, so in range) at which the
  /// windows alone are not quiet.
  func firstOpening(from instant: Int64) -> Int64? {
    guard Zone.supportedInstants.contains(instant) else { return instant }
    return isScheduledQuiet(unchecked: instant) ? scheduleChange(after: instant) : instant
  }

  /// The first instant after an in-range instant at which the windows alone (polarity applied,
  /// snooze not) change their answer; nil when they never do.
  ///
  /// The answer at `t` is the quiet bit of the minute of the week of the high-water mark
  /// H(t), which never decreases. So nothing changes before `mark(b)` for the next wall-clock
  /// boundary `b` at which the bit flips. When no transition lies between `t` and that
  /// instant (nearly always), it is `b` minus the offset at `t`, found with the one look-up
  /// that gave H(t); otherwise ``generalScheduleChange(after:)`` walks the marks.
  func scheduleChange(after instant: Int64) -> Int64? {
    let span = internedZone.wallClockSpan(unchecked: instant)
    guard let boundary = nextFlipBoundary(after: span.highWater) else { return nil }
    let candidate = boundary &- span.offset
    return candidate < span.spanEnd ? candidate : generalScheduleChange(after: instant)
  }

  /// The wall-clock reading (local seconds) of the first flip of the quiet bit after a
  /// reading; nil when the bit never flips.
  func nextFlipBoundary(after wall: Int64) -> Int64? {
    let minute = WeeklySchedule.minuteOfWeek(wall: wall)
    guard let flip = table.nextFlip(after: minute) else { return nil }
    // This week's Monday 00:00 on the wall clock, plus the flip's minutes.
    let intoWeek = UInt64(bitPattern: wall &+ WeeklySchedule.weekBias) % 604_800
    return wall &- Int64(bitPattern: intoWeek) &+ Int64(flip) &* 60
  }

  /// ``scheduleChange(after:)`` by marks: at `mark(b)` the clock may have jumped (a gap) past
  /// `b` into a minute whose bit is the old one again, and the walk goes on from there.
  func generalScheduleChange(after instant: Int64) -> Int64? {
    var wall = internedZone.highWater(unchecked: instant)
    let quietNow = table.isQuiet(minute: WeeklySchedule.minuteOfWeek(wall: wall))
    var candidate = instant
    // Each step passes at least one flip; five weeks' worth bounds a block, as
    // `DoNotDisturbSchedule.blockSearchDays` does (see tzdata-notes.md).
    for _ in 0..<(5 * table.flipCount + 2) {
      guard let boundary = nextFlipBoundary(after: wall) else { return nil }
      candidate = internedZone.mark(boundary)
      guard Zone.supportedInstants.contains(candidate) else { return candidate }
      wall = internedZone.highWater(unchecked: candidate)
      if table.isQuiet(minute: WeeklySchedule.minuteOfWeek(wall: wall)) != quietNow {
        return candidate
      }
    }
    return candidate
  }
}

extension WeeklySchedule {
  /// The instants of a range at which a push must wait, as maximal intervals clipped to the
  /// range, in order: what a scheduler or a timeline draws.
  ///
  /// - Parameter range: UNIX seconds, lower bound inclusive.
  /// - Returns: The intervals; each is quiet throughout, and the instants between them are not.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` if a bound is out of range.
  /// - Complexity: O(*c*) in the changes within the range.
  public func quietIntervals(in range: Range<Int64>) throws(ZoneError) -> [DoNotDisturbPeriod] {
    guard !range.isEmpty else { return [] }
    try Zone.checkSupported(range.lowerBound)
    try Zone.checkSupported(range.upperBound - 1)
    var result: [DoNotDisturbPeriod] = []
    var start = range.lowerBound
    var quiet = try isQuiet(at: start)
    while start < range.upperBound {
      let change = try nextChange(after: start) ?? .max
      let end = min(change, range.upperBound)
      if quiet { result.append(DoNotDisturbPeriod(start: start, end: end)) }
      start = end
      quiet.toggle()
    }
    return result
  }
}

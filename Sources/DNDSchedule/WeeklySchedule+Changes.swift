import ZoneInfo

extension WeeklySchedule {
  /// The first instant after `instant` at which ``contains(_:)`` differs from its answer at
  /// `instant`: inside a quiet block, its end (when a push may go); outside one, the next
  /// block's start.
  ///
  /// Sees both the windows and the snooze: a snooze that starts inside a quiet block and ends
  /// after it extends the block, and one that ends inside a quiet block ends nothing. Back-to-
  /// back and overlapping periods make one block; periods wholly inside a DST gap are skipped.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The instant of the next change, or nil when the answer never changes again
  ///   (quiet for ever: a push never may go).
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
  /// The quiet block that contains an instant: the maximal run of quiet instants around it,
  /// windows and snooze together (touching windows, and a snooze touching a window, make one
  /// block).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The block, or nil when the instant is not quiet. Its `end` is
  ///   ``nextChange(after:)`` (`Int64.max` when that is nil); its `start` is `Int64.min` when the
  ///   windows are quiet all week.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  /// - Complexity: O(*f*) in the flips of the week the block spans backwards; no allocation.
  public func blockContaining(_ instant: Int64) throws(ZoneError) -> DoNotDisturbPeriod? {
    guard try contains(instant) else { return nil }
    let end = try nextChange(after: instant) ?? .max
    return DoNotDisturbPeriod(start: quietStart(containing: instant), end: end)
  }

  /// The quiet block that contains an instant, or else the next one to start (a weekly
  /// schedule's periods are its blocks).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The block, or nil when none contains or follows the instant. A block starting
  ///   so near the end of the supported years that its end cannot be found ends at
  ///   `Int64.max`.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func period(containingOrAfter instant: Int64) throws(ZoneError) -> DoNotDisturbPeriod? {
    if let block = try blockContaining(instant) { return block }
    guard let start = try nextChange(after: instant) else { return nil }
    guard Zone.supportedInstants.contains(start) else {
      return DoNotDisturbPeriod(start: start, end: .max)
    }
    return DoNotDisturbPeriod(start: start, end: try nextChange(after: start) ?? .max)
  }

  /// The quiet blocks that overlap a range of instants, in order, each whole: what a scheduler
  /// or a timeline draws (clip to the range to draw it).
  ///
  /// - Parameter range: UNIX seconds, lower bound inclusive.
  /// - Returns: The blocks; each is quiet throughout, and the instants between them are not.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` if a bound is out of range.
  /// - Complexity: O(*c*) in the changes within the range.
  public func periods(overlapping range: Range<Int64>) throws(ZoneError) -> [DoNotDisturbPeriod] {
    guard !range.isEmpty else { return [] }
    try Zone.checkSupported(range.lowerBound)
    try Zone.checkSupported(range.upperBound - 1)
    var result: [DoNotDisturbPeriod] = []
    var next = try period(containingOrAfter: range.lowerBound)
    while let period = next, period.start < range.upperBound {
      result.append(period)
      // A block's end is not quiet, so the next period starts after it.
      guard period.end < range.upperBound else { break }
      next = try self.period(containingOrAfter: period.end)
    }
    return result
  }

  /// The first instant of the quiet block containing a quiet, in-range instant.
  func quietStart(containing instant: Int64) -> Int64 {
    guard table.flipCount > 0 || !table.isQuiet(minute: 0) else { return .min }
    let snoozed = snoozeLength != 0
    var start = isSnoozed(instant) ? snoozeFrom : scheduledQuietStart(containing: instant)
    // A snooze that reaches the windows' block carries it back to the snooze's start.
    if snoozed && snoozeFrom < start && start <= snoozeUntil { start = snoozeFrom }
    // And windows quiet just before the snooze carry it back further.
    if snoozed && start == snoozeFrom && Zone.supportedInstants.contains(start - 1)
      && isScheduledQuiet(unchecked: start - 1)
    {
      start = scheduledQuietStart(containing: start - 1)
    }
    return start
  }

  /// The first instant of the run of instants the windows alone make quiet that contains an
  /// in-range instant they make quiet (the windows flip at least once a week).
  ///
  /// The quiet instants are those whose high-water mark H lies in a quiet run `[b, e)` of the
  /// wall clock, that is `[mark(b), mark(e))`. The run before `b` is not quiet, unless the
  /// clock skipped it (a gap), in which case the walk goes on to the run before.
  func scheduledQuietStart(containing instant: Int64) -> Int64 {
    var probe = instant
    // Each step passes at least one flip; the same bound as `generalScheduleChange(after:)`.
    for _ in 0..<(5 * table.flipCount + 2) {
      let wall = internedZone.highWater(unchecked: probe)
      let start = internedZone.mark(previousFlipBoundary(atOrBefore: wall))
      guard Zone.supportedInstants.contains(start - 1), isScheduledQuiet(unchecked: start - 1)
      else { return start }
      probe = start - 1
    }
    return probe + 1
  }

  /// The wall-clock reading (local seconds) of the last flip of the quiet bit at or before a
  /// reading's minute (only called when the bit flips).
  func previousFlipBoundary(atOrBefore wall: Int64) -> Int64 {
    let minute = WeeklySchedule.minuteOfWeek(wall: wall)
    let flip = table.previousFlip(atOrBefore: minute)
    let intoWeek = UInt64(bitPattern: wall &+ WeeklySchedule.weekBias) % 604_800
    return wall &- Int64(bitPattern: intoWeek) &+ Int64(flip) &* 60
  }
}

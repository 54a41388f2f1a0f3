import ZoneInfo

extension DoNotDisturbSchedule {
  /// How many local dates ahead the searches look. A custom rule owns a date every 7 days;
  /// 16 covers a week of dates whose periods all fall in gaps, with room to spare.
  static let searchDays: Int64 = 16

  /// How many local dates a merged block may span on either side of the instant. In real
  /// tzdata the longest block is under two weeks (24-hour windows on six weekdays, the
  /// seventh skipped by the clock); a crafted zone that skipped a date every week could make
  /// one longer, and it is cut here (see tzdata-notes.md).
  static let blockSearchDays: Int64 = 32

  /// The period owned by a local date (day number) for a repeating rule, possibly empty.
  func period(ownedBy day: Int64) -> DoNotDisturbPeriod {
    let startLocal = day * secondsPerDay + Int64(start)
    let endDay = end > start ? day : day + 1
    let endLocal = endDay * secondsPerDay + Int64(end)
    return DoNotDisturbPeriod(start: mark(startLocal), end: mark(endLocal))
  }

  /// `mark(L)` in the rule's zone (`InternedZone.mark(_:)`, which the weekly schedule shares).
  func mark(_ local: Int64) -> Int64 { internedZone.mark(local) }

  /// The start of a saved one-off period with this daily window that ends at `end` (see
  /// tzdata-notes.md, "Pinning and updating across a fleet").
  ///
  /// The stored end holds whatever the zone's data says now. With the data the save step
  /// used, the period is the one it chose: the daily period that ends at `end` (empty only
  /// for a rule of unknown mode whose window fell wholly in a clock gap that day). If tzdata
  /// has moved the zone's clock since, no daily period ends there; the period then starts at
  /// the window's start on the date it belongs to, the date whose window end is nearest the
  /// wall clock's reading at `end`. If the clock moved back past that start, the period keeps
  /// the window's length instead, so a saved one-off rule never vanishes.
  func oneOffStart(end: Int64) -> Int64 {
    if let period = owningPeriod(at: end - 1), period.end == end { return period.start }
    let reading = internedZone.wallClock(unchecked: end - 1).highWater + 1
    let endDay = floorDivide(reading - Int64(self.end) + secondsPerDay / 2, secondsPerDay)
    let startDay = self.end > start ? endDay : endDay - 1
    let first = mark(startDay * secondsPerDay + Int64(self.start))
    guard first > end else { return first }
    let length = Int64(self.end - self.start)
    return end - (length > 0 ? length : length + secondsPerDay)
  }

  /// The local date whose period contains an instant; nil when no period does, or when the
  /// rule does not repeat.
  func owningDay(at instant: Int64) -> Int64? {
    guard case .repeating(let window) = kind else { return nil }
    let position = window.position(wall: internedZone.wallClock(unchecked: instant).highWater)
    return position.isInside ? position.day : nil
  }

  /// The single period (owned by one date) that contains an instant.
  func owningPeriod(at instant: Int64) -> DoNotDisturbPeriod? {
    switch kind {
    case .never: return nil
    case .oneOff(let start, let end):
      let period = DoNotDisturbPeriod(start: start, end: end)
      return period.contains(instant) ? period : nil
    case .repeating:
      return owningDay(at: instant).map { period(ownedBy: $0) }
    }
  }

  /// The first non-empty period that starts after an instant.
  func firstPeriod(startingAfter instant: Int64) -> DoNotDisturbPeriod? {
    switch kind {
    case .never: return nil
    case .oneOff(let start, let end):
      return start > instant && start < end ? DoNotDisturbPeriod(start: start, end: end) : nil
    case .repeating:
      let wall = internedZone.wallClock(unchecked: instant).highWater
      let today = floorDivide(wall, secondsPerDay)
      for day in today...(today + DoNotDisturbSchedule.searchDays) where owns(day) {
        let period = period(ownedBy: day)
        if !period.isEmpty && period.start > instant { return period }
      }
      return nil
    }
  }

  /// Whether every instant is in do-not-disturb: a 24-hour window on all seven days.
  var isAlwaysOn: Bool {
    guard case .repeating(let window) = kind else { return false }
    return window.length == 86_400 && window.days == 0x7F
  }

  /// The first instant after `instant` at which the do-not-disturb state differs from the
  /// state at `instant`.
  ///
  /// Back-to-back periods (24-hour windows on consecutive days) count as one block, and empty
  /// periods (windows wholly inside a DST gap) are skipped.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The instant of the next change, or nil when the state never changes again
  ///   (disabled, always on, or a one-off period in the past).
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  /// - Complexity: O(1): a few zone look-ups per period examined; no allocation.
  public func nextChange(after instant: Int64) throws(ZoneError) -> Int64? {
    let state = try stateAndBlockEnd(instant)
    if state.inDND { return state.blockEnd == .max ? nil : state.blockEnd }
    if case .repeating = kind, let start = fastNextStart(unchecked: instant) { return start }
    return firstPeriod(startingAfter: instant)?.start
  }

  /// The merged block of back-to-back periods that contains an instant.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The block, or nil when the instant is not in do-not-disturb. For a rule that
  ///   is always on, `start` is `Int64.min` and `end` is `Int64.max`.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func blockContaining(_ instant: Int64) throws(ZoneError) -> DoNotDisturbPeriod? {
    try Zone.checkSupported(instant)
    if isAlwaysOn { return DoNotDisturbPeriod(start: .min, end: .max) }
    guard var block = owningPeriod(at: instant) else { return nil }
    guard let owner = owningDay(at: instant) else { return block }
    // Extend forward and backward while the neighbouring dates' periods touch this one. Dates
    // the rule does not own and empty periods (windows inside a gap) are passed over rather
    // than ending the block: when the clock skips a whole date (Samoa's 2011-12-30), the
    // periods on either side of it touch.
    for day in (owner + 1)...(owner + DoNotDisturbSchedule.blockSearchDays) where owns(day) {
      let next = period(ownedBy: day)
      if next.isEmpty { continue }
      guard next.start <= block.end else { break }
      block.end = max(block.end, next.end)
    }
    for day in stride(
      from: owner - 1, through: owner - DoNotDisturbSchedule.blockSearchDays, by: -1)
    where owns(day) {
      let previous = period(ownedBy: day)
      if previous.isEmpty { continue }
      guard previous.end >= block.start else { break }
      block.start = min(block.start, previous.start)
    }
    return block
  }

  /// The period that contains an instant, or else the next one to start.
  ///
  /// The period is the one owned by a single local date (not merged with neighbours; see
  /// ``blockContaining(_:)``).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The period, or nil when no period contains or follows the instant.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func period(containingOrAfter instant: Int64) throws(ZoneError) -> DoNotDisturbPeriod? {
    try Zone.checkSupported(instant)
    if let period = owningPeriod(at: instant) { return period }
    return firstPeriod(startingAfter: instant)
  }

  /// The non-empty periods that overlap a range of instants, in order, one per owning date.
  ///
  /// - Parameter range: UNIX seconds, lower bound inclusive.
  /// - Returns: The periods; a period partly inside the range is included whole.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` if a bound is out of range.
  /// - Complexity: O(*d*) for *d* local dates in the range.
  public func periods(overlapping range: Range<Int64>) throws(ZoneError) -> [DoNotDisturbPeriod] {
    guard !range.isEmpty else { return [] }
    try Zone.checkSupported(range.lowerBound)
    try Zone.checkSupported(range.upperBound - 1)
    switch kind {
    case .never:
      return []
    case .oneOff(let start, let end):
      let period = DoNotDisturbPeriod(start: start, end: end)
      return !period.isEmpty && period.start < range.upperBound && period.end > range.lowerBound
        ? [period] : []
    case .repeating:
      let first = floorDivide(
        internedZone.wallClock(unchecked: range.lowerBound).highWater, secondsPerDay)
      let last = floorDivide(
        internedZone.wallClock(unchecked: range.upperBound - 1).highWater, secondsPerDay)
      var result: [DoNotDisturbPeriod] = []
      for day in (first - 1)...last where owns(day) {
        let period = period(ownedBy: day)
        if !period.isEmpty && period.start < range.upperBound && period.end > range.lowerBound {
          result.append(period)
        }
      }
      return result
    }
  }
}

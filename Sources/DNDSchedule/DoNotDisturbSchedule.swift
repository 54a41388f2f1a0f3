import ZoneInfo

/// A do-not-disturb rule compiled against its zone, ready to answer "is this instant in
/// do-not-disturb?" without allocating, locking or touching Foundation.
///
/// Compile once when a rule is saved or loaded; keep the value (32 bytes plus the zone's
/// shared tables) and call ``contains(_:)`` for every push.
///
/// The semantics (see README): for a local date D and a time HH:MM, `mark(D, HH:MM)` is the
/// first instant at which the wall clock shows (D, HH:MM) or later. The period owned by D is
/// `[mark(D, start), mark(D', end))` with D' = D when end > start and D + 1 otherwise. Daily
/// rules own every date, custom rules the dates whose ISO weekday bit is set, one-off rules
/// the single period ending at `onceEndTimestamp`.
///
/// An instant is at or after `mark(L)` exactly when the highest wall-clock reading shown so
/// far (the *high-water mark*) is at least `L`; so membership is one zone lookup and integer
/// arithmetic on that reading, exact in gaps and folds.
public struct DoNotDisturbSchedule: Sendable, Hashable {
  @usableFromInline
  enum Kind: UInt8, Sendable, Hashable {
    /// Disabled: never in do-not-disturb.
    case never
    /// Daily or custom.
    case repeating
    /// Once or unknown: the single period `[onceStart, onceEnd)`.
    case oneOff
  }

  /// The zone of the wall clock.
  public let zone: Zone
  @usableFromInline let kind: Kind
  /// The rule's repeat mode, for descriptions.
  let mode: UInt8
  /// Owned weekdays, bit 0 = Monday; all seven for daily.
  @usableFromInline let days: UInt8
  /// Window start and end in minutes after local midnight (0…1439); 16 bits keep the
  /// compiled value at 32 bytes.
  @usableFromInline let startMinute: UInt16
  @usableFromInline let endMinute: UInt16
  @usableFromInline let onceStart: Int64
  @usableFromInline let onceEnd: Int64

  /// Window start, seconds after local midnight.
  @inlinable @inline(__always) var start: Int32 { Int32(startMinute) &* 60 }
  /// Window end, seconds after local midnight.
  @inlinable @inline(__always) var end: Int32 { Int32(endMinute) &* 60 }

  /// Compiles a rule, loading its zone from a database.
  ///
  /// - Parameters:
  ///   - rule: The rule, as stored (one-off rules already saved with ``DoNotDisturbRule/saved(at:zones:)``).
  ///   - zones: The database that resolves `timeZoneID` (empty means UTC).
  /// - Throws: ``RuleValidationError`` listing every invalid field.
  /// - Complexity: O(1) plus a zone load on a cache miss.
  public init(rule: DoNotDisturbRule, zones: ZoneDatabase) throws(RuleValidationError) {
    let checked = rule.validate(zones: zones)
    guard checked.errors.isEmpty, let zone = checked.zone else {
      throw RuleValidationError(errors: checked.errors)
    }
    self.init(validatedRule: rule, zone: zone)
  }

  /// Compiles a rule against a zone you resolved yourself (the rule's `timeZoneID` is not
  /// read).
  ///
  /// - Parameters:
  ///   - rule: The rule.
  ///   - zone: The zone of its wall clock.
  /// - Throws: ``RuleValidationError`` listing every invalid field other than the zone.
  public init(rule: DoNotDisturbRule, zone: Zone) throws(RuleValidationError) {
    let errors = rule.validateFields()
    guard errors.isEmpty else { throw RuleValidationError(errors: errors) }
    self.init(validatedRule: rule, zone: zone)
  }

  init(validatedRule rule: DoNotDisturbRule, zone: Zone) {
    self.zone = zone
    mode = UInt8(truncatingIfNeeded: rule.repeatMode.rawValue)
    days = rule.repeatMode == .custom ? UInt8(rule.customRepeatDays) : 0x7F
    startMinute = UInt16(rule.startHour * 60 + rule.startMinute)
    endMinute = UInt16(rule.endHour * 60 + rule.endMinute)
    if !rule.enabled {
      kind = .never
      onceStart = 0
      onceEnd = 0
    } else if rule.repeatMode.isOneOff {
      kind = .oneOff
      onceEnd = rule.onceEndTimestamp
      // The period is the daily period that contains the last second before the end: exact
      // when the server computed the end, and still well defined if tzdata changed since.
      let daily = DoNotDisturbSchedule(
        zone: zone, kind: .repeating, mode: 2, days: 0x7F, startMinute: startMinute,
        endMinute: endMinute, onceStart: 0, onceEnd: 0)
      onceStart = daily.owningPeriod(at: rule.onceEndTimestamp - 1)?.start ?? rule.onceEndTimestamp
    } else {
      kind = .repeating
      onceStart = 0
      onceEnd = 0
    }
  }

  init(
    zone: Zone, kind: Kind, mode: UInt8, days: UInt8, startMinute: UInt16, endMinute: UInt16,
    onceStart: Int64, onceEnd: Int64
  ) {
    self.zone = zone
    self.kind = kind
    self.mode = mode
    self.days = days
    self.startMinute = startMinute
    self.endMinute = endMinute
    self.onceStart = onceStart
    self.onceEnd = onceEnd
  }

  /// Whether an instant is in do-not-disturb.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: Whether a period contains the instant (start inclusive, end exclusive).
  /// - Throws: ``ZoneError/instantOutOfRange(_:)`` outside years -9999…9999.
  /// - Complexity: O(1): one zone lookup (a bucket probe for 1970–2500) and integer
  ///   arithmetic. No allocation, no lock.
  @inlinable @inline(__always)
  public func contains(_ instant: Int64) throws(ZoneError) -> Bool {
    try Zone.checkSupported(instant)
    return containsUnchecked(instant)
  }

  @inlinable @inline(__always)
  func containsUnchecked(_ instant: Int64) -> Bool {
    switch kind {
    case .never:
      return false
    case .oneOff:
      return onceStart <= instant && instant < onceEnd
    case .repeating:
      return isInside(wall: zone.wallClock(unchecked: instant).highWater)
    }
  }

  /// Membership by the high-water mark alone, without branches on the answer: random
  /// instants make such branches unpredictable, and a mispredicted branch costs more than
  /// the whole computation.
  @inlinable @inline(__always)
  func isInside(wall: Int64) -> Bool {
    let day = floorDivide(wall, 86_400)
    let second = Int32(truncatingIfNeeded: wall &- day &* 86_400)
    let weekday = CivilCalendar.isoWeekdayIndex(dayNumber: day)
    let today = UInt32(days >> UInt8(weekday)) & 1
    let yesterday = UInt32(days >> UInt8((weekday &+ 6) % 7)) & 1
    let afterStart = UInt32(truncatingIfNeeded: (Int64(second) &- Int64(start)) >> 63) ^ 0xFFFF_FFFF
    let beforeEnd = UInt32(truncatingIfNeeded: (Int64(second) &- Int64(end)) >> 63)
    // Same-day window: today, after the start and before the end. Overnight (or 24-hour)
    // window: today after the start, or the tail of yesterday's before the end.
    let sameDay = today & afterStart & beforeEnd
    let overnight = (today & afterStart) | (yesterday & beforeEnd)
    let crossesMidnight =
      UInt32(truncatingIfNeeded: (Int64(start) &- Int64(end)) >> 63) ^ 0xFFFF_FFFF
    return ((sameDay & ~crossesMidnight) | (overnight & crossesMidnight)) != 0
  }

  /// The local date whose period contains the instant with this high-water mark, computed
  /// with bit arithmetic rather than branches (random instants make branches unpredictable).
  @inlinable @inline(__always)
  func owningDay(wall: Int64) -> Int64? {
    let day = floorDivide(wall, 86_400)
    let second = Int32(truncatingIfNeeded: wall &- day &* 86_400)
    let weekday = CivilCalendar.isoWeekdayIndex(dayNumber: day)
    let today = (days >> UInt8(weekday)) & 1
    let yesterday = (days >> UInt8(weekday == 0 ? 6 : weekday - 1)) & 1
    let afterStart: UInt8 = second >= start ? 1 : 0
    let beforeEnd: UInt8 = second < end ? 1 : 0
    if start < end {
      return today & afterStart & beforeEnd != 0 ? day : nil
    }
    if today & afterStart != 0 { return day }
    return yesterday & beforeEnd != 0 ? day &- 1 : nil
  }

  /// Whether the rule owns the period that starts on a local date (day number).
  @inlinable @inline(__always)
  func owns(_ day: Int64) -> Bool {
    (days >> UInt8(CivilCalendar.isoWeekdayIndex(dayNumber: day))) & 1 == 1
  }

  /// The state at an instant and, when in do-not-disturb, the end of the merged block
  /// (`Int64.max` for a rule that is always on).
  ///
  /// One zone look-up when no transition lies between the instant and the block's end (the
  /// common case); otherwise the general period walk.
  ///
  /// - Parameter instant: UNIX seconds within ``Zone/supportedInstants``.
  /// - Returns: Whether in do-not-disturb, and the block's end if so.
  @inlinable
  package func stateAndBlockEnd(unchecked instant: Int64) -> (inDND: Bool, blockEnd: Int64) {
    switch kind {
    case .never:
      return (false, 0)
    case .oneOff:
      return onceStart <= instant && instant < onceEnd ? (true, onceEnd) : (false, 0)
    case .repeating:
      let span = zone.wallClockSpan(unchecked: instant)
      guard let day = owningDay(wall: span.highWater) else { return (false, 0) }
      if start == end {
        if days == 0x7F { return (true, .max) }
        // 24-hour windows on consecutive days touch: take the general walk.
        return (true, slowBlockEnd(instant))
      }
      let endLocal = (start < end ? day : day &+ 1) &* 86_400 &+ Int64(end)
      let candidate = endLocal &- span.offset
      // Exact when the clock reaches the end before the next transition; periods owned by
      // other dates cannot touch this one then (their starts lie hours away on the clock).
      return (true, candidate < span.spanEnd ? candidate : slowBlockEnd(instant))
    }
  }

  /// The first period start after an instant that is not in do-not-disturb, with one zone
  /// look-up when no transition intervenes; nil when the general walk is needed.
  @inlinable
  func fastNextStart(unchecked instant: Int64) -> Int64? {
    let span = zone.wallClockSpan(unchecked: instant)
    let today = floorDivide(span.highWater, 86_400)
    for day in today...(today &+ 7) where owns(day) {
      let startLocal = day &* 86_400 &+ Int64(start)
      if startLocal <= span.highWater { continue }
      let candidate = startLocal &- span.offset
      return candidate < span.spanEnd ? candidate : nil
    }
    return nil
  }

  @usableFromInline
  func slowBlockEnd(_ instant: Int64) -> Int64 {
    (try? blockContaining(instant))??.end ?? instant
  }
}

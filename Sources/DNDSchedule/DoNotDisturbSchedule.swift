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
  let kind: Kind
  /// The rule's repeat mode, for descriptions.
  let mode: UInt8
  /// Owned weekdays, bit 0 = Monday; all seven for daily.
  let days: UInt8
  /// Window start and end in minutes after local midnight (0…1439); 16 bits keep the
  /// compiled value at 32 bytes.
  let startMinute: UInt16
  let endMinute: UInt16
  let onceStart: Int64
  let onceEnd: Int64

  /// Window start, seconds after local midnight.
  @inline(__always) var start: Int32 { Int32(startMinute) * 60 }
  /// Window end, seconds after local midnight.
  @inline(__always) var end: Int32 { Int32(endMinute) * 60 }

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
  /// - Complexity: O(1): one zone lookup (a bucket probe for 1970–2100) and integer
  ///   arithmetic. No allocation, no lock.
  @inlinable
  public func contains(_ instant: Int64) throws(ZoneError) -> Bool {
    guard Zone.supportedInstants.contains(instant) else { throw .instantOutOfRange(instant) }
    return containsUnchecked(instant)
  }

  @usableFromInline
  func containsUnchecked(_ instant: Int64) -> Bool {
    switch kind {
    case .never:
      return false
    case .oneOff:
      return onceStart <= instant && instant < onceEnd
    case .repeating:
      let wall = zone.wallClock(unchecked: instant).highWater
      let day = floorDivide(wall, secondsPerDay)
      let second = Int32(truncatingIfNeeded: wall - day * secondsPerDay)
      if start < end {
        return second >= start && second < end && owns(day)
      }
      return (second >= start && owns(day)) || (second < end && owns(day - 1))
    }
  }

  /// Whether the rule owns the period that starts on a local date (day number).
  @inline(__always)
  func owns(_ day: Int64) -> Bool {
    (days >> UInt8(CivilCalendar.isoWeekdayIndex(dayNumber: day))) & 1 == 1
  }
}

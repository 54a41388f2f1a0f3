import ZoneInfo

/// A do-not-disturb rule compiled against its zone, ready to answer "is this instant in
/// do-not-disturb?" without allocating, locking or touching Foundation.
///
/// Compile once when a rule is saved or loaded; keep the value (32 bytes plus the zone's
/// shared tables) and call ``contains(_:)`` for every push. It answers the questions of
/// ``CompiledSchedule``, by the same names as ``WeeklySchedule``.
///
/// The semantics (<doc:DoNotDisturbSemantics>): for a local date D and a time HH:MM, `mark(D, HH:MM)` is the
/// first instant at which the wall clock shows (D, HH:MM) or later. The period owned by D is
/// `[mark(D, start), mark(D', end))` with D' = D when end > start and D + 1 otherwise. Daily
/// rules own every date, custom rules the dates whose ISO weekday bit is set, one-off rules
/// the single period ending at `onceEndTimestamp`.
///
/// An instant is at or after `mark(L)` exactly when the highest wall-clock reading shown so
/// far (the *high-water mark*) is at least `L`; so membership is one zone lookup and integer
/// arithmetic on that reading, exact in gaps and folds; `DoNotDisturbSchedule+HotPath.swift`
/// says which function answers which case.
public struct DoNotDisturbSchedule: Sendable, Hashable {
  /// What the rule does, with the data the general paths read for it (stored as ``window``
  /// and ``kindCode``).
  @usableFromInline
  enum Kind: Sendable, Hashable {
    /// Disabled: never in do-not-disturb.
    case never
    /// Daily or custom, with the window's precomputed constants.
    case repeating(RepeatingWindow)
    /// Once or unknown: the single period `[start, end)`.
    case oneOff(start: Int64, end: Int64)
  }

  /// The zone of the wall clock, interned: its tables live as long as the process, so that
  /// copying a schedule (reading a rule from a collection) counts no references.
  @usableFromInline let internedZone: InternedZone
  /// The hot path's data: a repeating rule's window constants; for a disabled rule, its
  /// window owning no weekday, so that it is never inside and the hot path needs no test
  /// for it; for a one-off rule, the period's end (as `shift`) and length.
  @usableFromInline let window: RepeatingWindow
  /// The rest in one word, so that the value is four words that a caller copies and passes
  /// without repacking bytes: ``kindCode`` (bits 0–7), ``mode`` (8–15), ``days`` (16–23),
  /// ``startMinute`` (24–39) and ``endMinute`` (40–55).
  @usableFromInline let settings: UInt64
  /// What `window` describes: ``KindCode``. The hot path answers the codes below
  /// ``KindCode/general`` and sends the rest to the general path.
  @inlinable @inline(__always) var kindCode: UInt8 { UInt8(truncatingIfNeeded: settings) }
  /// The rule's repeat mode, for descriptions.
  var mode: UInt8 { UInt8(truncatingIfNeeded: settings &>> 8) }
  /// Owned weekdays, bit 0 = Monday; all seven for daily.
  @inlinable @inline(__always) var days: UInt8 { UInt8(truncatingIfNeeded: settings &>> 16) }
  /// Window start and end in minutes after local midnight (0…1439), for the slow paths and
  /// descriptions.
  @inlinable @inline(__always) var startMinute: UInt16 {
    UInt16(truncatingIfNeeded: settings &>> 24)
  }
  @inlinable @inline(__always) var endMinute: UInt16 {
    UInt16(truncatingIfNeeded: settings &>> 40)
  }

  /// The values of ``kindCode``.
  @usableFromInline
  enum KindCode {
    /// Disabled; `window` owns no weekday.
    @inlinable static var never: UInt8 { 0 }
    /// Daily or custom, shorter than 24 hours.
    @inlinable static var repeating: UInt8 { 1 }
    /// The first code the hot path does not answer.
    @inlinable static var general: UInt8 { 2 }
    /// Daily or custom, 24 hours long (the periods of consecutive days touch).
    @inlinable static var allDay: UInt8 { 2 }
    /// Once or unknown.
    @inlinable static var oneOff: UInt8 { 3 }

    /// The code of a daily or custom window: ``allDay`` for 24 hours, else ``repeating``.
    static func ofRepeating(_ window: RepeatingWindow) -> UInt8 {
      window.length == 86_400 ? allDay : repeating
    }
  }

  /// What the rule does.
  @inlinable var kind: Kind {
    switch kindCode {
    case KindCode.never: return .never
    case KindCode.oneOff:
      return .oneOff(start: window.shift &- Int64(window.length), end: window.shift)
    default: return .repeating(window)
    }
  }

  /// Window start, seconds after local midnight.
  @inlinable @inline(__always) var start: Int32 { Int32(startMinute) &* 60 }
  /// Window end, seconds after local midnight.
  @inlinable @inline(__always) var end: Int32 { Int32(endMinute) &* 60 }

  /// Compiles a rule, loading its zone from a database.
  ///
  /// - Parameters:
  ///   - rule: The rule, as stored (one-off rules already saved with
  ///     ``DoNotDisturbRule/savedAndCompiled(at:zones:)``).
  ///   - zones: The database that resolves `timeZoneID` (empty means UTC).
  /// - Throws: ``RuleError`` listing every invalid field.
  /// - Complexity: O(1) plus a zone load on a cache miss.
  public init(rule: DoNotDisturbRule, zones: ZoneDatabase) throws(RuleError) {
    let checked = rule.validate(zones: zones)
    guard checked.errors.isEmpty, let zone = checked.zone else {
      throw RuleError(errors: checked.errors)
    }
    self.init(validatedRule: rule, zone: zone)
  }

  /// Compiles a rule against a zone you resolved yourself (the rule's `timeZoneID` is not
  /// read).
  ///
  /// - Parameters:
  ///   - rule: The rule.
  ///   - zone: The zone of its wall clock.
  /// - Throws: ``RuleError`` listing every invalid field other than the zone.
  package init(rule: DoNotDisturbRule, zone: Zone) throws(RuleError) {
    let errors = rule.validateFields()
    guard errors.isEmpty else { throw RuleError(errors: errors) }
    self.init(validatedRule: rule, zone: zone)
  }

  /// The zone of the wall clock.
  ///
  /// Its tables stay loaded for the rest of the process once a schedule is compiled against
  /// them, whether or not the `ZoneDatabase` it came from does (see `ZoneDatabase`).
  public var zone: Zone { internedZone.zone }

  package init(validatedRule rule: DoNotDisturbRule, zone: Zone) {
    self.init(validatedRule: rule, internedZone: InternedZone(zone))
  }

  init(validatedRule rule: DoNotDisturbRule, internedZone: InternedZone) {
    self.init(
      validatedRule: rule, onceEndTimestamp: rule.onceEndTimestamp, internedZone: internedZone)
  }

  /// Compiles a rule whose fields are valid with another `onceEndTimestamp`: the one its save
  /// fixes, so that saving need not copy the rule to compile it.
  package init(
    validatedRule rule: DoNotDisturbRule, onceEndTimestamp end: Int64, internedZone: InternedZone
  ) {
    let minutes = rule.windowMinutes
    let days: UInt8 = rule.repeatMode == .custom ? UInt8(rule.customRepeatDays) : 0x7F
    let repeating = RepeatingWindow(startMinute: minutes.start, endMinute: minutes.end, days: days)
    let window: RepeatingWindow
    let kindCode: UInt8
    if !rule.enabled {
      window = RepeatingWindow(shift: repeating.shift, length: repeating.length, days: 0)
      kindCode = KindCode.never
    } else if rule.repeatMode.isOneOff {
      let daily = DoNotDisturbSchedule(dailyWindow: minutes, internedZone: internedZone)
      // A period owned by one date lasts at most a day plus the clock's jumps: far below 2^32 s.
      let length = UInt32(clamping: end &- daily.oneOffStart(end: end))
      window = RepeatingWindow(shift: end, length: length, days: 0)
      kindCode = KindCode.oneOff
    } else {
      window = repeating
      kindCode = KindCode.ofRepeating(repeating)
    }
    self.init(
      window: window, kindCode: kindCode, mode: rule.repeatMode, days: days, minutes: minutes,
      internedZone: internedZone)
  }

  /// The daily schedule with a window (minutes after local midnight): a one-off rule's period
  /// is one of the periods of the daily schedule with its window.
  init(dailyWindow minutes: (start: UInt16, end: UInt16), internedZone: InternedZone) {
    let window = RepeatingWindow(startMinute: minutes.start, endMinute: minutes.end, days: 0x7F)
    self.init(
      window: window, kindCode: KindCode.ofRepeating(window), mode: .daily, days: 0x7F,
      minutes: minutes, internedZone: internedZone)
  }

  /// The stored form, with ``settings`` packed as its documentation says.
  private init(
    window: RepeatingWindow, kindCode: UInt8, mode: RepeatMode, days: UInt8,
    minutes: (start: UInt16, end: UInt16), internedZone: InternedZone
  ) {
    self.internedZone = internedZone
    self.window = window
    settings =
      UInt64(kindCode) | UInt64(UInt8(truncatingIfNeeded: mode.rawValue)) << 8
      | UInt64(days) << 16 | UInt64(minutes.start) << 24 | UInt64(minutes.end) << 40
  }

  /// Whether the rule owns the period that starts on a local date (day number).
  @inlinable @inline(__always)
  func owns(_ day: Int64) -> Bool {
    (days >> UInt8(CivilCalendar.isoWeekdayIndex(dayNumber: day))) & 1 == 1
  }
}

extension DoNotDisturbRule {
  /// The window's start and end in minutes after local midnight, as a schedule stores them
  /// (for a rule whose fields are valid).
  var windowMinutes: (start: UInt16, end: UInt16) {
    (UInt16(startHour * 60 + startMinute), UInt16(endHour * 60 + endMinute))
  }
}

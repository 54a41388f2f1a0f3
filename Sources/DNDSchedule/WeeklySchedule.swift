import ZoneInfo

/// A weekly schedule compiled against its zone, ready to answer "must a push wait now, and
/// until when?" without allocating, locking or touching Foundation.
///
/// Compile once when a schedule is saved or loaded (see ``WeeklyScheduleRule`` for the
/// semantics); keep the value and call ``contains(_:)`` for every push. It answers the
/// questions of ``CompiledSchedule`` by the same names as ``DoNotDisturbSchedule``:
/// ``nextChange(after:)`` gives the first instant at which the answer flips (inside a quiet
/// block, when a push may go: for send windows, when the next window opens),
/// ``blockContaining(_:)`` the quiet block around an instant, and ``periods(overlapping:)`` the
/// quiet stretches of a range. The windows and the snooze compile into one set of quiet
/// instants, so a weekly schedule's periods are its blocks.
///
/// The ZIM rule's daily and custom modes are the shape "one window on the chosen days, quiet
/// polarity, no snooze": ``DoNotDisturbSchedule`` stays a separate 32-byte fast case, and the
/// property tests prove the two give the same answers.
public struct WeeklySchedule: Sendable, Hashable {
  /// The zone of the wall clock, interned as ``DoNotDisturbSchedule``'s is.
  @usableFromInline let internedZone: InternedZone
  /// The quiet minutes of the week (polarity applied).
  @usableFromInline let table: WeeklyScheduleTable
  /// Whether the windows are when pushes may go (`send`), rather than quiet hours.
  let sendsInsideWindows: Bool
  /// The snooze's first instant (0 without one).
  @usableFromInline let snoozeFrom: Int64
  /// The snooze's length in seconds (0 without one): an instant `t` is snoozed when
  /// `t - snoozeFrom`, read unsigned, is below it.
  @usableFromInline let snoozeLength: UInt64

  /// Seconds added to a high-water mark so that it is not negative and a multiple of a week
  /// falls on Monday 00:00 (day 0, 1970-01-01, was a Thursday): the ZIM window's bias.
  @inlinable static var weekBias: Int64 { RepeatingWindow.biasDays &* 86_400 }

  /// Compiles a schedule, loading its zone from a database.
  ///
  /// - Parameters:
  ///   - rule: The schedule, as stored.
  ///   - zones: The database that resolves `timeZoneID` (empty means UTC).
  /// - Throws: ``RuleError`` listing every invalid field.
  /// - Complexity: O(*w*) in the windows plus a pass over the 10,080 minutes of a week, and a
  ///   zone load on a cache miss.
  public init(rule: WeeklyScheduleRule, zones: ZoneDatabase) throws(RuleError) {
    let checked = rule.validate(zones: zones)
    guard checked.errors.isEmpty, let zone = checked.zone else {
      throw RuleError(errors: checked.errors)
    }
    self.init(validatedRule: rule, zone: zone)
  }

  /// Compiles a schedule against a zone you resolved yourself (the rule's `timeZoneID` is not
  /// read).
  ///
  /// - Parameters:
  ///   - rule: The schedule.
  ///   - zone: The zone of its wall clock.
  /// - Throws: ``RuleError`` listing every invalid field other than the zone.
  package init(rule: WeeklyScheduleRule, zone: Zone) throws(RuleError) {
    let errors = rule.validateFields()
    guard errors.isEmpty else { throw RuleError(errors: errors) }
    self.init(validatedRule: rule, zone: zone)
  }

  /// The zone of the wall clock (its tables stay loaded for the rest of the process).
  public var zone: Zone { internedZone.zone }

  init(validatedRule rule: WeeklyScheduleRule, zone: Zone) {
    internedZone = InternedZone(zone)
    var windows: [(weekday: Int, startMinute: Int, endMinute: Int)] = []
    for window in rule.windows {
      guard let start = WeeklyScheduleRule.minuteOfDay(window.start),
        let end = WeeklyScheduleRule.minuteOfDay(window.end)
      else { continue }
      for weekday in window.weekdays where (1...7).contains(weekday) {
        windows.append((weekday - 1, start, end))
      }
    }
    sendsInsideWindows = rule.polarity == .send
    table = WeeklyScheduleTable(windows: windows, quietInside: !sendsInsideWindows)
    if let snooze = rule.snooze, snooze.from < snooze.until {
      snoozeFrom = snooze.from
      snoozeLength = UInt64(snooze.until - snooze.from)
    } else {
      snoozeFrom = 0
      snoozeLength = 0
    }
  }

  /// Whether a push must wait at an instant: inside a quiet window (quiet polarity) or
  /// outside every window (send polarity), or inside the snooze.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: Whether the instant is quiet.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999.
  /// - Complexity: O(1): one zone look-up (a bucket probe for 1970–2500), integer arithmetic
  ///   and one bit of the week. No allocation, no lock.
  @inlinable @inline(__always)
  public func contains(_ instant: Int64) throws(ZoneError) -> Bool {
    if let wall = internedZone.tabulatedHighWater(instant) {
      return isQuiet(wall: wall, instant: instant)
    }
    try Zone.checkSupported(instant)
    return isQuiet(wall: internedZone.highWater(unchecked: instant), instant: instant)
  }

  /// Whether an instant with a given high-water mark is quiet (schedule or snooze).
  @inlinable @inline(__always)
  func isQuiet(wall: Int64, instant: Int64) -> Bool {
    let scheduled = table.isQuiet(minute: WeeklySchedule.minuteOfWeek(wall: wall))
    // Unsigned: below the start wraps to a huge distance.
    let snoozed = UInt64(bitPattern: instant &- snoozeFrom) < snoozeLength
    return scheduled || snoozed
  }

  /// The minute of the week (0 = Monday 00:00) of a wall-clock reading in local seconds.
  @inlinable @inline(__always)
  static func minuteOfWeek(wall: Int64) -> Int {
    Int(truncatingIfNeeded: UInt64(bitPattern: wall &+ weekBias) / 60 % 10_080)
  }

  /// Whether the windows alone (polarity applied, snooze not) make an in-range instant quiet.
  func isScheduledQuiet(unchecked instant: Int64) -> Bool {
    table.isQuiet(
      minute: WeeklySchedule.minuteOfWeek(wall: internedZone.highWater(unchecked: instant)))
  }

  /// Whether an instant is inside the snooze.
  func isSnoozed(_ instant: Int64) -> Bool {
    UInt64(bitPattern: instant &- snoozeFrom) < snoozeLength
  }

  /// The snooze's end (only meaningful with a snooze).
  var snoozeUntil: Int64 { snoozeFrom &+ Int64(bitPattern: snoozeLength) }

  /// Two schedules are equal when they have the same zone, polarity, quiet minutes and snooze:
  /// schedules whose windows differ only in order, repeats or overlaps are equal.
  ///
  /// - Parameters:
  ///   - lhs: A schedule.
  ///   - rhs: Another schedule.
  /// - Returns: Whether they give the same answers.
  public static func == (lhs: WeeklySchedule, rhs: WeeklySchedule) -> Bool {
    lhs.internedZone == rhs.internedZone && lhs.sendsInsideWindows == rhs.sendsInsideWindows
      && lhs.snoozeFrom == rhs.snoozeFrom && lhs.snoozeLength == rhs.snoozeLength
      && (lhs.table === rhs.table || lhs.table.hasSameMinutes(as: rhs.table))
  }

  /// Hashes the zone, polarity, snooze and quiet minutes.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(internedZone)
    hasher.combine(sendsInsideWindows)
    hasher.combine(snoozeFrom)
    hasher.combine(snoozeLength)
    for index in 0..<WeeklyScheduleTable.wordCount { hasher.combine(table.quietMinutes[index]) }
  }

  /// Bytes a compiled schedule holds: the value itself and its table's look-ups (the zone's
  /// tables are shared by every schedule in the zone and not counted). For the benchmark, a
  /// package of its own: hence the `Benchmark` SPI rather than `package` access.
  @_spi(Benchmark) public var byteCount: Int {
    MemoryLayout<WeeklySchedule>.size + table.lookupByteCount
  }
}

/// The footer rule reduced to integers for the hot path: no strings, so reading it costs no
/// reference counting, and a closed-form answer for instants away from year boundaries.
@usableFromInline
struct FooterClock: Sendable {
  let standardOffset: Int64
  let daylightOffset: Int64
  let hasDaylight: Bool
  let startTime: Int64
  let endTime: Int64
  /// Whether every daylight event of a year falls between January 4 and December 28 of that
  /// local year, so that away from New Year only the year's own two events matter.
  let eventsInsideYear: Bool
  /// The daylight start's and end's days after January 1, by kind of year (see
  /// ``yearKind(january1:isLeap:)``): a rule's dates fall on the same days of the year in every
  /// year of one kind, so no date rule is evaluated after `init`.
  let startDays: PerYearKind<Int16>
  let endDays: PerYearKind<Int16>
  /// By kind of year, whether daylight time is in force when such a year ends (its later
  /// change is the start): the state the next New Year opens with. Bit `kind` of the mask.
  let daylightAtYearEnd: UInt16

  init(_ footer: POSIXTimeZone?) {
    standardOffset = Int64(footer?.standardOffset ?? 0)
    var startDays = PerYearKind<Int16>(repeating: 0)
    var endDays = PerYearKind<Int16>(repeating: 0)
    guard let rule = footer?.daylight else {
      daylightOffset = standardOffset
      hasDaylight = false
      startTime = 0
      endTime = 0
      eventsInsideYear = true
      self.startDays = startDays
      self.endDays = endDays
      daylightAtYearEnd = 0
      return
    }
    daylightOffset = Int64(rule.offset)
    hasDaylight = true
    startTime = rule.startTime
    endTime = rule.endTime
    func inside(_ date: POSIXTimeZone.DateRule, _ time: Int64) -> Bool {
      guard abs(time) <= 48 * 3600 else { return false }
      switch date {
      case .julianNoLeap(let n): return (6...360).contains(n)
      case .zeroBasedDay(let n): return (5...359).contains(n)
      case .monthWeekDay(let month, let week, _):
        if month == 1 { return week >= 2 }
        if month == 12 { return week <= 3 }
        return true
      }
    }
    eventsInsideYear = inside(rule.start, rule.startTime) && inside(rule.end, rule.endTime)
    for kind in 0..<14 {
      startDays[kind] = Int16(rule.start.dayOfYear(kind: kind))
      endDays[kind] = Int16(rule.end.dayOfYear(kind: kind))
    }
    self.startDays = startDays
    self.endDays = endDays
    var daylightAtYearEnd: UInt16 = 0
    for kind in 0..<14 {
      let start = Int64(startDays[kind]) * 86_400 + startTime - standardOffset
      let end = Int64(endDays[kind]) * 86_400 + endTime - daylightOffset
      if start > end { daylightAtYearEnd |= 1 << kind }
    }
    self.daylightAtYearEnd = daylightAtYearEnd
  }

  /// The kind of a year: 7 if it is a leap year, plus the ISO weekday index (Monday = 0) of
  /// its January 1.
  @inline(__always)
  static func yearKind(january1: Int64, isLeap: Bool) -> Int {
    (isLeap ? 7 : 0) + CivilCalendar.isoWeekdayIndex(dayNumber: january1)
  }

  /// The UTC instants of the daylight start and end in the year that begins on day
  /// `january1`.
  @inline(__always)
  func daylightBounds(january1: Int64, isLeap: Bool) -> (start: Int64, end: Int64) {
    daylightBounds(
      january1: january1, kind: FooterClock.yearKind(january1: january1, isLeap: isLeap))
  }

  /// The UTC instants of the daylight start and end in a year of a kind that begins on day
  /// `january1`.
  @inline(__always)
  func daylightBounds(january1: Int64, kind: Int) -> (start: Int64, end: Int64) {
    (
      (january1 + Int64(startDays[kind])) * 86_400 + startTime - standardOffset,
      (january1 + Int64(endDays[kind])) * 86_400 + endTime - daylightOffset
    )
  }

  /// January 1 (day number) of a year from 1 on.
  @inline(__always)
  static func january1(year: Int64) -> Int64 {
    let previous = year - 1
    // 719_162 days from January 1 of year 1 to 1970-01-01.
    return previous * 365 + previous / 4 - previous / 100 + previous / 400 - 719_162
  }

  /// The wall clock at `t`, or nil when the closed form does not apply (near New Year, before
  /// year 1, or rules with events at the edges of the year).
  @inline(__always)
  func wallClock(at t: Int64) -> (local: Int64, lastChange: Int64, offsetBefore: Int64)? {
    guard hasDaylight else { return (t + standardOffset, Int64.min, standardOffset) }
    guard eventsInsideYear else { return nil }
    let day = floorDivide(t + standardOffset, 86_400)
    guard day >= -719_162 + 366 else { return nil }
    // 146,097 days in 400 years: the estimate is off by at most one year.
    var year = 1970 + floorDivide(day * 400, 146_097)
    var january1 = FooterClock.january1(year: year)
    if day < january1 {
      year -= 1
      january1 -= CivilCalendar.isLeapYear(year) ? 366 : 365
    }
    var isLeap = CivilCalendar.isLeapYear(year)
    if day - january1 >= (isLeap ? 366 : 365) {
      january1 += isLeap ? 366 : 365
      year += 1
      isLeap = CivilCalendar.isLeapYear(year)
    }
    let dayOfYear = day - january1
    guard dayOfYear >= 3 && dayOfYear <= 361 else { return nil }
    let (s, e) = daylightBounds(january1: january1, isLeap: isLeap)
    // The state at New Year is the one the previous year's later change set (rules whose two
    // changes swap order from year to year are legal).
    let previousIsLeap = CivilCalendar.isLeapYear(year - 1)
    let previousKind = FooterClock.yearKind(
      january1: january1 - (previousIsLeap ? 366 : 365), isLeap: previousIsLeap)
    let daylightAtNewYear = daylightAtYearEnd & (1 << previousKind) != 0
    // Selections rather than branches: which part of its year a random instant falls in is
    // unpredictable. On a tie the start wins, as it is applied last.
    let startFirst = s < e
    let first = startFirst ? s : e
    let second = startFirst ? e : s
    let afterSecond = t >= second
    let afterFirst = t >= first
    let daylight = afterSecond ? !startFirst : (afterFirst ? startFirst : daylightAtNewYear)
    // Before the second change the clock showed the first one's state; before the first, New
    // Year's.
    let daylightBefore = afterSecond ? startFirst : daylightAtNewYear
    return (
      t &+ (daylight ? daylightOffset : standardOffset),
      afterSecond ? second : (afterFirst ? first : Int64.min),
      daylightBefore ? daylightOffset : standardOffset
    )
  }
}

extension POSIXTimeZone.DateRule {
  /// `dayNumber(year:)` from the rule's day in the year's kind, for years 1 and later (the
  /// footer rule only applies after a zone's last transition); the general formula otherwise.
  @inline(__always)
  func fastDayNumber(year: Int64) -> Int64 {
    guard year >= 1 else { return dayNumber(year: year) }
    let january1 = FooterClock.january1(year: year)
    let kind = FooterClock.yearKind(january1: january1, isLeap: CivilCalendar.isLeapYear(year))
    return january1 + dayOfYear(kind: kind)
  }
}

/// A POSIX TZ rule such as `EST5EDT,M3.2.0,M11.1.0`, as found in a TZif footer (RFC 8536 §3.3).
///
/// It computes local time for instants after a zone's last explicit transition. Offsets are
/// stored east-positive (the string's signs are the reverse).
struct POSIXTimeZone: Sendable, Hashable {
  /// A day of the year on which daylight saving time starts or ends.
  enum DateRule: Sendable, Hashable {
    /// `Jn`: day 1…365, February 29 never counted.
    case julianNoLeap(Int64)
    /// `n`: day 0…365, February 29 counted in leap years.
    case zeroBasedDay(Int64)
    /// `Mm.w.d`: day `d` (0 = Sunday) of week `w` (1…5, 5 = last) of month `m`.
    case monthWeekDay(month: Int64, week: Int64, weekday: Int64)

    /// The day number of this rule's day in a year.
    func dayNumber(year: Int64) -> Int64 {
      switch self {
      case .julianNoLeap(let n):
        let jan1 = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
        let leapShift: Int64 = (CivilCalendar.isLeapYear(year) && n >= 60) ? 1 : 0
        return jan1 + n - 1 + leapShift
      case .zeroBasedDay(let n):
        return CivilCalendar.dayNumber(year: year, month: 1, day: 1) + n
      case .monthWeekDay(let month, let week, let weekday):
        let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
        // Day-of-week with 0 = Sunday: 1970-01-01 (day 0) was a Thursday (4).
        let firstWeekday = floorModulo(first + 4, 7)
        var day = first + floorModulo(weekday - firstWeekday, 7) + (week - 1) * 7
        let length = CivilCalendar.daysInMonth(year: year, month: month)
        while day >= first + length { day -= 7 }
        return day
      }
    }

    /// This rule's day, counted from January 1 (day 0), in a year of a kind: leap or not, and
    /// the weekday of its January 1 (see `FooterClock.yearKind(january1:isLeap:)`). Every year
    /// of one kind has its day on the same day of the year, so 14 kinds describe all years.
    ///
    /// - Parameter kind: 7 for a leap year, plus the ISO weekday index (Monday = 0) of
    ///   January 1.
    func dayOfYear(kind: Int) -> Int64 {
      let leap: Int64 = kind >= 7 ? 1 : 0
      switch self {
      case .julianNoLeap(let n):
        return n - 1 + (leap == 1 && n >= 60 ? 1 : 0)
      case .zeroBasedDay(let n):
        return n
      case .monthWeekDay(let month, let week, let weekday):
        // Days before the month in a common year, then February 29 when it has passed.
        let daysBefore: Int64 =
          month <= 2 ? (month - 1) * 31 : (153 * (month - 3) + 2) / 5 + 59 + leap
        // Day of week with 0 = Sunday: the ISO index (Monday = 0) of January 1, plus one.
        let firstWeekday = (Int64(kind % 7) + 1 + daysBefore) % 7
        var day = daysBefore + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
        let length: Int64 =
          month == 2 ? 28 + leap : (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31
        if day >= daysBefore + length { day -= 7 }
        return day
      }
    }
  }

  /// The daylight saving part of a rule.
  struct DaylightRule: Sendable, Hashable {
    var offset: Int32
    var abbreviation: String
    var start: DateRule
    /// Local (standard) time of day of the start, in seconds; may be negative or past 24 h.
    var startTime: Int64
    var end: DateRule
    /// Local (daylight) time of day of the end, in seconds; may be negative or past 24 h.
    var endTime: Int64
  }

  /// The string the rule was parsed from.
  var string: String
  var standardOffset: Int32
  var standardAbbreviation: String
  var daylight: DaylightRule?
  /// For a rule without yearly changes: whether its one type is flagged daylight time (a rule
  /// with daylight time all year, `<-03>3<-02>,0/0,J365/25`, is stored as its daylight type).
  var constantIsDaylight = false

  /// One change of local time type computed from the rule.
  struct Event: Sendable, Hashable {
    var instant: Int64
    var offsetBefore: Int32
    var offsetAfter: Int32
    var isDaylightAfter: Bool
  }

  /// The UTC instants of the daylight start and end in a year.
  @inline(__always)
  func daylightBounds(_ rule: DaylightRule, year: Int64) -> (start: Int64, end: Int64) {
    let start =
      rule.start.fastDayNumber(year: year) * secondsPerDay + rule.startTime - Int64(standardOffset)
    let end = rule.end.fastDayNumber(year: year) * secondsPerDay + rule.endTime - Int64(rule.offset)
    return (start, end)
  }

  /// The state at an instant: offset, whether daylight time, and the most recent change.
  ///
  /// `lastChange` is the instant of the change that began the current state and
  /// `offsetBeforeLastChange` the offset before it (for the wall-clock high-water mark).
  /// For a rule without daylight time, `lastChange` is `Int64.min`.
  func state(at t: Int64) -> (
    offset: Int32, isDaylight: Bool, lastChange: Int64, offsetBeforeLastChange: Int32
  ) {
    guard let rule = daylight else {
      return (standardOffset, constantIsDaylight, Int64.min, standardOffset)
    }
    let year = localYear(of: t)
    // Scan the events of the neighbouring years; the latest one at or before t decides.
    var bestInstant = Int64.min
    var bestIsStart = false
    for y in (year - 1)...(year + 1) {
      let bounds = daylightBounds(rule, year: y)
      // A start wins a tie with an end: `0/0,J365/25` means daylight time all year.
      if bounds.start <= t && bounds.start >= bestInstant {
        bestInstant = bounds.start
        bestIsStart = true
      }
      if bounds.end <= t && bounds.end > bestInstant {
        bestInstant = bounds.end
        bestIsStart = false
      }
    }
    if bestIsStart {
      return (rule.offset, true, bestInstant, standardOffset)
    }
    return (standardOffset, false, bestInstant, rule.offset)
  }

  /// The first change strictly after `t`, or nil when the rule never changes the offset or
  /// daylight flag again (no daylight time, or daylight time all year, whose yearly end and
  /// start fall on the same instant and cancel).
  func nextEvent(after t: Int64) -> Event? {
    yearlyInstants(around: t, years: -1...2).filter { $0 > t }.sorted()
      .lazy.compactMap(change(at:)).first
  }

  /// The last change at or before `t`, or nil when the rule has no change (no daylight
  /// time, or daylight time all year) in the years around `t`, and so none ever.
  func previousEvent(atOrBefore t: Int64) -> Event? {
    yearlyInstants(around: t, years: -2...1).filter { $0 <= t }.sorted(by: >)
      .lazy.compactMap(change(at:)).first
  }

  /// The daylight starts and ends of the years around `t`'s local year.
  private func yearlyInstants(around t: Int64, years: ClosedRange<Int64>) -> [Int64] {
    guard let rule = daylight else { return [] }
    let year = localYear(of: t)
    return ((year + years.lowerBound)...(year + years.upperBound)).flatMap { y in
      let bounds = daylightBounds(rule, year: y)
      return [bounds.start, bounds.end]
    }
  }

  /// The change at an instant, if the offset or daylight flag differs on its two sides: a
  /// yearly event can change nothing (daylight time all year, or rules whose order swaps).
  private func change(at instant: Int64) -> Event? {
    let before = state(at: instant - 1)
    let after = state(at: instant)
    guard before.offset != after.offset || before.isDaylight != after.isDaylight else {
      return nil
    }
    return Event(
      instant: instant, offsetBefore: before.offset, offsetAfter: after.offset,
      isDaylightAfter: after.isDaylight)
  }

  /// The calendar year of `t` on the standard-time clock.
  private func localYear(of t: Int64) -> Int64 {
    CivilCalendar.date(dayNumber: floorDivide(t + Int64(standardOffset), secondsPerDay)).year
  }

  /// The abbreviation in effect for a daylight flag.
  func abbreviation(isDaylight: Bool) -> String {
    isDaylight ? (daylight?.abbreviation ?? standardAbbreviation) : standardAbbreviation
  }
}

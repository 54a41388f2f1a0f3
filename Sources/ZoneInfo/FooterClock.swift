/// The footer rule reduced to integers for the hot path: no strings, so reading it costs no
/// reference counting, and a closed-form answer for instants away from year boundaries.
@usableFromInline
struct FooterClock: Sendable {
  let standardOffset: Int64
  let daylightOffset: Int64
  let hasDaylight: Bool
  let start: POSIXTimeZone.DateRule
  let startTime: Int64
  let end: POSIXTimeZone.DateRule
  let endTime: Int64
  /// Whether every daylight event of a year falls between January 4 and December 28 of that
  /// local year, so that away from New Year only the year's own two events matter.
  let eventsInsideYear: Bool

  init(_ footer: POSIXTimeZone?) {
    standardOffset = Int64(footer?.standardOffset ?? 0)
    guard let rule = footer?.daylight else {
      daylightOffset = standardOffset
      hasDaylight = false
      start = .zeroBasedDay(0)
      startTime = 0
      end = .zeroBasedDay(0)
      endTime = 0
      eventsInsideYear = true
      return
    }
    daylightOffset = Int64(rule.offset)
    hasDaylight = true
    start = rule.start
    startTime = rule.startTime
    end = rule.end
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
  }

  /// The UTC instants of the daylight start and end in a year.
  @inline(__always)
  func daylightBounds(year: Int64) -> (start: Int64, end: Int64) {
    (
      start.fastDayNumber(year: year) * 86_400 + startTime - standardOffset,
      end.fastDayNumber(year: year) * 86_400 + endTime - daylightOffset
    )
  }

  /// The wall clock at `t`, or nil when the closed form does not apply (near New Year, or
  /// rules with events at the edges of the year).
  func wallClock(at t: Int64) -> (local: Int64, lastChange: Int64, offsetBefore: Int64)? {
    guard hasDaylight else { return (t + standardOffset, Int64.min, standardOffset) }
    guard eventsInsideYear else { return nil }
    let day = floorDivide(t + standardOffset, 86_400)
    let year = CivilCalendar.date(dayNumber: day).year
    let dayOfYear = day - CivilCalendar.dayNumber(year: year, month: 1, day: 1)
    guard dayOfYear >= 3 && dayOfYear <= 361 else { return nil }
    let (s, e) = daylightBounds(year: year)
    // The state at New Year is the one the previous year's later change set (rules whose two
    // changes swap order from year to year are legal).
    let previous = daylightBounds(year: year - 1)
    let daylightAtNewYear = previous.start > previous.end
    let first = min(s, e)
    let second = max(s, e)
    if t >= second {
      let daylight = second == s
      return (
        t + (daylight ? daylightOffset : standardOffset), second,
        daylight ? standardOffset : daylightOffset
      )
    }
    if t >= first {
      let daylight = first == s
      return (
        t + (daylight ? daylightOffset : standardOffset), first,
        daylightAtNewYear ? daylightOffset : standardOffset
      )
    }
    return (
      t + (daylightAtNewYear ? daylightOffset : standardOffset), Int64.min,
      daylightAtNewYear ? daylightOffset : standardOffset
    )
  }
}

extension POSIXTimeZone.DateRule {
  /// Cumulative days before each month in a common year.
  static let daysBeforeMonth: [Int64] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

  /// `dayNumber(year:)` with the month arithmetic reduced to table look-ups, for years 1 and
  /// later (the footer rule only applies after a zone's last transition); the general
  /// formula otherwise.
  @inline(__always)
  func fastDayNumber(year: Int64) -> Int64 {
    guard year >= 1 else { return dayNumber(year: year) }
    let previous = year - 1
    // Days from 1970-01-01 to January 1 of `year`: 719_162 is January 1 of year 1.
    let jan1 = previous * 365 + previous / 4 - previous / 100 + previous / 400 - 719_162
    let leap: Int64 = (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 1 : 0
    switch self {
    case .monthWeekDay(let month, let week, let weekday):
      let index = Int(month - 1)
      let first = jan1 + Self.daysBeforeMonth[index] + (month > 2 ? leap : 0)
      let firstWeekday = (first + 4) % 7 < 0 ? (first + 4) % 7 + 7 : (first + 4) % 7
      var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
      let length: Int64 =
        month == 2 ? 28 + leap : (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31
      if day >= first + length { day -= 7 }
      return day
    case .julianNoLeap(let n):
      return jan1 + n - 1 + (leap == 1 && n >= 60 ? 1 : 0)
    case .zeroBasedDay(let n):
      return jan1 + n
    }
  }
}

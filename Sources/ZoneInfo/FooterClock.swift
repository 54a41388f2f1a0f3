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

  /// The wall clock at `t`, or nil when the closed form does not apply (near New Year, or
  /// rules with events at the edges of the year).
  func wallClock(at t: Int64) -> (local: Int64, lastChange: Int64, offsetBefore: Int64)? {
    guard hasDaylight else { return (t + standardOffset, Int64.min, standardOffset) }
    guard eventsInsideYear else { return nil }
    let day = floorDivide(t + standardOffset, 86_400)
    let year = CivilCalendar.date(dayNumber: day).year
    let dayOfYear = day - CivilCalendar.dayNumber(year: year, month: 1, day: 1)
    guard dayOfYear >= 3 && dayOfYear <= 361 else { return nil }
    let s = start.dayNumber(year: year) * 86_400 + startTime - standardOffset
    let e = end.dayNumber(year: year) * 86_400 + endTime - daylightOffset
    if s < e {
      if t >= e { return (t + standardOffset, e, daylightOffset) }
      if t >= s { return (t + daylightOffset, s, standardOffset) }
      return (t + standardOffset, Int64.min, standardOffset)
    }
    if t >= s { return (t + daylightOffset, s, standardOffset) }
    if t >= e { return (t + standardOffset, e, daylightOffset) }
    return (t + daylightOffset, Int64.min, daylightOffset)
  }
}

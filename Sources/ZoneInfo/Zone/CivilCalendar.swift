// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01).
// The algorithms are Howard Hinnant's `days_from_civil` / `civil_from_days`: branch-light,
// exact for every year this package accepts, and free of Foundation.

/// Seconds in a civil day; zones never change the length of the civil day itself.
@inlinable package var secondsPerDay: Int64 { 86_400 }

/// Floor division, rounding toward negative infinity (Swift's `/` truncates toward zero).
@inlinable @inline(__always)
package func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

/// Modulo whose result has the sign of the divisor.
@inlinable @inline(__always)
package func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
  let r = a % b
  return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
}

/// Calendar arithmetic on day numbers; internal to the zone engine and shared with the schedule.
@usableFromInline
package enum CivilCalendar {
  /// The day number of a proleptic Gregorian date.
  @inlinable
  package static func dayNumber(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The proleptic Gregorian date of a day number.
  @inlinable
  package static func date(dayNumber: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = dayNumber + 719_468
    let era = floorDivide(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// ISO weekday index of a day number: 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
  @inlinable @inline(__always)
  package static func isoWeekdayIndex(dayNumber: Int64) -> Int {
    Int(floorModulo(dayNumber + 3, 7))
  }

  /// Whether a proleptic Gregorian year is a leap year.
  @inlinable
  package static func isLeapYear(_ year: Int64) -> Bool {
    // Without short-circuit branches (a random year's answer is unpredictable): a year
    // divisible by 100 and by 16 is divisible by 400.
    let by4: UInt8 = year & 3 == 0 ? 1 : 0
    let by100: UInt8 = year % 100 == 0 ? 1 : 0
    let by16: UInt8 = year & 15 == 0 ? 1 : 0
    return by4 & (~by100 | by16) & 1 != 0
  }

  /// Number of days in a month of a year.
  @inlinable
  package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

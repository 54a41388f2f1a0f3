/// A wall-clock reading with no zone attached: a proleptic Gregorian date and a time of day.
///
/// Values are validated on creation: month 1…12, day within the month, hour 0…23, minute and
/// second 0…59, year -9999…9999. Leap seconds are not represented (tzdata's POSIX time has none).
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, -9999…9999.
  public let year: Int
  /// The month, 1…12.
  public let month: Int
  /// The day of the month, 1…31.
  public let day: Int
  /// The hour, 0…23.
  public let hour: Int
  /// The minute, 0…59.
  public let minute: Int
  /// The second, 0…59.
  public let second: Int

  /// Creates a validated wall-clock reading.
  ///
  /// - Parameters:
  ///   - year: -9999…9999.
  ///   - month: 1…12.
  ///   - day: 1 through the length of the month.
  ///   - hour: 0…23.
  ///   - minute: 0…59.
  ///   - second: 0…59.
  /// - Throws: ``ZoneError/invalidLocalDateTime(field:value:)`` naming the first bad field.
  public init(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0
  ) throws(ZoneError) {
    guard (-9999...9999).contains(year) else {
      throw .invalidLocalDateTime(field: "year", value: year)
    }
    guard (1...12).contains(month) else {
      throw .invalidLocalDateTime(field: "month", value: month)
    }
    let length = CivilCalendar.daysInMonth(year: Int64(year), month: Int64(month))
    guard day >= 1 && Int64(day) <= length else {
      throw .invalidLocalDateTime(field: "day", value: day)
    }
    guard (0...23).contains(hour) else { throw .invalidLocalDateTime(field: "hour", value: hour) }
    guard (0...59).contains(minute) else {
      throw .invalidLocalDateTime(field: "minute", value: minute)
    }
    guard (0...59).contains(second) else {
      throw .invalidLocalDateTime(field: "second", value: second)
    }
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Creates the reading of a count of local seconds since 1970-01-01T00:00:00 local.
  package init(localSeconds: Int64) {
    let days = floorDivide(localSeconds, secondsPerDay)
    let secs = Int(localSeconds - days * secondsPerDay)
    let date = CivilCalendar.date(dayNumber: days)
    self.year = Int(date.year)
    self.month = Int(date.month)
    self.day = Int(date.day)
    self.hour = secs / 3600
    self.minute = secs / 60 % 60
    self.second = secs % 60
  }

  /// Local seconds since 1970-01-01T00:00:00 on the same wall clock.
  package var localSeconds: Int64 {
    dayNumber * secondsPerDay + Int64(hour * 3600 + minute * 60 + second)
  }

  /// Days since 1970-01-01 of this date.
  package var dayNumber: Int64 {
    CivilCalendar.dayNumber(year: Int64(year), month: Int64(month), day: Int64(day))
  }

  /// The ISO weekday: 1 = Monday … 7 = Sunday.
  public var isoWeekday: Int { CivilCalendar.isoWeekdayIndex(dayNumber: dayNumber) + 1 }

  /// ISO 8601 extended form, `YYYY-MM-DDTHH:MM:SS` (years outside 0…9999 carry a sign).
  public var description: String {
    let y: String
    if (0...9999).contains(year) {
      y = pad(year, 4)
    } else {
      y = (year < 0 ? "-" : "+") + pad(abs(year), 4)
    }
    return
      "\(y)-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
  }

  /// Orders readings chronologically on the wall clock.
  ///
  /// - Parameters:
  ///   - lhs: A reading.
  ///   - rhs: Another reading.
  /// - Returns: Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.localSeconds < rhs.localSeconds
  }
}

/// Left-pads a non-negative number with zeros.
package func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width
    ? digits : String(repeating: "0", count: width - digits.count) + digits
}

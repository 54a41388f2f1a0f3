import ZoneInfo

/// How the tool shows instants, clock times and durations.
enum TimeFormatting {
  /// Three-letter ISO weekday names, Monday first.
  static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// An instant in a zone and in UTC: `2026-03-09T08:00:00-04:00 EDT (2026-03-09T12:00:00Z)`;
  /// just the UTC form when the zone is UTC.
  static func instant(_ instant: Int64, in zone: Zone) -> String {
    let utc = (try? Zone.utc.iso8601(instant)) ?? String(instant)
    guard let local = localInstant(instant, in: zone) else { return utc }
    return "\(local) (\(utc))"
  }

  /// An instant in a zone only: `2026-03-09T08:00:00-04:00 EDT`; the UTC form when the zone
  /// is UTC.
  static func wallClock(_ instant: Int64, in zone: Zone) -> String {
    localInstant(instant, in: zone) ?? (try? Zone.utc.iso8601(instant)) ?? String(instant)
  }

  /// The local reading with its offset and abbreviation; nil in UTC or out of range.
  private static func localInstant(_ instant: Int64, in zone: Zone) -> String? {
    guard zone.identifier != "UTC", let local = try? zone.localDateTime(at: instant),
      let offset = try? zone.offset(at: instant)
    else { return nil }
    let abbreviation = (try? zone.abbreviation(at: instant)).map { " " + $0 } ?? ""
    return "\(local)\(Zone.formatOffset(offset))\(abbreviation)"
  }

  /// `HH:MM` for seconds after local midnight; 86,400 shows as `24:00`.
  static func clock(_ secondOfDay: Int64) -> String {
    if secondOfDay == secondsPerDay { return "24:00" }
    let minutes = Int(floorModulo(secondOfDay, secondsPerDay) / 60)
    return pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
  }

  /// `YYYY-MM-DD` for a day number.
  static func date(_ dayNumber: Int64) -> String {
    String(LocalDateTime(localSeconds: dayNumber * secondsPerDay).description.prefix(10))
  }

  /// `Sun 2026-03-08` for a day number.
  static func weekdayAndDate(_ dayNumber: Int64) -> String {
    weekdayNames[CivilCalendar.isoWeekdayIndex(dayNumber: dayNumber)] + " " + date(dayNumber)
  }

  /// A duration such as `7h 30m`, `2d 3h` or `45s`, rounded down to its two largest units.
  static func duration(_ seconds: Int64) -> String {
    guard seconds > 0 else { return "0s" }
    let days = seconds / 86_400
    let hours = seconds / 3600 % 24
    let minutes = seconds / 60 % 60
    let rest = seconds % 60
    if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
    if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
    if minutes > 0 { return rest > 0 ? "\(minutes)m \(rest)s" : "\(minutes)m" }
    return "\(rest)s"
  }

  /// A wall-clock shift such as `1h`, `30m`, `1h 30m`, or with its seconds when it is not
  /// whole minutes: `44m 30s` (Africa/Monrovia, 1972), `52s` (Africa/Accra, 1915).
  static func shift(_ seconds: Int32) -> String {
    let magnitude = Int64(seconds.magnitude)
    let parts = [(magnitude / 3600, "h"), (magnitude / 60 % 60, "m"), (magnitude % 60, "s")]
      .filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
    return parts.isEmpty ? "0m" : parts.joined(separator: " ")
  }
}

/// Calendar questions about a zone's wall clock that the timeline and `zone` need.
struct WallClock {
  /// The zone.
  let zone: Zone

  /// `mark(L)`: the first instant at which the wall clock shows local seconds `L` or later
  /// (the library's ``Zone/firstInstant(atOrAfter:)``).
  func mark(_ localSeconds: Int64) throws(ZoneError) -> Int64 {
    try zone.firstInstant(atOrAfter: LocalDateTime(localSeconds: localSeconds))
  }

  /// The first instant of a local date (its midnight, or the first reading after a gap).
  func startOfDay(_ dayNumber: Int64) throws(ZoneError) -> Int64 {
    try mark(dayNumber * secondsPerDay)
  }

  /// The local date (day number) of an instant.
  func dayNumber(at instant: Int64) -> Int64 {
    floorDivide(zone.wallClock(unchecked: instant).local, secondsPerDay)
  }

  /// The wall-clock reading of an instant as local seconds.
  func localSeconds(at instant: Int64) -> Int64 {
    zone.wallClock(unchecked: instant).local
  }

  /// The instants a local date covers, `[startOfDay(d), startOfDay(d + 1))`.
  func instants(ofDay dayNumber: Int64) throws(ZoneError) -> Range<Int64> {
    try startOfDay(dayNumber)..<startOfDay(dayNumber + 1)
  }

  /// The day numbers whose every instant is supported (years -9999…9999, minus a margin).
  static let supportedDays: ClosedRange<Int64> = {
    let first = floorDivide(Zone.supportedInstants.lowerBound, secondsPerDay) + 4
    let last = floorDivide(Zone.supportedInstants.upperBound, secondsPerDay) - 4
    return first...last
  }()
}

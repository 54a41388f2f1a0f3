import ZoneInfo

/// Parsers for the value formats used in fixture tables. They are deliberately independent of
/// the zone engine: they turn text into numbers with plain calendar arithmetic.
enum FixtureValues {
  /// `YYYY-MM-DDTHH:MM:SSZ` to UNIX seconds.
  static func utcInstant(_ text: String) -> Int64? {
    guard text.hasSuffix("Z") else { return nil }
    guard let local = localSeconds(String(text.dropLast())) else { return nil }
    return local
  }

  /// `YYYY-MM-DDTHH:MM:SS` to seconds since 1970-01-01T00:00:00 on the same clock.
  static func localSeconds(_ text: String) -> Int64? {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" })
    guard parts.count == 6, text.count == 19 else { return nil }
    let numbers = parts.compactMap { Int64($0) }
    guard numbers.count == 6 else { return nil }
    let (y, mo, d, h, mi, s) = (
      numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]
    )
    guard (1...12).contains(mo), (1...31).contains(d), (0...23).contains(h), (0...59).contains(mi),
      (0...59).contains(s)
    else { return nil }
    return CivilCalendar.dayNumber(year: y, month: mo, day: d) * 86_400 + h * 3600 + mi * 60 + s
  }

  /// `+HH:MM` or `+HH:MM:SS` to seconds east.
  static func offset(_ text: String) -> Int32? {
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    let parts = text.dropFirst().split(separator: ":").compactMap { Int32($0) }
    guard parts.count == 2 || parts.count == 3 else { return nil }
    let magnitude = parts[0] * 3600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0)
    return sign == "-" ? -magnitude : magnitude
  }

  /// `HH:MM` to hour and minute.
  static func clock(_ text: Substring) -> (hour: Int, minute: Int)? {
    let parts = text.split(separator: ":").compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    return (parts[0], parts[1])
  }

  /// `Mon,Fri` to a bitmask, bit 0 = Monday.
  static func weekdays(_ text: String) -> Int? {
    let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    var mask = 0
    for name in text.split(separator: ",") {
      guard let index = names.firstIndex(of: name.trimmingCharacters()) else { return nil }
      mask |= 1 << index
    }
    return mask
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

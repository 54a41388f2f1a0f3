extension POSIXTimeZone {
  /// Parses a POSIX TZ string with the RFC 8536 §3.3.1 extensions (hours -167…167 in rule
  /// times, `<+03>`-style quoted names).
  ///
  /// - Parameter string: The TZ string, for example `CET-1CEST,M3.5.0,M10.5.0/3`.
  /// - Throws: ``ZoneError/malformedPOSIXTimeZone(_:reason:)`` saying what was wrong where.
  init(parsing string: String) throws(ZoneError) {
    var scanner = Scanner(bytes: Array(string.utf8), string: string)
    let stdName = try scanner.name()
    let stdOffset = try -scanner.duration(maxHours: 24, field: "standard offset")
    var daylight: DaylightRule?
    if !scanner.atEnd {
      let dstName = try scanner.name()
      var dstOffset = stdOffset + 3600
      if let next = scanner.peek, next != UInt8(ascii: ",") {
        dstOffset = try -scanner.duration(maxHours: 24, field: "daylight offset")
      }
      // zic always writes the rules; a TZ string without them would need a guessed default.
      guard scanner.consume(UInt8(ascii: ",")) else {
        throw scanner.failure("daylight time without start and end rules")
      }
      let start = try scanner.dateRule()
      var startTime: Int64 = 7200
      if scanner.consume(UInt8(ascii: "/")) {
        startTime = try scanner.duration(maxHours: 167, field: "start time")
      }
      guard scanner.consume(UInt8(ascii: ",")) else { throw scanner.failure("missing end rule") }
      let end = try scanner.dateRule()
      var endTime: Int64 = 7200
      if scanner.consume(UInt8(ascii: "/")) {
        endTime = try scanner.duration(maxHours: 167, field: "end time")
      }
      daylight = DaylightRule(
        offset: Int32(dstOffset), abbreviation: dstName, start: start, startTime: startTime,
        end: end, endTime: endTime)
    }
    guard scanner.atEnd else { throw scanner.failure("unexpected trailing characters") }
    self.init(
      string: string, standardOffset: Int32(stdOffset), standardAbbreviation: stdName,
      daylight: daylight)
    try normalizeYearlyOrder()
  }

  /// Checks that each year's two changes come strictly between the previous year's and the
  /// next year's, in every kind of year. zic only writes such rules.
  ///
  /// Whether year y's changes reach past year y + 1's depends only on y's kind (leap or not,
  /// and the weekday of its January 1) and on whether y + 1 is a leap year: the dates are
  /// fixed days of such years. So the 14 kinds, each followed by each kind its successor can
  /// have (21 pairs, every one of which occurs in any 28 consecutive years from 1901 to 2099,
  /// e.g. 2001–2028), check every year.
  /// One pattern where they touch is meaningful and kept: daylight time all year (the
  /// RFC 8536 `0/0,J365/25` idiom), stored as its daylight type with no yearly changes.
  /// Rules whose changes coincide within a year, interleave across New Year, or touch in some
  /// years only are refused.
  private mutating func normalizeYearlyOrder() throws(ZoneError) {
    guard let rule = daylight else { return }
    // Each change's seconds from its year's January 1, 00:00 UTC, by kind of year: the footer
    // clock works out each kind's dates once.
    let clock = FooterClock(self)
    var touching = 0
    var separate = 0
    for kind in 0..<14 {
      let this = clock.daylightBounds(january1: 0, kind: kind)
      guard this.start != this.end else {
        throw .malformedPOSIXTimeZone(string, reason: "daylight time starts and ends at once")
      }
      let isLeap = kind >= 7
      let days: Int64 = isLeap ? 366 : 365
      let nextWeekday = (kind % 7 + (isLeap ? 2 : 1)) % 7
      // The next year is a leap year or not; a leap year is never followed by another.
      for nextIsLeap in 0..<(isLeap ? 1 : 2) {
        let next = clock.daylightBounds(january1: 0, kind: nextWeekday + 7 * nextIsLeap)
        let last = max(this.start, this.end)
        let following = days * secondsPerDay + min(next.start, next.end)
        if last > following {
          throw .malformedPOSIXTimeZone(
            string, reason: "one year's changes run past the next year's (rules overlap)")
        }
        if last == following { touching += 1 } else { separate += 1 }
      }
    }
    guard touching > 0 else { return }
    guard separate == 0 else {
      throw .malformedPOSIXTimeZone(
        string, reason: "the rules meet across New Year in some years and not in others")
    }
    // The year's standard time has no length: daylight time all year.
    standardOffset = rule.offset
    standardAbbreviation = rule.abbreviation
    daylight = nil
    constantIsDaylight = true
  }
}

/// A cursor over the bytes of a TZ string.
private struct Scanner {
  let bytes: [UInt8]
  let string: String
  var index = 0

  init(bytes: [UInt8], string: String) {
    self.bytes = bytes
    self.string = string
  }

  var atEnd: Bool { index >= bytes.count }
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  func failure(_ reason: String) -> ZoneError {
    .malformedPOSIXTimeZone(string, reason: "\(reason) at offset \(index)")
  }

  mutating func consume(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    index += 1
    return true
  }

  /// `std`/`dst` name: three or more letters, or `<…>` of letters, digits, `+` and `-`.
  mutating func name() throws(ZoneError) -> String {
    let begin = index
    if consume(UInt8(ascii: "<")) {
      while let c = peek, isAlphanumeric(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
        index += 1
      }
      let name = String(decoding: bytes[(begin + 1)..<index], as: UTF8.self)
      guard consume(UInt8(ascii: ">")) else { throw failure("unterminated quoted name") }
      guard name.utf8.count >= 3 else { throw failure("name shorter than 3 characters") }
      return name
    }
    while let c = peek, isLetter(c) { index += 1 }
    guard index - begin >= 3 else { throw failure("expected a name of 3 or more letters") }
    return String(decoding: bytes[begin..<index], as: UTF8.self)
  }

  /// `[+-]hh[:mm[:ss]]` in seconds; hours bounded by `maxHours`.
  mutating func duration(maxHours: Int64, field: String) throws(ZoneError) -> Int64 {
    var sign: Int64 = 1
    if consume(UInt8(ascii: "-")) {
      sign = -1
    } else {
      _ = consume(UInt8(ascii: "+"))
    }
    let hours = try number(maxDigits: 3, field: field)
    guard hours <= maxHours else { throw failure("\(field) hours \(hours) out of range") }
    var total = hours * 3600
    if consume(UInt8(ascii: ":")) {
      let minutes = try number(maxDigits: 2, field: field)
      guard minutes <= 59 else { throw failure("\(field) minutes \(minutes) out of range") }
      total += minutes * 60
      if consume(UInt8(ascii: ":")) {
        let seconds = try number(maxDigits: 2, field: field)
        guard seconds <= 59 else { throw failure("\(field) seconds \(seconds) out of range") }
        total += seconds
      }
    }
    return sign * total
  }

  mutating func number(maxDigits: Int, field: String) throws(ZoneError) -> Int64 {
    var value: Int64 = 0
    var digits = 0
    while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
      guard digits < maxDigits else { throw failure("\(field): too many digits") }
      value = value * 10 + Int64(c - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    guard digits > 0 else { throw failure("\(field): expected a number") }
    return value
  }

  mutating func dateRule() throws(ZoneError) -> POSIXTimeZone.DateRule {
    if consume(UInt8(ascii: "J")) {
      let n = try number(maxDigits: 3, field: "Jn day")
      guard (1...365).contains(n) else { throw failure("Jn day \(n) out of range 1...365") }
      return .julianNoLeap(n)
    }
    if consume(UInt8(ascii: "M")) {
      let month = try number(maxDigits: 2, field: "rule month")
      guard (1...12).contains(month) else { throw failure("rule month \(month) out of range") }
      guard consume(UInt8(ascii: ".")) else { throw failure("expected '.' after month") }
      let week = try number(maxDigits: 1, field: "rule week")
      guard (1...5).contains(week) else { throw failure("rule week \(week) out of range") }
      guard consume(UInt8(ascii: ".")) else { throw failure("expected '.' after week") }
      let weekday = try number(maxDigits: 1, field: "rule weekday")
      guard (0...6).contains(weekday) else { throw failure("rule weekday \(weekday) out of range") }
      return .monthWeekDay(month: month, week: week, weekday: weekday)
    }
    let n = try number(maxDigits: 3, field: "day of year")
    guard (0...365).contains(n) else { throw failure("day of year \(n) out of range 0...365") }
    return .zeroBasedDay(n)
  }

  private func isLetter(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
      || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
  }

  private func isAlphanumeric(_ c: UInt8) -> Bool {
    isLetter(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
  }
}

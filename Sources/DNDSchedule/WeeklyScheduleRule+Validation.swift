import ZoneInfo

extension WeeklyScheduleRule {
  /// The most windows a schedule may have: 4,096. A real week needs a handful; the limit
  /// bounds what one schedule costs to check and compile, and a longer list is one error
  /// (`invalidSchedule`), its windows not looked at.
  public static let maximumWindowCount = 4_096

  /// Checks every field and loads the schedule's zone: the check behind
  /// `WeeklySchedule(rule:zones:)`, which throws its errors as a `RuleError` (package access:
  /// that is the public way in).
  ///
  /// Errors name the key path (`windows[1].start`, `windows[0].weekdays[2]`, `snooze.until`)
  /// and the value. A schedule with no windows is valid: it never silences (quiet polarity)
  /// or always does (send polarity).
  ///
  /// - Parameter zones: The database that resolves `timeZoneID`.
  /// - Returns: The zone (UTC for an empty ID) and every problem found, in field order.
  /// - Complexity: O(*w*) in the number of windows and weekdays, plus a zone load on a cache
  ///   miss.
  package func validate(zones: ZoneDatabase) -> (zone: Zone?, errors: [RuleFieldError]) {
    var errors: [RuleFieldError] = []
    var zone: Zone?
    switch zones.ruleZone(timeZoneID, field: "timeZoneID") {
    case .success(let found): zone = found
    case .failure(let error): errors.append(error)
    }
    errors += validateFields()
    return (zone, errors)
  }

  /// Checks every field except `timeZoneID`.
  func validateFields() -> [RuleFieldError] {
    var errors: [RuleFieldError] = []
    if polarity != .quiet && polarity != .send {
      errors.append(
        RuleFieldError(
          code: .invalidSchedule, keyPath: "polarity",
          value: polarity.rawValue,
          reason: "must be \"quiet\" or \"send\""))
    }
    guard windows.count <= Self.maximumWindowCount else {
      errors.append(
        RuleFieldError(
          code: .invalidSchedule, keyPath: "windows", value: "\(windows.count) entries",
          reason: Self.windowLimit.reason))
      return errors + snoozeErrors()
    }
    for (index, window) in windows.enumerated() {
      let path = "windows[\(index)]"
      if window.weekdays.isEmpty {
        errors.append(
          RuleFieldError(
            code: .invalidWeekday, keyPath: path + ".weekdays", value: "[]",
            reason: "a window needs at least one weekday"))
      }
      if window.weekdays.count > Window.maximumWeekdayCount {
        errors.append(
          RuleFieldError(
            code: .invalidWeekday, keyPath: path + ".weekdays",
            value: "\(window.weekdays.count) entries",
            reason: Window.weekdayLimit.reason))
      }
      for (position, weekday) in window.weekdays.enumerated()
      where window.weekdays.count <= Window.maximumWeekdayCount && !(1...7).contains(weekday) {
        errors.append(
          RuleFieldError(
            code: .invalidWeekday, keyPath: path + ".weekdays[\(position)]",
            value: String(weekday), reason: "must be an ISO weekday, 1 (Monday) … 7 (Sunday)"))
      }
      for (key, text) in [("start", window.start), ("end", window.end)]
      where WeeklyScheduleRule.minuteOfDay(text) == nil {
        errors.append(
          RuleFieldError(
            code: .invalidWindow, keyPath: path + "." + key,
            value: text, reason: "must be HH:MM, 00:00 … 23:59"))
      }
    }
    return errors + snoozeErrors()
  }

  /// The snooze's errors.
  func snoozeErrors() -> [RuleFieldError] {
    var errors: [RuleFieldError] = []
    if let snooze {
      for (key, instant) in [("from", snooze.from), ("until", snooze.until)]
      where !Zone.supportedInstants.contains(instant) {
        errors.append(
          RuleFieldError(
            code: .invalidSnooze, keyPath: "snooze." + key, value: String(instant),
            reason: "outside the supported range of years -9999...9999"))
      }
      if snooze.from >= snooze.until {
        errors.append(
          RuleFieldError(
            code: .invalidSnooze, keyPath: "snooze.until", value: String(snooze.until),
            reason: "must be after snooze.from (\(snooze.from))"))
      }
    }
    return errors
  }

  /// Minutes after midnight of `HH:MM` (exactly two digits, a colon, two digits; 00:00 …
  /// 23:59), or nil.
  static func minuteOfDay(_ text: String) -> Int? {
    var digits: [Int] = []
    for (index, byte) in text.utf8.enumerated() {
      guard index < 5 else { return nil }
      if index == 2 {
        guard byte == UInt8(ascii: ":") else { return nil }
      } else {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        digits.append(Int(byte - UInt8(ascii: "0")))
      }
    }
    guard digits.count == 4 else { return nil }
    let hour = digits[0] * 10 + digits[1]
    let minute = digits[2] * 10 + digits[3]
    guard hour < 24, minute < 60 else { return nil }
    return hour * 60 + minute
  }
}

extension WeeklyScheduleRule.Window {
  /// The most weekdays a window may list: 64 (there are 7; repeats are harmless up to
  /// this). A longer list is one error (`invalidWeekday`), its entries not looked at, so
  /// that a window costs little however long a list a client sends.
  public static let maximumWeekdayCount = 64
}

extension ZoneDatabase {
  /// The zone a rule names in a field: UTC for an empty ID, else the database's zone, or the
  /// field's ``RuleFieldError/Code/invalidTimeZone`` error.
  func ruleZone(_ identifier: String, field: String) -> Result<Zone, RuleFieldError> {
    if identifier.isEmpty { return .success(.utc) }
    do {
      return .success(try zone(identifier))
    } catch {
      return .failure(
        RuleFieldError(
          code: .invalidTimeZone, keyPath: field, value: identifier,
          reason: Self.ruleReason(error)))
    }
  }

  /// A zone error in words for a rule's client: the zone's ID and what is wrong with it,
  /// never where the server keeps its zone files.
  static func ruleReason(_ error: ZoneError) -> String {
    switch error {
    case .unknownZone(let identifier, root: _):
      return "unknown time zone ID \(quoted(identifier))"
    case .databaseUnavailable:
      return "the server's time zone database is unavailable"
    default:
      return error.description
    }
  }
}

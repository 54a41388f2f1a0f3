import ZoneInfo

extension DoNotDisturbRule {
  /// Checks every field and loads the rule's zone: the check behind
  /// `DoNotDisturbSchedule(rule:zones:)` and saving, which throw its errors as a `RuleError`
  /// (package access: those are the public ways in).
  ///
  /// The all-zero default rule (disabled, mode unknown, empty zone) is valid. Fields are
  /// checked whether or not the rule is enabled, so a stored rule is always well-formed;
  /// `customRepeatDays` = 0 and a missing `onceEndTimestamp` are errors only in an enabled
  /// rule of the mode that uses them.
  ///
  /// - Parameter zones: The database that resolves `timeZoneID`.
  /// - Returns: The zone (UTC for an empty ID) and every problem found, in field order.
  /// - Complexity: O(1), plus a zone load on a cache miss.
  package func validate(zones: ZoneDatabase) -> (zone: Zone?, errors: [RuleFieldError]) {
    validate(zones: zones, requiringOnceEnd: true)
  }

  /// ``validate(zones:)``, where saving, which computes `onceEndTimestamp`, does not require it.
  func validate(zones: ZoneDatabase, requiringOnceEnd: Bool) -> (
    zone: Zone?, errors: [RuleFieldError]
  ) {
    var errors = validateFields(requiringOnceEnd: requiringOnceEnd)
    var zone: Zone?
    switch zones.ruleZone(timeZoneID, field: "timeZoneID") {
    case .success(let found): zone = found
    case .failure(let error): errors.append(error)
    }
    return (zone, errors)
  }

  /// Checks every field except `timeZoneID`; a missing `onceEndTimestamp` only when
  /// `requiringOnceEnd`.
  func validateFields(requiringOnceEnd: Bool = true) -> [RuleFieldError] {
    var errors: [RuleFieldError] = []
    func check(
      _ value: Int, _ range: ClosedRange<Int>, _ field: String, _ code: RuleFieldError.Code
    ) {
      if !range.contains(value) {
        errors.append(
          RuleFieldError(
            code: code, keyPath: field, value: String(value),
            reason: "must be in \(range.lowerBound)...\(range.upperBound)"))
      }
    }
    check(startHour, 0...23, "startHour", .invalidHour)
    check(startMinute, 0...59, "startMinute", .invalidMinute)
    check(endHour, 0...23, "endHour", .invalidHour)
    check(endMinute, 0...59, "endMinute", .invalidMinute)
    if !repeatMode.isKnown {
      errors.append(
        RuleFieldError(
          code: .invalidRepeatMode, keyPath: "repeatMode", value: String(repeatMode.rawValue),
          reason: "must be 0 (unknown), 1 (once), 2 (daily) or 3 (custom)"))
    }
    if !(0...127).contains(customRepeatDays) {
      errors.append(
        RuleFieldError(
          code: .invalidCustomRepeatDays, keyPath: "customRepeatDays",
          value: String(customRepeatDays),
          reason: "must be a weekday bitmask in 0...127 (bit 0 = Monday … bit 6 = Sunday)"))
    } else if enabled && repeatMode == .custom && customRepeatDays == 0 {
      errors.append(
        RuleFieldError(
          code: .invalidCustomRepeatDays, keyPath: "customRepeatDays", value: "0",
          reason: "an enabled custom rule needs at least one weekday"))
    }
    if onceEndTimestamp != 0 && !Zone.supportedInstants.contains(onceEndTimestamp) {
      errors.append(.outsideSupportedYears(keyPath: "onceEndTimestamp", onceEndTimestamp))
    } else if requiringOnceEnd && enabled && repeatMode.isOneOff && onceEndTimestamp == 0 {
      errors.append(
        RuleFieldError(
          code: .missingOnceEnd, keyPath: "onceEndTimestamp", value: "0",
          reason: "an enabled \(repeatMode) rule needs the end the server computed when saving"))
    }
    return errors
  }
}

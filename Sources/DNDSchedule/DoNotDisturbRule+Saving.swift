import ZoneInfo

extension DoNotDisturbRule {
  /// The rule as the server stores it after a client saved it at an instant.
  ///
  /// Validates every field, then fixes `onceEndTimestamp` from the save instant, ignoring the
  /// client's value:
  /// - once: the end of the first non-empty daily period whose end is after `savedAt`
  ///   (saving mid-window takes effect at once);
  /// - unknown: the end of the period owned by the local date of `savedAt`; if that period
  ///   has already ended, the stored end is in the past and the rule never takes effect;
  /// - disabled, daily and custom rules: 0, since they do not use it.
  ///
  /// Saving the same rule at the same instant always gives the same result.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds (the server's clock, injected).
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Returns: The normalized rule.
  /// - Throws: ``RuleValidationError`` listing every invalid field.
  public func saved(at savedAt: Int64, zones: ZoneDatabase) throws(RuleValidationError)
    -> DoNotDisturbRule
  {
    var checked = validate(zones: zones)
    checked.errors.removeAll { $0.code == .missingOnceEnd }
    if !Zone.supportedInstants.contains(savedAt) {
      checked.errors.append(
        RuleFieldError(
          code: .invalidInstant, field: "savedAt", value: String(savedAt),
          reason: "outside the supported range of years -9999...9999"))
    }
    guard checked.errors.isEmpty, let zone = checked.zone else {
      throw RuleValidationError(errors: checked.errors)
    }
    var rule = self
    guard enabled && repeatMode.isOneOff else {
      rule.onceEndTimestamp = 0
      return rule
    }
    let daily = DoNotDisturbSchedule(dailyWindowOf: self, zone: zone)
    rule.onceEndTimestamp = Int64.max  // replaced below; never kept
    if repeatMode == .once {
      let wallDay = floorDivide(zone.wallClock(unchecked: savedAt).highWater, secondsPerDay)
      for day in (wallDay - 1)...(wallDay + DoNotDisturbSchedule.searchDays) {
        let period = daily.period(ownedBy: day)
        if !period.isEmpty && period.end > savedAt {
          rule.onceEndTimestamp = period.end
          break
        }
      }
    } else {
      let localDay = floorDivide(zone.wallClock(unchecked: savedAt).local, secondsPerDay)
      rule.onceEndTimestamp = daily.period(ownedBy: localDay).end
    }
    guard Zone.supportedInstants.contains(rule.onceEndTimestamp) else {
      // Before the first supported second for an unknown-mode rule saved in a zone behind UTC
      // on -9999-01-01 (its local date is still in year -10000), after the last otherwise.
      let bound =
        rule.onceEndTimestamp < Zone.supportedInstants.lowerBound
        ? "before -9999-01-01" : "after 9999-12-31"
      throw RuleValidationError(errors: [
        RuleFieldError(
          code: .invalidInstant, field: "savedAt", value: String(savedAt),
          reason: "the one-off period would end at \(rule.onceEndTimestamp), \(bound)")
      ])
    }
    return rule
  }
}

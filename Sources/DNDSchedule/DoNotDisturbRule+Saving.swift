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
  /// Saving the same rule at the same instant always gives the same result. To compile the
  /// saved rule as well, ``DoNotDisturbSchedule/init(rule:savedAt:zones:)`` does both with
  /// one validation and one zone lookup.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds (the server's clock, injected).
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Returns: The normalized rule.
  /// - Throws: ``RuleValidationError`` listing every invalid field, then a `savedAt` outside
  ///   the supported years (or one at which the one-off period would end outside them).
  public func saved(at savedAt: Int64, zones: ZoneDatabase) throws(RuleValidationError)
    -> DoNotDisturbRule
  {
    let saving = self.saving(at: savedAt, zones: zones)
    guard let saved = saving.saved else {
      throw RuleValidationError(errors: saving.fieldErrors + saving.savedAtErrors)
    }
    return saved.rule
  }

  /// The save step, validating once and loading the zone once: the saved rule and its zone,
  /// or the problems, the rule's own fields (with their key paths in the rule) apart from
  /// those of the save instant (field `savedAt`), so that a rule nested in another can place
  /// its fields under its key and keep `savedAt` where it is.
  ///
  /// A missing `onceEndTimestamp` is no error, since saving computes it.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Returns: The saved rule and its zone when both lists are empty.
  package func saving(at savedAt: Int64, zones: ZoneDatabase) -> (
    saved: (rule: DoNotDisturbRule, zone: Zone)?, fieldErrors: [RuleFieldError],
    savedAtErrors: [RuleFieldError]
  ) {
    var checked = validate(zones: zones)
    checked.errors.removeAll { $0.code == .missingOnceEnd }
    if !Zone.supportedInstants.contains(savedAt) {
      return (nil, checked.errors, [.outsideSupportedYears(field: "savedAt", savedAt)])
    }
    guard checked.errors.isEmpty, let zone = checked.zone else {
      return (nil, checked.errors, [])
    }
    var rule = self
    guard enabled && repeatMode.isOneOff else {
      rule.onceEndTimestamp = 0
      return ((rule, zone), [], [])
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
      return (
        nil, [],
        [
          RuleFieldError(
            code: .invalidInstant, field: "savedAt", value: String(savedAt),
            reason: "the one-off period would end at \(rule.onceEndTimestamp), \(bound)")
        ]
      )
    }
    return ((rule, zone), [], [])
  }
}

extension DoNotDisturbSchedule {
  /// Saves a rule at an instant and compiles the saved rule: a server's save step as one
  /// call, validating once and looking the zone up once.
  ///
  /// The schedule is the one ``init(rule:zones:)`` compiles from
  /// `rule.saved(at: savedAt, zones: zones)`, and the errors are those of
  /// ``DoNotDisturbRule/saved(at:zones:)``.
  ///
  /// - Parameters:
  ///   - rule: The rule as the client sent it.
  ///   - savedAt: The save instant, UNIX seconds (the server's clock, injected).
  ///   - zones: The database that resolves `timeZoneID` (empty means UTC).
  /// - Throws: ``RuleValidationError`` listing every invalid field, then a bad `savedAt`.
  /// - Complexity: O(1) plus a zone load on a cache miss.
  public init(rule: DoNotDisturbRule, savedAt: Int64, zones: ZoneDatabase)
    throws(RuleValidationError)
  {
    let saving = rule.saving(at: savedAt, zones: zones)
    guard let saved = saving.saved else {
      throw RuleValidationError(errors: saving.fieldErrors + saving.savedAtErrors)
    }
    self.init(validatedRule: saved.rule, zone: saved.zone)
  }
}

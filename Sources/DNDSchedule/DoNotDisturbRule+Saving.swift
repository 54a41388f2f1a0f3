import ZoneInfo

extension DoNotDisturbRule {
  /// The rule half of ``savedAndCompiled(at:zones:)``, for this package's tools and tests.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds (the server's clock, injected).
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Returns: The normalized rule.
  /// - Throws: ``RuleError`` listing every invalid field, then a `savedAt` outside
  ///   the supported years (or one at which the one-off period would end outside them, or
  ///   at 0, the stored value that means unset).
  package func saved(at savedAt: Int64, zones: ZoneDatabase) throws(RuleError)
    -> DoNotDisturbRule
  {
    let saving = self.saving(at: savedAt, zones: zones)
    guard saving.zone != nil else {
      throw RuleError(errors: saving.fieldErrors + saving.savedAtErrors)
    }
    return saved(by: saving)
  }

  /// The saved rule: this one with the end its save fixed.
  package func saved(by saving: DoNotDisturbSaving) -> DoNotDisturbRule {
    var rule = self
    rule.onceEndTimestamp = saving.onceEndTimestamp
    return rule
  }

  /// The save step, validating once and loading the zone once: the end it fixes and the
  /// rule's zone, or the problems, the rule's own fields (with their key paths in the rule)
  /// apart from those of the save instant (field `savedAt`), so that a rule nested in another
  /// can place its fields under its key and keep `savedAt` where it is.
  ///
  /// A missing `onceEndTimestamp` is no error, since saving computes it.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Returns: The outcome, with a zone when both lists are empty.
  package func saving(at savedAt: Int64, zones: ZoneDatabase) -> DoNotDisturbSaving {
    let checked = validate(zones: zones, requiringOnceEnd: false)
    guard Zone.supportedInstants.contains(savedAt) else {
      return DoNotDisturbSaving(
        fieldErrors: checked.errors,
        savedAtErrors: [.outsideSupportedYears(keyPath: "savedAt", savedAt)])
    }
    guard checked.errors.isEmpty, let found = checked.zone else {
      return DoNotDisturbSaving(fieldErrors: checked.errors)
    }
    let zone = InternedZone(found)
    guard enabled && repeatMode.isOneOff else {
      return DoNotDisturbSaving(onceEndTimestamp: 0, zone: zone)
    }
    let daily = DoNotDisturbSchedule(dailyWindow: windowMinutes, internedZone: zone)
    var end = Int64.max  // replaced below; never kept
    if repeatMode == .once {
      let wallDay = floorDivide(zone.wallClock(unchecked: savedAt).highWater, secondsPerDay)
      for day in (wallDay - 1)...(wallDay + DoNotDisturbSchedule.searchDays) {
        let period = daily.period(ownedBy: day)
        if !period.isEmpty && period.end > savedAt {
          end = period.end
          break
        }
      }
    } else {
      let localDay = floorDivide(zone.wallClock(unchecked: savedAt).local, secondsPerDay)
      end = daily.period(ownedBy: localDay).end
    }
    guard Zone.supportedInstants.contains(end) else {
      // Before the first supported second for an unknown-mode rule saved in a zone behind UTC
      // on -9999-01-01 (its local date is still in year -10000), after the last otherwise.
      let bound =
        end < Zone.supportedInstants.lowerBound ? "before -9999-01-01" : "after 9999-12-31"
      return DoNotDisturbSaving(savedAtErrors: [
        RuleFieldError(
          code: .invalidInstant, keyPath: "savedAt", value: String(savedAt),
          reason: "the one-off period would end at \(end), \(bound)")
      ])
    }
    guard end != 0 else {
      // On the wire 0 means "no end": stored, this end would load as `missingOnceEnd`. Shifting
      // it would move the period (a one-off period is the one ending at the stored end), so
      // the save is refused, as one ending outside the supported years is.
      return DoNotDisturbSaving(savedAtErrors: [
        RuleFieldError(
          code: .invalidInstant, keyPath: "savedAt", value: String(savedAt),
          reason:
            "the one-off period would end at 0 (1970-01-01T00:00:00Z), the onceEndTimestamp "
            + "that means unset")
      ])
    }
    return DoNotDisturbSaving(onceEndTimestamp: end, zone: zone)
  }
}

/// What saving a do-not-disturb rule found (see `DoNotDisturbRule.saving(at:zones:)`): the
/// end it fixes and the interned zone, or the problems.
package struct DoNotDisturbSaving {
  /// The `onceEndTimestamp` the save fixes (0 for rules that do not use it).
  package var onceEndTimestamp: Int64 = 0
  /// The rule's zone, interned; nil when there are problems.
  package var zone: InternedZone?
  /// Problems in the rule's own fields, with their key paths in the rule.
  package var fieldErrors: [RuleFieldError] = []
  /// Problems with the save instant (field `savedAt`).
  package var savedAtErrors: [RuleFieldError] = []

  /// An outcome; the defaults are a rule with no end to fix and no zone.
  package init(
    onceEndTimestamp: Int64 = 0, zone: InternedZone? = nil, fieldErrors: [RuleFieldError] = [],
    savedAtErrors: [RuleFieldError] = []
  ) {
    self.onceEndTimestamp = onceEndTimestamp
    self.zone = zone
    self.fieldErrors = fieldErrors
    self.savedAtErrors = savedAtErrors
  }
}

extension DoNotDisturbRule {
  /// Saves the rule at an instant and compiles the saved rule, validating once and looking
  /// the zone up once: the rule to store and the schedule to decide with. This is the save
  /// step; to compile a rule you stored, use `DoNotDisturbSchedule(rule:zones:)`, which never
  /// saves again.
  ///
  /// Validates every field, then fixes `onceEndTimestamp` from the save instant, ignoring the
  /// client's value:
  /// - once: the end of the first non-empty daily period whose end is after `savedAt`
  ///   (saving mid-window takes effect at once);
  /// - unknown: the end of the period owned by the local date of `savedAt`; if that period
  ///   has already ended, the stored end is in the past and the rule never takes effect;
  /// - disabled, daily and custom rules: 0, since they do not use it.
  ///
  /// A one-off end of exactly 0 (1970-01-01T00:00:00Z) cannot be stored, since 0 means
  /// unset and loading would refuse it: such a save is refused with `invalidInstant` on
  /// `savedAt` (only saves within about a day of 1970-01-01 can meet it).
  ///
  /// Saving the same rule at the same instant always gives the same result. The schedule is
  /// `DoNotDisturbSchedule(rule:zones:)` of the saved rule.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds (the server's clock, injected).
  ///   - zones: The database that resolves `timeZoneID` (empty means UTC).
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: ``RuleError`` listing every invalid field, then a bad `savedAt`: outside the
  ///   supported years, or one at which the one-off period would end outside them or at 0.
  /// - Complexity: O(1) plus a zone load on a cache miss.
  public func savedAndCompiled(at savedAt: Int64, zones: ZoneDatabase)
    throws(RuleError) -> (rule: DoNotDisturbRule, compiled: DoNotDisturbSchedule)
  {
    let saving = self.saving(at: savedAt, zones: zones)
    guard let zone = saving.zone else {
      throw RuleError(errors: saving.fieldErrors + saving.savedAtErrors)
    }
    let rule = saved(by: saving)
    return (
      rule,
      DoNotDisturbSchedule(
        validatedRule: rule, onceEndTimestamp: saving.onceEndTimestamp, internedZone: zone)
    )
  }
}

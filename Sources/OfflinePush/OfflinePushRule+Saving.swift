import DNDSchedule
import ZoneInfo

extension OfflinePushRule {
  /// The rule as the server stores it and sends to the user's other devices, after a client
  /// submitted it whole (ZIM's `updateUserOfflinePushRule` is a full update).
  ///
  /// Validates every field and reports all problems (platform lists longer than
  /// ``maximumPlatformCount``, then the DND rule's, with key paths under `doNotDisturbRule.`,
  /// then a `savedAt` outside the supported years or at which a one-off period would end
  /// outside them or at 0, the stored value that means unset); recomputes the DND rule's
  /// `onceEndTimestamp` from the save instant (see `DoNotDisturbRule.saved(at:zones:)`).
  /// Saving the same rule at the same instant gives the same result. To compile the saved
  /// rule as well, `savedAndCompiled(at:zones:)` does both with one validation.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The normalized rule.
  /// - Throws: `RuleError` listing every invalid field.
  package func saved(at savedAt: Int64, zones: ZoneDatabase) throws(RuleError)
    -> OfflinePushRule
  {
    let saved = try saving(at: savedAt, zones: zones)
    var rule = self
    if let dnd = doNotDisturbRule { rule.doNotDisturbRule = dnd.saved(by: saved.saving) }
    return rule
  }

  /// Saves the rule at an instant and compiles the saved rule, validating once and looking
  /// the zone up once: the rule to store (and send to the user's other devices) and the
  /// compiled rule to decide with. This is the save step; to compile a rule you stored, use
  /// `CompiledOfflinePushRule(rule:zones:)`, which never saves again.
  ///
  /// Validates every field and reports all problems (platform lists longer than
  /// ``maximumPlatformCount``, then the DND rule's, with key paths under `doNotDisturbRule.`,
  /// then a `savedAt` outside the supported years or at which a one-off period would end
  /// outside them or at 0, the stored value that means unset); recomputes the DND rule's
  /// `onceEndTimestamp` from the save instant (see `DoNotDisturbRule.saved(at:zones:)`).
  /// Saving the same rule at the same instant gives the same result, and the compiled rule is
  /// the one `CompiledOfflinePushRule(rule:zones:)` gives for the saved rule.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleError` listing every invalid field.
  public func savedAndCompiled(at savedAt: Int64, zones: ZoneDatabase)
    throws(RuleError) -> (rule: OfflinePushRule, compiled: CompiledOfflinePushRule)
  {
    let saved = try saving(at: savedAt, zones: zones)
    var rule = self
    rule.doNotDisturbRule?.onceEndTimestamp = saved.saving.onceEndTimestamp
    return (rule, CompiledOfflinePushRule(validatedRule: rule, schedule: saved.schedule))
  }

  /// The save step: what saving the DND rule found and the saved DND rule's compiled form, or
  /// every error. Nothing is copied, so the caller builds the saved rule only when it keeps
  /// it (copying a whole rule to compile it cost as much as the compiling).
  func saving(at savedAt: Int64, zones: ZoneDatabase)
    throws(RuleError) -> (saving: DoNotDisturbSaving, schedule: DoNotDisturbSchedule)
  {
    let platformErrors = validatePlatformLists()
    guard let dnd = doNotDisturbRule else {
      var errors = platformErrors
      if !Zone.supportedInstants.contains(savedAt) {
        errors.append(.outsideSupportedYears(keyPath: "savedAt", savedAt))
      }
      guard errors.isEmpty else { throw RuleError(errors: errors) }
      return (DoNotDisturbSaving(), Self.defaultSchedule)
    }
    let saving = dnd.saving(at: savedAt, zones: zones)
    guard platformErrors.isEmpty, let zone = saving.zone else {
      // The save instant is the caller's, not a field of the DND rule: it keeps its own key.
      throw RuleError(
        errors: platformErrors + saving.fieldErrors.map { $0.nested(under: "doNotDisturbRule") }
          + saving.savedAtErrors)
    }
    let schedule = DoNotDisturbSchedule(
      validatedRule: dnd, onceEndTimestamp: saving.onceEndTimestamp, internedZone: zone)
    return (saving, schedule)
  }

  /// The schedule of a rule with no DND rule: the default one, which never blocks.
  static let defaultSchedule = DoNotDisturbSchedule(
    validatedRule: DoNotDisturbRule(), zone: .utc)
}

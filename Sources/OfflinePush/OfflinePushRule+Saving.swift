import DNDSchedule
import ZoneInfo

extension OfflinePushRule {
  /// The rule as the server stores it and sends to the user's other devices, after a client
  /// submitted it whole (ZIM's `updateUserOfflinePushRule` is a full update).
  ///
  /// Validates every field and reports all problems (platform lists longer than
  /// ``maximumPlatformCount``, then the DND rule's, with key paths under `doNotDisturbRule.`,
  /// then a `savedAt` outside the supported years); recomputes the DND rule's
  /// `onceEndTimestamp` from the save instant (see `DoNotDisturbRule.saved(at:zones:)`).
  /// Saving the same rule at the same instant gives the same result. To compile the saved
  /// rule as well, ``savedAndCompiled(at:zones:)`` does both with one validation.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The normalized rule.
  /// - Throws: `RuleValidationError` listing every invalid field.
  public func saved(at savedAt: Int64, zones: ZoneDatabase) throws(RuleValidationError)
    -> OfflinePushRule
  {
    var rule = self
    rule.doNotDisturbRule = try savedParts(at: savedAt, zones: zones).doNotDisturbRule
    return rule
  }

  /// Saves the rule at an instant and compiles the saved rule, validating once and looking
  /// the zone up once: the rule to store (and send to the user's other devices) and the
  /// compiled rule to decide with.
  ///
  /// The results are those of ``saved(at:zones:)`` and of `CompiledOfflinePushRule(rule:zones:)`
  /// on the saved rule, and so are the errors.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleValidationError` listing every invalid field.
  public func savedAndCompiled(at savedAt: Int64, zones: ZoneDatabase)
    throws(RuleValidationError) -> (rule: OfflinePushRule, compiled: CompiledOfflinePushRule)
  {
    let parts = try savedParts(at: savedAt, zones: zones)
    var rule = self
    rule.doNotDisturbRule = parts.doNotDisturbRule
    return (rule, CompiledOfflinePushRule(validatedRule: rule, schedule: parts.schedule))
  }

  /// The save step: the saved DND rule and its compiled form, or every error. The rest of the
  /// rule is saved as it is, so the caller puts the saved DND rule in only when it keeps the
  /// rule (copying a whole rule to compile it cost as much as the compiling).
  func savedParts(at savedAt: Int64, zones: ZoneDatabase) throws(RuleValidationError)
    -> (doNotDisturbRule: DoNotDisturbRule?, schedule: DoNotDisturbSchedule)
  {
    var errors = validatePlatformLists()
    guard let dnd = doNotDisturbRule else {
      if !Zone.supportedInstants.contains(savedAt) {
        errors.append(.outsideSupportedYears(field: "savedAt", savedAt))
      }
      guard errors.isEmpty else { throw RuleValidationError(errors: errors) }
      return (nil, DoNotDisturbSchedule(validatedRule: DoNotDisturbRule(), zone: .utc))
    }
    var saving = dnd.saving(at: savedAt, zones: zones)
    // The save instant is the caller's, not a field of the DND rule: it keeps its own key.
    errors += saving.fieldErrors.map { $0.nested(under: "doNotDisturbRule") }
    errors += saving.savedAtErrors
    // Taken, not copied, out of the save.
    guard errors.isEmpty, let saved = saving.saved.take() else {
      throw RuleValidationError(errors: errors)
    }
    let schedule = DoNotDisturbSchedule(validatedRule: saved.rule, zone: saved.zone)
    return (saved.rule, schedule)
  }
}

extension CompiledOfflinePushRule {
  /// Saves a rule at an instant and compiles the saved rule: a server's save step as one
  /// call, validating once and looking the zone up once.
  ///
  /// The compiled rule is the one ``init(rule:zones:)`` compiles from
  /// `rule.saved(at: savedAt, zones: zones)`, and the errors are those of
  /// `OfflinePushRule.saved(at:zones:)`. To store the saved rule too, use
  /// `OfflinePushRule.savedAndCompiled(at:zones:)`.
  ///
  /// - Parameters:
  ///   - rule: The rule as the client submitted it.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: `RuleValidationError` listing every invalid field.
  public init(rule: OfflinePushRule, savedAt: Int64, zones: ZoneDatabase)
    throws(RuleValidationError)
  {
    // The compiled rule takes only the switches and the platform lists from the rule, which
    // saving leaves as they are.
    self.init(
      validatedRule: rule, schedule: try rule.savedParts(at: savedAt, zones: zones).schedule)
  }
}

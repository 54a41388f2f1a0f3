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
    try savedAndSchedule(at: savedAt, zones: zones).rule
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
    let saved = try savedAndSchedule(at: savedAt, zones: zones)
    return (
      saved.rule, CompiledOfflinePushRule(validatedRule: saved.rule, schedule: saved.schedule)
    )
  }

  /// The save step: the saved rule and its DND rule compiled, or every error.
  func savedAndSchedule(at savedAt: Int64, zones: ZoneDatabase) throws(RuleValidationError)
    -> (rule: OfflinePushRule, schedule: DoNotDisturbSchedule)
  {
    var errors = validatePlatformLists()
    guard let dnd = doNotDisturbRule else {
      if !Zone.supportedInstants.contains(savedAt) {
        errors.append(.outsideSupportedYears(field: "savedAt", savedAt))
      }
      guard errors.isEmpty else { throw RuleValidationError(errors: errors) }
      return (self, DoNotDisturbSchedule(validatedRule: DoNotDisturbRule(), zone: .utc))
    }
    let saving = dnd.saving(at: savedAt, zones: zones)
    // The save instant is the caller's, not a field of the DND rule: it keeps its own key.
    errors += saving.fieldErrors.map { $0.nested(under: "doNotDisturbRule") }
    errors += saving.savedAtErrors
    guard errors.isEmpty, let saved = saving.saved else {
      throw RuleValidationError(errors: errors)
    }
    var rule = self
    rule.doNotDisturbRule = saved.rule
    return (rule, DoNotDisturbSchedule(validatedRule: saved.rule, zone: saved.zone))
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
    let saved = try rule.savedAndSchedule(at: savedAt, zones: zones)
    self.init(validatedRule: saved.rule, schedule: saved.schedule)
  }
}

import DNDSchedule
import ZoneInfo

extension OfflinePushRule {
  /// The rule as the server stores it and sends to the user's other devices, after a client
  /// submitted it whole (ZIM's `updateUserOfflinePushRule` is a full update).
  ///
  /// Validates every field and reports all problems (platform lists longer than
  /// ``maximumPlatformCount``, then the DND rule's, with key paths under `doNotDisturbRule.`);
  /// recomputes the DND rule's `onceEndTimestamp` from the save instant
  /// (see `DoNotDisturbRule.saved(at:zones:)`). Saving the same rule at the same instant
  /// gives the same result.
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
    var errors = validatePlatformLists()
    if let dnd = doNotDisturbRule {
      do {
        rule.doNotDisturbRule = try dnd.saved(at: savedAt, zones: zones)
      } catch {
        errors += error.errors.map { $0.nested(under: "doNotDisturbRule") }
      }
    }
    guard errors.isEmpty else { throw RuleValidationError(errors: errors) }
    return rule
  }
}

import DNDSchedule
import OfflinePush
import ZoneInfo

/// A stored rule that `dnd eval` and the `dnd` tool save at an instant and compile: the
/// do-not-disturb rule (to a schedule) and the offline push rule (to a decision).
package protocol SavableRule {
  /// What the rule compiles to.
  associatedtype Compiled

  /// The rule's do-not-disturb part, the only part saving changes.
  var doNotDisturbPart: DoNotDisturbRule? { get }
  /// The key path of ``doNotDisturbPart`` inside the rule; empty for the DND rule itself.
  static var doNotDisturbKeyPath: String { get }
  /// The rule as the server stores it after a save at `savedAt`.
  func saved(at savedAt: Int64, zones: ZoneDatabase) throws(RuleValidationError) -> Self
  /// The rule compiled as it is.
  func compiled(zones: ZoneDatabase) throws(RuleValidationError) -> Compiled
}

extension DoNotDisturbRule: SavableRule {
  package var doNotDisturbPart: DoNotDisturbRule? { self }
  package static var doNotDisturbKeyPath: String { "" }
  package func compiled(zones: ZoneDatabase) throws(RuleValidationError) -> DoNotDisturbSchedule {
    try DoNotDisturbSchedule(rule: self, zones: zones)
  }
}

extension OfflinePushRule: SavableRule {
  package var doNotDisturbPart: DoNotDisturbRule? { doNotDisturbRule }
  package static var doNotDisturbKeyPath: String { "doNotDisturbRule" }
  package func compiled(zones: ZoneDatabase) throws(RuleValidationError)
    -> CompiledOfflinePushRule
  {
    try CompiledOfflinePushRule(rule: self, zones: zones)
  }
}

extension SavableRule {
  /// The save step of a server, as one call: saves the rule at `savedAt` when given (which
  /// fixes `onceEndTimestamp` as the server does), then compiles it, reporting every invalid
  /// field with its key path.
  ///
  /// A save instant outside the supported years is reported as `savedAt`, after the rule's
  /// own field errors (a missing `onceEndTimestamp` excepted, since saving would compute it).
  ///
  /// - Parameters:
  ///   - savedAt: The save instant; nil to compile the rule as it is.
  ///   - zones: The database that resolves the rule's zone.
  ///   - root: The key the rule stands under in the document (`rule`, `pushRule`), prefixed
  ///     to every field path; empty for none.
  ///   - compiledAsIs: The rule compiled as it is, when already known (from a cache); used
  ///     when saving would not change it.
  /// - Returns: The compiled rule, or every error.
  package func prepared(
    savedAt: Int64?, zones: ZoneDatabase, under root: String,
    compiledAsIs: Result<Compiled, RuleValidationError>? = nil
  ) -> Result<Compiled, RuleValidationError> {
    func rooted(_ error: RuleValidationError) -> RuleValidationError {
      root.isEmpty
        ? error : RuleValidationError(errors: error.errors.map { $0.nested(under: root) })
    }
    guard let savedAt else {
      return
        (compiledAsIs ?? Result { () throws(RuleValidationError) in try compiled(zones: zones) })
        .mapError(rooted)
    }
    if !Zone.supportedInstants.contains(savedAt) {
      let fields = (doNotDisturbPart?.validate(zones: zones).errors ?? [])
        .filter { $0.code != .missingOnceEnd }
        .map { Self.doNotDisturbKeyPath.isEmpty ? $0 : $0.nested(under: Self.doNotDisturbKeyPath) }
      return .failure(
        RuleValidationError(
          errors: rooted(RuleValidationError(errors: fields)).errors
            + [instantError(field: "savedAt", savedAt)]))
    }
    let isOneOff = doNotDisturbPart.map { $0.enabled && $0.repeatMode.isOneOff } ?? false
    if !isOneOff, let compiledAsIs, case .success = compiledAsIs {
      // Saving only clears onceEndTimestamp, which this rule does not use.
      return compiledAsIs
    }
    return Result { () throws(RuleValidationError) in
      try saved(at: savedAt, zones: zones).compiled(zones: zones)
    }.mapError(rooted)
  }
}

/// The error for an instant field outside the supported years.
///
/// - Parameters:
///   - field: The key, such as `at` or `savedAt`.
///   - value: The instant.
package func instantError(field: String, _ value: Int64) -> RuleFieldError {
  RuleFieldError(
    code: .invalidInstant, field: field, value: String(value),
    reason: "outside the supported range of years -9999...9999")
}

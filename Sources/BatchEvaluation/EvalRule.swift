import DNDSchedule
import OfflinePush
import ZoneInfo

/// A rule a `dnd eval` query carries and the rule cache keeps: the do-not-disturb rule (which
/// compiles to a schedule) and the offline push rule (to a decision). Saving is the library's
/// one save-and-compile call; this only says which one.
package protocol EvalRule {
  /// What the rule compiles to.
  associatedtype Compiled

  /// Whether saving computes something from the save instant (an enabled one-off DND rule).
  /// When it does not, a valid rule compiles to the same value saved or not, so the cached
  /// compiled rule stands for the saved one.
  var usesSaveInstant: Bool { get }
  /// The rule compiled as it is.
  func compiled(zones: ZoneDatabase) throws(RuleError) -> Compiled
  /// The rule saved at `savedAt` and compiled, with the library's one call.
  func compiled(savedAt: Int64, zones: ZoneDatabase) throws(RuleError) -> Compiled
}

extension DoNotDisturbRule: EvalRule {
  package var usesSaveInstant: Bool { enabled && repeatMode.isOneOff }
  package func compiled(zones: ZoneDatabase) throws(RuleError) -> DoNotDisturbSchedule {
    try DoNotDisturbSchedule(rule: self, zones: zones)
  }
  package func compiled(savedAt: Int64, zones: ZoneDatabase) throws(RuleError)
    -> DoNotDisturbSchedule
  {
    try savedAndCompiled(at: savedAt, zones: zones).compiled
  }
}

extension OfflinePushRule: EvalRule {
  package var usesSaveInstant: Bool { doNotDisturbRule?.usesSaveInstant ?? false }
  package func compiled(zones: ZoneDatabase) throws(RuleError)
    -> CompiledOfflinePushRule
  {
    try CompiledOfflinePushRule(rule: self, zones: zones)
  }
  package func compiled(savedAt: Int64, zones: ZoneDatabase) throws(RuleError)
    -> CompiledOfflinePushRule
  {
    try savedAndCompiled(at: savedAt, zones: zones).compiled
  }
}

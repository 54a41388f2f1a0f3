import DNDSchedule
import OfflinePush
import ZoneInfo

/// The evaluation step of `dnd eval`, shared by the fast and the general parser: from a
/// decoded rule (and, when the rule was seen before, its compiled form) to the answer.
struct EvalEvaluation {
  let zones: ZoneDatabase

  /// Answers a DND query.
  ///
  /// - Parameters:
  ///   - rule: The decoded rule.
  ///   - compiled: The rule compiled as it is, when already known (from the cache).
  ///   - at: The instant asked about.
  ///   - savedAt: The save instant, if the query has one.
  func answerDND(
    rule: DoNotDisturbRule, compiled: Result<DoNotDisturbSchedule, RuleValidationError>?,
    at: Int64, savedAt: Int64?
  ) -> EvalAnswer {
    answer(rule: rule, under: "rule", compiled: compiled, at: at, savedAt: savedAt) {
      (schedule) throws(ZoneError) in
      .dnd(
        inDoNotDisturb: try schedule.contains(at), nextChange: try schedule.nextChange(after: at))
    }
  }

  /// Answers a push query.
  ///
  /// - Parameters:
  ///   - rule: The decoded push rule.
  ///   - compiled: The rule compiled as it is, when already known (from the cache).
  ///   - kind: Message or call.
  ///   - platform: The target platform.
  ///   - online: The platforms the user is online on.
  ///   - at: The instant asked about.
  ///   - savedAt: The save instant, if the query has one.
  func answerPush(
    rule: OfflinePushRule, compiled: Result<CompiledOfflinePushRule, RuleValidationError>?,
    kind: PushKind, platform: Platform, online: PlatformSet, at: Int64, savedAt: Int64?
  ) -> EvalAnswer {
    answer(rule: rule, under: "pushRule", compiled: compiled, at: at, savedAt: savedAt) {
      (ready) throws(ZoneError) in
      .push(try ready.decide(kind: kind, target: platform, online: online, at: at))
    }
  }

  /// The steps every query shares: save and compile, check `at`, then ask.
  func answer<Rule: SavableRule>(
    rule: Rule, under root: String, compiled: Result<Rule.Compiled, RuleValidationError>?,
    at: Int64, savedAt: Int64?, ask: (Rule.Compiled) throws(ZoneError) -> EvalAnswer
  ) -> EvalAnswer {
    var errors: [RuleFieldError] = []
    var ready: Rule.Compiled?
    switch rule.prepared(savedAt: savedAt, zones: zones, under: root, compiledAsIs: compiled) {
    case .success(let compiledRule): ready = compiledRule
    case .failure(let error): errors = error.errors
    }
    if !Zone.supportedInstants.contains(at) { errors.append(instantError(field: "at", at)) }
    guard errors.isEmpty, let ready else { return .error(EvalError(fields: errors)) }
    do {
      return try ask(ready)
    } catch {
      return .error(EvalError(fields: [instantError(field: "at", at)]))
    }
  }
}

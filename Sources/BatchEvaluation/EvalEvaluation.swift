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
    rule: DoNotDisturbRule, compiled: Result<DoNotDisturbSchedule, RuleError>?,
    at: Int64, savedAt: Int64?
  ) -> EvalAnswer {
    answer(prepared(rule, under: "rule", compiled: compiled, savedAt: savedAt), at: at) {
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
    rule: OfflinePushRule, compiled: Result<CompiledOfflinePushRule, RuleError>?,
    kind: PushKind, platform: Platform, online: PlatformSet, at: Int64, savedAt: Int64?
  ) -> EvalAnswer {
    answer(prepared(rule, under: "pushRule", compiled: compiled, savedAt: savedAt), at: at) {
      (ready) throws(ZoneError) in
      .push(try ready.decide(kind: kind, target: platform, online: online, at: at))
    }
  }

  /// The rule compiled for a query: saved at `savedAt` first when the query has one (the
  /// library's save-and-compile call), or as it is; the cached compiled rule when it stands
  /// for that. Field errors are placed under `root`, the rule's key in the query line.
  func prepared<Rule: EvalRule>(
    _ rule: Rule, under root: String, compiled: Result<Rule.Compiled, RuleError>?,
    savedAt: Int64?
  ) -> Result<Rule.Compiled, RuleError> {
    let result: Result<Rule.Compiled, RuleError>
    if let savedAt {
      if !rule.usesSaveInstant, Zone.supportedInstants.contains(savedAt), let compiled,
        case .success = compiled
      {
        // Saving only clears onceEndTimestamp, which this rule does not use.
        result = compiled
      } else {
        result = Result { () throws(RuleError) in
          try rule.compiled(savedAt: savedAt, zones: zones)
        }
      }
    } else {
      result =
        compiled ?? Result { () throws(RuleError) in try rule.compiled(zones: zones) }
    }
    return result.mapError { error in
      // The save instant is a key of the query line itself, not of the rule.
      error.moved { $0.keyPath == "savedAt" ? $0 : $0.nested(under: root) }
    }
  }

  /// The steps every query shares once the rule is compiled: check `at`, then ask.
  func answer<Compiled>(
    _ prepared: Result<Compiled, RuleError>, at: Int64,
    ask: (Compiled) throws(ZoneError) -> EvalAnswer
  ) -> EvalAnswer {
    var errors: [RuleFieldError] = []
    var omitted = 0
    var ready: Compiled?
    switch prepared {
    case .success(let compiledRule): ready = compiledRule
    case .failure(let error): (errors, omitted) = (error.errors, error.omittedErrorCount)
    }
    if !Zone.supportedInstants.contains(at) {
      errors.append(.outsideSupportedYears(keyPath: "at", at))
    }
    guard errors.isEmpty, let ready else {
      return .error(EvalError(fields: errors, omitted: omitted))
    }
    do {
      return try ask(ready)
    } catch {
      return .error(EvalError(fields: [.outsideSupportedYears(keyPath: "at", at)]))
    }
  }
}

extension RuleError {
  /// The same error with each field moved (under a key of the query line), keeping the count
  /// of the fields it left out.
  func moved(_ field: (RuleFieldError) -> RuleFieldError) -> RuleError {
    var moved = RuleError(errors: errors.map(field))
    moved.omittedErrorCount = omittedErrorCount
    return moved
  }
}

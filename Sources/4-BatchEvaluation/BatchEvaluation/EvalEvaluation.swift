import DNDSchedule
import OfflinePush
import ZoneInfo

/// The evaluation step of `dnd eval`, shared by the fast and the general parser: from a
/// decoded rule (and, when the rule was seen before, its compiled form) to the answer.
struct EvalEvaluation {
  let zones: ZoneDatabase

  /// The error for an instant field outside the supported years.
  static func instantError(_ field: String, _ value: Int64) -> RuleFieldError {
    RuleFieldError(
      code: .invalidInstant, field: field, value: String(value),
      reason: "outside the supported range of years -9999...9999")
  }

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
    var errors: [RuleFieldError] = []
    var schedule: DoNotDisturbSchedule?
    if let savedAt {
      if !Zone.supportedInstants.contains(savedAt) {
        errors = rule.validate(zones: zones).errors.filter { $0.code != .missingOnceEnd }
          .map { $0.nested(under: "rule") }
        errors.append(Self.instantError("savedAt", savedAt))
      } else if !(rule.enabled && rule.repeatMode.isOneOff), case .success(let ready) = compiled {
        // Saving only clears onceEndTimestamp, which this rule does not use.
        schedule = ready
      } else {
        do {
          let saved = try rule.saved(at: savedAt, zones: zones)
          schedule = try DoNotDisturbSchedule(rule: saved, zones: zones)
        } catch {
          errors = error.errors.map { $0.nested(under: "rule") }
        }
      }
    } else {
      switch compiled ?? Self.compile(rule, zones: zones) {
      case .success(let ready): schedule = ready
      case .failure(let error): errors = error.errors.map { $0.nested(under: "rule") }
      }
    }
    if !Zone.supportedInstants.contains(at) { errors.append(Self.instantError("at", at)) }
    guard errors.isEmpty, let schedule else { return .error(EvalError(fields: errors)) }
    do {
      return .dnd(
        inDoNotDisturb: try schedule.contains(at), nextChange: try schedule.nextChange(after: at))
    } catch {
      return .error(EvalError(fields: [Self.instantError("at", at)]))
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
    var errors: [RuleFieldError] = []
    var ready: CompiledOfflinePushRule?
    if let savedAt {
      let dnd = rule.doNotDisturbRule
      if !Zone.supportedInstants.contains(savedAt) {
        errors = (dnd?.validate(zones: zones).errors ?? []).filter { $0.code != .missingOnceEnd }
          .map { $0.nested(under: "pushRule.doNotDisturbRule") }
        errors.append(Self.instantError("savedAt", savedAt))
      } else if !(dnd.map { $0.enabled && $0.repeatMode.isOneOff } ?? false),
        case .success(let compiledRule) = compiled
      {
        ready = compiledRule
      } else {
        do {
          let saved = try rule.saved(at: savedAt, zones: zones)
          ready = try CompiledOfflinePushRule(rule: saved, zones: zones)
        } catch {
          errors = error.errors.map { $0.nested(under: "pushRule") }
        }
      }
    } else {
      switch compiled ?? Self.compile(rule, zones: zones) {
      case .success(let compiledRule): ready = compiledRule
      case .failure(let error): errors = error.errors.map { $0.nested(under: "pushRule") }
      }
    }
    if !Zone.supportedInstants.contains(at) { errors.append(Self.instantError("at", at)) }
    guard errors.isEmpty, let ready else { return .error(EvalError(fields: errors)) }
    do {
      return .push(try ready.decide(kind: kind, target: platform, online: online, at: at))
    } catch {
      return .error(EvalError(fields: [Self.instantError("at", at)]))
    }
  }

  /// Compiles a DND rule as it is.
  static func compile(_ rule: DoNotDisturbRule, zones: ZoneDatabase) -> Result<
    DoNotDisturbSchedule, RuleValidationError
  > {
    Result { () throws(RuleValidationError) in try DoNotDisturbSchedule(rule: rule, zones: zones) }
  }

  /// Compiles a push rule as it is.
  static func compile(_ rule: OfflinePushRule, zones: ZoneDatabase) -> Result<
    CompiledOfflinePushRule, RuleValidationError
  > {
    Result { () throws(RuleValidationError) in try CompiledOfflinePushRule(rule: rule, zones: zones)
    }
  }
}

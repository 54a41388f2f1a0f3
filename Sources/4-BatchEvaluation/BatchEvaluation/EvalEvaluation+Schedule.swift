import DNDSchedule
import ZoneInfo

extension EvalEvaluation {
  /// Answers a weekly schedule query: whether a push must wait at `at`, and the next change.
  ///
  /// - Parameters:
  ///   - rule: The decoded schedule.
  ///   - at: The instant asked about.
  func answerSchedule(rule: WeeklyScheduleRule, at: Int64) -> EvalAnswer {
    var errors: [RuleFieldError] = []
    var schedule: WeeklySchedule?
    do {
      schedule = try WeeklySchedule(rule: rule, zones: zones)
    } catch {
      errors = error.errors.map { $0.nested(under: "schedule") }
    }
    if !Zone.supportedInstants.contains(at) { errors.append(Self.instantError("at", at)) }
    guard errors.isEmpty, let schedule else { return .error(EvalError(fields: errors)) }
    do {
      return .schedule(
        quiet: try schedule.isQuiet(at: at), nextChange: try schedule.nextChange(after: at))
    } catch {
      return .error(EvalError(fields: [Self.instantError("at", at)]))
    }
  }
}

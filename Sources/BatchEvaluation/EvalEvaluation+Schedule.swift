import DNDSchedule
import ZoneInfo

extension EvalEvaluation {
  /// Answers a weekly schedule query: whether a push must wait at `at`, and the next change.
  ///
  /// - Parameters:
  ///   - rule: The decoded schedule.
  ///   - at: The instant asked about.
  func answerSchedule(rule: WeeklyScheduleRule, at: Int64) -> EvalAnswer {
    let compiled = Result { () throws(RuleError) in
      try WeeklySchedule(rule: rule, zones: zones)
    }.mapError { $0.moved { $0.nested(under: "schedule") } }
    return answer(compiled, at: at) {
      (schedule) throws(ZoneError) in
      .schedule(
        quiet: try schedule.contains(at), nextChange: try schedule.nextChange(after: at))
    }
  }
}

import DNDSchedule
import ZoneInfo

extension WeeklyScheduleRule: SavableRule {
  package var doNotDisturbPart: DoNotDisturbRule? { nil }
  package static var doNotDisturbKeyPath: String { "" }
  /// A weekly schedule stores no instant, so saving keeps it as it is.
  package func saved(at savedAt: Int64, zones: ZoneDatabase) -> WeeklyScheduleRule { self }
  package func compiled(zones: ZoneDatabase) throws(RuleValidationError) -> WeeklySchedule {
    try WeeklySchedule(rule: self, zones: zones)
  }
}

extension EvalEvaluation {
  /// Answers a weekly schedule query: whether a push must wait at `at`, and the next change.
  ///
  /// - Parameters:
  ///   - rule: The decoded schedule.
  ///   - at: The instant asked about.
  func answerSchedule(rule: WeeklyScheduleRule, at: Int64) -> EvalAnswer {
    answer(rule: rule, under: "schedule", compiled: nil, at: at, savedAt: nil) {
      (schedule) throws(ZoneError) in
      .schedule(
        quiet: try schedule.isQuiet(at: at), nextChange: try schedule.nextChange(after: at))
    }
  }
}

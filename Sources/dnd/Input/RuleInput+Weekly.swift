import DNDSchedule
import ZoneInfo

extension RuleInput {
  /// Compiles the weekly schedule; nil when the document is not one.
  ///
  /// - Parameter zones: The database.
  /// - Returns: The compiled schedule, or nil.
  /// - Throws: ``CLIError`` listing every invalid field.
  func compileWeeklySchedule(zones: ZoneDatabase) throws(CLIError) -> WeeklySchedule? {
    guard let weeklySchedule else { return nil }
    do {
      return try WeeklySchedule(rule: weeklySchedule, zones: zones)
    } catch {
      throw .input(
        "invalid schedule in \(source): " + error.errors.map(\.description).joined(separator: "; "))
    }
  }
}

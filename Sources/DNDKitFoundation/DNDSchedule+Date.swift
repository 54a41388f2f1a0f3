import DNDSchedule
import Foundation
import ZoneInfo

extension DoNotDisturbRule {
  /// Saves the rule at a date and compiles the saved rule, validating once (see
  /// `DoNotDisturbRule.savedAndCompiled(at:zones:)`): the rule to store and its schedule.
  ///
  /// - Parameters:
  ///   - date: The save instant from the server's clock; a fraction of a second is rounded
  ///     down.
  ///   - zones: The database that resolves the rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleError` listing every invalid field.
  public func savedAndCompiled(at date: Date, zones: ZoneDatabase) throws(RuleError)
    -> (rule: DoNotDisturbRule, compiled: DoNotDisturbSchedule)
  {
    try savedAndCompiled(at: date.unixSeconds, zones: zones)
  }
}

extension CompiledSchedule {
  /// Whether pushes wait at a date (see `CompiledSchedule.contains(_:)`).
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down.
  /// - Returns: Whether it is in a period.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func contains(_ date: Date) throws(ZoneError) -> Bool {
    try contains(date.unixSeconds)
  }

  /// The first instant after a date at which the answer of `contains(_:)` differs.
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down, so the answer is after
  ///   the whole second the date falls in.
  /// - Returns: The next change, a whole second, or nil when the state never changes again.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func nextChange(after date: Date) throws(ZoneError) -> Date? {
    try nextChange(after: date.unixSeconds).map(Date.init(unixSeconds:))
  }

  /// The block (maximal run of touching periods) that contains a date.
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down.
  /// - Returns: The block, or nil when the date is not in do-not-disturb.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func blockContaining(_ date: Date) throws(ZoneError) -> DoNotDisturbPeriod? {
    try blockContaining(date.unixSeconds)
  }

  /// The period that contains a date, or else the next one to start.
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down.
  /// - Returns: The period, or nil when none contains or follows the date.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func period(containingOrAfter date: Date) throws(ZoneError) -> DoNotDisturbPeriod? {
    try period(containingOrAfter: date.unixSeconds)
  }

  /// The periods that overlap a range of dates, in order, each whole.
  ///
  /// - Parameter range: Dates, lower bound inclusive; each bound is rounded down to its second.
  /// - Returns: The periods; a period partly inside the range is included whole.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` if a bound is out of range.
  public func periods(overlapping range: Range<Date>) throws(ZoneError) -> [DoNotDisturbPeriod] {
    try periods(overlapping: range.lowerBound.unixSeconds..<range.upperBound.unixSeconds)
  }
}

/// A bound on the steps of a search a property test drives itself (a walk along `nextChange`,
/// a shrink, a scan of candidates), so that a search that does not advance stops and fails
/// with the test's seed and case instead of looping for ever.
///
/// ```swift
/// var budget = SearchBudget(steps: 64)
/// var t = start
/// while let next = try schedule.nextChange(after: t), next < end {
///   guard budget.spend() else { return XCTFail("[seed \(seed)] \(schedule): \(budget)") }
///   t = next
/// }
/// ```
///
/// Time spent inside one library call is bounded by `PropertyBudget` (DNDKitTestingXCTest).
public struct SearchBudget: Sendable, CustomStringConvertible {
  /// The steps the search may take.
  public let limit: Int
  /// The steps taken so far.
  public private(set) var spent = 0

  /// A budget of steps.
  ///
  /// - Parameter limit: The steps the search may take: well above what a correct search
  ///   takes, so that only a search that does not end reaches it.
  public init(steps limit: Int) {
    self.limit = limit
  }

  /// Takes one step.
  ///
  /// - Returns: True while the budget lasts; false for the step past it (and every later
  ///   one), when the search is to stop and fail.
  public mutating func spend() -> Bool {
    guard spent < limit else { return false }
    spent += 1
    return true
  }

  /// `search stopped after LIMIT steps`, for the failure message.
  public var description: String { "search stopped after its budget of \(limit) steps" }
}

/// One do-not-disturb period: `[start, end)` in UNIX seconds.
public struct DoNotDisturbPeriod: Sendable, Hashable {
  /// The first instant in do-not-disturb.
  public var start: Int64
  /// The first instant after it; always `>= start`.
  public var end: Int64

  /// Creates a period. Package access: periods are answers of the schedules
  /// (`blockContaining(_:)`, `period(containingOrAfter:)`, `periods(overlapping:)`) and no
  /// call takes one.
  ///
  /// - Parameters:
  ///   - start: First instant inside.
  ///   - end: First instant after.
  package init(start: Int64, end: Int64) {
    self.start = start
    self.end = end
  }

  /// Whether an instant is inside: start inclusive, end exclusive.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: `start <= instant < end`.
  public func contains(_ instant: Int64) -> Bool { start <= instant && instant < end }

  /// Whether the period has no instant in it (a window wholly inside a DST gap).
  package var isEmpty: Bool { start >= end }
}

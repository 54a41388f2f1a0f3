import Foundation

extension Date {
  /// The whole UNIX second this date falls in: `timeIntervalSince1970` rounded down (toward
  /// the past), so that every instant inside second *s* maps to *s*.
  ///
  /// DNDKit works in whole seconds. Rounding down is what converting to UNIX seconds with
  /// `floor` does, and it keeps the order of dates: 0.9 s after midnight is still in the second
  /// that starts at midnight, and -0.5 s (half a second before 1970) is in second -1, not 0. A
  /// date beyond what 64 bits hold, or not a number, maps to `Int64.min` or `Int64.max`,
  /// which every DNDKit call refuses as out of range with a typed error.
  public var unixSeconds: Int64 {
    let seconds = timeIntervalSince1970.rounded(.down)
    // NaN fails this comparison too.
    guard seconds >= -9_223_372_036_854_775_808.0 else { return .min }
    guard seconds < 9_223_372_036_854_775_808.0 else { return .max }
    return Int64(seconds)
  }

  /// The date of the start of a UNIX second.
  ///
  /// - Parameter unixSeconds: Seconds since 1970-01-01T00:00:00Z.
  public init(unixSeconds: Int64) {
    self.init(timeIntervalSince1970: TimeInterval(unixSeconds))
  }
}

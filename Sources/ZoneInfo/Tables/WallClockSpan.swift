/// The wall clock at an instant as the schedules' arithmetic needs it: the high-water mark,
/// the offset in force, and the end of the run of instants over which the high-water mark
/// advances in step with the instant (`highWater(s) = s + offset` for `t <= s < spanEnd`).
/// `spanEnd` equals the instant when that cannot be promised cheaply (a fold's repeated half,
/// or the footer rule).
@usableFromInline
package struct WallClockSpan: Sendable, Hashable {
  /// The highest wall-clock reading shown at or before the instant.
  @usableFromInline package var highWater: Int64
  /// The offset from UTC in force at the instant, in seconds.
  @usableFromInline package var offset: Int64
  /// The end of the run over which the high-water mark is the instant plus `offset`.
  @usableFromInline package var spanEnd: Int64

  /// A span from its three parts.
  @inlinable
  package init(highWater: Int64, offset: Int64, spanEnd: Int64) {
    self.highWater = highWater
    self.offset = offset
    self.spanEnd = spanEnd
  }
}

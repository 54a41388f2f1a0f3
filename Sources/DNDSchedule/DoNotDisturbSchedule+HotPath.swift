import ZoneInfo

// The hot path: the answers a push decision asks for, one function per case. They give the
// same answers as the period walk of DoNotDisturbSchedule+Periods.swift (the property
// suites check it); each exists because its case can be answered with less.
//
// | case                                                 | answered by                            |
// | ---------------------------------------------------- | -------------------------------------- |
// | in DND? an instant the zone's table describes        | contains(_:), inline                   |
// | in DND? a one-off rule, or an instant past the table | containsUnchecked(_:)                  |
// | state and block end (a decision), range checked      | stateAndBlockEnd(_:)                   |
// | - window under 24 h or disabled, tabulated instant   | fastStateAndBlockEnd(_:)               |
// | - the same in a batch: one zone look-up, many rules  | fastStateAndBlockEnd(_:tabulatedSpan:) |
// | - any instant in range                               | stateAndBlockEnd(unchecked:)           |
// | - window under 24 h, given the clock's span          | repeatingStateAndBlockEnd              |
// | - its block ends past one offset's run, or in a fold | blockEnd(_:candidate:span:)            |
// | - disabled, one-off, 24-hour window                  | generalStateAndBlockEnd(_:)            |
// | - whatever the above cannot: the period walk         | generalBlockEnd(_:)                    |
// | next start (nextChange), no transition in between    | fastNextStart(unchecked:)              |
//
// A batch keys its shared look-up by tableIdentity and makes it with tabulatedSpan(_:).

extension DoNotDisturbSchedule {
  /// Whether an instant is in do-not-disturb.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: Whether a period contains the instant (start inclusive, end exclusive).
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999.
  /// - Complexity: O(1): one zone lookup (a bucket probe for 1970–2500) and integer
  ///   arithmetic. No allocation, no lock.
  @inlinable @inline(__always)
  public func contains(_ instant: Int64) throws(ZoneError) -> Bool {
    // The common case first: a bucket the zone's table describes is in range by construction.
    // Disabled rules too: their window is never inside.
    if kindCode != KindCode.oneOff, let wall = internedZone.tabulatedHighWater(instant) {
      return window.position(wall: wall).isInside
    }
    try Zone.checkSupported(instant)
    return containsUnchecked(instant)
  }

  @inlinable @inline(__always)
  func containsUnchecked(_ instant: Int64) -> Bool {
    switch kind {
    case .repeating(let window):
      return window.position(wall: internedZone.highWater(unchecked: instant)).isInside
    case .oneOff(let start, let end):
      return start <= instant && instant < end
    case .never:
      return false
    }
  }

  /// The state at an instant and, when in do-not-disturb, the end of the merged block
  /// (`Int64.max` for a rule that is always on).
  ///
  /// One zone look-up when no transition lies between the instant and the block's end (the
  /// common case); otherwise the general period walk.
  ///
  /// - Parameter instant: UNIX seconds within `Zone.supportedInstants`.
  /// - Returns: Whether in do-not-disturb, and the block's end if so.
  @inlinable @inline(__always)
  package func stateAndBlockEnd(unchecked instant: Int64) -> (inDND: Bool, blockEnd: Int64) {
    // The common case inline: a repeating window shorter than 24 hours.
    guard kindCode < KindCode.general else { return generalStateAndBlockEnd(instant) }
    return repeatingStateAndBlockEnd(
      instant, window: window, span: internedZone.wallClockSpan(unchecked: instant))
  }

  /// ``stateAndBlockEnd(unchecked:)`` with the range check, which the common case (an instant
  /// the zone's table describes, in range by construction) skips.
  ///
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  @inlinable @inline(__always)
  package func stateAndBlockEnd(_ instant: Int64) throws(ZoneError) -> (
    inDND: Bool, blockEnd: Int64
  ) {
    if let state = fastStateAndBlockEnd(instant) { return state }
    try Zone.checkSupported(instant)
    return stateAndBlockEnd(unchecked: instant)
  }

  /// ``stateAndBlockEnd(_:)`` in the common case: a repeating window shorter than 24 hours or
  /// a disabled rule (whose window is never inside), at an instant the zone's table describes
  /// (in range by construction); nil otherwise.
  @inlinable @inline(__always)
  package func fastStateAndBlockEnd(_ instant: Int64) -> (inDND: Bool, blockEnd: Int64)? {
    guard hasFastState, let span = internedZone.tabulatedSpan(instant) else { return nil }
    return repeatingStateAndBlockEnd(instant, window: window, span: span)
  }

  /// Whether ``fastStateAndBlockEnd(_:)`` can answer (given a tabulated instant).
  @inlinable @inline(__always)
  package var hasFastState: Bool { kindCode < KindCode.general }

  /// ``fastStateAndBlockEnd(_:)`` given the zone's tabulated span at the instant, which a
  /// batch deciding many rules at one instant looks up once per zone (see ``tableIdentity``).
  ///
  /// - Parameters:
  ///   - instant: UNIX seconds.
  ///   - span: `tabulatedSpan(instant)` of this schedule's zone, when not nil.
  /// - Returns: The state, or nil when ``hasFastState`` is false or `span` nil.
  @inlinable @inline(__always)
  package func fastStateAndBlockEnd(
    _ instant: Int64, tabulatedSpan span: WallClockSpan?
  ) -> (inDND: Bool, blockEnd: Int64)? {
    guard hasFastState, let span else { return nil }
    return repeatingStateAndBlockEnd(instant, window: window, span: span)
  }

  /// The identity of the zone's tables, equal for every schedule in the same zone (the same
  /// data): the key under which a batch shares one look-up.
  @inlinable @inline(__always)
  package var tableIdentity: UnsafeMutableRawPointer { internedZone.tableIdentity }

  /// The tabulated span of the schedule's zone at an instant (see
  /// ``fastStateAndBlockEnd(_:tabulatedSpan:)``).
  @inlinable @inline(__always)
  package func tabulatedSpan(_ instant: Int64) -> WallClockSpan? {
    internedZone.tabulatedSpan(instant)
  }

  /// The state and block end for a repeating window shorter than 24 hours, given the wall
  /// clock's span at the instant.
  @inlinable @inline(__always)
  func repeatingStateAndBlockEnd(
    _ instant: Int64, window: RepeatingWindow,
    span: WallClockSpan
  ) -> (inDND: Bool, blockEnd: Int64) {
    let position = window.position(wall: span.highWater)
    // The end on the wall clock, and the instant it is reached if no transition intervenes.
    // Periods owned by other dates cannot touch this one then (their starts lie hours away on
    // the clock).
    let endLocal = span.highWater &- Int64(position.intoPeriod) &+ Int64(window.length)
    let candidate = endLocal &- span.offset
    // Bit arithmetic rather than `&&`: whether an instant is inside is unpredictable.
    let inside = UInt8(truncatingIfNeeded: unsafeBitCast(position.isInside, to: UInt8.self))
    let pastSpan = UInt8(
      truncatingIfNeeded: unsafeBitCast(candidate >= span.spanEnd, to: UInt8.self))
    if inside & pastSpan != 0 {
      return (true, blockEnd(instant, candidate: candidate, span: span))
    }
    return (position.isInside, candidate & -Int64(inside))
  }

  /// The end of the block containing an instant when the clock's run with one offset ends
  /// before `candidate` (the period's end at the instant's offset), or the instant is in a
  /// fold's repeated half.
  ///
  /// The period ends at `mark(endLocal)`, and the block with it unless the clock has reached
  /// the next period's start by then (only a jump of most of a day does that, and then the
  /// periods could touch): that case takes the general walk.
  @usableFromInline @inline(never)
  func blockEnd(
    _ instant: Int64, candidate: Int64, span: WallClockSpan
  ) -> Int64 {
    // Read here rather than passed: the hot caller then sets up one argument fewer.
    guard case .repeating(let window) = kind else { return generalBlockEnd(instant) }
    let endLocal = candidate &+ span.offset
    // The earliest the next period can start on the clock: the next date's start.
    let nextStartLocal = endLocal &- Int64(window.length) &+ 86_400
    let end = mark(endLocal)
    guard Zone.supportedInstants.contains(end),
      internedZone.highWater(unchecked: end) < nextStartLocal
    else { return generalBlockEnd(instant) }
    return end
  }

  /// ``stateAndBlockEnd(unchecked:)`` for disabled and one-off rules and 24-hour windows.
  @usableFromInline
  func generalStateAndBlockEnd(_ instant: Int64) -> (inDND: Bool, blockEnd: Int64) {
    switch kind {
    case .never:
      return (false, 0)
    case .oneOff(let start, let end):
      return start <= instant && instant < end ? (true, end) : (false, 0)
    case .repeating(let window):
      // 24-hour windows: always on when daily; on consecutive owned days they touch, so the
      // end takes the general walk.
      guard window.position(wall: internedZone.highWater(unchecked: instant)).isInside else {
        return (false, 0)
      }
      return (true, days == 0x7F ? .max : generalBlockEnd(instant))
    }
  }

  /// The first period start after an instant that is not in do-not-disturb, with one zone
  /// look-up when no transition intervenes; nil when the general walk is needed.
  @inlinable
  func fastNextStart(unchecked instant: Int64) -> Int64? {
    let span = internedZone.wallClockSpan(unchecked: instant)
    let today = floorDivide(span.highWater, 86_400)
    for day in today...(today &+ 7) where owns(day) {
      let startLocal = day &* 86_400 &+ Int64(start)
      if startLocal <= span.highWater { continue }
      let candidate = startLocal &- span.offset
      return candidate < span.spanEnd ? candidate : nil
    }
    return nil
  }

  @usableFromInline
  func generalBlockEnd(_ instant: Int64) -> Int64 {
    (try? blockContaining(instant))??.end ?? instant
  }
}

import ZoneInfo

/// A compiled do-not-disturb schedule: ``DoNotDisturbSchedule`` (ZIM's rule) or
/// ``WeeklySchedule`` (windows per weekday), asked the same questions by the same names, so a
/// server can hold either kind (`any CompiledSchedule`) or write code generic over both.
///
/// The words, for both kinds:
///
/// - An *instant* is UNIX seconds (`Int64`). Every question throws
///   `ZoneError.instantOutOfRange(_:)` for an instant outside `Zone.supportedInstants` (years
///   -9999…9999), and never another error.
/// - A *period* is a half-open interval `[start, end)` of instants in which pushes wait, as the
///   rule defines it, never empty. For ``DoNotDisturbSchedule`` it is the period one local date
///   owns, so periods of consecutive dates can touch (24-hour windows). ``WeeklySchedule``
///   compiles its windows and snooze into one set of quiet instants, so its periods are its
///   blocks.
/// - A *block* is a maximal run of instants in which pushes wait: touching periods merged. An
///   instant is in a block exactly when ``contains(_:)`` says so, and the block ends at
///   ``nextChange(after:)``. A block that began before every instant the schedule can tell has
///   `start == Int64.min`; one that never ends has `end == Int64.max` (the schedule is quiet
///   from then on, and ``nextChange(after:)`` answers nil).
///
/// The answers agree: ``contains(_:)`` is true exactly when ``blockContaining(_:)`` is not nil
/// and when a period of ``periods(overlapping:)`` contains the instant; ``nextChange(after:)``
/// inside a block is its end (nil for `Int64.max`), and outside one the next period's start.
public protocol CompiledSchedule: Sendable {
  /// The zone of the schedule's wall clock.
  var zone: Zone { get }

  /// Whether pushes wait at an instant: whether a period contains it (start inclusive, end
  /// exclusive).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  func contains(_ instant: Int64) throws(ZoneError) -> Bool

  /// The first instant after `instant` at which ``contains(_:)`` differs from its answer at
  /// `instant`; nil when it never changes again.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  func nextChange(after instant: Int64) throws(ZoneError) -> Int64?

  /// The block (maximal run of touching periods) that contains an instant; nil when pushes do
  /// not wait at it.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  func blockContaining(_ instant: Int64) throws(ZoneError) -> DoNotDisturbPeriod?

  /// The period that contains an instant, or else the first one to start after it; nil when
  /// there is none.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  func period(containingOrAfter instant: Int64) throws(ZoneError) -> DoNotDisturbPeriod?

  /// The periods that overlap a range of instants, in order of start, each whole (not clipped
  /// to the range).
  ///
  /// - Parameter range: UNIX seconds, lower bound inclusive.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` if a bound is out of range.
  func periods(overlapping range: Range<Int64>) throws(ZoneError) -> [DoNotDisturbPeriod]
}

extension DoNotDisturbSchedule: CompiledSchedule {}
extension WeeklySchedule: CompiledSchedule {}

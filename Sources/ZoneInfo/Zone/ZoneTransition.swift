/// A change of a zone's local time type: its offset, daylight flag or abbreviation (so the
/// offsets before and after can be equal).
public struct ZoneTransition: Sendable, Hashable {
  /// The first instant (UNIX seconds) of the new local time type.
  public let instant: Int64
  /// The UTC offset before the transition, in seconds east.
  public let offsetBefore: Int32
  /// The UTC offset from the transition on, in seconds east.
  public let offsetAfter: Int32
  /// The tzdata daylight flag from the transition on.
  package let isDaylightSavingTimeAfter: Bool
  /// The abbreviation before the transition.
  package let abbreviationBefore: String
  /// The abbreviation from the transition on.
  package let abbreviationAfter: String

  /// How far the wall clock jumps: positive for a gap (clocks forward), negative for a fold,
  /// zero when only the flag or the abbreviation changes.
  package var wallClockShift: Int32 { offsetAfter - offsetBefore }
}

/// The instants at which a zone's wall clock shows a given local date-time.
public enum LocalInstants: Sendable, Hashable {
  /// The reading never occurs: it falls in a gap. `transition` is the instant the clock
  /// jumped over it (the first instant showing a later reading).
  case skipped(transition: Int64)
  /// The reading occurs exactly once.
  case unique(Int64)
  /// The reading occurs twice, in a fold: `earlier` before the clocks went back, `later` after.
  case repeated(earlier: Int64, later: Int64)

  /// The instants, in order: none, one, or two.
  package var instants: [Int64] {
    switch self {
    case .skipped: return []
    case .unique(let t): return [t]
    case .repeated(let a, let b): return [a, b]
    }
  }
}

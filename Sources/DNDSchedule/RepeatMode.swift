/// How a do-not-disturb window repeats, as the raw number on the wire (ZIM's
/// `ZIMUserOfflinePushDoNotDisturbRepeatMode`).
///
/// The type is open: any integer decodes, so a rule from a newer client round-trips, and
/// compiling (``DoNotDisturbSchedule/init(rule:zones:)``) or saving
/// (``DoNotDisturbRule/savedAndCompiled(at:zones:)``) reports an unknown value as
/// ``RuleFieldError/Code/invalidRepeatMode``.
public struct RepeatMode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The wire value.
  public var rawValue: Int

  /// Creates a mode from its wire value; any value is kept.
  ///
  /// - Parameter rawValue: The wire value.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// `0`: not set. The window applies once, to the day the rule was saved.
  public static let unknown = RepeatMode(rawValue: 0)
  /// `1`: once. The single period that ends at `onceEndTimestamp`.
  public static let once = RepeatMode(rawValue: 1)
  /// `2`: every day.
  public static let daily = RepeatMode(rawValue: 2)
  /// `3`: the weekdays in `customRepeatDays`.
  public static let custom = RepeatMode(rawValue: 3)

  /// Whether this is one of the four defined modes.
  package var isKnown: Bool { (0...3).contains(rawValue) }

  /// Whether the mode describes a single period fixed by `onceEndTimestamp`.
  package var isOneOff: Bool { self == .unknown || self == .once }

  /// The mode's name: `unknown`, `once`, `daily`, `custom`, or the raw number.
  public var description: String {
    switch rawValue {
    case 0: return "unknown"
    case 1: return "once"
    case 2: return "daily"
    case 3: return "custom"
    default: return "repeatMode \(rawValue)"
    }
  }
}

/// What lifted do-not-disturb for a push that would otherwise have waited; the order of the
/// cases is the order they are checked in.
///
/// A breakthrough lifts do-not-disturb only: never a switch, the platform rule or a level.
public enum Breakthrough: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The sender is in the user's priority senders (`breakthrough.senders`).
  case prioritySender
  /// A call from a sender who called within `breakthrough.repeatCallSeconds` (Android's
  /// repeat caller).
  case repeatCaller
  /// The sender marked the push time-sensitive and the user lets such pushes through.
  case urgent
  /// The message @-mentions the user and the user lets mentions through (@all does not).
  case mention

  /// The wire name, such as `prioritySender`.
  public var description: String { "\(wireName)" }

  /// The wire name without building a `String`, for writers of JSON bytes.
  package var wireName: StaticString {
    switch self {
    case .prioritySender: return "prioritySender"
    case .repeatCaller: return "repeatCaller"
    case .urgent: return "urgent"
    case .mention: return "mention"
    }
  }
}

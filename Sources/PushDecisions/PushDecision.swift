/// Why an offline push was suppressed; the order of the cases is the order of the checks.
public enum SuppressionReason: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The master switch `offlinePushEnabled` is off.
  case offlinePushDisabled
  /// `messageOfflinePushEnabled` is off and the push is a message.
  case messagePushDisabled
  /// `callOfflinePushEnabled` is off and the push is a call.
  case callPushDisabled
  /// The user is online on a platform in `onlinePlatforms` and the target is in
  /// `notToReceiveOfflinePushPlatforms`.
  case platformRule
  /// A message, and the level that applies (the conversation's setting while it applies, else
  /// the user's preferences) is `none`.
  case conversationMuted
  /// A message that mentions neither the user nor everyone, and the level that applies is
  /// `mentions`.
  case notMentioned
  /// The instant is in a do-not-disturb period.
  case doNotDisturb

  /// The wire name, such as `doNotDisturb`.
  public var description: String { "\(wireName)" }

  /// The wire name without building a `String`, for writers of JSON bytes.
  package var wireName: StaticString {
    switch self {
    case .offlinePushDisabled: return "offlinePushDisabled"
    case .messagePushDisabled: return "messagePushDisabled"
    case .callPushDisabled: return "callPushDisabled"
    case .platformRule: return "platformRule"
    case .conversationMuted: return "conversationMuted"
    case .notMentioned: return "notMentioned"
    case .doNotDisturb: return "doNotDisturb"
    }
  }
}

/// The answer to "may this offline push go to this device now?".
///
/// Its wire form (`Codable`) is the object `dnd eval` writes for a push query with
/// preferences, a conversation setting or a message: `deliver` (a boolean), `reason` (a
/// ``SuppressionReason`` wire name or null), `until` (UNIX seconds or null) and
/// `breakthrough` (a ``Breakthrough`` wire name or null), such as
/// `{"breakthrough": null, "deliver": false, "reason": "doNotDisturb", "until": 1767254400}`.
/// Decoding takes an absent `breakthrough` as null (the answer to a push query without those
/// values has no such key) and refuses a combination no decision has, such as a delivery with a
/// reason.
public enum PushDecision: Sendable, Hashable {
  /// Send the push.
  case deliver
  /// Do not send it. `until` is the end of the do-not-disturb block when the reason is
  /// ``SuppressionReason/doNotDisturb`` (nil for a window that never ends), the conversation
  /// setting's `until` when its level suppressed, and nil for other reasons, so a server that
  /// defers instead of dropping knows when to retry.
  case suppress(SuppressionReason, until: Int64?)
  /// Send the push: do-not-disturb would have held it back, but a breakthrough lifted it.
  case breakthrough(Breakthrough)

  /// Whether the push goes out (``deliver`` or ``breakthrough(_:)``).
  @inlinable public var delivers: Bool {
    if case .suppress = self { return false }
    return true
  }

  /// The reason for a suppression, nil for a delivery.
  @inlinable public var reason: SuppressionReason? {
    if case .suppress(let reason, _) = self { return reason }
    return nil
  }

  /// Until when the suppression holds: the end of the do-not-disturb block, or the
  /// conversation setting's `until` when its level suppressed; nil otherwise.
  @inlinable public var until: Int64? {
    if case .suppress(_, let until) = self { return until }
    return nil
  }

  /// What lifted do-not-disturb for a delivery it would otherwise have held back; nil for
  /// every other answer.
  @inlinable public var breakthrough: Breakthrough? {
    if case .breakthrough(let breakthrough) = self { return breakthrough }
    return nil
  }
}

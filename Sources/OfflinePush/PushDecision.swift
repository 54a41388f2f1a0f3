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
public enum PushDecision: Sendable, Hashable {
  /// Send the push.
  case deliver
  /// Do not send it. `until` is the end of the do-not-disturb block when the reason is
  /// ``SuppressionReason/doNotDisturb`` (nil for a window that never ends), the conversation
  /// setting's `until` when its level suppressed, and nil for other reasons, so a server that
  /// defers instead of dropping knows when to retry.
  case suppress(SuppressionReason, until: Int64?)

  /// Whether the push goes out.
  @inlinable public var delivers: Bool {
    if case .deliver = self { return true }
    return false
  }

  /// The reason for a suppression, nil for a delivery.
  @inlinable public var reason: SuppressionReason? {
    if case .suppress(let reason, _) = self { return reason }
    return nil
  }

  /// When a do-not-disturb suppression ends.
  @inlinable public var until: Int64? {
    if case .suppress(_, let until) = self { return until }
    return nil
  }
}

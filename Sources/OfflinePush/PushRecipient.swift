/// One recipient of a push decided in a batch (see
/// ``CompiledOfflinePushRule/decide(kind:at:message:rules:preferences:recipients:into:)``).
public struct PushRecipient: Sendable, Hashable {
  /// The position of the recipient's compiled rule in the batch's rules, and of their
  /// preferences in the batch's preferences.
  public var ruleIndex: Int
  /// The platform of the device the push would go to.
  public var target: Platform
  /// The platforms the recipient is online on now.
  public var online: PlatformSet
  /// The recipient's setting for the message's conversation, if any.
  public var conversation: ConversationSetting?
  /// Whether the message @-mentions this recipient (replaces the shared message's
  /// `mentioned`).
  public var mentioned: Bool

  /// A recipient.
  ///
  /// - Parameters:
  ///   - ruleIndex: The position of the recipient's rule (and preferences) in the batch.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the recipient is online on now.
  ///   - conversation: The recipient's setting for the conversation, if any.
  ///   - mentioned: Whether the message @-mentions this recipient.
  @inlinable
  public init(
    ruleIndex: Int, target: Platform, online: PlatformSet,
    conversation: ConversationSetting? = nil, mentioned: Bool = false
  ) {
    self.ruleIndex = ruleIndex
    self.target = target
    self.online = online
    self.conversation = conversation
    self.mentioned = mentioned
  }
}

/// Why a batch of decisions could not be made; it names the recipient and the value.
public enum FanOutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A recipient's `ruleIndex` is not a position in the rules.
  case ruleIndexOutOfRange(recipient: Int, ruleIndex: Int, ruleCount: Int)
  /// The instant is outside `ZoneInfo.Zone.supportedInstants`.
  case instantOutOfRange(Int64)
  /// The preferences of a batch are not one per rule, at the same positions.
  case preferencesDoNotMatchRules(ruleIndices: Range<Int>, preferenceIndices: Range<Int>)

  /// A one-line explanation naming the field and the value.
  public var description: String {
    switch self {
    case .ruleIndexOutOfRange(let recipient, let ruleIndex, let ruleCount):
      return
        "recipients[\(recipient)].ruleIndex \(ruleIndex) is outside the rules (0..<\(ruleCount))"
    case .instantOutOfRange(let instant):
      return "instant \(instant) is outside the supported range"
    case .preferencesDoNotMatchRules(let rules, let preferences):
      return "preferences at positions \(preferences) do not match the rules at \(rules)"
    }
  }
}

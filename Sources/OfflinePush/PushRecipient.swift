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
  // The conversation setting and the mention as plain bits and a word, so that a recipient
  // copied out of an array is its platforms' retain and a few words, not an outlined copy of
  // an optional setting (measured in the batch's loop).
  /// The setting's `until` when it has one, else 0.
  @usableFromInline var conversationUntil: Int64
  /// Bit 0: a setting; bit 1: it has an `until`; bit 2: mentioned; bits 3–4: the level.
  @usableFromInline var bits: UInt8

  /// The recipient's setting for the message's conversation, if any.
  @inlinable public var conversation: ConversationSetting? {
    get {
      guard bits & 1 != 0 else { return nil }
      return ConversationSetting(
        level: NotificationLevel(rawValue: (bits &>> 3) & 3) ?? .all,
        until: bits & 2 != 0 ? conversationUntil : nil)
    }
    set {
      bits &= 4
      conversationUntil = 0
      guard let newValue else { return }
      bits |= 1 | newValue.level.rawValue &<< 3
      if let until = newValue.until {
        bits |= 2
        conversationUntil = until
      }
    }
  }

  /// Whether the message @-mentions this recipient (replaces the shared message's
  /// `mentioned`).
  @inlinable public var mentioned: Bool {
    get { bits & 4 != 0 }
    set { bits = newValue ? bits | 4 : bits & ~4 }
  }

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
    conversationUntil = 0
    bits = 0
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

import DNDSchedule

/// What the server knows about the message or call being pushed, as it bears on levels and
/// breakthroughs: who sent it, whom it mentions, whether it is time-sensitive and, for a call,
/// when the same sender last called.
///
/// Every field is optional on the wire; booleans default to false.
public struct PushMessage: Sendable, Hashable, Codable {
  /// The sender's user ID, compared with priority senders as an exact string.
  public var sender: String? {
    didSet { senderHash = Self.senderHash(of: sender) }
  }
  /// Whether the message @-mentions this recipient.
  public var mentioned: Bool
  /// Whether the message @-mentions everyone (passes a mentions-only level, but does not break
  /// through do-not-disturb).
  public var mentionAll: Bool
  /// Whether the sender marked it time-sensitive.
  public var urgent: Bool
  /// For a call: when the same sender last called this user, UNIX seconds, as the server
  /// records it.
  public var previousCallAt: Int64?
  /// The sender's hash for priority-sender tables (0 without a sender), kept with the sender:
  /// the message is hashed once, not once for each recipient it is decided for.
  @usableFromInline var senderHash: UInt64

  /// Creates a message context; by default no sender, no mention, not urgent.
  ///
  /// - Parameters:
  ///   - sender: The sender's user ID.
  ///   - mentioned: Whether the recipient is @-mentioned.
  ///   - mentionAll: Whether everyone is @-mentioned.
  ///   - urgent: Whether the sender marked it time-sensitive.
  ///   - previousCallAt: For a call, the same sender's previous call to this user.
  @inlinable
  public init(
    sender: String? = nil, mentioned: Bool = false, mentionAll: Bool = false,
    urgent: Bool = false, previousCallAt: Int64? = nil
  ) {
    self.sender = sender
    senderHash = Self.senderHash(of: sender)
    self.mentioned = mentioned
    self.mentionAll = mentionAll
    self.urgent = urgent
    self.previousCallAt = previousCallAt
  }

  enum CodingKeys: String, CodingKey {
    case sender, mentioned, mentionAll, urgent, previousCallAt
  }

  /// Decodes the wire form; absent keys take their defaults.
  ///
  /// For interop with `Codable` only (the value inside a type of your own): this follows the
  /// decoder's semantics, not the wire's strict rules. With `JSONDecoder`, an explicit `null`
  /// reads as an absent key, a key twice in one object keeps one of the values, and numbers
  /// are read by its parser (`21.9999999999999999` may read as 22). For the strict rules, read
  /// the value's own bytes with `init(jsonBytes:)` (`EmbeddedJSON.bytes(at:in:)` finds them
  /// in a larger document).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` naming the key path of a bad value.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    sender = try c.decodeIfPresent(String.self, forKey: .sender)
    senderHash = Self.senderHash(of: sender)
    mentioned = try c.decodeIfPresent(Bool.self, forKey: .mentioned) ?? false
    mentionAll = try c.decodeIfPresent(Bool.self, forKey: .mentionAll) ?? false
    urgent = try c.decodeIfPresent(Bool.self, forKey: .urgent) ?? false
    previousCallAt = try c.decodeIfPresent(Int64.self, forKey: .previousCallAt)
  }

  /// The message's plain values a decision reads (all but the sender's text), taken out of
  /// an optional message at once: a decision passes the message itself along only to look
  /// its sender up.
  @usableFromInline
  struct Facts {
    @usableFromInline let senderHash: UInt64
    @usableFromInline let mentioned: Bool
    @usableFromInline let mentionAll: Bool
    @usableFromInline let urgent: Bool
    @usableFromInline let previousCallAt: Int64?

    @inlinable
    init(
      senderHash: UInt64, mentioned: Bool, mentionAll: Bool, urgent: Bool,
      previousCallAt: Int64?
    ) {
      self.senderHash = senderHash
      self.mentioned = mentioned
      self.mentionAll = mentionAll
      self.urgent = urgent
      self.previousCallAt = previousCallAt
    }

    /// No message: no sender, mention, urgency or previous call.
    @inlinable static var none: Facts {
      Facts(senderHash: 0, mentioned: false, mentionAll: false, urgent: false, previousCallAt: nil)
    }
  }

  /// ``CompiledPushPreferences/SenderTable/hash(of:)`` of a sender, 0 without one.
  @inlinable
  static func senderHash(of sender: String?) -> UInt64 {
    sender.map(CompiledPushPreferences.SenderTable.hash(of:)) ?? 0
  }
}

extension PushMessage {
  /// The message's plain values.
  @inlinable @inline(__always)
  var facts: Facts {
    Facts(
      senderHash: senderHash, mentioned: mentioned, mentionAll: mentionAll, urgent: urgent,
      previousCallAt: previousCallAt)
  }
}

extension Optional where Wrapped == PushMessage {
  /// The message's plain values (``PushMessage/Facts/none`` without a message).
  @inlinable @inline(__always)
  var facts: PushMessage.Facts {
    switch self {
    case .some(let message): return message.facts
    case .none: return .none
    }
  }
}

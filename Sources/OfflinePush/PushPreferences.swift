import DNDSchedule

/// A user's push preferences, stored with their offline push rule: the default level for
/// message pushes, and who may break through do-not-disturb.
///
/// Every field is optional on the wire: absent, the level is `"all"` and nothing breaks
/// through. Validate and compile with ``CompiledPushPreferences/init(_:)`` for the hot path.
public struct PushPreferences: Sendable, Hashable, Codable {
  /// Who and what may lift do-not-disturb (iOS Focus's allowed people and time-sensitive
  /// notifications, Android's priority senders and repeat callers).
  public struct BreakthroughPolicy: Sendable, Hashable, Codable {
    /// User IDs whose pushes always break through, compared as exact strings (no case folding
    /// or Unicode normalization). At most ``PushPreferences/maximumSenderCount`` (1,024): a
    /// longer list is one `tooManySenders` error.
    public var senders: [String]
    /// Whether a message that @-mentions the user breaks through (@all does not).
    public var mentions: Bool
    /// Whether a push its sender marked time-sensitive breaks through.
    public var urgent: Bool
    /// A second call from the same sender within this many seconds breaks through; 0 is off.
    public var repeatCallSeconds: Int64

    /// Creates a policy; by default nothing breaks through.
    ///
    /// - Parameters:
    ///   - senders: Priority senders' user IDs.
    ///   - mentions: Whether mentions break through.
    ///   - urgent: Whether time-sensitive pushes break through.
    ///   - repeatCallSeconds: The repeat-call window in seconds; 0 is off.
    public init(
      senders: [String] = [], mentions: Bool = false, urgent: Bool = false,
      repeatCallSeconds: Int64 = 0
    ) {
      self.senders = senders
      self.mentions = mentions
      self.urgent = urgent
      self.repeatCallSeconds = repeatCallSeconds
    }

    enum CodingKeys: String, CodingKey {
      case senders, mentions, urgent, repeatCallSeconds
    }

    /// Decodes the wire form; absent keys take their defaults (for interop only: the decoder's
    /// semantics, as `PushPreferences.init(from:)` says).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` naming the key path of a bad value.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      senders = try c.decodeIfPresent([String].self, forKey: .senders) ?? []
      mentions = try c.decodeIfPresent(Bool.self, forKey: .mentions) ?? false
      urgent = try c.decodeIfPresent(Bool.self, forKey: .urgent) ?? false
      repeatCallSeconds = try c.decodeIfPresent(Int64.self, forKey: .repeatCallSeconds) ?? 0
    }
  }

  /// The user's level for message pushes in conversations without a setting of their own.
  public var level: NotificationLevel
  /// Who and what may lift do-not-disturb.
  public var breakthrough: BreakthroughPolicy

  /// Creates preferences; by default every message pushes and nothing breaks through.
  ///
  /// - Parameters:
  ///   - level: The default level for message pushes.
  ///   - breakthrough: Who and what may lift do-not-disturb.
  public init(level: NotificationLevel = .all, breakthrough: BreakthroughPolicy = .init()) {
    self.level = level
    self.breakthrough = breakthrough
  }

  enum CodingKeys: String, CodingKey {
    case level, breakthrough
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
    level = try c.decodeIfPresent(NotificationLevel.self, forKey: .level) ?? .all
    breakthrough = try c.decodeIfPresent(BreakthroughPolicy.self, forKey: .breakthrough) ?? .init()
  }
}

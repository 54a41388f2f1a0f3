import DNDSchedule

/// A user's offline push rule as it travels on the wire: ZEGOCLOUD ZIM's
/// `ZIMUserOfflinePushRule`.
///
/// The stored model: plain fields, `Codable` with the wire names. Switches absent from a
/// document default to `true`, platform lists to empty, the do-not-disturb rule to disabled.
/// Save it with ``savedAndCompiled(at:zones:)`` (the rule to store and the compiled rule for
/// the hot path); compile a stored rule with ``CompiledOfflinePushRule/init(rule:zones:)``.
public struct OfflinePushRule: Sendable, Hashable, Codable {
  /// Platforms which, while the user is online on any of them, silence offline pushes to
  /// ``notToReceiveOfflinePushPlatforms``. Values 0…63 (``platformValues``): saving or
  /// compiling a rule with another is an `invalidPlatform` error. At most
  /// ``maximumPlatformCount`` (1,024) entries: a longer list is one `tooManyPlatforms` error.
  public var onlinePlatforms: [Platform]
  /// Platforms that get no offline push while the user is online on one of
  /// ``onlinePlatforms``. Values 0…63 (``platformValues``), as for ``onlinePlatforms``.
  public var notToReceiveOfflinePushPlatforms: [Platform]
  /// The master switch, for messages and calls alike.
  public var offlinePushEnabled: Bool
  /// The switch for message pushes.
  public var messageOfflinePushEnabled: Bool
  /// The switch for call pushes.
  public var callOfflinePushEnabled: Bool
  /// The do-not-disturb rule; nil (absent) means disabled.
  public var doNotDisturbRule: DoNotDisturbRule?

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - onlinePlatforms: Platforms whose presence silences pushes.
  ///   - notToReceiveOfflinePushPlatforms: Platforms silenced then.
  ///   - offlinePushEnabled: The master switch.
  ///   - messageOfflinePushEnabled: The message switch.
  ///   - callOfflinePushEnabled: The call switch.
  ///   - doNotDisturbRule: The DND rule, or nil for none.
  public init(
    onlinePlatforms: [Platform] = [], notToReceiveOfflinePushPlatforms: [Platform] = [],
    offlinePushEnabled: Bool = true, messageOfflinePushEnabled: Bool = true,
    callOfflinePushEnabled: Bool = true, doNotDisturbRule: DoNotDisturbRule? = nil
  ) {
    self.onlinePlatforms = onlinePlatforms
    self.notToReceiveOfflinePushPlatforms = notToReceiveOfflinePushPlatforms
    self.offlinePushEnabled = offlinePushEnabled
    self.messageOfflinePushEnabled = messageOfflinePushEnabled
    self.callOfflinePushEnabled = callOfflinePushEnabled
    self.doNotDisturbRule = doNotDisturbRule
  }

  enum CodingKeys: String, CodingKey {
    case onlinePlatforms, notToReceiveOfflinePushPlatforms, offlinePushEnabled
    case messageOfflinePushEnabled, callOfflinePushEnabled, doNotDisturbRule
  }

  /// Decodes the wire form; absent keys take their defaults, present keys must have the right
  /// JSON type.
  ///
  /// For interop with `Codable` only (the value inside a type of your own): this follows the
  /// decoder's semantics, not the wire's strict rules. With `JSONDecoder`, an explicit `null`
  /// reads as an absent key, a key twice in one object keeps one of the values, and numbers
  /// are read by its parser (`21.9999999999999999` may read as 22). For the strict rules, read
  /// the value's own bytes with `init(jsonBytes:)` (`EmbeddedJSON.bytes(at:in:)` finds them
  /// in a larger document).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` naming the key path of a value of the wrong type.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    onlinePlatforms = try c.decodeIfPresent([Platform].self, forKey: .onlinePlatforms) ?? []
    notToReceiveOfflinePushPlatforms =
      try c.decodeIfPresent([Platform].self, forKey: .notToReceiveOfflinePushPlatforms) ?? []
    offlinePushEnabled = try c.decodeIfPresent(Bool.self, forKey: .offlinePushEnabled) ?? true
    messageOfflinePushEnabled =
      try c.decodeIfPresent(Bool.self, forKey: .messageOfflinePushEnabled) ?? true
    callOfflinePushEnabled =
      try c.decodeIfPresent(Bool.self, forKey: .callOfflinePushEnabled) ?? true
    doNotDisturbRule = try c.decodeIfPresent(DoNotDisturbRule.self, forKey: .doNotDisturbRule)
  }
}

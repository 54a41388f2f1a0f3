import DNDSchedule

/// The user's setting for one conversation, which the server looks up for each message: its
/// level, for ever or until an instant ("mute for 8 hours").
///
/// While it applies (`at < until`, or always without `until`) its level replaces the user's
/// default level (``PushPreferences/level``); from `until` on it behaves as if absent.
public struct ConversationSetting: Sendable, Hashable, Codable {
  /// The level for message pushes in the conversation.
  public var level: NotificationLevel
  /// When the setting stops applying, UNIX seconds; nil for never.
  public var until: Int64?

  /// Creates a setting.
  ///
  /// - Parameters:
  ///   - level: The conversation's level.
  ///   - until: When it stops applying; nil for never.
  public init(level: NotificationLevel = .all, until: Int64? = nil) {
    self.level = level
    self.until = until
  }

  /// Whether the setting applies at an instant: before `until`, or always without one.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: `instant < until`, or true without `until`.
  @inlinable
  public func applies(at instant: Int64) -> Bool {
    guard let until else { return true }
    return instant < until
  }

  enum CodingKeys: String, CodingKey {
    case level, until
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
    until = try c.decodeIfPresent(Int64.self, forKey: .until)
  }
}

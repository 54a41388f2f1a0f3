import StrictJSON

/// Which message pushes a user wants, by default or for one conversation: all of them, only
/// those that mention the user, or none.
///
/// Levels apply to messages only; calls ignore them. The wire names are `"all"`, `"mentions"`
/// and `"none"` (Agora/Easemob Chat's `ALL`, `MENTION_ONLY` and `NONE`).
public enum NotificationLevel: UInt8, Sendable, Hashable, CaseIterable, Codable,
  CustomStringConvertible
{
  /// Every message pushes (`"all"`, the default).
  case all
  /// Only messages that @-mention the user, or @all, push (`"mentions"`).
  case mentions
  /// No message pushes (`"none"`): the conversation, or every conversation, is muted.
  case muted

  /// The wire name: `all`, `mentions` or `none`.
  public var description: String { wireName }

  /// The wire name: `all`, `mentions` or `none`.
  package var wireName: String {
    switch self {
    case .all: return "all"
    case .mentions: return "mentions"
    case .muted: return "none"
    }
  }

  /// The level with a wire name, or nil for any other text (exact, case-sensitive).
  ///
  /// - Parameter wireName: `all`, `mentions` or `none`.
  package init?(wireName: String) {
    switch wireName {
    case "all": self = .all
    case "mentions": self = .mentions
    case "none": self = .muted
    default: return nil
    }
  }

  /// Decodes a wire name; any other string is an error at the level's key path, in the words
  /// of `init(jsonBytes:)` of the types that hold a level (the string cut to 64 characters).
  /// As every `Codable` conformance of DNDKit's types, this follows the decoder's semantics
  /// (`JSONDecoder`'s), not the wire's strict rules.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a value that is not one of the three names.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let level = NotificationLevel(wireName: text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "\"\(JSONFieldError.cut(text))\" is not a level: expected \"all\", \"mentions\" or \"none\""
        ))
    }
    self = level
  }

  /// Encodes the wire name.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wireName)
  }
}

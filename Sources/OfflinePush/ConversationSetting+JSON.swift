import DNDSchedule
import Foundation

extension ConversationSetting {
  /// Decodes a conversation setting (`{"level": "none", "until": 1767312000}`) from a client's JSON
  /// document, with the rules of `OfflinePushRule.init(jsonData:)`: absent keys take their
  /// defaults, `null` is an error, unknown keys are ignored, a duplicate key is refused,
  /// integers are decided on the text. Decoding checks the JSON types and the level names;
  /// `validate()` then checks the values.
  ///
  /// - Parameter jsonData: The JSON document.
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonData: Data) throws(RuleDecodingError) {
    self = try RuleDecodingError.decode(ConversationSetting.self, from: jsonData)
  }
}

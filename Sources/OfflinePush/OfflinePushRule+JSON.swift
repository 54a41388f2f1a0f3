import DNDSchedule
import Foundation

extension OfflinePushRule {
  /// Decodes a rule from a client's JSON document, in the wire names (ZIM's
  /// `ZIMUserOfflinePushRule`).
  ///
  /// Absent keys take the wire defaults; an explicit `null`, a value of the wrong JSON type,
  /// or a number that is not a 64-bit integer is reported at its key path, such as
  /// `doNotDisturbRule.startHour`. Integers are decided on the text: a fraction or an exponent
  /// is accepted when its exact value is an integer (`22.0`, `2.2e1`), never by rounding
  /// (`21.9999999999999999` and `1e-400` are errors). A key that appears twice in one object
  /// is an error. Unknown keys are ignored. Decoding checks the JSON types only:
  /// ``saved(at:zones:)`` then validates the values and reports every invalid field.
  ///
  /// - Parameter jsonData: The JSON document.
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonData: Data) throws(RuleDecodingError) {
    self = try RuleDecodingError.reading({ jsonData.withUnsafeBytes($0) }, Self.init(jsonBytes:))
  }

  /// The rule as a JSON document in the wire names, for storing it or sending it to the
  /// user's other devices; ``init(jsonData:)`` reads it back to an equal rule. The bytes are
  /// ``jsonBytes()``, the same that `JSONEncoder` with `.sortedKeys` writes.
  ///
  /// - Returns: UTF-8 JSON with sorted keys.
  /// - Throws: Nothing (the signature is kept for callers written when `JSONEncoder` wrote
  ///   it).
  public func jsonData() throws -> Data {
    Data(jsonBytes())
  }
}

extension DoNotDisturbRule {
  /// Decodes a do-not-disturb rule from a client's JSON document, in the wire names (ZIM's
  /// `ZIMUserOfflinePushRule.doNotDisturbRule`), with the rules of
  /// `OfflinePushRule.init(jsonData:)`.
  ///
  /// - Parameter jsonData: The JSON document.
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonData: Data) throws(RuleDecodingError) {
    self = try RuleDecodingError.reading({ jsonData.withUnsafeBytes($0) }, Self.init(jsonBytes:))
  }
}

extension WeeklyScheduleRule {
  /// Decodes a weekly schedule rule from a JSON document in its wire names, with the rules of
  /// `OfflinePushRule.init(jsonData:)`.
  ///
  /// - Parameter jsonData: The JSON document.
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonData: Data) throws(RuleDecodingError) {
    self = try RuleDecodingError.reading({ jsonData.withUnsafeBytes($0) }, Self.init(jsonBytes:))
  }
}

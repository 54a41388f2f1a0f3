import DNDSchedule
import StrictJSON

extension ConversationSetting {
  /// Decodes a conversation setting (`{"level": "none", "until": 1767312000}`) from a
  /// client's JSON document, with the rules of `OfflinePushRule.init(jsonBytes:)`: absent keys
  /// take their defaults, `null` is an error, unknown keys are ignored, a duplicate key is
  /// refused, integers are decided on the text, a byte order mark is refused. Decoding checks
  /// the JSON types and the level names; `validate()` then checks the values.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8): any collection of bytes.
  /// - Throws: `RuleError` with the key path and what was wrong there.
  @inlinable
  public init(jsonBytes: some Collection<UInt8>) throws(RuleError) {
    self = try RuleError.decoding(jsonBytes) { reader throws(JSONReadStop) in
      try Self.read(from: &reader, depth: 0)
    }
  }

  /// The wire keys, in the order the fields are read (that of `init(from:)`).
  static let wireKeys = JSONKeyNames(["level", "until"])

  /// Reads a setting from the value at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The setting and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  @usableFromInline
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<ConversationSetting>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var setting = ConversationSetting()
    var errors = JSONObjectErrors()
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        setting.level =
          errors.take(try reader.readLevel(depth: inner), field: field, names: names) ?? .all
      case 1:
        setting.until = errors.take(
          try reader.readInteger(depth: inner), field: field, names: names,
          expected: "an integer")
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(setting, names: names)
  }
}

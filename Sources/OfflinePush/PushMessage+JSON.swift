import DNDSchedule
import StrictJSON

extension PushMessage {
  /// Decodes a message's context (`{"sender": "bob", "mentioned": true}`) from a
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
  static let wireKeys = JSONKeyNames([
    "sender", "mentioned", "mentionAll", "urgent", "previousCallAt",
  ])

  /// Reads a message context from the value at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The message and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  @usableFromInline
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<PushMessage>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var message = PushMessage()
    var errors = JSONObjectErrors()
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      func boolean() throws(JSONReadStop) -> Bool {
        errors.take(
          try reader.readBoolean(depth: inner), field: field, names: names,
          expected: "a boolean") ?? false
      }
      switch field {
      case 0:
        message.sender = errors.take(
          try reader.readString(depth: inner), field: field, names: names, expected: "a string")
      case 1: message.mentioned = try boolean()
      case 2: message.mentionAll = try boolean()
      case 3: message.urgent = try boolean()
      case 4:
        message.previousCallAt = errors.take(
          try reader.readInteger(depth: inner), field: field, names: names,
          expected: "an integer")
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(message, names: names)
  }
}

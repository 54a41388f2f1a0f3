import DNDSchedule
import StrictJSON

extension PushPreferences {
  /// The priority-sender list's limit: ``maximumSenderCount``, a `tooManySenders` error past
  /// it.
  package static let senderLimit = JSONListLimit(
    maximum: maximumSenderCount, code: RuleFieldError.Code.tooManySenders.rawValue,
    reason: "a priority-sender list holds at most \(maximumSenderCount) entries")

  /// Decodes a user's push preferences (`{"level": "mentions", "breakthrough": {"senders": ["bob"]}}`) from a
  /// client's JSON document, with the rules of `OfflinePushRule.init(jsonBytes:)`: absent keys
  /// take their defaults, `null` is an error, unknown keys are ignored, a duplicate key is
  /// refused, integers are decided on the text, a byte order mark is refused. Decoding checks
  /// the JSON types and the level names; `CompiledPushPreferences(_:)` then checks the values.
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
  static let wireKeys = JSONKeyNames(["level", "breakthrough"])

  /// Reads preferences from the value at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The preferences and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  @usableFromInline
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<PushPreferences>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var preferences = PushPreferences()
    var errors = JSONObjectErrors()
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        preferences.level =
          errors.take(try reader.readLevel(depth: inner), field: field, names: names) ?? .all
      case 1:
        preferences.breakthrough =
          errors.take(
            try reader.readObjectField(depth: inner, ) {
              reader, depth throws(JSONReadStop) in
              try BreakthroughPolicy.read(from: &reader, depth: depth)
            }, field: field, names: names) ?? .init()
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(preferences, names: names)
  }
}

extension PushPreferences.BreakthroughPolicy {
  /// The wire keys, in the order the fields are read (that of `init(from:)`).
  static let wireKeys = JSONKeyNames(["senders", "mentions", "urgent", "repeatCallSeconds"])

  /// Reads a breakthrough policy from the value at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The policy and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  @usableFromInline
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<Self>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var policy = Self()
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
        policy.senders =
          errors.take(
            try reader.readStringList(depth: inner, limit: PushPreferences.senderLimit),
            field: field, names: names) ?? []
      case 1: policy.mentions = try boolean()
      case 2: policy.urgent = try boolean()
      case 3:
        policy.repeatCallSeconds =
          errors.take(
            try reader.readInteger(depth: inner), field: field, names: names,
            expected: "an integer") ?? 0
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(policy, names: names)
  }
}

extension JSONReader {
  /// Reads a level's wire name: `all`, `mentions` or `none`.
  mutating func readLevel(depth: Int) throws(JSONReadStop)
    -> Result<NotificationLevel, JSONFieldError>
  {
    switch try readString(depth: depth) {
    case .success(let text):
      guard let level = NotificationLevel(wireName: text) else {
        return .failure(
          JSONFieldError(
            .invalidValue, value: "\"\(text)\"",
            reason:
              "\"\(JSONFieldError.cut(text))\" is not a level: expected \"all\", \"mentions\" or \"none\""
          ))
      }
      return .success(level)
    case .failure(let failure):
      return .failure(JSONFieldError(failure, expected: "a string"))
    }
  }

  /// Reads a list of strings, stopping at the first element that is not one, as the wire
  /// decoders' lists do; a list longer than its limit is that one error, and keeps no
  /// element past the maximum.
  mutating func readStringList(depth: Int, limit: JSONListLimit) throws(JSONReadStop)
    -> JSONDecoded<[String]>
  {
    if let error = try notAnArray(depth: depth, of: "strings") { return JSONDecoded(stop: error) }
    var array = try enterArray(depth: depth)
    var elements: [String] = []
    var error: JSONFieldError?
    var count = 0
    while try nextElement(of: &array) {
      count += 1
      guard count <= limit.maximum, error == nil else {
        // Past the maximum or a bad element: only its syntax is checked, and it is counted.
        try skipValue(depth: depth + 1)
        continue
      }
      switch try readString(depth: depth + 1) {
      case .success(let value): elements.append(value)
      case .failure(let failure):
        error = JSONFieldError(failure, expected: "a string").under(index: array.count)
      }
    }
    if count > limit.maximum { return limit.decoded(count: count) }
    if let error { return JSONDecoded(stop: error) }
    return JSONDecoded(value: elements)
  }
}

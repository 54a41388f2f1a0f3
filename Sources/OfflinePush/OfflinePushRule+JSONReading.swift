import DNDSchedule
import StrictJSON

// The wire decoders without Foundation: bytes in, one pass, the value or every bad field at its
// key path. The `Data` overloads beside `jsonData()` call these.

extension OfflinePushRule {
  /// The wire keys, in the order the fields are read (that of `init(from:)`).
  static let wireKeys = JSONKeyNames([
    "onlinePlatforms", "notToReceiveOfflinePushPlatforms", "offlinePushEnabled",
    "messageOfflinePushEnabled", "callOfflinePushEnabled", "doNotDisturbRule",
  ])

  /// Decodes a rule from a client's JSON document, as ``init(jsonData:)`` does, without
  /// Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: UnsafeRawBufferPointer) throws(RuleDecodingError) {
    do throws(JSONDocumentError) {
      self = try JSONDocument.decode(jsonBytes.bindMemory(to: UInt8.self)) {
        reader throws(JSONReadStop) in try Self.read(from: &reader, depth: 0)
      }
    } catch {
      throw RuleDecodingError(error)
    }
  }

  /// Decodes a rule from a client's JSON document, as ``init(jsonData:)`` does, without
  /// Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: [UInt8]) throws(RuleDecodingError) {
    // The array's own typed-throwing access: no closure shuffling the rule through an optional.
    self = try jsonBytes.withUnsafeBufferPointer { (bytes) throws(RuleDecodingError) -> Self in
      try Self(jsonBytes: UnsafeRawBufferPointer(bytes))
    }
  }

  /// Reads a rule from the value at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The rule and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<OfflinePushRule>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    // The fields in locals, the rule made once at the end: building it first and assigning
    // its fields copied the whole rule.
    var onlinePlatforms: [Platform] = []
    var notToReceiveOfflinePushPlatforms: [Platform] = []
    var offlinePushEnabled = true
    var messageOfflinePushEnabled = true
    var callOfflinePushEnabled = true
    var doNotDisturbRule: DoNotDisturbRule?
    var errors = JSONObjectErrors()
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      func platforms() throws(JSONReadStop) -> [Platform] {
        errors.take(
          try reader.readIntegerList(depth: inner, typeName: "Array<Platform>") {
            Platform(rawValue: Int($0))
          }, field: field, names: names) ?? []
      }
      func boolean() throws(JSONReadStop) -> Bool {
        errors.take(
          try reader.readBoolean(depth: inner), field: field, names: names,
          expected: "a boolean") ?? true
      }
      switch field {
      case 0: onlinePlatforms = try platforms()
      case 1: notToReceiveOfflinePushPlatforms = try platforms()
      case 2: offlinePushEnabled = try boolean()
      case 3: messageOfflinePushEnabled = try boolean()
      case 4: callOfflinePushEnabled = try boolean()
      case 5:
        doNotDisturbRule = errors.take(
          try reader.readObjectField(depth: inner, typeName: "DoNotDisturbRule") {
            reader, depth throws(JSONReadStop) in
            try DoNotDisturbRule.read(from: &reader, depth: depth)
          }, field: field, names: names)
      default: try reader.skipValue(depth: inner)
      }
    }
    if let reason = object.invalidKey { return JSONDecoded(stop: JSONReader.invalidKey(reason)) }
    // Consumed, so that the locals move into the rule rather than being copied into it.
    return errors.result(
      OfflinePushRule(
        onlinePlatforms: consume onlinePlatforms,
        notToReceiveOfflinePushPlatforms: consume notToReceiveOfflinePushPlatforms,
        offlinePushEnabled: offlinePushEnabled,
        messageOfflinePushEnabled: messageOfflinePushEnabled,
        callOfflinePushEnabled: callOfflinePushEnabled,
        doNotDisturbRule: consume doNotDisturbRule),
      names: names)
  }
}

extension DoNotDisturbRule {
  /// Decodes a do-not-disturb rule from a JSON document in its wire names, with the rules of
  /// `OfflinePushRule.init(jsonData:)`, without Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: UnsafeRawBufferPointer) throws(RuleDecodingError) {
    do throws(JSONDocumentError) {
      self = try Self.decodeJSON(jsonBytes.bindMemory(to: UInt8.self))
    } catch {
      throw RuleDecodingError(error)
    }
  }

  /// Decodes a do-not-disturb rule from a JSON document in its wire names, with the rules of
  /// `OfflinePushRule.init(jsonData:)`, without Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: [UInt8]) throws(RuleDecodingError) {
    // The array's own typed-throwing access: no closure shuffling the rule through an optional.
    self = try jsonBytes.withUnsafeBufferPointer { (bytes) throws(RuleDecodingError) -> Self in
      try Self(jsonBytes: UnsafeRawBufferPointer(bytes))
    }
  }
}

extension WeeklyScheduleRule {
  /// Decodes a weekly schedule rule from a JSON document in its wire names, with the rules of
  /// `OfflinePushRule.init(jsonData:)`, without Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: UnsafeRawBufferPointer) throws(RuleDecodingError) {
    do throws(JSONDocumentError) {
      self = try Self.decodeJSON(jsonBytes.bindMemory(to: UInt8.self))
    } catch {
      throw RuleDecodingError(error)
    }
  }

  /// Decodes a weekly schedule rule from a JSON document in its wire names, with the rules of
  /// `OfflinePushRule.init(jsonData:)`, without Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: [UInt8]) throws(RuleDecodingError) {
    // The array's own typed-throwing access: no closure shuffling the rule through an optional.
    self = try jsonBytes.withUnsafeBufferPointer { (bytes) throws(RuleDecodingError) -> Self in
      try Self(jsonBytes: UnsafeRawBufferPointer(bytes))
    }
  }
}

extension RuleDecodingError {
  /// Runs a decoder over a collection's bytes, keeping its typed error (the collections'
  /// `withUnsafeBytes` rethrows untyped) and moving the value out without a copy.
  ///
  /// - Parameters:
  ///   - withBytes: Calls its argument with the bytes, such as `{ data.withUnsafeBytes($0) }`.
  ///   - decode: The decoder.
  /// - Returns: The value.
  /// - Throws: What `decode` throws.
  static func reading<Value>(
    _ withBytes: ((UnsafeRawBufferPointer) -> Void) -> Void,
    _ decode: (UnsafeRawBufferPointer) throws(RuleDecodingError) -> Value
  ) throws(RuleDecodingError) -> Value {
    var value: Value?
    var failure: RuleDecodingError?
    withoutActuallyEscaping(decode) { decode in
      withBytes { bytes in
        do throws(RuleDecodingError) {
          value = try decode(bytes)
        } catch {
          failure = error
        }
      }
    }
    guard let decoded = value.take() else {
      throw failure ?? RuleDecodingError(keyPath: "", reason: "no bytes were read")
    }
    return decoded
  }

  /// The error of a document the strict reader refused: its bad values, in document order.
  ///
  /// - Parameter error: The reader's error.
  package init(_ error: JSONDocumentError) {
    self.init(
      errors: ([error.first] + error.further).map { Field(keyPath: $0.keyPath, reason: $0.reason) })
  }
}

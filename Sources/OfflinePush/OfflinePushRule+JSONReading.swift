import DNDSchedule
import StrictJSON

// The wire decoders without Foundation: bytes in, one pass, the value or every bad field at its
// key path. The `Data` overloads beside `jsonData()` call these.

extension OfflinePushRule: JSONMemberReading {
  /// The rule with the wire defaults (absent keys take them).
  package static var wireDefaults: Self { Self() }

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
    self.init()
    try readDocument(jsonBytes.bindMemory(to: UInt8.self))
  }

  /// Decodes a rule from a client's JSON document, as ``init(jsonData:)`` does, without
  /// Foundation.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8).
  /// - Throws: `RuleDecodingError` with the key path and what was wrong there.
  public init(jsonBytes: [UInt8]) throws(RuleDecodingError) {
    // Read into the rule where it is stored: a rule returned through the closure was copied.
    self.init()
    try readDocument(jsonBytes)
  }

  /// Reads a whole document into this rule, which holds the wire defaults.
  ///
  /// - Parameter bytes: The document.
  /// - Throws: `RuleDecodingError`.
  mutating func readDocument(_ bytes: [UInt8]) throws(RuleDecodingError) {
    // In a method rather than the initializer, whose closure copied the rule in and out.
    try bytes.withUnsafeBufferPointer { (bytes) throws(RuleDecodingError) in
      try readDocument(bytes)
    }
  }

  /// Reads a whole document into this rule, which holds the wire defaults.
  ///
  /// - Parameter bytes: The document.
  /// - Throws: `RuleDecodingError`.
  mutating func readDocument(_ bytes: UnsafeBufferPointer<UInt8>) throws(RuleDecodingError) {
    var reader = JSONReader(bytes)
    var errors: [JSONFieldError] = []
    let stop: JSONFieldError?
    do throws(JSONReadStop) {
      stop = try readMembers(from: &reader, depth: 0, errors: &errors)
      try reader.finishDocument()
    } catch {
      throw RuleDecodingError(JSONDocument.documentError(error, bytes))
    }
    guard errors.isEmpty, stop == nil else {
      throw RuleDecodingError(JSONDocument.documentError(errors: errors, stop: stop, bytes))
    }
  }

  /// Reads the members of the object at the reader's cursor into this rule, which holds the
  /// wire defaults: each field is assigned where it is stored (the do-not-disturb rule's
  /// fields too), so the rule is never copied on its way to the caller.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  ///   - errors: Receives the bad fields, in the order the type reads them.
  /// - Returns: What stopped the rule (it is then not to be used), or nil.
  /// - Throws: `JSONReadStop`.
  package mutating func readMembers(
    from reader: inout JSONReader, depth: Int, errors fieldErrors: inout [JSONFieldError]
  ) throws(JSONReadStop) -> JSONFieldError? {
    if let error = try reader.notAnObject(depth: depth) { return error }
    let names = Self.wireKeys
    var object = try reader.enterObject(depth: depth)
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
        if reader.kind() == .null {
          try reader.skipValue(depth: inner)
          errors.record(
            [JSONFieldError(.null, expected: "DoNotDisturbRule")], field: field, names: names)
          doNotDisturbRule = nil
        } else {
          var rule = DoNotDisturbRule()
          var ruleErrors: [JSONFieldError] = []
          let stop = try rule.readMembers(from: &reader, depth: inner, errors: &ruleErrors)
          if let stop { ruleErrors.append(stop) }
          errors.record(ruleErrors, field: field, names: names)
          doNotDisturbRule = stop == nil ? rule : nil
        }
      default: try reader.skipValue(depth: inner)
      }
    }
    if let reason = object.invalidKey { return JSONReader.invalidKey(reason) }
    errors.append(to: &fieldErrors)
    return nil
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

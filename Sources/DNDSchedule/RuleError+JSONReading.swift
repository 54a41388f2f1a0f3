import StrictJSON

// The decoders of this module's wire types, and the one step every wire type's byte
// initializer shares: bytes in (any collection of them, `Data` included), one pass, the value
// or every bad field at its key path.

extension DoNotDisturbRule {
  /// Decodes a do-not-disturb rule from a JSON document in its wire names (ZIM's
  /// `ZIMUserOfflinePushRule.doNotDisturbRule`), in one pass over the bytes.
  ///
  /// The wire's strict rules, which every wire type's `init(jsonBytes:)` shares: absent keys
  /// take the wire defaults; an explicit `null`, a value of the wrong JSON type, or a number
  /// that is not a 64-bit integer is reported at its key path. Integers are decided on the
  /// text: a fraction or an exponent is accepted when its exact value is an integer (`22.0`,
  /// `2.2e1`), never by rounding (`21.9999999999999999` and `1e-400` are errors). A key that
  /// appears twice in one object (equal unescaped bytes) is an error. Unknown keys are
  /// ignored. Decoding checks the JSON types only; validating checks the values.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8): any collection of bytes.
  /// - Throws: ``RuleError`` with the code, key path and value of every bad field.
  @inlinable
  public init(jsonBytes: some Collection<UInt8>) throws(RuleError) {
    self = try RuleError.decoding(jsonBytes) { reader throws(JSONReadStop) in
      try Self.read(from: &reader, depth: 0)
    }
  }
}

extension WeeklyScheduleRule {
  /// Decodes a weekly schedule rule from a JSON document in its wire names, with the rules of
  /// ``DoNotDisturbRule/init(jsonBytes:)``.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8): any collection of bytes.
  /// - Throws: ``RuleError`` with the code, key path and value of every bad field.
  @inlinable
  public init(jsonBytes: some Collection<UInt8>) throws(RuleError) {
    self = try RuleError.decoding(jsonBytes) { reader throws(JSONReadStop) in
      try Self.read(from: &reader, depth: 0)
    }
  }
}

extension RuleError {
  /// Decodes one whole document with a wire type's reader: the body of every wire type's byte
  /// initializer.
  ///
  /// - Parameters:
  ///   - bytes: The document's bytes.
  ///   - read: The type's reader, run at depth 0.
  /// - Returns: The value.
  /// - Throws: The document's bad fields.
  @inlinable
  package static func decoding<Value>(
    _ bytes: some Collection<UInt8>,
    _ read: (inout JSONReader) throws(JSONReadStop) -> JSONDecoded<Value>
  ) throws(RuleError) -> Value {
    try withContiguousJSONBytes(bytes) { (buffer) throws(RuleError) -> Value in
      do throws(JSONDocumentError) {
        return try JSONDocument.decode(buffer, read)
      } catch {
        throw RuleError(error)
      }
    }
  }

  /// The error of a document the strict reader refused: its bad values, in document order,
  /// each with its code.
  ///
  /// - Parameter error: The reader's error.
  @usableFromInline
  package init(_ error: JSONDocumentError) {
    self.init(errors: ([error.first] + error.further).map(RuleFieldError.init))
  }
}

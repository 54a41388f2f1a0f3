import DNDSchedule
import StrictJSON

// The wire decoders: bytes in (any collection of them, `Data` included), one pass, the value or
// every bad field at its key path.

extension OfflinePushRule: JSONMemberReading {
  /// A platform list's limit: ``maximumPlatformCount``, a `tooManyPlatforms` error past it.
  package static let platformLimit = JSONListLimit(
    maximum: maximumPlatformCount, code: RuleFieldError.Code.tooManyPlatforms.rawValue,
    reason: "a platform list holds at most \(maximumPlatformCount) entries")

  /// The rule with the wire defaults (absent keys take them).
  @usableFromInline
  package static var wireDefaults: Self { Self() }

  /// The wire keys, in the order the fields are read (that of `init(from:)`).
  static let wireKeys = JSONKeyNames([
    "onlinePlatforms", "notToReceiveOfflinePushPlatforms", "offlinePushEnabled",
    "messageOfflinePushEnabled", "callOfflinePushEnabled", "doNotDisturbRule",
  ])

  /// Decodes a rule from a JSON document in the wire names (ZIM's `ZIMUserOfflinePushRule`),
  /// in one pass over the bytes.
  ///
  /// Absent keys take the wire defaults; an explicit `null`, a value of the wrong JSON type,
  /// or a number that is not a 64-bit integer is reported at its key path, such as
  /// `doNotDisturbRule.startHour`. Integers are decided on the text: a fraction or an exponent
  /// is accepted when its exact value is an integer (`22.0`, `2.2e1`), never by rounding
  /// (`21.9999999999999999` and `1e-400` are errors). A key that appears twice in one object
  /// is an error. Unknown keys are ignored. Decoding checks the JSON types only:
  /// ``savedAndCompiled(at:zones:)`` or `CompiledOfflinePushRule(rule:zones:)` then validates the values
  /// and reports every invalid field.
  ///
  /// - Parameter jsonBytes: The document's bytes (UTF-8): an array, a slice, `Data`, a raw
  ///   buffer, any collection of bytes (read in place when they are contiguous).
  /// - Throws: `RuleError` with the key path and what was wrong there.
  @inlinable
  public init(jsonBytes: some Collection<UInt8>) throws(RuleError) {
    // Read into the rule where it is stored: a rule returned through a closure was copied.
    self.init()
    try withContiguousJSONBytes(jsonBytes) { (bytes) throws(RuleError) in
      try readDocument(bytes)
    }
  }

  /// Reads a whole document into this rule, which holds the wire defaults.
  ///
  /// - Parameter bytes: The document.
  /// - Throws: `RuleError`.
  @usableFromInline
  mutating func readDocument(_ bytes: UnsafeBufferPointer<UInt8>) throws(RuleError) {
    // A document as the wire's writers write it, read straight through; any other on the
    // general path, which decides every answer the compact reading does not give.
    if readCompactDocument(bytes) { return }
    try readDocumentInGeneral(bytes)
  }

  /// Reads a whole document written compactly with every key in the order of ``wireKeys``
  /// (the do-not-disturb rule's may be absent) and each value in its plainest form (see
  /// `DoNotDisturbRule.readCompact(from:)`; lists of at most four short plain integers), as
  /// the wire's writers write it, into this rule, which holds the wire defaults: what
  /// ``readDocumentInGeneral(_:)`` reads from it, by a straight run of comparisons.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: Whether the document was such and was read; if not, the rule is unchanged.
  package mutating func readCompactDocument(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var reader = JSONReader(bytes)
    guard reader.compactToken(#"{"onlinePlatforms":"#),
      let online = reader.compactIntegerList(depth: 1, { Platform(rawValue: Int($0)) }),
      reader.compactToken(#","notToReceiveOfflinePushPlatforms":"#),
      let silenced = reader.compactIntegerList(depth: 1, { Platform(rawValue: Int($0)) }),
      reader.compactToken(#","offlinePushEnabled":"#), let offline = reader.compactBoolean(),
      reader.compactToken(#","messageOfflinePushEnabled":"#),
      let message = reader.compactBoolean(),
      reader.compactToken(#","callOfflinePushEnabled":"#), let call = reader.compactBoolean()
    else { return false }
    var rule: DoNotDisturbRule?
    if reader.compactToken(#","doNotDisturbRule":"#) {
      guard let read = DoNotDisturbRule.readCompact(from: &reader) else { return false }
      rule = read
    }
    guard reader.compactToken("}"), reader.compactEnd() else { return false }
    onlinePlatforms = online
    notToReceiveOfflinePushPlatforms = silenced
    offlinePushEnabled = offline
    messageOfflinePushEnabled = message
    callOfflinePushEnabled = call
    doNotDisturbRule = rule
    return true
  }

  /// ``readDocument(_:)`` for every document.
  ///
  /// - Parameter bytes: The document.
  /// - Throws: `RuleError`.
  package mutating func readDocumentInGeneral(_ bytes: UnsafeBufferPointer<UInt8>)
    throws(RuleError)
  {
    var reader = JSONReader(bytes)
    var errors: [JSONFieldError] = []
    let stop: JSONFieldError?
    do throws(JSONReadStop) {
      stop = try readMembers(from: &reader, depth: 0, errors: &errors)
      try reader.finishDocument()
    } catch {
      throw RuleError(JSONDocument.documentError(error))
    }
    guard errors.isEmpty, stop == nil, !reader.foundDuplicateKey else {
      throw RuleError(JSONDocument.documentError(errors: errors, stop: stop, reader: reader))
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
  @usableFromInline
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
          try reader.readIntegerList(depth: inner, limit: Self.platformLimit) {
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
            [JSONFieldError(.null, expected: "an object")], field: field, names: names)
          doNotDisturbRule = nil
        } else {
          // Read where it is stored: a rule read aside and then stored was copied.
          doNotDisturbRule = DoNotDisturbRule()
          var ruleErrors: [JSONFieldError] = []
          if let stop = try doNotDisturbRule?.readMembers(
            from: &reader, depth: inner, errors: &ruleErrors)
          {
            ruleErrors.append(stop)
            doNotDisturbRule = nil
          }
          errors.record(ruleErrors, field: field, names: names)
        }
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    errors.append(to: &fieldErrors)
    return nil
  }
}

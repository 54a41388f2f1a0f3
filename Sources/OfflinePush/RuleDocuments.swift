import DNDSchedule
import StrictJSON
import ZoneInfo

// A rule document's two ways to a compiled rule, one per job: the save step, for a client's
// document (decode, validate, fix the save instant's fields, compile; the rule to store comes
// back too), and the load step, for a document the server stored (decode, validate, compile;
// never saves again). Both take any collection of bytes, `Data` included.

extension OfflinePushRule {
  /// Decodes a client's rule document, saves it at an instant and compiles the saved rule:
  /// the server's save step as one call, validating once and looking the zone up once.
  ///
  /// Store the returned `rule` (its JSON is `rule.jsonBytes()`) and decide with `compiled`.
  /// The results are those of `OfflinePushRule(jsonBytes:)` then
  /// ``savedAndCompiled(at:zones:)``, and so are the errors. To compile a rule you stored
  /// earlier, use `CompiledOfflinePushRule(jsonBytes:zones:)`: saving it again would fix its
  /// one-off end anew.
  ///
  /// - Parameters:
  ///   - jsonBytes: The client's JSON document (UTF-8): any collection of bytes.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleError` with the decoders' codes for a document that does not decode, or
  ///   listing every invalid field.
  @inlinable
  public static func savedAndCompiled(
    jsonBytes: some Collection<UInt8>, at savedAt: Int64, zones: ZoneDatabase
  ) throws(RuleError) -> (rule: OfflinePushRule, compiled: CompiledOfflinePushRule) {
    // Generic only to reach the bytes. The rule is read and saved where it is stored, in this
    // frame: a rule returned through the closure was copied (its lists and zone ID retained).
    var rule = OfflinePushRule()
    let compiled = try withContiguousJSONBytes(jsonBytes) { (bytes) throws(RuleError) in
      try rule.readAndSave(document: bytes, at: savedAt, zones: zones)
    }
    return (rule, compiled)
  }

  /// Reads a client's document into this rule, which holds the wire defaults, and saves it:
  /// the body of ``savedAndCompiled(jsonBytes:at:zones:)``.
  ///
  /// - Returns: The saved rule compiled.
  @usableFromInline
  mutating func readAndSave(
    document bytes: UnsafeBufferPointer<UInt8>, at savedAt: Int64, zones: ZoneDatabase
  ) throws(RuleError) -> CompiledOfflinePushRule {
    try readDocument(bytes)
    let saved = try saving(at: savedAt, zones: zones)
    // The end is fixed in the decoded rule itself: no second copy of the rule.
    doNotDisturbRule?.onceEndTimestamp = saved.saving.onceEndTimestamp
    return CompiledOfflinePushRule(validatedRule: self, schedule: saved.schedule)
  }
}

extension CompiledOfflinePushRule {
  /// Decodes a stored rule document and compiles it, validating once and looking the zone up
  /// once: the load step as one call. The rule is compiled as stored; nothing is saved again,
  /// so a one-off rule keeps the end its save fixed.
  ///
  /// The compiled rule is the one `OfflinePushRule(jsonBytes:)` then ``init(rule:zones:)``
  /// give, and so are the errors. For a client's new document, use
  /// `OfflinePushRule.savedAndCompiled(jsonBytes:at:zones:)` instead.
  ///
  /// - Parameters:
  ///   - jsonBytes: The stored JSON document (UTF-8): any collection of bytes.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: `RuleError` with the decoders' codes for a document that does not decode, or
  ///   listing every invalid field.
  @inlinable
  public init(jsonBytes: some Collection<UInt8>, zones: ZoneDatabase) throws(RuleError) {
    // Generic only to reach the bytes: the work is in the one initializer below.
    self = try withContiguousJSONBytes(jsonBytes) { (bytes) throws(RuleError) in
      try Self(jsonBuffer: bytes, zones: zones)
    }
  }

  /// ``init(jsonBytes:zones:)`` on contiguous bytes.
  @usableFromInline
  init(jsonBuffer: UnsafeBufferPointer<UInt8>, zones: ZoneDatabase) throws(RuleError) {
    var rule = OfflinePushRule()
    try rule.readDocument(jsonBuffer)
    try self.init(rule: rule, zones: zones)
  }
}

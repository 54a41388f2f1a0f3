import DNDSchedule
import ZoneInfo

// The save-and-compile calls from a document's bytes, without Foundation; the `Data`
// overloads call these.

extension CompiledOfflinePushRule {
  /// Decodes a client's rule document, saves it at an instant and compiles the saved rule:
  /// the server's save step as one call, validating once and looking the zone up once.
  ///
  /// The compiled rule is the one `OfflinePushRule(jsonBytes:)`, then
  /// `saved(at: savedAt, zones:)`, then ``init(rule:zones:)`` give, and so are the errors.
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document's bytes (UTF-8), as `OfflinePushRule.init(jsonBytes:)`
  ///     reads them.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonBytes: UnsafeRawBufferPointer, savedAt: Int64, zones: ZoneDatabase)
    throws(RuleDocumentError)
  {
    self = try RuleDocumentError.compiling(
      { () throws(RuleDecodingError) in try OfflinePushRule(jsonBytes: jsonBytes) },
      { rule throws(RuleValidationError) in try Self(rule: rule, savedAt: savedAt, zones: zones) })
  }

  /// Decodes a client's rule document, saves it at an instant and compiles the saved rule:
  /// the server's save step as one call, validating once and looking the zone up once.
  ///
  /// The compiled rule is the one `OfflinePushRule(jsonBytes:)`, then
  /// `saved(at: savedAt, zones:)`, then ``init(rule:zones:)`` give, and so are the errors.
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document's bytes (UTF-8), as `OfflinePushRule.init(jsonBytes:)`
  ///     reads them.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonBytes: [UInt8], savedAt: Int64, zones: ZoneDatabase) throws(RuleDocumentError) {
    // The array's own reader, which reads the rule in place: no compiled rule wrapped in a
    // `Result` and copied out of it.
    self = try RuleDocumentError.compiling(
      { () throws(RuleDecodingError) in try OfflinePushRule(jsonBytes: jsonBytes) },
      { rule throws(RuleValidationError) in try Self(rule: rule, savedAt: savedAt, zones: zones) })
  }
}

extension DoNotDisturbSchedule {
  /// Decodes a do-not-disturb rule document, saves it at an instant and compiles the saved
  /// rule, validating once and looking the zone up once (see
  /// `DoNotDisturbSchedule.init(rule:savedAt:zones:)`).
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document's bytes (UTF-8), as `DoNotDisturbRule.init(jsonBytes:)`
  ///     reads them.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonBytes: UnsafeRawBufferPointer, savedAt: Int64, zones: ZoneDatabase)
    throws(RuleDocumentError)
  {
    self = try RuleDocumentError.compiling(
      { () throws(RuleDecodingError) in try DoNotDisturbRule(jsonBytes: jsonBytes) },
      { rule throws(RuleValidationError) in try Self(rule: rule, savedAt: savedAt, zones: zones) })
  }

  /// Decodes a do-not-disturb rule document, saves it at an instant and compiles the saved
  /// rule, validating once and looking the zone up once (see
  /// `DoNotDisturbSchedule.init(rule:savedAt:zones:)`).
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document's bytes (UTF-8), as `DoNotDisturbRule.init(jsonBytes:)`
  ///     reads them.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonBytes: [UInt8], savedAt: Int64, zones: ZoneDatabase) throws(RuleDocumentError) {
    self = try jsonBytes.withUnsafeBytes { bytes in
      Result { () throws(RuleDocumentError) in
        try Self(jsonBytes: bytes, savedAt: savedAt, zones: zones)
      }
    }.get()
  }
}

extension WeeklySchedule {
  /// Decodes a weekly schedule document and compiles it, validating once and looking the
  /// zone up once. A weekly schedule holds no instant a save would fix, so there is no save
  /// instant: the schedule is the one `WeeklyScheduleRule(jsonBytes:)`, then
  /// `WeeklySchedule(rule:zones:)` give.
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document's bytes (UTF-8), as
  ///     `WeeklyScheduleRule.init(jsonBytes:)` reads them.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonBytes: UnsafeRawBufferPointer, zones: ZoneDatabase)
    throws(RuleDocumentError)
  {
    self = try RuleDocumentError.compiling(
      { () throws(RuleDecodingError) in try WeeklyScheduleRule(jsonBytes: jsonBytes) },
      { rule throws(RuleValidationError) in try Self(rule: rule, zones: zones) })
  }

  /// Decodes a weekly schedule document and compiles it, validating once and looking the
  /// zone up once. A weekly schedule holds no instant a save would fix, so there is no save
  /// instant: the schedule is the one `WeeklyScheduleRule(jsonBytes:)`, then
  /// `WeeklySchedule(rule:zones:)` give.
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document's bytes (UTF-8), as
  ///     `WeeklyScheduleRule.init(jsonBytes:)` reads them.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonBytes: [UInt8], zones: ZoneDatabase) throws(RuleDocumentError) {
    self = try jsonBytes.withUnsafeBytes { bytes in
      Result { () throws(RuleDocumentError) in try Self(jsonBytes: bytes, zones: zones) }
    }.get()
  }
}

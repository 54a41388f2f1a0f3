import DNDSchedule
import Foundation
import ZoneInfo

extension CompiledOfflinePushRule {
  /// Decodes a client's rule document, saves it at an instant and compiles the saved rule:
  /// the server's save step as one call, validating once and looking the zone up once.
  ///
  /// The compiled rule is the one `OfflinePushRule(jsonData:)`, then
  /// `saved(at: savedAt, zones:)`, then ``init(rule:zones:)`` give, and so are the errors.
  ///
  /// - Parameters:
  ///   - jsonData: The JSON document, as `OfflinePushRule.init(jsonData:)` reads it.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonData: Data, savedAt: Int64, zones: ZoneDatabase) throws(RuleDocumentError) {
    self = try jsonData.withUnsafeBytes { bytes in
      Result { () throws(RuleDocumentError) in
        try Self(jsonBytes: bytes, savedAt: savedAt, zones: zones)
      }
    }.get()
  }
}

extension DoNotDisturbSchedule {
  /// Decodes a do-not-disturb rule document, saves it at an instant and compiles the saved
  /// rule, validating once and looking the zone up once (see
  /// `DoNotDisturbSchedule.init(rule:savedAt:zones:)`).
  ///
  /// - Parameters:
  ///   - jsonData: The JSON document, as `DoNotDisturbRule.init(jsonData:)` reads it.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonData: Data, savedAt: Int64, zones: ZoneDatabase) throws(RuleDocumentError) {
    self = try jsonData.withUnsafeBytes { bytes in
      Result { () throws(RuleDocumentError) in
        try Self(jsonBytes: bytes, savedAt: savedAt, zones: zones)
      }
    }.get()
  }
}

extension WeeklySchedule {
  /// Decodes a weekly schedule document and compiles it, validating once and looking the
  /// zone up once. A weekly schedule holds no instant a save would fix, so there is no save
  /// instant: the schedule is the one `WeeklyScheduleRule(jsonData:)`, then
  /// `WeeklySchedule(rule:zones:)` give.
  ///
  /// - Parameters:
  ///   - jsonData: The JSON document, as `WeeklyScheduleRule.init(jsonData:)` reads
  ///     it.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonData: Data, zones: ZoneDatabase) throws(RuleDocumentError) {
    self = try jsonData.withUnsafeBytes { bytes in
      Result { () throws(RuleDocumentError) in try Self(jsonBytes: bytes, zones: zones) }
    }.get()
  }
}

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
    let rule: OfflinePushRule
    do {
      rule = try OfflinePushRule(jsonData: jsonData)
    } catch {
      throw .decoding(error)
    }
    do {
      try self.init(rule: rule, savedAt: savedAt, zones: zones)
    } catch {
      throw .validation(error)
    }
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
    let rule: DoNotDisturbRule
    do {
      rule = try DoNotDisturbRule(jsonData: jsonData)
    } catch {
      throw .decoding(error)
    }
    do {
      try self.init(rule: rule, savedAt: savedAt, zones: zones)
    } catch {
      throw .validation(error)
    }
  }
}

extension WeeklySchedule {
  /// Decodes a weekly schedule document and compiles it, validating once and looking the
  /// zone up once. A weekly schedule holds no instant a save would fix, so there is no save
  /// instant: the schedule is the one `WeeklyScheduleRule(jsonData:)`, then
  /// `WeeklySchedule(rule:zones:)` give.
  ///
  /// - Parameters:
  ///   - jsonData: The JSON document, as `WeeklyScheduleRule.init(jsonData:)` reads it.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleDocumentError/decoding(_:)`` with the key path of a document that does
  ///   not decode, or ``RuleDocumentError/validation(_:)`` listing every invalid field.
  public init(jsonData: Data, zones: ZoneDatabase) throws(RuleDocumentError) {
    let rule: WeeklyScheduleRule
    do {
      rule = try WeeklyScheduleRule(jsonData: jsonData)
    } catch {
      throw .decoding(error)
    }
    do {
      try self.init(rule: rule, zones: zones)
    } catch {
      throw .validation(error)
    }
  }
}

import ZoneInfo

// A do-not-disturb rule document's two ways to a compiled schedule, one per job: the save
// step, for a client's document (decode, validate, fix the one-off end from the save instant,
// compile; the rule to store comes back too), and the load step, for a document the server
// stored (decode, validate, compile; never saves again). The weekly schedule has the load step
// alone: it holds no instant a save would fix.

extension DoNotDisturbRule {
  /// Decodes a client's do-not-disturb rule document, saves it at an instant and compiles
  /// the saved rule: the save step as one call (see ``savedAndCompiled(at:zones:)``). To
  /// compile a rule you stored, use `DoNotDisturbSchedule(jsonBytes:zones:)`.
  ///
  /// - Parameters:
  ///   - jsonBytes: The client's JSON document (UTF-8): any collection of bytes.
  ///   - savedAt: The save instant, UNIX seconds, from the server's clock.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: ``RuleError`` with the decoders' codes for a document that does not decode,
  ///   or listing every invalid field.
  public static func savedAndCompiled(
    jsonBytes: some Collection<UInt8>, at savedAt: Int64, zones: ZoneDatabase
  ) throws(RuleError) -> (rule: DoNotDisturbRule, compiled: DoNotDisturbSchedule) {
    try DoNotDisturbRule(jsonBytes: jsonBytes).savedAndCompiled(at: savedAt, zones: zones)
  }
}

extension DoNotDisturbSchedule {
  /// Decodes a stored do-not-disturb rule document and compiles it, validating once and
  /// looking the zone up once: the load step as one call. Nothing is saved again, so a
  /// one-off rule keeps the end its save fixed. The schedule is the one
  /// `DoNotDisturbRule(jsonBytes:)` then `DoNotDisturbSchedule(rule:zones:)` give.
  ///
  /// - Parameters:
  ///   - jsonBytes: The stored JSON document (UTF-8): any collection of bytes.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleError`` with the decoders' codes for a document that does not decode,
  ///   or listing every invalid field.
  public init(jsonBytes: some Collection<UInt8>, zones: ZoneDatabase) throws(RuleError) {
    try self.init(rule: DoNotDisturbRule(jsonBytes: jsonBytes), zones: zones)
  }
}

extension WeeklySchedule {
  /// Decodes a weekly schedule document and compiles it, validating once and looking the
  /// zone up once: the load step as one call. A weekly schedule holds no instant a save would
  /// fix, so it has no save step: the schedule is the one `WeeklyScheduleRule(jsonBytes:)`,
  /// then `WeeklySchedule(rule:zones:)` give.
  ///
  /// - Parameters:
  ///   - jsonBytes: The JSON document (UTF-8): any collection of bytes.
  ///   - zones: The database that resolves `timeZoneID`.
  /// - Throws: ``RuleError`` with the decoders' codes for a document that does not decode,
  ///   or listing every invalid field.
  public init(jsonBytes: some Collection<UInt8>, zones: ZoneDatabase) throws(RuleError) {
    try self.init(rule: WeeklyScheduleRule(jsonBytes: jsonBytes), zones: zones)
  }
}

import StrictJSON

extension WeeklyScheduleRule {
  /// The windows list's limit: ``maximumWindowCount``, an `invalidSchedule` error past it.
  package static let windowLimit = JSONListLimit(
    maximum: maximumWindowCount, code: RuleFieldError.Code.invalidSchedule.rawValue,
    reason: "a schedule holds at most \(maximumWindowCount) windows")

  /// The wire keys, in the order the fields are read (that of `init(from:)`).
  static let wireKeys = JSONKeyNames(["timeZoneID", "polarity", "windows", "snooze"])

  /// Decodes a schedule from a JSON document in its wire names, in one pass over the bytes:
  /// `polarity` and `windows` are required, `timeZoneID` defaults to UTC, `snooze` is
  /// optional; a value of the wrong JSON type or `null` is reported at its key path, unknown
  /// keys are ignored.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: The schedule.
  /// - Throws: ``JSONDocumentError``.
  package static func decodeJSON(_ bytes: UnsafeBufferPointer<UInt8>)
    throws(JSONDocumentError) -> WeeklyScheduleRule
  {
    try JSONDocument.decode(bytes) { reader throws(JSONReadStop) in
      try read(from: &reader, depth: 0)
    }
  }

  /// Reads a schedule from the value at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The schedule and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  @usableFromInline
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<WeeklyScheduleRule>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var rule = WeeklyScheduleRule()
    var errors = JSONObjectErrors()
    var polarity: SchedulePolarity?
    var windows: [Window]?
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        rule.timeZoneID =
          errors.take(
            try reader.readString(depth: inner), field: field, names: names,
            expected: "a string") ?? ""
      case 1:
        polarity = errors.take(
          try reader.readString(depth: inner), field: field, names: names,
          expected: "a string"
        ).map(SchedulePolarity.init(rawValue:))
      case 2:
        windows = errors.take(
          try reader.readObjectList(depth: inner, limit: Self.windowLimit) {
            reader, depth throws(JSONReadStop) in try Window.read(from: &reader, depth: depth)
          }, field: field, names: names)
      case 3:
        rule.snooze = errors.take(
          try reader.readObjectField(depth: inner, ) {
            reader, depth throws(JSONReadStop) in try Snooze.read(from: &reader, depth: depth)
          }, field: field, names: names)
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    rule.polarity = polarity ?? .quiet
    rule.windows = windows ?? []
    return errors.result(
      rule, requiredFailure: polarity == nil ? 1 : windows == nil ? 2 : nil, names: names)
  }
}

extension WeeklyScheduleRule.Window {
  /// The weekdays list's limit: ``maximumWeekdayCount``, an `invalidWeekday` error past it.
  package static let weekdayLimit = JSONListLimit(
    maximum: maximumWeekdayCount, code: RuleFieldError.Code.invalidWeekday.rawValue,
    reason: "a window holds at most \(maximumWeekdayCount) weekdays")

  /// The wire keys, in the order the fields are read.
  static let wireKeys = JSONKeyNames(["weekdays", "start", "end"])

  /// Reads a window (every key required) from the value at the reader's cursor.
  static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<Self>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var errors = JSONObjectErrors()
    var weekdays: [Int]?
    var start: String?
    var end: String?
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        weekdays = errors.take(
          try reader.readIntegerList(depth: inner, limit: Self.weekdayLimit) { Int($0) },
          field: field, names: names)
      case 1:
        start = errors.take(
          try reader.readString(depth: inner), field: field, names: names, expected: "a string")
      case 2:
        end = errors.take(
          try reader.readString(depth: inner), field: field, names: names, expected: "a string")
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(
      Self(weekdays: weekdays ?? [], start: start ?? "", end: end ?? ""),
      requiredFailure: weekdays == nil ? 0 : start == nil ? 1 : end == nil ? 2 : nil,
      names: names)
  }
}

extension WeeklyScheduleRule.Snooze {
  /// The wire keys, in the order the fields are read.
  static let wireKeys = JSONKeyNames(["from", "until"])

  /// Reads a snooze (both keys required) from the value at the reader's cursor.
  static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<Self>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    var errors = JSONObjectErrors()
    var from: Int64?
    var until: Int64?
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        from = errors.take(
          try reader.readInteger(depth: inner), field: field, names: names,
          expected: "an integer")
      case 1:
        until = errors.take(
          try reader.readInteger(depth: inner), field: field, names: names,
          expected: "an integer")
      default: try reader.skipValue(depth: inner)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(
      Self(from: from ?? 0, until: until ?? 0),
      requiredFailure: from == nil ? 0 : until == nil ? 1 : nil, names: names)
  }
}

extension WeeklyScheduleRule {
  /// The schedule as a JSON document in its wire names, byte for byte what `JSONEncoder` with
  /// `.sortedKeys` writes, without Foundation.
  ///
  /// - Returns: UTF-8 JSON with sorted keys.
  public func jsonBytes() -> [UInt8] {
    var writer = JSONWriter(capacity: 256)
    write(to: &writer)
    return writer.bytes
  }

  /// Writes the schedule as a JSON object, its keys sorted; no `snooze` key when there is
  /// none.
  ///
  /// - Parameter writer: The writer.
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("polarity")
    writer.string(polarity.rawValue)
    if let snooze {
      writer.key("snooze")
      writer.beginObject()
      writer.key("from")
      writer.integer(snooze.from)
      writer.key("until")
      writer.integer(snooze.until)
      writer.endObject()
    }
    writer.key("timeZoneID")
    writer.string(timeZoneID)
    writer.key("windows")
    writer.beginArray()
    for window in windows {
      writer.beginObject()
      writer.key("end")
      writer.string(window.end)
      writer.key("start")
      writer.string(window.start)
      writer.key("weekdays")
      writer.beginArray()
      for weekday in window.weekdays { writer.integer(Int64(weekday)) }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}

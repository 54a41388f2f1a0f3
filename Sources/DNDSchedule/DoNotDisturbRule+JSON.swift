import StrictJSON

extension DoNotDisturbRule {
  /// The wire keys, in the order the fields are read (that of `init(from:)`, whose errors
  /// come in this order).
  static let wireKeys = JSONKeyNames([
    "enabled", "startHour", "startMinute", "endHour", "endMinute", "repeatMode",
    "customRepeatDays", "onceEndTimestamp", "timeZoneID",
  ])

  /// Decodes a rule from a JSON document in its wire names, in one pass over the bytes: absent
  /// keys take the zero default, a value of the wrong JSON type or `null` is reported at its
  /// key path, unknown keys are ignored.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: The rule.
  /// - Throws: ``JSONDocumentError``.
  package static func decodeJSON(_ bytes: UnsafeBufferPointer<UInt8>)
    throws(JSONDocumentError) -> DoNotDisturbRule
  {
    try JSONDocument.decode(bytes) { reader throws(JSONReadStop) in
      try read(from: &reader, depth: 0)
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
    -> JSONDecoded<DoNotDisturbRule>
  {
    if let error = try reader.notAnObject(depth: depth) { return JSONDecoded(stop: error) }
    let names = wireKeys
    var object = try reader.enterObject(depth: depth)
    // The fields in locals, the rule made once at the end (see `OfflinePushRule.read`).
    var enabled = false
    var startHour = 0
    var startMinute = 0
    var endHour = 0
    var endMinute = 0
    var repeatMode = RepeatMode.unknown
    var customRepeatDays = 0
    var onceEndTimestamp: Int64 = 0
    var timeZoneID = ""
    var errors = JSONObjectErrors()
    let inner = depth + 1
    while let field = try reader.nextMember(of: &object, names: names) {
      func integer() throws(JSONReadStop) -> Int? {
        errors.take(
          try reader.readInteger(depth: inner), field: field, names: names,
          expected: "an integer"
        ).map { Int($0) }
      }
      switch field {
      case 0:
        enabled =
          errors.take(
            try reader.readBoolean(depth: inner), field: field, names: names,
            expected: "a boolean") ?? false
      case 1: startHour = try integer() ?? 0
      case 2: startMinute = try integer() ?? 0
      case 3: endHour = try integer() ?? 0
      case 4: endMinute = try integer() ?? 0
      case 5:
        repeatMode =
          errors.take(
            try reader.readInteger(depth: inner), field: field, names: names,
            expected: "an integer", nullName: "RepeatMode"
          ).map { RepeatMode(rawValue: Int($0)) } ?? .unknown
      case 6: customRepeatDays = try integer() ?? 0
      case 7:
        onceEndTimestamp =
          errors.take(
            try reader.readInteger(depth: inner), field: field, names: names,
            expected: "an integer") ?? 0
      case 8:
        timeZoneID =
          errors.take(
            try reader.readString(depth: inner), field: field, names: names,
            expected: "a string") ?? ""
      default: try reader.skipValue(depth: inner)
      }
    }
    if let reason = object.invalidKey { return JSONDecoded(stop: JSONReader.invalidKey(reason)) }
    return errors.result(
      DoNotDisturbRule(
        enabled: enabled, startHour: startHour, startMinute: startMinute, endHour: endHour,
        endMinute: endMinute, repeatMode: repeatMode, customRepeatDays: customRepeatDays,
        onceEndTimestamp: onceEndTimestamp, timeZoneID: consume timeZoneID),
      names: names)
  }
}

extension DoNotDisturbRule {
  /// The rule as a JSON document in its wire names, byte for byte what `JSONEncoder` with
  /// `.sortedKeys` writes, without Foundation.
  ///
  /// - Returns: UTF-8 JSON with sorted keys.
  public func jsonBytes() -> [UInt8] {
    var writer = JSONWriter(capacity: 256)
    write(to: &writer)
    return writer.bytes
  }

  /// Writes the rule as a JSON object, its keys sorted.
  ///
  /// - Parameter writer: The writer.
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("customRepeatDays")
    writer.integer(Int64(customRepeatDays))
    writer.key("enabled")
    writer.boolean(enabled)
    writer.key("endHour")
    writer.integer(Int64(endHour))
    writer.key("endMinute")
    writer.integer(Int64(endMinute))
    writer.key("onceEndTimestamp")
    writer.integer(onceEndTimestamp)
    writer.key("repeatMode")
    writer.integer(Int64(repeatMode.rawValue))
    writer.key("startHour")
    writer.integer(Int64(startHour))
    writer.key("startMinute")
    writer.integer(Int64(startMinute))
    writer.key("timeZoneID")
    writer.string(timeZoneID)
    writer.endObject()
  }
}

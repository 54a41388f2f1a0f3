import StrictJSON

extension DoNotDisturbRule: JSONMemberReading {
  /// The rule with the wire defaults (absent keys take them).
  @usableFromInline
  package static var wireDefaults: Self { Self() }

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

  /// Reads the members of the object at the reader's cursor into this rule, which holds the
  /// wire defaults: each field is assigned where it is stored, so the rule is never copied
  /// on its way to the caller.
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
      switch field {
      case 0:
        enabled =
          errors.take(
            try reader.readBoolean(depth: inner), field: field, names: names,
            expected: "a boolean") ?? false
      case 1:
        startHour = try Self.integer(
          &reader, depth: inner, field: field, names: names, errors: &errors)
      case 2:
        startMinute = try Self.integer(
          &reader, depth: inner, field: field, names: names, errors: &errors)
      case 3:
        endHour = try Self.integer(
          &reader, depth: inner, field: field, names: names, errors: &errors)
      case 4:
        endMinute = try Self.integer(
          &reader, depth: inner, field: field, names: names, errors: &errors)
      case 5:
        repeatMode =
          errors.take(
            try reader.readInteger(depth: inner), field: field, names: names,
            expected: "an integer"
          ).map { RepeatMode(rawValue: Int($0)) } ?? .unknown
      case 6:
        customRepeatDays = try Self.integer(
          &reader, depth: inner, field: field, names: names, errors: &errors)
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
    errors.recordInvalidKey(of: object)
    errors.append(to: &fieldErrors)
    return nil
  }

  /// Reads the object at the reader's cursor when it is written compactly with every key in
  /// the order of ``wireKeys`` and each value in its plainest form (`true` or `false`, short
  /// plain digits, a string of ASCII text with no escape), as the wire's writers write it:
  /// what ``readMembers(from:depth:errors:)`` reads from it, by a straight run of comparisons.
  ///
  /// - Parameter reader: The reader, at the object's `{`; past its `}` on success.
  /// - Returns: The rule; nil for any other object, after which the reader is to be used
  ///   for nothing but starting the document again on the general path.
  @inlinable
  @inline(__always)
  package static func readCompact(from reader: inout JSONReader) -> DoNotDisturbRule? {
    guard reader.compactToken(#"{"enabled":"#), let enabled = reader.compactBoolean(),
      reader.compactToken(#","startHour":"#), let startHour = reader.compactInteger(),
      reader.compactToken(#","startMinute":"#), let startMinute = reader.compactInteger(),
      reader.compactToken(#","endHour":"#), let endHour = reader.compactInteger(),
      reader.compactToken(#","endMinute":"#), let endMinute = reader.compactInteger(),
      reader.compactToken(#","repeatMode":"#), let repeatMode = reader.compactInteger(),
      reader.compactToken(#","customRepeatDays":"#),
      let customRepeatDays = reader.compactInteger(),
      reader.compactToken(#","onceEndTimestamp":"#),
      let onceEndTimestamp = reader.compactInteger(),
      reader.compactToken(#","timeZoneID":"#), let timeZoneID = reader.compactString(),
      reader.compactToken("}")
    else { return nil }
    return DoNotDisturbRule(
      enabled: enabled, startHour: Int(startHour), startMinute: Int(startMinute),
      endHour: Int(endHour), endMinute: Int(endMinute),
      repeatMode: RepeatMode(rawValue: Int(repeatMode)), customRepeatDays: Int(customRepeatDays),
      onceEndTimestamp: onceEndTimestamp, timeZoneID: timeZoneID)
  }

  /// An integer field's value, or 0 after recording why it is bad: a static function of the
  /// reader and the errors alone, which the compiler inlines (a nested function capturing
  /// them was kept out of line).
  @inline(__always)
  static func integer(
    _ reader: inout JSONReader, depth: Int, field: Int, names: JSONKeyNames,
    errors: inout JSONObjectErrors
  ) throws(JSONReadStop) -> Int {
    errors.take(
      try reader.readInteger(depth: depth), field: field, names: names,
      expected: "an integer"
    ).map { Int($0) } ?? 0
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

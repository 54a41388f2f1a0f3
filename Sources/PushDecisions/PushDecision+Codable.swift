import StrictJSON

extension PushDecision: Codable {
  enum CodingKeys: String, CodingKey {
    case deliver, reason, until, breakthrough
  }

  /// Decodes the wire form (see ``PushDecision``); an absent `breakthrough` reads as null.
  ///
  /// For interop with `Codable` (a decision in a deferred-push queue or an API response): this
  /// follows the decoder's semantics.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a missing or ill-typed `deliver`, an unknown name, or a
  ///   combination no decision has: a delivery with a `reason` or an `until`, a suppression
  ///   without a `reason` or with a `breakthrough`, or an `until` beside a reason that has none.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let delivers = try c.decode(Bool.self, forKey: .deliver)
    let reason = try c.decodeIfPresent(SuppressionReason.self, forKey: .reason)
    let until = try c.decodeIfPresent(Int64.self, forKey: .until)
    let breakthrough = try c.decodeIfPresent(Breakthrough.self, forKey: .breakthrough)
    func refuse(_ key: CodingKeys, _ why: String) -> DecodingError {
      .dataCorruptedError(forKey: key, in: c, debugDescription: why)
    }
    if delivers {
      guard reason == nil else { throw refuse(.reason, "a delivery has no reason") }
      guard until == nil else { throw refuse(.until, "a delivery has no until") }
      self = breakthrough.map(PushDecision.breakthrough) ?? .deliver
      return
    }
    guard let reason else { throw refuse(.reason, "a suppression has a reason") }
    guard breakthrough == nil else {
      throw refuse(.breakthrough, "a suppression has no breakthrough")
    }
    guard until == nil || reason.mayHaveUntil else {
      throw refuse(.until, "a suppression for \(reason) has no until")
    }
    self = .suppress(reason, until: until)
  }

  /// Encodes the wire form: all four keys, null where a value is absent (the keys
  /// ``write(to:includingBreakthrough:)`` writes).
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(delivers, forKey: .deliver)
    try c.encode(reason, forKey: .reason)
    try c.encode(until, forKey: .until)
    try c.encode(breakthrough, forKey: .breakthrough)
  }
}

extension PushDecision {
  /// Writes the wire form as an object, its keys sorted as `JSONEncoder`'s `.sortedKeys`
  /// sorts them, null where a value is absent: what ``encode(to:)`` writes through
  /// `JSONEncoder`, and `dnd eval`'s push answers.
  ///
  /// - Parameters:
  ///   - writer: The writer.
  ///   - includingBreakthrough: Whether to write `breakthrough` (a plain push answer has
  ///     none, so `dnd eval` leaves it out there).
  package func write(to writer: inout JSONWriter, includingBreakthrough: Bool = true) {
    writer.beginObject()
    if includingBreakthrough {
      writer.key("breakthrough")
      if let breakthrough { writer.string(breakthrough.wireName) } else { writer.null() }
    }
    writer.key("deliver")
    writer.boolean(delivers)
    writer.key("reason")
    if let reason { writer.string(reason.wireName) } else { writer.null() }
    writer.key("until")
    if let until { writer.integer(until) } else { writer.null() }
    writer.endObject()
  }
}

extension SuppressionReason: Codable {
  /// Whether a suppression for this reason may carry an `until`: do-not-disturb and the
  /// levels do.
  var mayHaveUntil: Bool {
    self == .doNotDisturb || self == .conversationMuted || self == .notMentioned
  }

  /// Decodes a wire name, such as `"doNotDisturb"`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a value that is not a reason's wire name.
  public init(from decoder: any Decoder) throws {
    self = try decodeWireName(from: decoder, of: "a suppression reason") { "\($0.wireName)" }
  }

  /// Encodes the wire name.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode("\(wireName)")
  }
}

extension Breakthrough: Codable {
  /// Decodes a wire name, such as `"prioritySender"`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a value that is not a breakthrough's wire name.
  public init(from decoder: any Decoder) throws {
    self = try decodeWireName(from: decoder, of: "a breakthrough") { "\($0.wireName)" }
  }

  /// Encodes the wire name.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode("\(wireName)")
  }
}

/// The case whose wire name a decoder's string is; any other string is an error at its key path.
private func decodeWireName<Value: CaseIterable>(
  from decoder: any Decoder, of what: String, name: (Value) -> String
) throws -> Value {
  let text = try decoder.singleValueContainer().decode(String.self)
  guard let value = Value.allCases.first(where: { name($0) == text }) else {
    let names = Value.allCases.map { "\"\(name($0))\"" }.joined(separator: ", ")
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "\"\(text)\" is not \(what): expected one of \(names)"))
  }
  return value
}

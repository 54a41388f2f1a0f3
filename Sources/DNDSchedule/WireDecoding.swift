// The wire form's decoding rules, shared by the rules' `init(from:)`: independent of the format
// (JSON decoding with key paths in errors is the facade's `RuleDecodingError`).

extension KeyedDecodingContainer {
  /// `decodeIfPresent`, but a number that does not fit the type (a fraction, or out of range)
  /// is reported at its key path: Foundation reports it with an empty path.
  ///
  /// While a ``WireErrorCollector`` is collecting, an error is recorded there and the field
  /// reads as absent, so that decoding goes on to report every bad field; the collector's
  /// owner then throws them all and returns no value.
  package func decodeWire<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    do {
      return try decodeWireOrThrow(type, forKey: key)
    } catch let error as DecodingError {
      guard let collector = WireErrorCollector.current else { throw error }
      collector.record(error)
      return nil
    }
  }

  private func decodeWireOrThrow<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    // An explicit null is an error, not a silent default.
    if contains(key), try decodeNil(forKey: key) {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: "null where a value is required"))
    }
    return try DecodingError.placingNumberErrors(at: codingPath + [key], of: "\(T.self)") {
      try decodeIfPresent(type, forKey: key)
    }
  }
}

extension DecodingError {
  /// Runs a decoding of a number, reporting a number that does not fit at `codingPath`:
  /// Foundation reports one with an empty path, or with an error of its own that its top level
  /// turns into "not valid JSON" with no path at all.
  ///
  /// - Parameters:
  ///   - codingPath: The number's key path.
  ///   - type: What the number should be, for the message.
  ///   - decode: The decoding.
  /// - Returns: What `decode` returns.
  package static func placingNumberErrors<T>(
    at codingPath: [any CodingKey], of type: String, _ decode: () throws -> T
  ) throws -> T {
    func placed(_ underlying: (any Error)?) -> DecodingError {
      .dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "not a valid \(type): a fraction, out of range, or malformed",
          underlyingError: underlying))
    }
    do {
      return try decode()
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw placed(context.underlyingError)
    } catch let error where !(error is DecodingError) {
      throw placed(error)
    }
  }
}

extension Decoder {
  /// Decodes a wire integer from a single-value container, reporting a number that does not
  /// fit at this decoder's key path.
  package func decodeWireInteger() throws -> Int {
    try DecodingError.placingNumberErrors(at: codingPath, of: "integer") {
      try singleValueContainer().decode(Int.self)
    }
  }
}

/// The errors of one decoding, collected so that a document with several bad fields is
/// reported whole rather than one field per attempt. Installed for the duration of a decoding
/// as ``current`` (`WireErrorCollector.$current.withValue(collector) { … }`); `decodeWire`
/// records into it.
package final class WireErrorCollector: @unchecked Sendable {
  /// The collector of the decoding running in this task, if any.
  @TaskLocal package static var current: WireErrorCollector?

  /// The errors, in the order the fields were decoded. Only the task that installed the
  /// collector decodes with it, so the lock-free array is not shared.
  package private(set) var errors: [DecodingError] = []

  package init() {}

  func record(_ error: DecodingError) { errors.append(error) }
}

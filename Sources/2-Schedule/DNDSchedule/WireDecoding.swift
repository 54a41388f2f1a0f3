// The wire form's decoding rules, shared by the rules' `init(from:)`: independent of the format
// (JSON decoding with key paths in errors is the facade's `RuleDecodingError`).

extension KeyedDecodingContainer {
  /// `decodeIfPresent`, but a number that does not fit the type (a fraction, or out of range)
  /// is reported at its key path: Foundation reports it with an empty path.
  package func decodeWire<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    // An explicit null is an error, not a silent default.
    if contains(key), try decodeNil(forKey: key) {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: "null where a value is required"))
    }
    do {
      return try decodeIfPresent(type, forKey: key)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key],
          debugDescription: "not a valid \(T.self): a fraction, out of range, or malformed",
          underlyingError: context.underlyingError))
    }
  }
}

extension Decoder {
  /// Decodes a wire integer from a single-value container, reporting a number that does not
  /// fit at this decoder's key path.
  package func decodeWireInteger() throws -> Int {
    do {
      return try singleValueContainer().decode(Int.self)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "not a valid integer: a fraction, out of range, or malformed",
          underlyingError: context.underlyingError))
    }
  }
}

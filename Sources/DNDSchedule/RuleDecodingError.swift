/// A JSON document that could not be decoded into a rule: every bad field, each with its key
/// path and what was wrong there.
///
/// The same shape as `RuleValidationError`: a list of field errors, ``errors``, never empty,
/// in document order. A document is reported whole, not one field per attempt. (Malformed
/// JSON, a missing required key, or a number that is not a 64-bit integer stops the decoder:
/// the fields decoded before it are reported with it, the ones after are not reached.) Thrown
/// by the wire types' `init(jsonBytes:)`, the strict reader; their `Codable` conformances
/// throw the decoder's own errors.
public struct RuleDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One field that did not decode.
  public struct Field: Sendable, Hashable, CustomStringConvertible {
    /// The key path, such as `doNotDisturbRule.startHour` or `onlinePlatforms[2]`; empty for
    /// the document itself.
    public var keyPath: String
    /// What was wrong there.
    public var reason: String

    /// Creates a field error.
    ///
    /// - Parameters:
    ///   - keyPath: The key path.
    ///   - reason: What was wrong.
    public init(keyPath: String, reason: String) {
      self.keyPath = keyPath
      self.reason = reason
    }

    /// `at KEYPATH: REASON`.
    public var description: String { "at \(keyPath): \(reason)" }
  }

  /// The bad fields, in document order; never empty.
  public var errors: [Field]

  /// Creates the error.
  ///
  /// - Parameter errors: The bad fields; at least one.
  public init(errors: [Field]) {
    self.errors = errors
  }

  /// Creates the error for one bad field.
  ///
  /// - Parameters:
  ///   - keyPath: The key path.
  ///   - reason: What was wrong.
  public init(keyPath: String, reason: String) {
    self.init(errors: [Field(keyPath: keyPath, reason: reason)])
  }

  /// The first bad field's key path (empty for the document itself).
  public var keyPath: String { errors.first?.keyPath ?? "" }
  /// What was wrong at the first bad field.
  public var reason: String { errors.first?.reason ?? "" }

  /// `invalid JSON at KEYPATH: REASON` for the first field, and the others after `; `.
  public var description: String {
    let first =
      keyPath.isEmpty ? "invalid JSON: \(reason)" : "invalid JSON at \(keyPath): \(reason)"
    return ([first] + errors.dropFirst().map(\.description)).joined(separator: "; ")
  }
}

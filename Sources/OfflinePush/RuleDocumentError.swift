import DNDSchedule

/// Why a rule document did not become a compiled rule: it did not decode, or its values are
/// invalid. Thrown by the calls that go from a client's JSON to a compiled rule in one step,
/// such as `CompiledOfflinePushRule(jsonData:savedAt:zones:)`.
public enum RuleDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The document is not JSON, or a value has the wrong JSON type; decoding stopped there.
  case decoding(RuleDecodingError)
  /// The document decoded, and these fields (or the save instant) are invalid.
  case validation(RuleValidationError)

  /// The description of the underlying error.
  public var description: String {
    switch self {
    case .decoding(let error): return error.description
    case .validation(let error): return error.description
    }
  }
}

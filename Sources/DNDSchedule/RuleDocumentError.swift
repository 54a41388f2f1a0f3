/// Why a rule document did not become a compiled rule: it did not decode, or its values are
/// invalid. Thrown by the calls that go from a JSON document to a compiled rule in one step,
/// such as `OfflinePushRule.savedAndCompiled(jsonBytes:at:zones:)` and
/// `CompiledOfflinePushRule(jsonBytes:zones:)`.
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

  /// Decodes a document, then compiles what it decoded: the step every document call shares,
  /// each stage's error placed in its case.
  ///
  /// - Parameters:
  ///   - decode: Reads the document.
  ///   - compile: Validates and compiles the decoded rule.
  /// - Returns: The compiled rule.
  /// - Throws: ``decoding(_:)`` or ``validation(_:)``.
  package static func compiling<Rule, Compiled>(
    _ decode: () throws(RuleDecodingError) -> Rule,
    _ compile: (Rule) throws(RuleValidationError) -> Compiled
  ) throws(RuleDocumentError) -> Compiled {
    let rule: Rule
    do {
      rule = try decode()
    } catch {
      throw .decoding(error)
    }
    do {
      return try compile(rule)
    } catch {
      throw .validation(error)
    }
  }
}

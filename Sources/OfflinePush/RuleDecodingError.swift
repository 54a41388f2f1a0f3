import DNDSchedule
import Foundation
import StrictJSON

/// A JSON document that could not be decoded into a rule: every bad field, each with its key
/// path and what was wrong there.
///
/// The same shape as `RuleValidationError`: a list of field errors, ``errors``, never empty,
/// in document order. A document is reported whole, not one field per attempt. (Malformed
/// JSON, a missing required key, or a number that is not a 64-bit integer stops the decoder:
/// the fields decoded before it are reported with it, the ones after are not reached.)
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

  /// Decodes a value from JSON, turning Foundation's errors into a key path and a reason.
  ///
  /// A key that appears twice in one object is refused before decoding (Foundation would keep
  /// one silently), and every number is decided on its text: a fraction or an exponent is
  /// an integer only when its exact value is one (`22.0`, `2.2e1`), never by rounding
  /// (`21.9999999999999999`, `1e-400`).
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The JSON document.
  /// - Returns: The value.
  /// - Throws: ``RuleDecodingError``.
  package static func decode<T: Decodable>(_ type: T.Type, from data: Data)
    throws(RuleDecodingError)
    -> T
  {
    // The strict syntax check decides duplicate keys and numbers, so a document it refuses
    // is refused: Foundation would read some of them (a byte order mark first) by its own
    // rules.
    var problem: JSONSyntax.Problem?
    let syntaxChecked = data.withUnsafeBytes { raw -> JSONSyntax.Checked? in
      var syntax = JSONSyntax(raw.bindMemory(to: UInt8.self))
      do throws(JSONSyntax.Problem) {
        try syntax.check()
      } catch {
        problem = error
        return nil
      }
      return JSONSyntax.Checked(syntax)
    }
    guard let checked = syntaxChecked else {
      let reason = problem.map { "at byte \($0.offset): \($0.message)" } ?? "malformed"
      throw RuleDecodingError(keyPath: "", reason: reason)
    }
    if let duplicate = checked.firstDuplicateKey {
      throw RuleDecodingError(keyPath: duplicate.path, reason: duplicate.reason)
    }
    let document = checked.canonicalDocument.map { Data($0) } ?? data
    // A field that refused a number that is not an integer says which text it was.
    func described(_ error: DecodingError) -> RuleDecodingError {
      let converted = RuleDecodingError(error)
      if case .dataCorrupted = error, !converted.keyPath.isEmpty,
        let number = checked.nonInteger(at: converted.keyPath)
      {
        return RuleDecodingError(keyPath: number.path, reason: number.reason)
      }
      return converted
    }
    let collector = WireErrorCollector()
    do {
      let value = try WireErrorCollector.$current.withValue(collector) {
        try JSONDecoder().decode(type, from: document)
      }
      guard !collector.errors.isEmpty else { return value }
      throw RuleDecodingError(errors: collector.errors.flatMap { described($0).errors })
    } catch let error as RuleDecodingError {
      throw error
    } catch let error as DecodingError {
      // A required key or a malformed document stops the decoder; the fields collected
      // before it are reported with it.
      var stopper = described(error)
      if stopper.keyPath.isEmpty, let number = checked.firstNonInteger {
        // Foundation reports a number that fits no integer field without its key path.
        stopper = RuleDecodingError(keyPath: number.path, reason: number.reason)
      }
      throw RuleDecodingError(
        errors: (collector.errors.map(described) + [stopper]).flatMap(\.errors))
    } catch {
      throw RuleDecodingError(keyPath: "", reason: "\(error)")
    }
  }

  /// Converts a `DecodingError`.
  ///
  /// - Parameter error: Foundation's error.
  public init(_ error: DecodingError) {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text
    }
    switch error {
    case .typeMismatch(let type, let context):
      self.init(keyPath: path(context.codingPath), reason: "expected \(Self.jsonName(type))")
    case .valueNotFound(let type, let context):
      self.init(
        keyPath: path(context.codingPath), reason: "expected \(Self.jsonName(type)), found null")
    case .keyNotFound(let key, let context):
      self.init(keyPath: path(context.codingPath + [key]), reason: "required key is missing")
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
      self.init(
        keyPath: path(context.codingPath), reason: context.debugDescription + underlying)
    @unknown default:
      self.init(keyPath: "", reason: "\(error)")
    }
  }

  private static func jsonName(_ type: Any.Type) -> String {
    switch type {
    case is Bool.Type: return "a boolean"
    case is Int.Type, is Int64.Type, is Int32.Type: return "an integer"
    case is String.Type: return "a string"
    case is [Any].Type: return "an array"
    default: return "\(type)"
    }
  }
}

import Foundation

/// A JSON document that could not be decoded into a rule: which key path, and what was wrong.
public struct RuleDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The key path, such as `doNotDisturbRule.startHour` or `onlinePlatforms[2]`; empty for
  /// the document itself.
  public var keyPath: String
  /// What was wrong there.
  public var reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - keyPath: The key path.
  ///   - reason: What was wrong.
  public init(keyPath: String, reason: String) {
    self.keyPath = keyPath
    self.reason = reason
  }

  /// `at KEYPATH: REASON`.
  public var description: String {
    keyPath.isEmpty ? "invalid JSON: \(reason)" : "invalid JSON at \(keyPath): \(reason)"
  }

  /// Decodes a value from JSON, turning Foundation's errors into a key path and a reason.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The JSON document.
  /// - Returns: The value.
  /// - Throws: ``RuleDecodingError``.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RuleDecodingError)
    -> T
  {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      var converted = RuleDecodingError(error)
      if converted.keyPath.isEmpty, let located = locateUnrepresentableNumber(in: data) {
        converted = located
      }
      throw converted
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

  /// Foundation reports a number that does not fit an integer field (a fraction, 1e300) as
  /// invalid JSON with no key path. Every number in the wire format is an integer, so when the
  /// document is valid JSON, the first such number (keys in sorted order) is the culprit.
  static func locateUnrepresentableNumber(in data: Data) -> RuleDecodingError? {
    guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return nil }
    func visit(_ value: Any, _ path: String, depth: Int) -> RuleDecodingError? {
      guard depth < 64 else { return nil }
      switch value {
      case let object as [String: Any]:
        for key in object.keys.sorted() {
          let child = path.isEmpty ? key : path + "." + key
          if let value = object[key], let found = visit(value, child, depth: depth + 1) {
            return found
          }
        }
      case let array as [Any]:
        for (index, element) in array.enumerated() {
          if let found = visit(element, path + "[\(index)]", depth: depth + 1) { return found }
        }
      case let number as NSNumber:
        let text = "\(value)"
        if text == "true" || text == "false" { return nil }
        if Int64(number.stringValue) == nil {
          return RuleDecodingError(
            keyPath: path, reason: "number \(number.stringValue) is not a 64-bit integer")
        }
      default:
        break
      }
      return nil
    }
    return visit(root, "", depth: 0)
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

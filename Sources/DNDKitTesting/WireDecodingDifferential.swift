import DNDSchedule
import Foundation
import OfflinePush
import StrictJSON

/// The strict byte reader of the wire types compared with their `Codable` conformance (the
/// reference: a strict syntax check, then `JSONDecoder`): on any document, both give the same
/// value, or the same errors at the same key paths with the same reasons.
///
/// Two differences are by design and are compared as such:
/// - a string that is not text (a lone surrogate escape, bytes that are not UTF-8), where the
///   reference passes on Foundation's internal error and the reader says what is wrong: both
///   must refuse or accept the document alike, and agree on the value;
/// - a number past the reference's 64 recorded non-integers, which it reports without its
///   text: the reader names the text, at the same key path.
public enum WireDecodingDifferential {
  /// How a document compared.
  public enum Outcome: Sendable, Hashable {
    /// Both decoded it, to equal values.
    case decoded
    /// Both refused it alike.
    case refused
  }

  /// Compares the reader with the reference on one document, for each of the wire types
  /// (the three rules and the policy values beside the push rule).
  ///
  /// - Parameter document: The document's bytes.
  /// - Returns: For each type, how it compared; or a description of the first mismatch.
  public static func compare(_ document: [UInt8]) -> Result<[Outcome], Mismatch> {
    var outcomes: [Outcome] = []
    for check in [
      compare(OfflinePushRule.self, document, OfflinePushRule.init(jsonBytes:)),
      compare(DoNotDisturbRule.self, document, DoNotDisturbRule.init(jsonBytes:)),
      compare(WeeklyScheduleRule.self, document, WeeklyScheduleRule.init(jsonBytes:)),
      compare(PushPreferences.self, document, PushPreferences.init(jsonBytes:)),
      compare(ConversationSetting.self, document, ConversationSetting.init(jsonBytes:)),
      compare(PushMessage.self, document, PushMessage.init(jsonBytes:)),
    ] {
      switch check {
      case .success(let outcome): outcomes.append(outcome)
      case .failure(let mismatch): return .failure(mismatch)
      }
    }
    return .success(outcomes)
  }

  /// A document on which the reader and the reference disagree.
  public struct Mismatch: Error, Sendable, CustomStringConvertible {
    /// The type decoded.
    public var type: String
    /// The reader's answer.
    public var reader: String
    /// The reference's answer.
    public var reference: String
    /// The document, as text (bytes that are not UTF-8 replaced).
    public var document: String

    /// All of it, for a failure message.
    public var description: String {
      "\(type): reader \(reader), reference \(reference), document \(document)"
    }
  }

  static func compare<Value: Decodable & Equatable>(
    _ type: Value.Type, _ document: [UInt8],
    _ read: ([UInt8]) throws(RuleDecodingError) -> Value
  ) -> Result<Outcome, Mismatch> {
    let reader = Result { () throws(RuleDecodingError) in try read(document) }
    let reference = Result { () throws(RuleDecodingError) in
      try RuleDecodingError.decode(type, from: Data(document))
    }
    func mismatch() -> Result<Outcome, Mismatch> {
      .failure(
        Mismatch(
          type: "\(type)", reader: describe(reader), reference: describe(reference),
          document: String(decoding: document, as: UTF8.self)))
    }
    switch (reader, reference) {
    case (.success(let a), .success(let b)): return a == b ? .success(.decoded) : mismatch()
    case (.failure(let a), .failure(let b)):
      if hasInvalidText(document) { return .success(.refused) }
      let mine = a.errors
      let theirs = b.errors
      guard mine.count == theirs.count else { return mismatch() }
      for (x, y) in zip(mine, theirs) {
        guard x.keyPath == y.keyPath else { return mismatch() }
        if x.reason == y.reason { continue }
        // Past its 64 recorded non-integers the reference does not name the text.
        let unnamed =
          y.reason.contains("a fraction, out of range, or malformed")
          && x.reason.hasSuffix("is not an integer within 64 bits")
        guard unnamed else { return mismatch() }
      }
      return .success(.refused)
    default: return mismatch()
    }
  }

  static func describe<Value>(_ result: Result<Value, RuleDecodingError>) -> String {
    switch result {
    case .success(let value): return "decoded \(value)"
    case .failure(let error):
      return "refused "
        + error.errors.map { "[\($0.keyPath)] \($0.reason)" }.joined(separator: "; ")
    }
  }

  /// Whether a document has a string that is not text: a lone surrogate escape or bytes that
  /// are not UTF-8.
  static func hasInvalidText(_ document: [UInt8]) -> Bool {
    if !isWellFormedUTF8(document) { return true }
    func unit(at index: Int) -> UInt16? {
      guard index + 6 <= document.count, document[index] == UInt8(ascii: "\\"),
        document[index + 1] == UInt8(ascii: "u")
      else { return nil }
      return UInt16(String(decoding: document[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
    }
    var index = 0
    while index < document.count {
      guard document[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard let first = unit(at: index) else {
        index += 2
        continue
      }
      if (0xDC00...0xDFFF).contains(first) { return true }
      if (0xD800...0xDBFF).contains(first) {
        guard let second = unit(at: index + 6), (0xDC00...0xDFFF).contains(second) else {
          return true
        }
        index += 6
      }
      index += 6
    }
    return false
  }
}

import DNDSchedule
import OfflinePush

/// One output line of `dnd eval`.
public enum EvalAnswer {
  /// The answer to a DND query.
  case dnd(inDoNotDisturb: Bool, nextChange: Int64?)
  /// The answer to a push query: `deliver`, `reason` and `until`.
  case push(PushDecision)
  /// The answer to a push query with preferences, a conversation setting or a message: the
  /// decision's whole wire form (`PushDecision`'s `Codable` form), `breakthrough` included.
  case policyPush(PushDecision)
  /// The answer to a weekly schedule query.
  case schedule(quiet: Bool, nextChange: Int64?)
  /// An error line.
  case error(EvalError)

  /// Appends the answer as one JSON line, newline included.
  public func write(to out: inout ByteWriter) {
    switch self {
    case .dnd(let inDoNotDisturb, let nextChange):
      out.append("{\"inDoNotDisturb\": ")
      out.append(bool: inDoNotDisturb)
      out.append(", \"nextChange\": ")
      if let nextChange { out.append(integer: nextChange) } else { out.append("null") }
      out.append("}\n")
    case .schedule(let quiet, let nextChange):
      out.append("{\"quiet\": ")
      out.append(bool: quiet)
      out.append(", \"nextChange\": ")
      if let nextChange { out.append(integer: nextChange) } else { out.append("null") }
      out.append("}\n")
    case .push(let decision):
      out.append("{")
      Self.writeFields(of: decision, to: &out)
      out.append("}\n")
    case .policyPush(let decision):
      // The keys in alphabetical order, as `JSONEncoder` with `.sortedKeys` writes them.
      out.append("{\"breakthrough\": ")
      if let breakthrough = decision.breakthrough {
        out.append(byte: UInt8(ascii: "\""))
        out.append(breakthrough.wireName)
        out.append(byte: UInt8(ascii: "\""))
      } else {
        out.append("null")
      }
      out.append(", ")
      Self.writeFields(of: decision, to: &out)
      out.append("}\n")
    case .error(let error):
      out.append("{\"error\": {\"code\": ")
      out.append(jsonString: error.code.rawValue)
      out.append(", \"message\": ")
      out.append(jsonString: error.message)
      out.append("}}\n")
    }
  }
}

extension EvalAnswer {
  /// `"deliver": …, "reason": …, "until": …` of a push answer, without the braces.
  static func writeFields(of decision: PushDecision, to out: inout ByteWriter) {
    out.append("\"deliver\": ")
    out.append(bool: decision.delivers)
    out.append(", \"reason\": ")
    if let reason = decision.reason {
      out.append(byte: UInt8(ascii: "\""))
      out.append(reason.wireName)
      out.append(byte: UInt8(ascii: "\""))
    } else {
      out.append("null")
    }
    out.append(", \"until\": ")
    if let until = decision.until { out.append(integer: until) } else { out.append("null") }
  }
}

/// An error line of `dnd eval`: a stable code and a message naming the field and the value.
public struct EvalError: Error {
  /// The stable error code of an error line.
  ///
  /// Open, as `RuleFieldError.Code` is: `dnd eval` writes its own codes (``invalidJSON``,
  /// ``invalidQuery``) and those of the rule fields, which the modules that validate them
  /// own; ``all`` lists every code it writes.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name, as written in the `code` field.
    public var rawValue: String

    /// Creates a code from its name.
    ///
    /// - Parameter rawValue: The name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The code of a rule field's error: the same name.
    ///
    /// - Parameter field: The field error's code.
    public init(_ field: RuleFieldError.Code) {
      rawValue = field.rawValue
    }

    /// The name.
    public var description: String { rawValue }

    /// The line is not JSON, or a rule in it does not decode (a value of the wrong type).
    public static let invalidJSON = Self(rawValue: "invalidJSON")
    /// The line is JSON but not a query: not an object, no rule, a missing or ill-typed
    /// `at`, `savedAt`, `kind`, `platform` or `onlinePlatforms`.
    public static let invalidQuery = Self(rawValue: "invalidQuery")

    /// Every code `dnd eval` writes: its own, then the rule fields' (all of DNDSchedule's,
    /// and all of OfflinePush's: the push rule's, and those of the preferences, conversation
    /// settings and messages a push query may carry).
    public static let all: [Self] =
      [.invalidJSON, .invalidQuery]
      + (RuleFieldError.Code.scheduleCodes + RuleFieldError.Code.offlinePushCodes)
      .map(Self.init)
  }

  /// The wire code: ``Code/invalidJSON``, ``Code/invalidQuery``, or a rule field's code.
  public var code: Code
  /// What was wrong.
  public var message: String

  /// The error for rule fields that failed validation: the first one's code, all of them in
  /// the message.
  init(fields: [RuleFieldError]) {
    code = fields.first.map { Code($0.code) } ?? .invalidQuery
    message = fields.map(\.description).joined(separator: "; ")
  }

  init(code: Code, message: String) {
    self.code = code
    self.message = message
  }
}

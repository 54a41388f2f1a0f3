import DNDSchedule
import OfflinePush

/// One output line of `dnd eval`.
public enum EvalAnswer: Sendable, Hashable {
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
  package func write(to out: inout ByteWriter) {
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

// error-example: echo '{"rule": {"startHour": 25}, "at": 0}' | dnd eval
/// An error line of `dnd eval`: a stable code and a message naming the field and the value.
///
/// Written as `{"error": {"code": "<code>", "message": "<text>"}}`. The code is a
/// `RuleFieldError.Code`, by the same name: `invalidJSON` for a line that is not JSON or a
/// rule in it that does not decode, `invalidQuery` (`RuleFieldError.Code.invalidQuery`) for JSON that is not a query, and for a value that does not validate the code of its
/// `RuleFieldError` (the first one's when there are several; the message lists them all, as
/// `RuleError`'s description does, with key paths from the line: `rule.startHour = 25: must
/// be in 0...23`). A problem inside `schedule`, `preferences`, `conversation` or `message`
/// has the code of that part (`invalidSchedule`, `invalidPreferences`,
/// `invalidConversation`, `invalidMessage`).
public struct EvalError: Error, Sendable, Hashable {
  /// The wire code.
  public var code: RuleFieldError.Code
  /// What was wrong.
  public var message: String

  /// The error for rule fields that failed validation: the first one's code, all of them in
  /// the message.
  init(fields: [RuleFieldError]) {
    code = fields.first?.code ?? .invalidQuery
    message = fields.map(\.description).joined(separator: "; ")
  }

  init(code: RuleFieldError.Code, message: String) {
    self.code = code
    self.message = message
  }
}

extension RuleFieldError.Code {
  /// A `dnd eval` line that is JSON but not a query: not an object, no rule, a missing or
  /// ill-typed `at`, `savedAt`, `kind`, `platform` or `onlinePlatforms`.
  public static let invalidQuery = Self(rawValue: "invalidQuery")

  /// Every code `dnd eval` writes: its own two, then the rule fields' (all of DNDSchedule's,
  /// and all of OfflinePush's: the push rule's, and those of the preferences, conversation
  /// settings and messages a push query may carry).
  package static let evalCodes: [Self] =
    [.invalidJSON, .invalidQuery] + scheduleCodes + offlinePushCodes
}

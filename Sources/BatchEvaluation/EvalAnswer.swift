import DNDSchedule
import OfflinePush
import StrictJSON

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

  /// Appends the answer as one JSON line, newline included, a space after each `:` and `,`
  /// and `/` as it is (the writer is set so for the line).
  package func write(to out: inout JSONWriter) {
    out.escapesSlashes = false
    out.spacesSeparators = true
    switch self {
    case .dnd(let inDoNotDisturb, let nextChange):
      out.beginObject()
      out.key("inDoNotDisturb")
      out.boolean(inDoNotDisturb)
      out.key("nextChange")
      if let nextChange { out.integer(nextChange) } else { out.null() }
      out.endObject()
    case .schedule(let quiet, let nextChange):
      out.beginObject()
      out.key("quiet")
      out.boolean(quiet)
      out.key("nextChange")
      if let nextChange { out.integer(nextChange) } else { out.null() }
      out.endObject()
    case .push(let decision):
      decision.write(to: &out, includingBreakthrough: false)
    case .policyPush(let decision):
      decision.write(to: &out)
    case .error(let error):
      out.beginObject()
      out.key("error")
      out.beginObject()
      out.key("code")
      out.string(error.code.rawValue)
      out.key("message")
      out.string(error.message)
      out.endObject()
      out.endObject()
    }
    out.endLine()
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

  /// The error for rule fields that failed validation: the first one's code, the first
  /// `RuleError.maximumReportedErrors` of them in the message, then how many more there were
  /// (`; and 68 more`), as `RuleError`'s description says it, so that a line's answer stays
  /// small whatever it holds.
  ///
  /// - Parameters:
  ///   - fields: The bad fields, of every part of the query.
  ///   - omitted: How many more the parts' errors had already left out.
  init(fields: [RuleFieldError], omitted: Int = 0) {
    code = fields.first?.code ?? .invalidQuery
    let shown = fields.prefix(RuleError.maximumReportedErrors)
    let more = fields.count - shown.count + omitted
    message =
      shown.map(\.description).joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "")
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

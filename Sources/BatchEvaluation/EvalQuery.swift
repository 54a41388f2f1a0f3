import DNDSchedule
import OfflinePush
import StrictJSON
import ZoneInfo

/// A `dnd eval` query line decoded by the general parser (the strict reader, as every wire
/// type's decoder): every line the fast parser does not take goes through here, and this is
/// what decides every error, in the library's words.
struct EvalQuery {
  /// What is asked.
  enum Question {
    /// Is `at` in do-not-disturb under this rule, and when does that change?
    case dnd(DoNotDisturbRule)
    /// May this push go out at `at`?
    case push(OfflinePushRule, kind: PushKind, platform: Platform, online: [Platform])
    /// Must a push wait at `at` under this weekly schedule, and when does that change?
    case schedule(WeeklyScheduleRule)
  }

  var question: Question
  var at: Int64
  var savedAt: Int64?
  /// A push query's preferences, conversation setting and message, when it has any of them
  /// (its answer then names the breakthrough).
  var policy: EvalPolicyInputs?

  /// The line's members, every one optional; an explicit `null` is an error at its key.
  struct Document {
    var rule: DoNotDisturbRule?
    var pushRule: OfflinePushRule?
    var schedule: WeeklyScheduleRule?
    var at: Int64?
    var savedAt: Int64?
    var kind: String?
    var platform: Platform?
    var onlinePlatforms: [Platform]?
    var preferences: PushPreferences?
    var conversation: ConversationSetting?
    var message: PushMessage?

    /// The query keys, in the order their errors are reported.
    static let keys = JSONKeyNames([
      "rule", "pushRule", "schedule", "at", "savedAt", "kind", "platform", "onlinePlatforms",
      "preferences", "conversation", "message",
    ])

    /// Reads the members of the object at the reader's cursor.
    ///
    /// - Parameters:
    ///   - reader: The reader, at the line's object.
    ///   - errors: Receives the bad members, in the order of ``keys``.
    /// - Returns: What stopped the object (a key that is not text), or nil.
    /// - Throws: `JSONReadStop`.
    mutating func read(from reader: inout JSONReader, errors: inout [JSONFieldError])
      throws(JSONReadStop) -> JSONFieldError?
    {
      let names = Self.keys
      var object = try reader.enterObject(depth: 0)
      var found = JSONObjectErrors()
      while let field = try reader.nextMember(of: &object, names: names) {
        func integer() throws(JSONReadStop) -> Int64? {
          found.take(
            try reader.readInteger(depth: 1), field: field, names: names,
            expected: "an integer")
        }
        func nested<Value>(
          _ read: (inout JSONReader, Int) throws(JSONReadStop) -> JSONDecoded<Value>
        ) throws(JSONReadStop) -> Value? {
          found.take(
            try reader.readObjectField(depth: 1, read), field: field,
            names: names)
        }
        switch field {
        case 0:
          rule = try nested { reader, depth throws(JSONReadStop) in
            try DoNotDisturbRule.read(from: &reader, depth: depth)
          }
        case 1:
          pushRule = try nested { reader, depth throws(JSONReadStop) in
            try OfflinePushRule.read(from: &reader, depth: depth)
          }
        case 2:
          schedule = try nested { reader, depth throws(JSONReadStop) in
            try WeeklyScheduleRule.read(from: &reader, depth: depth)
          }
        case 3: at = try integer()
        case 4: savedAt = try integer()
        case 5:
          kind = found.take(
            try reader.readString(depth: 1), field: field, names: names, expected: "a string")
        case 6: platform = try integer().map { Platform(rawValue: Int($0)) }
        case 7:
          onlinePlatforms = found.take(
            try reader.readIntegerList(depth: 1, limit: EvalQuery.onlinePlatformLimit) {
              Platform(rawValue: Int($0))
            }, field: field, names: names)
        case 8:
          preferences = try nested { reader, depth throws(JSONReadStop) in
            try PushPreferences.read(from: &reader, depth: depth)
          }
        case 9:
          conversation = try nested {
            reader, depth throws(JSONReadStop) in
            try ConversationSetting.read(from: &reader, depth: depth)
          }
        case 10:
          message = try nested { reader, depth throws(JSONReadStop) in
            try PushMessage.read(from: &reader, depth: depth)
          }
        default: try reader.skipValue(depth: 1)
        }
      }
      found.recordInvalidKey(of: object)
      found.append(to: &errors)
      return nil
    }
  }

  /// Decodes a line.
  ///
  /// - Parameter line: The line's bytes, without the newline.
  /// - Throws: ``EvalError`` with code `invalidJSON` (not JSON, or a rule with a value of
  ///   the wrong type), `invalidQuery` (JSON, but not a query), or the code of the value
  ///   that is wrong.
  init(line: UnsafeBufferPointer<UInt8>) throws(EvalError) {
    var reader = JSONReader(line)
    var document = Document()
    var errors: [JSONFieldError] = []
    var isObject = true
    do throws(JSONReadStop) {
      if try reader.notAnObject(depth: 0) != nil {
        isObject = false
      } else if let stop = try document.read(from: &reader, errors: &errors) {
        errors.append(stop)
      }
      try reader.finishDocument()
    } catch {
      // Bytes that are not JSON (the byte named), or a key twice in one object (its path).
      throw Self.classify(JSONDocument.documentError(error).first)
    }
    if let duplicate = reader.firstDuplicateKey { throw Self.classify(duplicate) }
    guard isObject else {
      throw EvalError(
        code: .invalidQuery,
        message: "invalid query: the line is JSON but not an object; " + Self.shapeHint)
    }
    if let first = errors.first { throw Self.classify(first) }
    func problem(_ message: String) -> EvalError {
      EvalError(code: .invalidQuery, message: "invalid query: " + message)
    }
    let policy = EvalPolicyInputs(
      preferences: document.preferences, conversation: document.conversation,
      message: document.message)
    let onlyPush = "preferences, conversation and message belong to a push query (\"pushRule\")"
    if let schedule = document.schedule {
      guard document.rule == nil && document.pushRule == nil else {
        throw problem("a query has one of \"rule\", \"pushRule\" or \"schedule\"")
      }
      guard document.savedAt == nil else {
        throw problem("savedAt: a schedule query has no save step (only \"rule\" and \"pushRule\")")
      }
      guard let at = document.at else {
        throw problem("at: required key is missing (the instant, UNIX seconds)")
      }
      guard policy == nil else { throw problem(onlyPush) }
      self.at = at
      savedAt = nil
      question = .schedule(schedule)
      return
    }
    guard let at = document.at else {
      if document.rule == nil && document.pushRule == nil {
        throw problem(Self.shapeHint)
      }
      throw problem("at: required key is missing (the instant, UNIX seconds)")
    }
    self.at = at
    savedAt = document.savedAt
    switch (document.rule, document.pushRule) {
    case (let rule?, nil):
      guard policy == nil else { throw problem(onlyPush) }
      question = .dnd(rule)
    case (nil, let pushRule?):
      guard let kindText = document.kind else {
        throw problem("kind: required key is missing in a push query (message or call)")
      }
      guard let kind = PushKind(rawValue: kindText) else {
        throw problem("kind = \(quoted(kindText)): must be \"message\" or \"call\"")
      }
      guard let platform = document.platform else {
        throw problem("platform: required key is missing in a push query (a platform number)")
      }
      let online = document.onlinePlatforms ?? []
      question = .push(pushRule, kind: kind, platform: platform, online: online)
      self.policy = policy
    case (.some, .some):
      throw problem("a query has \"rule\" or \"pushRule\", not both")
    case (nil, nil):
      throw problem(Self.shapeHint)
    }
  }

  /// The query's own `onlinePlatforms`: a platform list's maximum, `invalidQuery` past it.
  static let onlinePlatformLimit = JSONListLimit(
    maximum: OfflinePushRule.maximumPlatformCount, code: RuleFieldError.Code.invalidQuery.rawValue,
    reason: OfflinePushRule.platformLimit.reason)

  static let shapeHint =
    "expected " + EvalQueryShape.all.compactMap(\.brief).joined(separator: " or ")

  /// `invalidJSON` for the line itself (its syntax) and for a problem inside `rule` or
  /// `pushRule`, `invalidSchedule` inside `schedule`, `invalidPreferences`,
  /// `invalidConversation` and `invalidMessage` inside those, `invalidQuery` elsewhere.
  static func classify(_ error: JSONFieldError) -> EvalError {
    let path = error.keyPath
    // The decoders' own words: `invalid JSON at KEYPATH: REASON`.
    let decoding = RuleError(errors: [RuleFieldError(error)]).description
    if path.isEmpty { return EvalError(code: .invalidJSON, message: decoding) }
    // A list past its maximum has its module's code (`tooManyPlatforms`) wherever it is.
    if let code = error.code {
      // A list past its maximum: its module's code (`tooManyPlatforms`), or the query's own.
      let field = RuleFieldError(error)
      return code == RuleFieldError.Code.invalidQuery.rawValue
        ? EvalError(code: .invalidQuery, message: "invalid query: \(field)")
        : EvalError(fields: [field])
    }
    if path == "schedule" || path.hasPrefix("schedule.") || path.hasPrefix("schedule[") {
      return EvalError(code: .invalidSchedule, message: decoding)
    }
    for (name, code) in EvalPolicyInputs.errorCodes
    where path == name || path.hasPrefix(name + ".") || path.hasPrefix(name + "[") {
      return EvalError(code: code, message: decoding)
    }
    let inRule = ["rule", "pushRule"].contains { name in
      path == name || path.hasPrefix(name + ".") || path.hasPrefix(name + "[")
    }
    if inRule { return EvalError(code: .invalidJSON, message: decoding) }
    return EvalError(code: .invalidQuery, message: "invalid query: \(path): \(error.reason)")
  }
}

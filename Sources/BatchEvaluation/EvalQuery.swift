import DNDSchedule
import Foundation
import OfflinePush
import StrictJSON
import ZoneInfo

/// A `dnd eval` query line decoded by the general parser (`JSONDecoder`): every line the fast
/// parser does not take goes through here, and this is what decides every error.
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

  /// The line as JSON, every field optional; `null` counts as absent.
  struct Document: Decodable {
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

    enum CodingKeys: String, CodingKey {
      case rule, pushRule, schedule, at, savedAt, kind, platform, onlinePlatforms
      case preferences, conversation, message
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      rule = try c.decodeIfPresent(DoNotDisturbRule.self, forKey: .rule)
      pushRule = try c.decodeIfPresent(OfflinePushRule.self, forKey: .pushRule)
      schedule = try c.decodeIfPresent(WeeklyScheduleRule.self, forKey: .schedule)
      at = try Self.instant(c, .at)
      // An explicit null savedAt is an error, not "not saved": saving changes the answer.
      if c.contains(.savedAt), try c.decodeNil(forKey: .savedAt) {
        throw DecodingError.valueNotFound(
          Int64.self,
          DecodingError.Context(
            codingPath: c.codingPath + [CodingKeys.savedAt],
            debugDescription: "null where a value is required"))
      }
      savedAt = try Self.instant(c, .savedAt)
      kind = try c.decodeIfPresent(String.self, forKey: .kind)
      platform = try c.decodeIfPresent(Platform.self, forKey: .platform)
      onlinePlatforms = try c.decodeIfPresent([Platform].self, forKey: .onlinePlatforms)
      // The policy values are read as their wire forms are: an explicit null is an error.
      preferences = try c.decodeWire(PushPreferences.self, forKey: .preferences)
      conversation = try c.decodeWire(ConversationSetting.self, forKey: .conversation)
      message = try c.decodeWire(PushMessage.self, forKey: .message)
    }

    /// An instant field; a number that fits no `Int64` is reported at its key, which
    /// Foundation leaves out.
    static func instant(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
      -> Int64?
    {
      try DecodingError.placingNumberErrors(at: c.codingPath + [key], of: "integer") {
        try c.decodeIfPresent(Int64.self, forKey: key)
      }
    }
  }

  /// Decodes a line.
  ///
  /// - Parameters:
  ///   - line: The line's bytes, without the newline.
  ///   - decoder: A decoder to reuse.
  /// - Throws: ``EvalError`` with code `invalidJSON` (not JSON, or a rule with a value of
  ///   the wrong type) or `invalidQuery` (JSON, but not a query).
  init(line: UnsafeBufferPointer<UInt8>, decoder: JSONDecoder) throws(EvalError) {
    guard isWellFormedUTF8(line) else {
      throw EvalError(code: .invalidJSON, message: "invalid JSON: the line is not UTF-8")
    }
    var syntax = JSONSyntax(line)
    do {
      try syntax.check()
    } catch {
      throw EvalError(code: .invalidJSON, message: error.description)
    }
    let checked = JSONSyntax.Checked(syntax)
    if let duplicate = checked.firstDuplicateKey {
      // Foundation would keep one of the two values silently.
      throw Self.classify(path: duplicate.path, reason: duplicate.reason)
    }
    let document: Document
    do {
      // Numbers with a fraction or an exponent are decided on their text (JSONSyntax).
      let data = checked.canonicalDocument.map { Data($0) } ?? Data(buffer: line)
      document = try decoder.decode(Document.self, from: data)
    } catch let error as DecodingError {
      let keyPath = RuleDecodingError(error).keyPath
      if case .dataCorrupted = error,
        let number = keyPath.isEmpty ? checked.firstNonInteger : checked.nonInteger(at: keyPath)
      {
        // A number that fits no integer field, named by its text; Foundation reports one
        // without its key path at the top level.
        throw Self.classify(path: number.path, reason: number.reason)
      }
      throw Self.classify(error)
    } catch {
      throw EvalError(code: .invalidJSON, message: "invalid JSON: \(error)")
    }
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
      guard online.count <= OfflinePushRule.maximumPlatformCount else {
        throw problem(
          "onlinePlatforms = \(online.count) entries: a platform list holds at most "
            + "\(OfflinePushRule.maximumPlatformCount) entries")
      }
      question = .push(pushRule, kind: kind, platform: platform, online: online)
      self.policy = policy
    case (.some, .some):
      throw problem("a query has \"rule\" or \"pushRule\", not both")
    case (nil, nil):
      throw problem(Self.shapeHint)
    }
  }

  static let shapeHint =
    "expected " + EvalQueryShape.all.compactMap(\.brief).joined(separator: " or ")

  /// Sorts a decoding failure into `invalidJSON` or `invalidQuery`, with its key path.
  static func classify(_ error: DecodingError) -> EvalError {
    let described = RuleDecodingError(error)
    if case .dataCorrupted = error, described.keyPath.isEmpty {
      return EvalError(code: .invalidJSON, message: described.description)
    }
    if described.keyPath.isEmpty {
      return EvalError(
        code: .invalidQuery,
        message: "invalid query: the line is JSON but not an object; " + shapeHint)
    }
    return classify(path: described.keyPath, reason: described.reason)
  }

  /// `invalidJSON` for a problem inside `rule` or `pushRule`, `invalidSchedule` inside
  /// `schedule`, `invalidPreferences`, `invalidConversation` and `invalidMessage` inside
  /// those, `invalidQuery` elsewhere.
  static func classify(path: String, reason: String) -> EvalError {
    if path == "schedule" || path.hasPrefix("schedule.") || path.hasPrefix("schedule[") {
      return EvalError(
        code: EvalError.Code(.invalidSchedule),
        message: RuleDecodingError(keyPath: path, reason: reason).description)
    }
    for (name, code) in EvalPolicyInputs.errorCodes
    where path == name || path.hasPrefix(name + ".") || path.hasPrefix(name + "[") {
      return EvalError(
        code: EvalError.Code(code),
        message: RuleDecodingError(keyPath: path, reason: reason).description)
    }
    let inRule = ["rule", "pushRule"].contains { name in
      path == name || path.hasPrefix(name + ".") || path.hasPrefix(name + "[")
    }
    if inRule {
      return EvalError(
        code: .invalidJSON,
        message: RuleDecodingError(keyPath: path, reason: reason).description)
    }
    return EvalError(code: .invalidQuery, message: "invalid query: \(path): \(reason)")
  }
}

import DNDSchedule
import OfflinePush
import ZoneInfo

/// A push query's preferences, conversation setting and message, when it has any of them.
struct EvalPolicyInputs {
  var preferences: PushPreferences?
  var conversation: ConversationSetting?
  var message: PushMessage?

  /// The inputs; nil when the query has none of the three.
  init?(
    preferences: PushPreferences?, conversation: ConversationSetting?, message: PushMessage?
  ) {
    guard preferences != nil || conversation != nil || message != nil else { return nil }
    self.preferences = preferences
    self.conversation = conversation
    self.message = message
  }

  /// The query keys and the code of an error inside each.
  static let errorCodes: [(key: String, code: RuleFieldError.Code)] = [
    ("preferences", .invalidPreferences), ("conversation", .invalidConversation),
    ("message", .invalidMessage),
  ]
}

extension EvalEvaluation {
  /// Answers a push query with preferences, a conversation setting or a message: every
  /// invalid field of the rule, then of the three, then `at`, is reported (the code is the
  /// first one's); else the whole decision with its breakthrough.
  ///
  /// - Parameters:
  ///   - rule: The decoded push rule.
  ///   - kind: Message or call.
  ///   - platform: The target platform.
  ///   - online: The platforms the user is online on.
  ///   - at: The instant asked about.
  ///   - savedAt: The save instant, if the query has one.
  ///   - policy: The preferences, conversation setting and message.
  func answerPush(
    rule: OfflinePushRule, kind: PushKind, platform: Platform, online: PlatformSet, at: Int64,
    savedAt: Int64?, policy: EvalPolicyInputs
  ) -> EvalAnswer {
    var errors: [RuleFieldError] = []
    var omitted = 0
    var ready: CompiledOfflinePushRule?
    switch prepared(rule, under: "pushRule", compiled: nil, savedAt: savedAt) {
    case .success(let compiled): ready = compiled
    case .failure(let error): (errors, omitted) = (error.errors, error.omittedErrorCount)
    }
    var preferences: CompiledPushPreferences?
    if let stated = policy.preferences {
      do {
        preferences = try CompiledPushPreferences(stated)
      } catch {
        errors += error.errors.map { $0.nested(under: "preferences") }
        omitted += error.omittedErrorCount
      }
    }
    errors += (policy.conversation?.validate() ?? []).map { $0.nested(under: "conversation") }
    errors += (policy.message?.validate() ?? []).map { $0.nested(under: "message") }
    if !Zone.supportedInstants.contains(at) {
      errors.append(.outsideSupportedYears(keyPath: "at", at))
    }
    guard errors.isEmpty, let ready else {
      return .error(EvalError(fields: errors, omitted: omitted))
    }
    do {
      return .policyPush(
        try ready.decide(
          kind: kind, target: platform, online: online, at: at, preferences: preferences,
          conversation: policy.conversation, message: policy.message))
    } catch {
      return .error(EvalError(fields: [.outsideSupportedYears(keyPath: "at", at)]))
    }
  }
}

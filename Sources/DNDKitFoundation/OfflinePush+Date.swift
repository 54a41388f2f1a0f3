import DNDSchedule
import Foundation
import OfflinePush
import ZoneInfo

extension OfflinePushRule {
  /// Saves the rule at a date and compiles the saved rule, validating once (see
  /// `OfflinePushRule.savedAndCompiled(at:zones:)`).
  ///
  /// - Parameters:
  ///   - date: The save instant from the server's clock; a fraction of a second is rounded
  ///     down.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleError` listing every invalid field.
  public func savedAndCompiled(at date: Date, zones: ZoneDatabase) throws(RuleError)
    -> (rule: OfflinePushRule, compiled: CompiledOfflinePushRule)
  {
    try savedAndCompiled(at: date.unixSeconds, zones: zones)
  }
}

extension OfflinePushRule {
  /// Decodes a client's rule document, saves it at a date and compiles the saved rule (see
  /// `OfflinePushRule.savedAndCompiled(jsonBytes:at:zones:)`).
  ///
  /// - Parameters:
  ///   - jsonBytes: The client's JSON document (UTF-8): `Data`, an array, any collection of
  ///     bytes.
  ///   - date: The save instant from the server's clock; a fraction of a second is rounded
  ///     down.
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleError`: the document's key path, or every invalid field.
  public static func savedAndCompiled(
    jsonBytes: some Collection<UInt8>, at date: Date, zones: ZoneDatabase
  ) throws(RuleError) -> (rule: OfflinePushRule, compiled: CompiledOfflinePushRule) {
    try savedAndCompiled(jsonBytes: jsonBytes, at: date.unixSeconds, zones: zones)
  }
}

extension DoNotDisturbRule {
  /// Decodes a client's do-not-disturb rule document, saves it at a date and compiles the
  /// saved rule (see `DoNotDisturbRule.savedAndCompiled(jsonBytes:at:zones:)`).
  ///
  /// - Parameters:
  ///   - jsonBytes: The client's JSON document (UTF-8): any collection of bytes.
  ///   - date: The save instant from the server's clock; a fraction of a second is rounded
  ///     down.
  ///   - zones: The database that resolves the rule's zone.
  /// - Returns: The saved rule and its compiled form.
  /// - Throws: `RuleError`: the document's key path, or every invalid field.
  public static func savedAndCompiled(
    jsonBytes: some Collection<UInt8>, at date: Date, zones: ZoneDatabase
  ) throws(RuleError) -> (rule: DoNotDisturbRule, compiled: DoNotDisturbSchedule) {
    try savedAndCompiled(jsonBytes: jsonBytes, at: date.unixSeconds, zones: zones)
  }
}

extension CompiledOfflinePushRule {
  /// Decides whether an offline push may go to a device at a date (see
  /// `CompiledOfflinePushRule.decide(kind:target:online:at:preferences:conversation:message:)`).
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the user is online on now.
  ///   - date: Now; a fraction of a second is rounded down.
  ///   - preferences: The user's compiled preferences, if any.
  ///   - conversation: The user's setting for the message's conversation, if any.
  ///   - message: The sender, mentions, urgency and previous call, if known.
  /// - Returns: The decision; `PushDecision.untilDate` gives the end of a suppression as a
  ///   date.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999.
  @inlinable
  public func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at date: Date,
    preferences: CompiledPushPreferences? = nil, conversation: ConversationSetting? = nil,
    message: PushMessage? = nil
  ) throws(ZoneError) -> PushDecision {
    try decide(
      kind: kind, target: target, online: online, at: date.unixSeconds, preferences: preferences,
      conversation: conversation, message: message)
  }

  /// Decides a push at a date and keeps the question with the answer, for a readable
  /// explanation (see
  /// `CompiledOfflinePushRule.explain(kind:target:online:at:preferences:conversation:message:)`).
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the user is online on now.
  ///   - date: Now; a fraction of a second is rounded down.
  ///   - preferences: The user's compiled preferences, if any.
  ///   - conversation: The user's setting for the message's conversation, if any.
  ///   - message: The sender, mentions, urgency and previous call, if known.
  /// - Returns: The decision with its explanation.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999.
  public func explain(
    kind: PushKind, target: Platform, online: PlatformSet, at date: Date,
    preferences: CompiledPushPreferences? = nil, conversation: ConversationSetting? = nil,
    message: PushMessage? = nil
  ) throws(ZoneError) -> PushDecisionExplanation {
    try explain(
      kind: kind, target: target, online: online, at: date.unixSeconds, preferences: preferences,
      conversation: conversation, message: message)
  }

  /// Decides one push for many recipients at one date (see
  /// `CompiledOfflinePushRule.decide(kind:at:message:rules:preferences:recipients:into:)`).
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - date: Now; a fraction of a second is rounded down.
  ///   - message: What every recipient gets, if known (its `mentioned` is replaced by each
  ///     recipient's).
  ///   - rules: The compiled rules.
  ///   - preferences: The compiled preferences, if any, at the same positions as `rules`.
  ///   - recipients: Who to decide for.
  ///   - decisions: Emptied and filled with one decision per recipient.
  /// - Throws: `FanOutError`.
  @inlinable
  public static func decide<
    Rules: RandomAccessCollection, Preferences: RandomAccessCollection,
    Recipients: RandomAccessCollection
  >(
    kind: PushKind, at date: Date, message: PushMessage? = nil, rules: Rules,
    preferences: Preferences? = nil as [CompiledPushPreferences]?, recipients: Recipients,
    into decisions: inout [PushDecision]
  ) throws(FanOutError)
  where
    Rules.Element == CompiledOfflinePushRule, Rules.Index == Int,
    Preferences.Element == CompiledPushPreferences, Preferences.Index == Int,
    Recipients.Element == PushRecipient
  {
    try decide(
      kind: kind, at: date.unixSeconds, message: message, rules: rules, preferences: preferences,
      recipients: recipients, into: &decisions)
  }
}

extension PushDecision {
  /// Until when a suppression holds, as a date: `PushDecision.until`, a whole second.
  /// Schedule a deferred push for then.
  public var untilDate: Date? { until.map(Date.init(unixSeconds:)) }
}

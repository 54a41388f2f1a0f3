import DNDSchedule
import ZoneInfo

extension CompiledOfflinePushRule {
  /// Decides whether an offline push may go to a device now, with the user's preferences, the
  /// conversation's setting and what the message is.
  ///
  /// Checks, in order, and reports the first that suppresses:
  /// 1. the master switch, 2. the switch for the kind, 3. the platform rule (as
  ///    ``decide(kind:target:online:at:)``);
  /// 4. for messages only, the level: the conversation setting's while it applies
  ///    (`at < until`), else the preferences'; `none` suppresses as
  ///    ``SuppressionReason/conversationMuted``, `mentions` without `mentioned` or `mentionAll`
  ///    as ``SuppressionReason/notMentioned``, with the setting's `until` when its level
  ///    decided;
  /// 5. do-not-disturb, which a breakthrough lifts (checked in the order priority sender,
  ///    repeat caller, urgent, mention; @all does not break through);
  /// 6. deliver.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the user is online on now.
  ///   - instant: Now, UNIX seconds (injected by the caller).
  ///   - preferences: The user's compiled preferences.
  ///   - conversation: The user's setting for the message's conversation, if any.
  ///   - message: The sender, mentions, urgency and previous call.
  /// - Returns: The decision and the breakthrough that delivered, if any.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999, when the decision
  ///   reaches do-not-disturb.
  /// - Complexity: O(1) expected, O(log *s*) at worst in the priority senders; no allocation,
  ///   no lock, no reference counting.
  @inlinable @inline(__always)
  public func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    preferences: borrowing CompiledPushPreferences, conversation: ConversationSetting?,
    message: borrowing PushMessage
  ) throws(ZoneError) -> PushPolicyDecision {
    if let decision = decisionBeforeDND(
      kind: kind, target: target, online: online, at: instant, preferences: preferences,
      conversation: conversation, mentioned: message.mentioned, mentionAll: message.mentionAll)
    {
      return PushPolicyDecision(decision)
    }
    return Self.decision(
      dnd: try schedule.stateAndBlockEnd(instant), kind: kind, at: instant,
      preferences: preferences, message: message, mentioned: message.mentioned)
  }

  /// The suppression by a switch, the platform rule or a level, if any: the checks before DND.
  @inlinable @inline(__always)
  func decisionBeforeDND(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    preferences: borrowing CompiledPushPreferences, conversation: ConversationSetting?,
    mentioned: Bool, mentionAll: Bool
  ) -> PushDecision? {
    if let decision = decisionBeforeDND(kind: kind, target: target, online: online) {
      return decision
    }
    guard kind == .message else { return nil }
    var level = preferences.level
    var until: Int64?
    if let conversation, conversation.applies(at: instant) {
      level = conversation.level
      until = conversation.until
    }
    switch level {
    case .all: return nil
    case .mentions:
      return mentioned || mentionAll ? nil : .suppress(.notMentioned, until: until)
    case .muted: return .suppress(.conversationMuted, until: until)
    }
  }

  /// The decision once only DND can suppress, and a breakthrough lift it.
  ///
  /// Whether the instant is in do-not-disturb and whether the sender is listed are both
  /// unpredictable, so the answers are selected rather than branched to: the one branch is to
  /// look the sender up, inside do-not-disturb when the table's filter says it may be listed.
  @inlinable @inline(__always)
  static func decision(
    dnd state: (inDND: Bool, blockEnd: Int64), kind: PushKind, at instant: Int64,
    preferences: borrowing CompiledPushPreferences, message: borrowing PushMessage,
    mentioned: Bool
  ) -> PushPolicyDecision {
    if preferences.mayListSender(of: message, if: state.inDND), preferences.listsSender(of: message)
    {
      return PushPolicyDecision(.deliver, breakthrough: .prioritySender)
    }
    let breakthrough = preferences.breakthroughAfterSender(
      kind: kind, at: instant, message: message, mentioned: mentioned)
    let suppressed = PushDecision.suppress(
      .doNotDisturb, until: state.blockEnd == .max ? nil : state.blockEnd)
    return PushPolicyDecision(
      state.inDND && breakthrough == nil ? suppressed : .deliver,
      breakthrough: state.inDND ? breakthrough : nil)
  }
}

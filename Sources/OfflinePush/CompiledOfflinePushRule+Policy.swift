import DNDSchedule
import ZoneInfo

extension CompiledOfflinePushRule {
  /// The suppression by a level, if any: the check after the platform rule and before DND.
  @inlinable @inline(__always)
  func levelDecision(
    kind: PushKind, at instant: Int64, preferences: CompiledPushPreferences?,
    conversation: ConversationSetting?, mentioned: Bool, mentionAll: Bool
  ) -> PushDecision? {
    guard kind == .message else { return nil }
    var level = preferences?.level ?? .all
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
    preferences: CompiledPushPreferences?, message: PushMessage?,
    mentioned: Bool
  ) -> PushDecision {
    guard let preferences = preferences else { return decision(dnd: state) }
    if preferences.mayListSender(of: message, if: state.inDND), preferences.listsSender(of: message)
    {
      return .breakthrough(.prioritySender)
    }
    let breakthrough = preferences.breakthroughAfterSender(
      kind: kind, at: instant, message: message, mentioned: mentioned)
    let suppressed = PushDecision.suppress(
      .doNotDisturb, until: state.blockEnd == .max ? nil : state.blockEnd)
    let held = breakthrough.map(PushDecision.breakthrough) ?? suppressed
    return state.inDND ? held : .deliver
  }
}

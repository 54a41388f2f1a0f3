import DNDSchedule
import ZoneInfo

extension CompiledOfflinePushRule {
  /// The suppression by a level, if any: the check after the platform rule and before DND.
  /// `level` is the preferences' (`all` without them).
  @inlinable @inline(__always)
  func levelDecision(
    kind: PushKind, at instant: Int64, level: NotificationLevel,
    conversation: ConversationSetting?, mentioned: Bool, mentionAll: Bool
  ) -> PushDecision? {
    guard kind == .message else { return nil }
    var level = level
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
}

extension CompiledPushPreferences {
  /// The decision once only DND can suppress, and a breakthrough lift it.
  ///
  /// Whether the instant is in do-not-disturb and whether the sender is listed are both
  /// unpredictable, so the answers are selected rather than branched to: the one branch is to
  /// look the sender up, inside do-not-disturb when the table's filter says it may be listed.
  @inlinable @inline(__always)
  func decision(
    dnd state: (inDND: Bool, blockEnd: Int64), kind: PushKind, at instant: Int64,
    message: borrowing PushMessage?, facts: PushMessage.Facts, mentioned: Bool
  ) -> PushDecision {
    if mayListSender(hash: facts.senderHash, if: state.inDND),
      listsSender(of: message, hash: facts.senderHash)
    {
      return .breakthrough(.prioritySender)
    }
    return Self.selected(
      dnd: state,
      breakthrough: breakthroughAfterSender(
        kind: kind, at: instant, message: facts, mentioned: mentioned))
  }

  /// ``decision(dnd:kind:at:message:facts:mentioned:)`` for a message the caller has (the
  /// single decision's): the same answers, with the message's values read from it directly.
  @inlinable @inline(__always)
  func decision(
    dnd state: (inDND: Bool, blockEnd: Int64), kind: PushKind, at instant: Int64,
    message: borrowing PushMessage
  ) -> PushDecision {
    if mayListSender(hash: message.senderHash, if: state.inDND), listsSender(of: message) {
      return .breakthrough(.prioritySender)
    }
    return Self.selected(
      dnd: state,
      breakthrough: breakthroughAfterSender(
        kind: kind, at: instant, message: message.facts, mentioned: message.mentioned))
  }

  /// Outside do-not-disturb, deliver; inside, the breakthrough if one lifts it, else the
  /// suppression until the block's end (nil for a block that never ends).
  @inlinable @inline(__always)
  static func selected(
    dnd state: (inDND: Bool, blockEnd: Int64), breakthrough: Breakthrough?
  ) -> PushDecision {
    let suppressed = PushDecision.suppress(
      .doNotDisturb, until: state.blockEnd == .max ? nil : state.blockEnd)
    let held = breakthrough.map(PushDecision.breakthrough) ?? suppressed
    return state.inDND ? held : .deliver
  }
}

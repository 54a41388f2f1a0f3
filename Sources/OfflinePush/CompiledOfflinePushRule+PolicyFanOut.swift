import DNDSchedule
import ZoneInfo

extension CompiledOfflinePushRule {
  /// The batch with preferences: one decision per recipient, in the recipients' order, for an
  /// instant known to be in range.
  @inlinable
  static func decide<
    Rules: RandomAccessCollection, Preferences: RandomAccessCollection,
    Recipients: RandomAccessCollection
  >(
    kind: PushKind, at instant: Int64, message: borrowing PushMessage?, rules: Rules,
    preferences: Preferences, recipients: Recipients, into decisions: inout [PushDecision]
  ) throws(FanOutError)
  where
    Rules.Element == CompiledOfflinePushRule, Rules.Index == Int,
    Preferences.Element == CompiledPushPreferences, Preferences.Index == Int,
    Recipients.Element == PushRecipient
  {
    guard preferences.startIndex == rules.startIndex, preferences.endIndex == rules.endIndex else {
      throw .preferencesDoNotMatchRules(
        ruleIndices: rules.startIndex..<rules.endIndex,
        preferenceIndices: preferences.startIndex..<preferences.endIndex)
    }
    decisions.reserveCapacity(recipients.count)
    var spans = ZoneSpans(instant: instant)
    defer { spans.deallocate() }
    let facts = message.facts
    var position = 0
    for recipient in recipients {
      let index = recipient.ruleIndex
      guard index >= rules.startIndex && index < rules.endIndex else {
        decisions.removeAll(keepingCapacity: true)
        throw .ruleIndexOutOfRange(recipient: position, ruleIndex: index, ruleCount: rules.count)
      }
      decisions.append(
        rules[index].decide(
          kind: kind, target: recipient.target, online: recipient.online, at: instant,
          preferences: preferences[index], conversation: recipient.conversation,
          message: message, facts: facts, mentioned: recipient.mentioned,
          spans: &spans))
      position += 1
    }
  }

  /// The decision with preferences or a conversation setting for an instant known to be in
  /// range, with the zone's span from a batch's per-zone look-ups.
  @inlinable @inline(__always)
  func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    preferences: CompiledPushPreferences?, conversation: ConversationSetting?,
    message: borrowing PushMessage?, facts: PushMessage.Facts, mentioned: Bool,
    spans: inout ZoneSpans
  ) -> PushDecision {
    if let decision = decisionBeforeDND(kind: kind, target: target, online: online) {
      return decision
    }
    if let decision = levelDecision(
      kind: kind, at: instant, level: preferences?.level ?? .all, conversation: conversation,
      mentioned: mentioned, mentionAll: facts.mentionAll)
    {
      return decision
    }
    let state: (inDND: Bool, blockEnd: Int64)
    if schedule.hasFastState,
      let fast = schedule.fastStateAndBlockEnd(instant, tabulatedSpan: spans.span(for: schedule))
    {
      state = fast
    } else {
      state = schedule.stateAndBlockEnd(unchecked: instant)
    }
    guard let preferences else { return Self.decision(dnd: state) }
    return preferences.decision(
      dnd: state, kind: kind, at: instant, message: message, facts: facts,
      mentioned: mentioned)
  }
}

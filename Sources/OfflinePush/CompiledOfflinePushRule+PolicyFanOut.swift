import DNDSchedule
import ZoneInfo

extension CompiledOfflinePushRule {
  /// Decides one message for many recipients at one instant with the whole decision, writing
  /// one answer per recipient, in order, into `decisions`.
  ///
  /// Each answer is the one
  /// ``decide(kind:target:online:at:preferences:conversation:message:)`` gives for the
  /// recipient's rule and preferences, target, online platforms and conversation setting, and
  /// the shared message with the recipient's `mentioned`. The wall clock is looked up once
  /// per zone (the sender was hashed with the message).
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - instant: Now, UNIX seconds (injected by the caller).
  ///   - message: What every recipient gets: sender, @all, urgency, previous call (its
  ///     `mentioned` is replaced by each recipient's).
  ///   - rules: The compiled rules, such as a server's array of every user's rule.
  ///   - preferences: The compiled preferences, at the same positions as `rules`.
  ///   - recipients: Who to decide for.
  ///   - decisions: Emptied (keeping its capacity) and filled with one answer per recipient;
  ///     reuse it between batches to avoid allocating. Empty after an error.
  /// - Throws: ``FanOutError/ruleIndexOutOfRange(recipient:ruleIndex:ruleCount:)``,
  ///   ``FanOutError/instantOutOfRange(_:)``, or
  ///   ``FanOutError/preferencesDoNotMatchRules(ruleIndices:preferenceIndices:)`` when
  ///   `preferences` and `rules` have different positions.
  /// - Complexity: O(*n*) in the recipients; one zone look-up per distinct zone.
  @inlinable
  public static func decide<
    Rules: RandomAccessCollection, Preferences: RandomAccessCollection,
    Recipients: RandomAccessCollection
  >(
    kind: PushKind, at instant: Int64, message: PushMessage, rules: Rules,
    preferences: Preferences, recipients: Recipients,
    into decisions: inout [PushPolicyDecision]
  ) throws(FanOutError)
  where
    Rules.Element == CompiledOfflinePushRule, Rules.Index == Int,
    Preferences.Element == CompiledPushPreferences, Preferences.Index == Int,
    Recipients.Element == PolicyRecipient
  {
    decisions.removeAll(keepingCapacity: true)
    guard Zone.supportedInstants.contains(instant) else { throw .instantOutOfRange(instant) }
    guard preferences.startIndex == rules.startIndex, preferences.endIndex == rules.endIndex else {
      throw .preferencesDoNotMatchRules(
        ruleIndices: rules.startIndex..<rules.endIndex,
        preferenceIndices: preferences.startIndex..<preferences.endIndex)
    }
    decisions.reserveCapacity(recipients.count)
    var spans = ZoneSpans(instant: instant)
    defer { spans.deallocate() }
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
          message: message, mentioned: recipient.mentioned,
          spans: &spans))
      position += 1
    }
  }

  /// The whole decision for an instant known to be in range, with the zone's span from a
  /// batch's per-zone look-ups.
  @inlinable @inline(__always)
  func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    preferences: borrowing CompiledPushPreferences, conversation: ConversationSetting?,
    message: borrowing PushMessage, mentioned: Bool,
    spans: inout ZoneSpans
  ) -> PushPolicyDecision {
    if let decision = decisionBeforeDND(
      kind: kind, target: target, online: online, at: instant, preferences: preferences,
      conversation: conversation, mentioned: mentioned, mentionAll: message.mentionAll)
    {
      return PushPolicyDecision(decision)
    }
    let state: (inDND: Bool, blockEnd: Int64)
    if schedule.hasFastState,
      let fast = schedule.fastStateAndBlockEnd(instant, tabulatedSpan: spans.span(for: schedule))
    {
      state = fast
    } else {
      state = schedule.stateAndBlockEnd(unchecked: instant)
    }
    return Self.decision(
      dnd: state, kind: kind, at: instant, preferences: preferences, message: message,
      mentioned: mentioned)
  }
}

import DNDSchedule
import ZoneInfo

extension CompiledOfflinePushRule {
  /// Decides one push for many recipients at one instant (one message to a group), writing
  /// one decision per recipient, in order, into `decisions`.
  ///
  /// Each answer is the one
  /// ``decide(kind:target:online:at:preferences:conversation:message:)`` gives for the
  /// recipient's rule and preferences (if any), target, online platforms and conversation
  /// setting, and the shared message with the recipient's `mentioned`. The batch is faster
  /// than a loop of those calls: without preferences it fetches the recipients' rules a chunk
  /// at a time before deciding on them, so that the memory reads for many rules overlap; and
  /// it looks up the wall clock once per zone, since at one instant every rule in a zone sees
  /// the same reading (the sender was hashed with the message).
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - instant: Now, UNIX seconds (injected by the caller).
  ///   - message: What every recipient gets, if known: sender, @all, urgency, previous call
  ///     (its `mentioned` is replaced by each recipient's).
  ///   - rules: The compiled rules, such as a server's array of every user's rule.
  ///   - preferences: The compiled preferences, if any, at the same positions as `rules`.
  ///   - recipients: Who to decide for: each one's rule position, target, online platforms,
  ///     conversation setting and whether the message @-mentions them.
  ///   - decisions: Emptied (keeping its capacity) and filled with one decision per recipient;
  ///     reuse it between batches to avoid allocating. Empty after an error.
  /// - Throws: ``FanOutError/ruleIndexOutOfRange(recipient:ruleIndex:ruleCount:)`` for a
  ///   position outside `rules`; ``FanOutError/instantOutOfRange(_:)`` outside years
  ///   -9999…9999 (for the whole batch, even when some rules would not have looked at it);
  ///   ``FanOutError/preferencesDoNotMatchRules(ruleIndices:preferenceIndices:)`` when
  ///   `preferences` and `rules` have different positions.
  /// - Complexity: O(*n*) in the recipients; one zone look-up per distinct zone.
  @inlinable
  public static func decide<
    Rules: RandomAccessCollection, Preferences: RandomAccessCollection,
    Recipients: RandomAccessCollection
  >(
    kind: PushKind, at instant: Int64, message: PushMessage? = nil, rules: Rules,
    preferences: Preferences? = nil as [CompiledPushPreferences]?, recipients: Recipients,
    into decisions: inout [PushDecision]
  ) throws(FanOutError)
  where
    Rules.Element == CompiledOfflinePushRule, Rules.Index == Int,
    Preferences.Element == CompiledPushPreferences, Preferences.Index == Int,
    Recipients.Element == PushRecipient
  {
    decisions.removeAll(keepingCapacity: true)
    guard Zone.supportedInstants.contains(instant) else { throw .instantOutOfRange(instant) }
    let facts = message.facts
    if let preferences {
      try decide(
        kind: kind, at: instant, message: message, rules: rules, preferences: preferences,
        recipients: recipients, into: &decisions)
      return
    }
    decisions.reserveCapacity(recipients.count)
    var spans = ZoneSpans(instant: instant)
    defer { spans.deallocate() }
    let failure = withUnsafeTemporaryAllocation(
      of: CompiledOfflinePushRule.self, capacity: fanOutChunk
    ) { fetched -> FanOutError? in
      guard let fetchedBase = fetched.baseAddress else { return nil }
      var chunkStart = recipients.startIndex
      var position = 0
      while chunkStart != recipients.endIndex {
        let chunkEnd =
          recipients.index(chunkStart, offsetBy: fanOutChunk, limitedBy: recipients.endIndex)
          ?? recipients.endIndex
        // Fetch first: independent loads, which the processor overlaps, of rules that are
        // usually far apart in memory.
        var k = 0
        for recipient in recipients[chunkStart..<chunkEnd] {
          let index = recipient.ruleIndex
          guard index >= rules.startIndex && index < rules.endIndex else {
            return .ruleIndexOutOfRange(
              recipient: position + k, ruleIndex: index, ruleCount: rules.count)
          }
          (fetchedBase + k).initialize(to: rules[index])
          k += 1
        }
        k = 0
        for recipient in recipients[chunkStart..<chunkEnd] {
          // Without preferences, only a conversation setting can bring in a level. One append
          // for both: two would be two inlined appends in the loop.
          let decision: PushDecision
          if let conversation = recipient.conversation {
            decision = fetchedBase[k].decide(
              kind: kind, target: recipient.target, online: recipient.online, at: instant,
              conversation: conversation, message: message, facts: facts,
              mentioned: recipient.mentioned, spans: &spans)
          } else {
            decision = fetchedBase[k].decide(
              kind: kind, target: recipient.target, online: recipient.online, at: instant,
              spans: &spans)
          }
          decisions.append(decision)
          k += 1
        }
        position += k
        chunkStart = chunkEnd
      }
      return nil
    }
    if let failure {
      decisions.removeAll(keepingCapacity: true)
      throw failure
    }
  }

  /// The decision with a conversation setting and no preferences, out of line: rare in a
  /// batch without preferences, and kept out of its loop so that the rule-only decision is
  /// inlined there.
  @usableFromInline @inline(never)
  func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    conversation: ConversationSetting, message: PushMessage?, facts: PushMessage.Facts,
    mentioned: Bool, spans: inout ZoneSpans
  ) -> PushDecision {
    decide(
      kind: kind, target: target, online: online, at: instant, preferences: nil,
      conversation: conversation, message: message, facts: facts, mentioned: mentioned,
      spans: &spans)
  }

  /// How many rules a batch fetches before deciding on them (4 KiB of rules).
  @inlinable static var fanOutChunk: Int { 64 }

  /// The rule's decision alone (no preferences, conversation setting or message) for an
  /// instant known to be in range, with the zone's
  /// span at the instant from a batch's per-zone look-ups.
  @inlinable @inline(__always)
  func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    spans: inout ZoneSpans
  ) -> PushDecision {
    if let decision = decisionBeforeDND(kind: kind, target: target, online: online) {
      return decision
    }
    if schedule.hasFastState,
      let state = schedule.fastStateAndBlockEnd(instant, tabulatedSpan: spans.span(for: schedule))
    {
      return Self.decision(dnd: state)
    }
    return Self.decision(dnd: schedule.stateAndBlockEnd(unchecked: instant))
  }
}

/// The wall clock of each zone at one instant, looked up once per zone: an open-addressing
/// table keyed by the identity of the zone's (interned) tables.
@usableFromInline
struct ZoneSpans {
  @usableFromInline
  struct Slot {
    /// The zone's table identity; nil for an empty slot.
    @usableFromInline var key: UnsafeMutableRawPointer?
    @usableFromInline var highWater: Int64
    @usableFromInline var offset: Int64
    @usableFromInline var spanEnd: Int64
    /// Whether the zone's table describes the instant (else the general path answers).
    @usableFromInline var isTabulated: Bool

    @inlinable
    init(
      key: UnsafeMutableRawPointer?, highWater: Int64, offset: Int64, spanEnd: Int64,
      isTabulated: Bool
    ) {
      self.key = key
      self.highWater = highWater
      self.offset = offset
      self.spanEnd = spanEnd
      self.isTabulated = isTabulated
    }
  }

  @usableFromInline let instant: Int64
  @usableFromInline let slots: UnsafeMutableBufferPointer<Slot>
  /// Slots in use; past three quarters full, further zones are looked up each time instead.
  @usableFromInline var used = 0

  /// Room for 1,024 zones: more than tzdata has.
  @inlinable static var capacity: Int { 1_024 }

  @inlinable
  init(instant: Int64) {
    self.instant = instant
    slots = .allocate(capacity: ZoneSpans.capacity)
    slots.initialize(
      repeating: Slot(key: nil, highWater: 0, offset: 0, spanEnd: 0, isTabulated: false))
  }

  @inlinable
  func deallocate() {
    slots.deallocate()
  }

  /// The tabulated span of a schedule's zone at the instant (nil when the table does not
  /// describe it), looked up on the zone's first appearance.
  @inlinable @inline(__always)
  mutating func span(for schedule: DoNotDisturbSchedule) -> WallClockSpan? {
    let key = schedule.tableIdentity
    let mask = ZoneSpans.capacity &- 1
    // Tables are at least 16-byte aligned; a multiplicative hash spreads the rest.
    let hash = (UInt(bitPattern: key) &>> 4) &* 0x9E37_79B9_7F4A_7C15
    var i = Int(truncatingIfNeeded: hash &>> 54)
    while true {
      let slot = slots[i]
      if slot.key == key {
        return slot.isTabulated
          ? WallClockSpan(highWater: slot.highWater, offset: slot.offset, spanEnd: slot.spanEnd)
          : nil
      }
      if slot.key == nil { return insert(schedule, at: i) }
      i = (i &+ 1) & mask
    }
  }

  @usableFromInline @inline(never)
  mutating func insert(_ schedule: DoNotDisturbSchedule, at i: Int) -> WallClockSpan? {
    let span = schedule.tabulatedSpan(instant)
    guard used < ZoneSpans.capacity * 3 / 4 else { return span }
    used += 1
    slots[i] = Slot(
      key: schedule.tableIdentity, highWater: span?.highWater ?? 0, offset: span?.offset ?? 0,
      spanEnd: span?.spanEnd ?? 0, isTabulated: span != nil)
    return span
  }
}

import DNDSchedule
import ZoneInfo

/// An offline push rule compiled for the hot path: switches as bits, platform lists as
/// bitmasks, the DND rule as a `DoNotDisturbSchedule`.
///
/// Plain bytes (49 beyond the zone's shared tables, no reference): copied out of any
/// collection with no reference counting. Deciding allocates nothing and takes no lock (except
/// once per zone: the first decision past 2050 builds the zone's later years under a lock, see
/// `Zone`); the zone's tables are interned when the rule is compiled. A rule's platform values
/// lie in 0…63 (`OfflinePushRule.platformValues`; validation refuses others), so its lists are
/// two masks. Compile once per save, decide millions of times.
public struct CompiledOfflinePushRule: Sendable, Hashable {
  /// The compiled DND schedule (disabled when the rule has none).
  public let schedule: DoNotDisturbSchedule
  @usableFromInline let onlineMask: UInt64
  @usableFromInline let silencedMask: UInt64
  /// Bit 0: master, bit 1: message, bit 2: call.
  @usableFromInline let switches: UInt8

  /// Compiles a stored rule.
  ///
  /// - Parameters:
  ///   - rule: The rule as stored (saved with ``OfflinePushRule/savedAndCompiled(at:zones:)``).
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: `RuleError` listing every invalid field, among them a platform value
  ///   outside 0…63 (`invalidPlatform`), as saving the rule would.
  /// - Complexity: O(*p*) in the number of platforms (at most
  ///   ``OfflinePushRule/maximumPlatformCount`` a list), plus a zone load on a cache miss.
  public init(rule: OfflinePushRule, zones: ZoneDatabase) throws(RuleError) {
    let dnd = rule.doNotDisturbRule ?? DoNotDisturbRule()
    // The lengths first: a list past the limit is refused before any work in its length.
    let platformErrors = rule.validatePlatformLists()
    let schedule: DoNotDisturbSchedule
    do {
      schedule = try DoNotDisturbSchedule(rule: dnd, zones: zones)
    } catch {
      throw RuleError(
        errors: platformErrors + error.errors.map { $0.nested(under: "doNotDisturbRule") })
    }
    guard platformErrors.isEmpty else { throw RuleError(errors: platformErrors) }
    self.init(validatedRule: rule, schedule: schedule)
  }

  /// Compiles a rule whose fields are valid, with its DND rule already compiled.
  init(validatedRule rule: OfflinePushRule, schedule: DoNotDisturbSchedule) {
    self.schedule = schedule
    onlineMask = Self.mask(rule.onlinePlatforms)
    silencedMask = Self.mask(rule.notToReceiveOfflinePushPlatforms)
    switches =
      (rule.offlinePushEnabled ? 1 : 0) | (rule.messageOfflinePushEnabled ? 2 : 0)
      | (rule.callOfflinePushEnabled ? 4 : 0)
  }

  /// Decides whether an offline push may go to a device now: with the rule alone, or with
  /// the user's preferences, the conversation's setting and what the message is.
  ///
  /// Checks, in order, and reports the first that suppresses:
  /// 1. the master switch, 2. the switch for the kind, 3. the platform rule;
  /// 4. for messages only, the level: the conversation setting's while it applies
  ///    (`at < until`), else the preferences'; `none` suppresses as
  ///    ``SuppressionReason/conversationMuted``, `mentions` without `mentioned` or `mentionAll`
  ///    as ``SuppressionReason/notMentioned``, with the setting's `until` when its level
  ///    decided;
  /// 5. do-not-disturb, which a breakthrough lifts (checked in the order priority sender,
  ///    repeat caller, urgent, mention; @all does not break through), answering
  ///    ``PushDecision/breakthrough(_:)``;
  /// 6. deliver.
  ///
  /// Without preferences the level is `all` and nothing breaks through; without a
  /// conversation setting the preferences' level applies; without a message there is no
  /// sender, mention, urgency or previous call. So without preferences and a conversation
  /// setting, the answer is the rule's alone (switches, platform rule, do-not-disturb), and
  /// the call costs what that check costs: the branch on the absent values folds away. The
  /// values are borrowed, never copied; a loop that decides one message for many recipients
  /// makes its `PushMessage?` once and passes it to each call (making an optional of a message
  /// copies it), or uses the batch,
  /// ``decide(kind:at:message:rules:preferences:recipients:into:)``.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the user is online on now.
  ///   - instant: Now, UNIX seconds (injected by the caller).
  ///   - preferences: The user's compiled preferences, if any.
  ///   - conversation: The user's setting for the message's conversation, if any.
  ///   - message: The sender, mentions, urgency and previous call, if known.
  /// - Returns: ``PushDecision/deliver``, a breakthrough that delivered, or the first reason to
  ///   suppress (for do-not-disturb, with the end of the block).
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999, when the decision
  ///   reaches do-not-disturb.
  /// - Complexity: O(1); with priority senders, O(1) expected and O(log *s*) at worst in
  ///   them; no allocation, no lock, no reference counting.
  @inlinable @inline(__always)
  public func decide(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    preferences: borrowing CompiledPushPreferences? = nil,
    conversation: ConversationSetting? = nil, message: borrowing PushMessage? = nil
  ) throws(ZoneError) -> PushDecision {
    if let decision = decisionBeforeDND(kind: kind, target: target, online: online) {
      return decision
    }
    // The preferences and the message are switched on, not bound: a switch borrows what it
    // matches, where a binding (`if let`, `guard let`, `?.`) would copy it (a retain and
    // release, or an outlined copy of the message) a decision. With both, the message goes on
    // as a plain borrowed `PushMessage`, whose fields the caller's loop reads as values.
    switch preferences {
    case .none:
      // Without preferences nothing breaks through, and without a conversation setting either
      // no level suppresses, whatever the message: the rule alone answers.
      if conversation != nil {
        let facts = message.facts
        if let decision = levelDecision(
          kind: kind, at: instant, level: .all, conversation: conversation,
          mentioned: facts.mentioned, mentionAll: facts.mentionAll)
        {
          return decision
        }
      }
      return Self.decision(dnd: try schedule.stateAndBlockEnd(instant))
    case .some(let preferences):
      switch message {
      case .some(let message):
        if let decision = levelDecision(
          kind: kind, at: instant, level: preferences.level, conversation: conversation,
          mentioned: message.mentioned, mentionAll: message.mentionAll)
        {
          return decision
        }
        return preferences.decision(
          dnd: try schedule.stateAndBlockEnd(instant), kind: kind, at: instant,
          message: message)
      case .none:
        // Without a message nothing breaks through: no sender, mention, urgency or call.
        if let decision = levelDecision(
          kind: kind, at: instant, level: preferences.level, conversation: conversation,
          mentioned: false, mentionAll: false)
        {
          return decision
        }
        return Self.decision(dnd: try schedule.stateAndBlockEnd(instant))
      }
    }
  }

  /// The suppression by a switch or the platform rule, if any: the checks before DND.
  @inlinable @inline(__always)
  func decisionBeforeDND(kind: PushKind, target: Platform, online: PlatformSet) -> PushDecision? {
    if switches & 1 == 0 { return .suppress(.offlinePushDisabled, until: nil) }
    switch kind {
    case .message where switches & 2 == 0: return .suppress(.messagePushDisabled, until: nil)
    case .call where switches & 4 == 0: return .suppress(.callPushDisabled, until: nil)
    default: break
    }
    if silences(target: target, online: online) { return .suppress(.platformRule, until: nil) }
    return nil
  }

  /// The decision once only DND can suppress.
  @inlinable @inline(__always)
  static func decision(dnd state: (inDND: Bool, blockEnd: Int64)) -> PushDecision {
    // Both answers built and one selected, which compiles to conditional moves: whether a
    // random user is in do-not-disturb is unpredictable.
    let suppressed = PushDecision.suppress(
      .doNotDisturb, until: state.blockEnd == .max ? nil : state.blockEnd)
    return state.inDND ? suppressed : .deliver
  }

  /// A validated platform list (values 0…63) as a mask.
  static func mask(_ platforms: [Platform]) -> UInt64 {
    var mask: UInt64 = 0
    for platform in platforms { mask |= 1 &<< UInt64(truncatingIfNeeded: platform.rawValue) }
    return mask
  }

  /// Whether the platform rule silences a target given the online platforms. A target or
  /// online value outside 0…63 is in neither of the rule's lists.
  @inlinable @inline(__always)
  func silences(target: Platform, online: PlatformSet) -> Bool {
    // Bit arithmetic rather than `&&`: which rules silence is unpredictable.
    let raw = UInt64(bitPattern: Int64(target.rawValue))
    let silenced = raw < 64 ? silencedMask &>> raw : 0
    let someOnline: UInt64 = onlineMask & online.mask != 0 ? 1 : 0
    return silenced & someOnline & 1 != 0
  }
}

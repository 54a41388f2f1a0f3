import DNDSchedule
import OfflinePush
import ZoneInfo

/// One "may this offline push go out?" question about a user's stored rule.
public struct PushQuery: Sendable, Hashable, CustomStringConvertible {
  /// Message or call.
  public var kind: PushKind
  /// The platform of the device the push would go to.
  public var target: Platform
  /// The platforms the user is online on at the instant.
  public var online: [Platform]
  /// When the push would go out, UNIX seconds.
  public var instant: Int64
  /// The user's preferences (level, breakthroughs); nil for none.
  public var preferences: PushPreferences?
  /// The user's setting for the message's conversation; nil for none.
  public var conversation: ConversationSetting?
  /// The message's sender, mentions, urgency and previous call; nil for none.
  public var message: PushMessage?

  /// Creates a query.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The target device's platform.
  ///   - online: The platforms the user is online on.
  ///   - instant: UNIX seconds.
  ///   - preferences: The user's preferences, or nil.
  ///   - conversation: The conversation's setting, or nil.
  ///   - message: The message context, or nil.
  public init(
    kind: PushKind, target: Platform, online: [Platform], instant: Int64,
    preferences: PushPreferences? = nil, conversation: ConversationSetting? = nil,
    message: PushMessage? = nil
  ) {
    self.kind = kind
    self.target = target
    self.online = online
    self.instant = instant
    self.preferences = preferences
    self.conversation = conversation
    self.message = message
  }

  /// `call to iPhoneOS, online on [Win] at 1773025200`, and the preferences, conversation
  /// setting and message when there are any.
  public var description: String {
    var text = "\(kind) to \(target), online on \(online) at \(instant)"
    if let preferences { text += ", preferences \(preferences)" }
    if let conversation { text += ", conversation \(conversation)" }
    if let message { text += ", message \(message)" }
    return text
  }
}

/// A user's rule as the server stores it (one-off do-not-disturb periods saved), the instant
/// it was saved, and a query about it.
public struct PushCase: Sendable, Hashable {
  /// The stored rule.
  public var rule: OfflinePushRule
  /// When the rule was saved; a one-off period is the first one ending after it.
  public var savedAt: Int64
  /// The question.
  public var query: PushQuery

  /// Creates a case.
  ///
  /// - Parameters:
  ///   - rule: The stored rule.
  ///   - savedAt: When it was saved.
  ///   - query: The question.
  public init(rule: OfflinePushRule, savedAt: Int64, query: PushQuery) {
    self.rule = rule
    self.savedAt = savedAt
    self.query = query
  }
}

extension Generators {
  /// A push case: a rule with random switches and platform lists and, most of the time, a
  /// do-not-disturb rule from ``rule(zoneID:modes:using:)`` saved a little before the
  /// query's instant, which is drawn near the zone's transitions as ``instant(in:using:)``
  /// draws; half the time the window and the instant are moved to the nearest transition
  /// (``rule(_:alignedWith:using:)``).
  ///
  /// - Parameters:
  ///   - zoneID: The do-not-disturb rule's zone.
  ///   - modes: The repeat modes to draw from.
  ///   - rng: The generator.
  /// - Returns: The case.
  /// - Throws: `ZoneError` when the zone is not in the database, or
  ///   `RuleError` when saving fails (it does not for generated rules).
  public func pushCase(
    zoneID: String, modes: [RepeatMode] = [.daily, .custom, .once, .unknown],
    using rng: inout SplitMix64
  ) throws -> PushCase {
    let zone = try zones.zone(zoneID)
    let platforms: [Platform] = [.win, .iPhoneOS, .android, .macOS, .web, .iPadOS, .ohos]
    func some() -> [Platform] { platforms.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 } }
    let (drawn, instant) = ruleAndInstant(zoneID: zoneID, modes: modes, zone: zone, using: &rng)
    let savedAt = max(
      Zone.supportedInstants.lowerBound, instant - Int64.random(in: 0...(3 * 86_400), using: &rng))
    let dnd =
      Int.random(in: 0..<8, using: &rng) == 0
      ? nil : drawn
    var rule = OfflinePushRule(
      onlinePlatforms: some(), notToReceiveOfflinePushPlatforms: some(),
      offlinePushEnabled: Int.random(in: 0..<10, using: &rng) != 0,
      messageOfflinePushEnabled: Int.random(in: 0..<6, using: &rng) != 0,
      callOfflinePushEnabled: Int.random(in: 0..<6, using: &rng) != 0, doNotDisturbRule: dnd)
    rule = try rule.saved(at: savedAt, zones: zones)
    let query = PushQuery(
      kind: Bool.random(using: &rng) ? .message : .call,
      target: platforms.randomElement(using: &rng) ?? .iPhoneOS, online: some(), instant: instant)
    return PushCase(rule: rule, savedAt: savedAt, query: query)
  }
}

extension Generators {
  /// A rule from ``rule(zoneID:modes:using:)`` and an instant from ``instant(in:using:)``;
  /// half the time both moved to the transition nearest the instant
  /// (``rule(_:alignedWith:using:)``).
  func ruleAndInstant(
    zoneID: String, modes: [RepeatMode], zone: Zone, using rng: inout SplitMix64
  ) -> (rule: DoNotDisturbRule, instant: Int64) {
    let drawn = rule(zoneID: zoneID, modes: modes, using: &rng)
    let instant = self.instant(in: zone, using: &rng)
    guard Bool.random(using: &rng) else { return (drawn, instant) }
    let previous = try? zone.previousTransition(atOrBefore: instant)
    let next = try? zone.nextTransition(after: instant)
    let nearest = [previous, next].compactMap { $0 }.min {
      abs($0.instant - instant) < abs($1.instant - instant)
    }
    guard let nearest else { return (drawn, instant) }
    let aligned = rule(drawn, alignedWith: nearest, using: &rng)
    guard Zone.supportedInstants.contains(aligned.instant) else { return (drawn, instant) }
    return aligned
  }
}

/// The push decision worked out from the rule's documented semantics, one check after another,
/// with do-not-disturb from ``ReferenceSchedule``: the master switch, the switch for the kind,
/// the platform rule (the user online on a platform in `onlinePlatforms` and the target in
/// `notToReceiveOfflinePushPlatforms`), then do-not-disturb, whose suppression lasts until the
/// state next changes.
public enum ReferencePushDecision {
  /// The decision for a case.
  ///
  /// - Parameters:
  ///   - pushCase: The stored rule, when it was saved, and the query.
  ///   - zones: The database the rule's zone comes from.
  /// - Returns: The decision, `until` included.
  /// - Throws: `ZoneError` for an unknown zone or an instant outside the supported years.
  public static func decision(for pushCase: PushCase, zones: ZoneDatabase) throws -> PushDecision {
    let rule = pushCase.rule
    let query = pushCase.query
    if !rule.offlinePushEnabled { return .suppress(.offlinePushDisabled, until: nil) }
    if query.kind == .message && !rule.messageOfflinePushEnabled {
      return .suppress(.messagePushDisabled, until: nil)
    }
    if query.kind == .call && !rule.callOfflinePushEnabled {
      return .suppress(.callPushDisabled, until: nil)
    }
    if rule.notToReceiveOfflinePushPlatforms.contains(query.target)
      && query.online.contains(where: rule.onlinePlatforms.contains)
    {
      return .suppress(.platformRule, until: nil)
    }
    guard let dnd = rule.doNotDisturbRule,
      let reference = try referenceSchedule(dnd, savedAt: pushCase.savedAt, zones: zones),
      try reference.contains(query.instant)
    else { return .deliver }
    return .suppress(.doNotDisturb, until: try reference.nextChange(after: query.instant))
  }

  /// The whole decision for a case, with the query's preferences, conversation setting and
  /// message (absent ones as their defaults), worked out from the documented order: the
  /// switches and the platform rule as ``decision(for:zones:)``; for messages, the level (the
  /// conversation setting's while `at < until`, else the preferences'), `none` suppressing as
  /// `conversationMuted` and `mentions` without a mention or @all as `notMentioned`, with the
  /// setting's `until` when its level decided; then do-not-disturb, lifted by the first
  /// breakthrough of priority sender (exact UTF-8 bytes), repeat caller (a call, a window over
  /// 0, `0 ≤ at − previousCallAt ≤ window`), urgent and mention (not @all).
  ///
  /// - Parameters:
  ///   - pushCase: The stored rule, when it was saved, and the query.
  ///   - zones: The database the rule's zone comes from.
  /// - Returns: The decision: a delivery, a breakthrough that delivered, or a suppression.
  /// - Throws: `ZoneError` for an unknown zone or an instant outside the supported years.
  public static func policyDecision(for pushCase: PushCase, zones: ZoneDatabase) throws
    -> PushDecision
  {
    let rule = pushCase.rule
    let query = pushCase.query
    let preferences = query.preferences ?? PushPreferences()
    let message = query.message ?? PushMessage()
    var withoutDND = pushCase
    withoutDND.rule.doNotDisturbRule = nil
    let before = try decision(for: withoutDND, zones: zones)
    if case .suppress = before { return before }
    if query.kind == .message {
      var level = preferences.level
      var until: Int64? = nil
      if let conversation = query.conversation,
        conversation.until.map({ query.instant < $0 }) ?? true
      {
        level = conversation.level
        until = conversation.until
      }
      if level == .muted { return .suppress(.conversationMuted, until: until) }
      if level == .mentions && !message.mentioned && !message.mentionAll {
        return .suppress(.notMentioned, until: until)
      }
    }
    let dnd = try decision(
      for: PushCase(
        rule: OfflinePushRule(doNotDisturbRule: rule.doNotDisturbRule),
        savedAt: pushCase.savedAt, query: query), zones: zones)
    guard case .suppress = dnd else { return .deliver }
    let policy = preferences.breakthrough
    if let sender = message.sender,
      policy.senders.contains(where: { Array($0.utf8) == Array(sender.utf8) })
    {
      return .breakthrough(.prioritySender)
    }
    if query.kind == .call, policy.repeatCallSeconds > 0, let previous = message.previousCallAt,
      query.instant - previous >= 0, query.instant - previous <= policy.repeatCallSeconds
    {
      return .breakthrough(.repeatCaller)
    }
    if policy.urgent && message.urgent {
      return .breakthrough(.urgent)
    }
    if policy.mentions && message.mentioned {
      return .breakthrough(.mention)
    }
    return dnd
  }

  /// The reference schedule of a stored do-not-disturb rule, or nil when it can never be on.
  static func referenceSchedule(
    _ rule: DoNotDisturbRule, savedAt: Int64, zones: ZoneDatabase
  ) throws -> ReferenceSchedule? {
    guard rule.enabled else { return nil }
    let zone = try zones.zone(rule.timeZoneID.isEmpty ? "UTC" : rule.timeZoneID)
    if rule.repeatMode.isOneOff {
      return try ReferenceSchedule(oneOff: rule, zone: zone, savedAt: savedAt)
    }
    return ReferenceSchedule(rule: rule, zone: zone)
  }
}

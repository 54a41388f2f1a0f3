import DNDSchedule
import ZoneInfo

/// A push decision together with the question it answers, for logs and support: its
/// ``description`` is one readable line, built only when asked for, such as
/// `suppressed: do-not-disturb 22:00–08:00 daily in Asia/Shanghai until 2026-03-09 08:00 +08:00`.
///
/// Made by ``CompiledOfflinePushRule/explain(kind:target:online:at:preferences:conversation:message:)``,
/// which takes the question once and decides it exactly as
/// ``CompiledOfflinePushRule/decide(kind:target:online:at:preferences:conversation:message:)``
/// does.
public struct PushDecisionExplanation: Sendable, Hashable, CustomStringConvertible {
  /// The decision, the one `decide` gives for the same question.
  public let decision: PushDecision
  // The question, kept for the words.
  let kind: PushKind
  let target: Platform
  /// The instant decided at, UNIX seconds.
  package let instant: Int64
  /// The rule's compiled do-not-disturb schedule (its window and zone).
  let schedule: DoNotDisturbSchedule
  /// The message decided on, if any.
  let message: PushMessage?
  /// The conversation setting, when one applied at the instant.
  let conversation: ConversationSetting?
  /// The user's compiled preferences, if any.
  let preferences: CompiledPushPreferences?

  init(
    decision: PushDecision, kind: PushKind, target: Platform, instant: Int64,
    schedule: DoNotDisturbSchedule, message: PushMessage?, conversation: ConversationSetting?,
    preferences: CompiledPushPreferences?
  ) {
    self.decision = decision
    self.kind = kind
    self.target = target
    self.instant = instant
    self.schedule = schedule
    self.message = message
    self.conversation = conversation
    self.preferences = preferences
  }

  /// One line: the decision and why.
  public var description: String {
    switch decision {
    case .breakthrough(let breakthrough):
      return "deliver: " + dndWords() + ", but " + words(breakthrough)
    case .deliver:
      return "deliver: \(kind) push to \(target) allowed (switches on, no platform rule, "
        + "not in do-not-disturb)"
    case .suppress(let reason, let until):
      switch reason {
      case .offlinePushDisabled:
        return "suppressed: offline push is switched off (offlinePushEnabled = false)"
      case .messagePushDisabled:
        return
          "suppressed: message offline push is switched off (messageOfflinePushEnabled = false)"
      case .callPushDisabled:
        return "suppressed: call offline push is switched off (callOfflinePushEnabled = false)"
      case .platformRule:
        return "suppressed: the user is online on a platform in onlinePlatforms and \(target) "
          + "is in notToReceiveOfflinePushPlatforms"
      case .conversationMuted, .notMentioned:
        let end = until.map { " until " + Self.formatUntil($0, zone: schedule.zone) } ?? ""
        let whose = conversation != nil ? "the conversation is" : "the user's default level is"
        return reason == .conversationMuted
          ? "suppressed: \(whose) none (muted)\(end)"
          : "suppressed: \(whose) mentions only\(end), and the message mentions neither the user "
            + "nor everyone"
      case .doNotDisturb:
        let end = until.map { " until " + Self.formatUntil($0, zone: schedule.zone) } ?? ""
        return "suppressed: do-not-disturb \(schedule)\(end)"
      }
    }
  }

  /// `do-not-disturb 22:00–08:00 daily in UTC until 2026-01-01 08:00 +00:00`, for the block
  /// a breakthrough lifted.
  func dndWords() -> String {
    let end = (try? schedule.stateAndBlockEnd(instant)).flatMap {
      $0.blockEnd == .max ? nil : " until " + Self.formatUntil($0.blockEnd, zone: schedule.zone)
    }
    return "do-not-disturb \(schedule)\(end ?? "")"
  }

  /// Why a breakthrough applied: `bob is a priority sender`.
  func words(_ breakthrough: Breakthrough) -> String {
    let sender = message?.sender.map { "\"\($0)\"" } ?? "the sender"
    switch breakthrough {
    case .prioritySender:
      return "\(sender) is a priority sender"
    case .repeatCaller:
      let elapsed = message?.previousCallAt.map { instant - $0 } ?? 0
      let window = preferences?.repeatCallSeconds ?? 0
      return "\(sender) called \(elapsed) s ago (a repeat call within \(window) s)"
    case .urgent:
      return "\(sender) marked it time-sensitive"
    case .mention:
      return "the message mentions the user"
    }
  }

  /// `2026-03-09 08:00 +08:00` in a zone.
  static func formatUntil(_ instant: Int64, zone: Zone) -> String {
    guard let local = try? zone.localDateTime(at: instant),
      let offset = try? zone.offset(at: instant)
    else { return String(instant) }
    let text = local.description
    let date = text.prefix(10)
    let clock = text.dropFirst(11).prefix(local.second == 0 ? 5 : 8)
    return "\(date) \(clock) \(Zone.formatOffset(offset))"
  }
}

extension CompiledOfflinePushRule {
  /// Decides a push and keeps the question with the answer, for a readable explanation that
  /// names the reason, the do-not-disturb block or the breakthrough: `deliver: do-not-disturb
  /// 22:00–08:00 daily in UTC until 2026-01-01 08:00 +00:00, but "bob" is a priority sender`.
  ///
  /// Off the hot path: use ``decide(kind:target:online:at:preferences:conversation:message:)``
  /// to decide, and this when a log line or a support tool needs the reason in words.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the user is online on now.
  ///   - instant: Now, UNIX seconds (injected by the caller).
  ///   - preferences: The user's compiled preferences, if any.
  ///   - conversation: The user's setting for the message's conversation, if any.
  ///   - message: The sender, mentions, urgency and previous call, if known.
  /// - Returns: The decision with its explanation.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999.
  public func explain(
    kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64,
    preferences: CompiledPushPreferences? = nil, conversation: ConversationSetting? = nil,
    message: PushMessage? = nil
  ) throws(ZoneError) -> PushDecisionExplanation {
    let decision = try decide(
      kind: kind, target: target, online: online, at: instant, preferences: preferences,
      conversation: conversation, message: message)
    return PushDecisionExplanation(
      decision: decision, kind: kind, target: target, instant: instant, schedule: schedule,
      message: message, conversation: conversation.flatMap { $0.applies(at: instant) ? $0 : nil },
      preferences: preferences)
  }
}

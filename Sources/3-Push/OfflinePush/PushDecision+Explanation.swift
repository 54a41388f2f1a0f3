import DNDSchedule
import ZoneInfo

extension PushDecision {
  /// A readable explanation for logs and support, built only when asked for, such as
  /// `suppressed: do-not-disturb 22:00–08:00 daily in Asia/Shanghai until 2026-03-09 08:00 +08:00`.
  ///
  /// - Parameters:
  ///   - rule: The rule that made the decision (for the DND window and zone).
  ///   - kind: The push kind decided on.
  ///   - target: The target platform decided on.
  /// - Returns: One line of text.
  public func explanation(rule: CompiledOfflinePushRule, kind: PushKind, target: Platform)
    -> String
  {
    switch self {
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
      case .doNotDisturb:
        let end = until.map { " until " + Self.formatUntil($0, zone: rule.schedule.zone) } ?? ""
        return "suppressed: do-not-disturb \(rule.schedule)\(end)"
      }
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

import DNDSchedule
import OfflinePush
import ZoneInfo

/// A stand-in for a team's push service: it keeps each user's offline push rule as
/// the user saved it and asks DNDKit before every offline push.
public struct PushService: Sendable {
  /// The time zone data the service decides with.
  public let zones: ZoneDatabase

  /// Creates the service.
  ///
  /// - Parameter zones: The time zone data.
  public init(zones: ZoneDatabase) {
    self.zones = zones
  }

  /// Whether a user's quiet hours hold at an instant.
  ///
  /// - Parameters:
  ///   - rule: The user's do-not-disturb rule, as stored (one-off rules saved).
  ///   - instant: UNIX seconds.
  /// - Returns: Whether pushes should wait.
  /// - Throws: When the rule is invalid or the instant out of range.
  public func isQuiet(_ rule: DoNotDisturbRule, at instant: Int64) throws -> Bool {
    try DoNotDisturbSchedule(rule: rule, zones: zones).contains(instant)
  }

  /// Whether to send an offline push now.
  ///
  /// - Parameters:
  ///   - rule: The user's stored rule.
  ///   - kind: Message or call.
  ///   - target: The device's platform.
  ///   - online: The platforms the user is online on.
  ///   - instant: UNIX seconds.
  /// - Returns: Whether the push goes out.
  /// - Throws: When the rule is invalid or the instant out of range.
  public func shouldPush(
    _ rule: OfflinePushRule, kind: PushKind, to target: Platform, online: [Platform],
    at instant: Int64
  ) throws -> Bool {
    let compiled = try CompiledOfflinePushRule(rule: rule, zones: zones)
    return try compiled.decide(
      kind: kind, target: target, online: PlatformSet(online), at: instant
    ).delivers
  }
}

import DNDSchedule
import OfflinePush
import ZoneInfo

/// A suite that decides with the night rule: 22:00–08:00 daily in UTC, every switch on.
protocol NightRuleCase {
  /// The zones the rule compiles with (set up by the suite).
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var zones: ZoneDatabase! { get }
}

extension NightRuleCase {
  /// The night rule, compiled.
  func nightRule() throws -> CompiledOfflinePushRule {
    try CompiledOfflinePushRule(
      rule: OfflinePushRule(
        doNotDisturbRule: DoNotDisturbRule(
          enabled: true, startHour: 22, endHour: 8, repeatMode: .daily)), zones: zones)
  }

  /// 2026-01-01 00:00 UTC, inside the night window.
  var midnight: Int64 { 1_767_225_600 }
}

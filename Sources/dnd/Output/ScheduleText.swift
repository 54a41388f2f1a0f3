import DNDSchedule
import ZoneInfo

/// How the tool shows a weekly schedule: its windows as the library summarizes them, and its
/// snooze as instants on the schedule's wall clock, as every other instant the tool shows,
/// rather than the library's raw UNIX seconds.
enum ScheduleText {
  /// The schedule's windows and zone: `quiet Mon, Tue 22:00–07:00 in Europe/Berlin`, without
  /// the snooze.
  static func windows(_ schedule: WeeklySchedule, snooze: WeeklyScheduleRule.Snooze?) -> String {
    let text = schedule.description
    guard let snooze else { return text }
    // The library's summary ends with the snooze in seconds; it is shown apart here.
    let suffix = ", snoozed [\(snooze.from), \(snooze.until))"
    return text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text
  }

  /// The snooze's bounds: `2026-01-01T01:00:00+01:00 CET (2026-01-01T00:00:00Z) [1767225600]`.
  static func bounds(_ snooze: WeeklyScheduleRule.Snooze, in zone: Zone) -> (
    from: String, until: String
  ) {
    (
      "\(TimeFormatting.instant(snooze.from, in: zone)) [\(snooze.from)]",
      "\(TimeFormatting.instant(snooze.until, in: zone)) [\(snooze.until)]"
    )
  }

  /// `Snoozed 2026-01-01T01:00:00+01:00 CET to 2026-01-01T02:00:00+01:00 CET [1767225600,
  /// 1767229200)`, in one line, for a timeline's heading.
  static func snoozeLine(_ snooze: WeeklyScheduleRule.Snooze, in zone: Zone) -> String {
    "Snoozed \(TimeFormatting.wallClock(snooze.from, in: zone)) to "
      + "\(TimeFormatting.wallClock(snooze.until, in: zone)) [\(snooze.from), \(snooze.until))"
  }
}

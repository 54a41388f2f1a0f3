import DNDSchedule
import ZoneInfo

extension CheckCommand {
  /// `dnd check` for a weekly schedule: whether a push must wait at the instant, until when,
  /// or when the next quiet stretch starts; the snooze (the rule's) shown on the wall clock.
  static func runWeekly(
    _ schedule: WeeklySchedule, snooze: WeeklyScheduleRule.Snooze?, _ arguments: Arguments,
    at: Int64
  ) throws(CLIError) -> Int32 {
    for option in [Option.kind, Option.platform, Option.online, Option.savedAt]
    where arguments[option] != nil {
      throw .usage(
        "\(option.name) applies to push and do-not-disturb rules, not to a weekly schedule")
    }
    var lines = [label("Schedule", ScheduleText.windows(schedule, snooze: snooze))]
    if let snooze {
      let (from, until) = ScheduleText.bounds(snooze, in: schedule.zone)
      lines += [label("Snoozed", "from  \(from)"), label("", "until \(until)")]
    }
    lines.append(label("At", TimeFormatting.instant(at, in: schedule.zone)))
    lines += try weeklyStateLines(schedule, at: at)
    print(lines.joined(separator: "\n"))
    return ExitStatus.success
  }

  /// Whether a push waits at an instant, with the quiet stretch or the next one.
  static func weeklyStateLines(_ schedule: WeeklySchedule, at: Int64) throws(CLIError)
    -> [String]
  {
    let zone = schedule.zone
    do {
      let quiet = try schedule.contains(at)
      guard let change = try schedule.nextChange(after: at) else {
        return [label("Quiet", quiet ? "yes, all the time" : "no, and it never will be")]
      }
      if quiet {
        return [
          label("Quiet", "yes, for another \(TimeFormatting.duration(change - at))"),
          label("", "a push may go at \(TimeFormatting.instant(change, in: zone))"),
        ]
      }
      let end = try schedule.nextChange(after: change)
      var lines = [
        label("Quiet", "no; quiet in \(TimeFormatting.duration(change - at))"),
        label("", "from  \(TimeFormatting.instant(change, in: zone))"),
      ]
      if let end { lines.append(label("", "until \(TimeFormatting.instant(end, in: zone))")) }
      return lines
    } catch {
      throw .input(error.description)
    }
  }
}

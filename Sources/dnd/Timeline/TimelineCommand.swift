import DNDSchedule
import Foundation
import SystemInterface
import ZoneInfo

/// `dnd timeline`: the coming days of a rule as text bars, and optionally as an SVG picture.
enum TimelineCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let rule = OptionSpec.value(
      "--rule", "FILE|-",
      "the rule as JSON, as for 'dnd check' (a weekly schedule draws when pushes wait)")
    static let from = OptionSpec.value(
      "--from", "DATE",
      "the first date: YYYY-MM-DD in the rule's zone, today (the default), or an INSTANT (its "
        + "local date)")
    static let days = OptionSpec.value("--days", "N", "how many days, 1...366 (default 7)")
    static let savedAt = OptionSpec.value(
      "--saved-at", "INSTANT",
      "save the rule at this instant first, as the server does (computes onceEndTimestamp for "
        + "once and unknown rules)")
    static let at = OptionSpec.value(
      "--at", "INSTANT",
      "mark this instant on its day (the timeline starts on its date unless --from is given)")
    static let svg = OptionSpec.value(
      "--svg", "FILE",
      "also write the timeline as an SVG picture to FILE (a regular file, replaced whole, or a "
        + "new one); with -, write only the SVG, to standard output")
    static let ascii = OptionSpec.flag(
      "--ascii", "draw the bars with # + . instead of block characters")
  }

  static let spec = CommandSpec(
    name: "timeline", summary: "the coming days as 24-hour bars, or an SVG picture",
    usage: """
      dnd timeline --rule FILE|- [--from DATE] [--days N] [--saved-at INSTANT]
                          [--at INSTANT] [--svg FILE] [--ascii]
      """,
    about: """
      Draws a rule's do-not-disturb periods, one line per local date in the rule's zone: a
      24-hour bar of half-hour cells, the do-not-disturb times, and the zone's clock changes
      (DST transitions) marked under the days they happen on, with the shift.
      """,
    options: [
      Option.rule, Option.from, Option.days, Option.savedAt, Option.at, Option.svg, Option.ascii,
    ],
    footer: """
      INSTANT: ISO 8601 with an offset or Z (2026-03-08T07:30:00Z, 2026-03-08T02:30:00-05:00),
      UNIX seconds (1772955000), or now.

      Exit status: 0 when drawn; 2 for bad usage or input.

      Example:
        dnd example --json > rule.json
        dnd timeline --rule rule.json --from 2026-03-05 --days 7 --svg week.svg
      """)

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let input = try RuleInput(path: arguments.required(Option.rule))
    let days = try arguments.integer(Option.days, in: 1...366) ?? 7
    let savedAt = try arguments[Option.savedAt].map { (text) throws(CLIError) in
      try InstantParsing.instant(text, option: Option.savedAt.name, now: context.now)
    }
    for key in input.unknownKeys {
      printError("dnd timeline: warning: ignoring unknown key \(quoted(key)) in \(input.source)")
    }
    let zones = try context.zones()
    let weekly = try input.compileWeeklySchedule(zones: zones)
    if weekly != nil, savedAt != nil {
      throw .usage(
        "\(Option.savedAt.name) applies to push and do-not-disturb rules, not to a weekly schedule")
    }
    let rule = try weekly == nil ? input.compile(savedAt: savedAt, zones: zones) : nil
    let clock = WallClock(zone: weekly?.zone ?? rule?.schedule.zone ?? .utc)
    let at = try arguments[Option.at].map { (text) throws(CLIError) in
      try InstantParsing.instant(text, option: Option.at.name, now: context.now)
    }
    let marker = at.map { (instant: $0, label: Option.at.name) }
    let fromText = arguments[Option.from] ?? (arguments[Option.at] ?? "today")
    let firstDay: Int64
    if let at, arguments[Option.from] == nil {
      firstDay = clock.dayNumber(at: at)
    } else if fromText == "today" {
      firstDay = clock.dayNumber(at: try context.now())
    } else if let day = try InstantParsing.date(fromText, option: Option.from.name) {
      firstDay = day
    } else {
      let instant = try InstantParsing.instant(fromText, option: Option.from.name, now: context.now)
      firstDay = clock.dayNumber(at: instant)
    }
    let layout: TimelineLayout
    if let weekly {
      let snooze = input.weeklySchedule?.snooze
      var weeklyLayout = try TimelineLayout(
        title: "Pushes wait: \(ScheduleText.windows(weekly, snooze: snooze))", zone: weekly.zone,
        firstDay: firstDay, count: days,
        quietPeriods: { (range) throws(ZoneError) in try weekly.periods(overlapping: range) })
      weeklyLayout.note = snooze.map { ScheduleText.snoozeLine($0, in: weekly.zone) }
      layout = weeklyLayout
    } else if let rule {
      layout = try TimelineLayout(schedule: rule.schedule, firstDay: firstDay, count: days)
    } else {
      throw .input("no rule in \(input.source)")
    }
    let svgPath = arguments.path(Option.svg)
    if let svgPath {
      let svg = TimelineSVG(layout: layout, tzdataVersion: zones.version(), marker: marker).render()
      if svgPath == PathBytes("-") {
        print(svg, terminator: "")
        return ExitStatus.success
      }
      try ToolFiles.write(Array(svg.utf8), to: svgPath, option: Option.svg.name)
    }
    let palette: TimelineText.Palette = arguments.has(Option.ascii) ? .ascii : .blocks
    print(TimelineText(layout: layout, palette: palette, marker: marker).render())
    if let svgPath {
      print("\nWrote the SVG timeline to \(svgPath)")
    }
    return ExitStatus.success
  }
}

import DNDSchedule
import Foundation
import ZoneInfo

/// `dnd timeline`: the coming days of a rule as text bars, and optionally as an SVG picture.
enum TimelineCommand {
  static let spec = OptionSpec(
    valued: ["--rule", "--from", "--days", "--saved-at", "--at", "--svg"], flags: ["--ascii"])

  static let help = """
    Usage: dnd timeline --rule FILE|- [--from DATE] [--days N] [--saved-at INSTANT]
                        [--at INSTANT] [--svg FILE] [--ascii]

    Draws a rule's do-not-disturb periods, one line per local date in the rule's zone: a
    24-hour bar of half-hour cells, the do-not-disturb times, and the zone's clock changes
    (DST transitions) marked under the days they happen on, with the shift.

    Options:
      --rule FILE|-       the rule as JSON, as for 'dnd check' (a weekly schedule draws
                          when pushes wait)
      --from DATE         the first date: YYYY-MM-DD in the rule's zone, today (the default),
                          or an INSTANT (its local date)
      --days N            how many days, 1...366 (default 7)
      --saved-at INSTANT  save the rule at this instant first, as the server does
                          (computes onceEndTimestamp for once and unknown rules)
      --at INSTANT        mark this instant on its day (the timeline starts on its date
                          unless --from is given)
      --svg FILE          also write the timeline as an SVG picture to FILE (a regular
                          file, replaced whole, or a new one); with -, write only the SVG,
                          to standard output
      --ascii             draw the bars with # + . instead of block characters
      -h, --help          show this help

    INSTANT: ISO 8601 with an offset or Z (2026-03-08T07:30:00Z, 2026-03-08T02:30:00-05:00),
    UNIX seconds (1772955000), or now.

    Exit status: 0 when drawn; 2 for bad usage or input.

    Example:
      dnd example --json > rule.json
      dnd timeline --rule rule.json --from 2026-03-05 --days 7 --svg week.svg
    """

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let input = try RuleInput(path: arguments.required("--rule"))
    let days = try arguments.integer("--days", in: 1...366) ?? 7
    let savedAt = try arguments["--saved-at"].map { (text) throws(CLIError) in
      try InstantParsing.instant(text, option: "--saved-at", now: context.now)
    }
    for key in input.unknownKeys {
      printError("dnd timeline: warning: ignoring unknown key \(quoted(key)) in \(input.source)")
    }
    let zones = try context.zones()
    let weekly = try input.compileWeeklySchedule(zones: zones)
    if weekly != nil, savedAt != nil {
      throw .usage("--saved-at applies to push and do-not-disturb rules, not to a weekly schedule")
    }
    let rule = try weekly == nil ? input.compile(savedAt: savedAt, zones: zones) : nil
    let clock = WallClock(zone: weekly?.zone ?? rule?.schedule.zone ?? .utc)
    let at = try arguments["--at"].map { (text) throws(CLIError) in
      try InstantParsing.instant(text, option: "--at", now: context.now)
    }
    let marker = at.map { (instant: $0, label: "--at") }
    let fromText = arguments["--from"] ?? (arguments["--at"] ?? "today")
    let firstDay: Int64
    if let at, arguments["--from"] == nil {
      firstDay = clock.dayNumber(at: at)
    } else if fromText == "today" {
      firstDay = clock.dayNumber(at: try context.now())
    } else if let day = try InstantParsing.date(fromText, option: "--from") {
      firstDay = day
    } else {
      let instant = try InstantParsing.instant(fromText, option: "--from", now: context.now)
      firstDay = clock.dayNumber(at: instant)
    }
    let layout: TimelineLayout
    if let weekly {
      layout = try TimelineLayout(
        title: "Pushes wait: \(weekly.description)", zone: weekly.zone, firstDay: firstDay,
        count: days,
        quietPeriods: { (range) throws(ZoneError) in try weekly.quietIntervals(in: range) })
    } else if let rule {
      layout = try TimelineLayout(schedule: rule.schedule, firstDay: firstDay, count: days)
    } else {
      throw .input("no rule in \(input.source)")
    }
    let svgPath = arguments["--svg"]
    if let svgPath {
      let svg = TimelineSVG(layout: layout, tzdataVersion: zones.version(), marker: marker).render()
      if svgPath == "-" {
        print(svg, terminator: "")
        return ExitStatus.success
      }
      try ToolFiles.write(Array(svg.utf8), to: svgPath, option: "--svg")
    }
    let palette: TimelineText.Palette = arguments.has("--ascii") ? .ascii : .blocks
    print(TimelineText(layout: layout, palette: palette, marker: marker).render())
    if let svgPath {
      print("\nWrote the SVG timeline to \(svgPath)")
    }
    return ExitStatus.success
  }
}

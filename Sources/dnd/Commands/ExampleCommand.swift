import DNDSchedule
import Foundation
import OfflinePush
import ZoneInfo

/// `dnd example` (and `dnd` alone): the main job on the embedded example rule — whether
/// pushes would go out now and why, and the coming week as a timeline.
enum ExampleCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let at = OptionSpec.value("--at", "INSTANT", "decide at this instant instead of now")
    static let ascii = OptionSpec.flag(
      "--ascii", "draw the timeline with # + . instead of block characters")
    static let json = OptionSpec.flag(
      "--json", "print the example rule as JSON instead (a file for 'dnd check --rule')")
  }

  static let spec = CommandSpec(
    name: "example", summary: "the example rule: pushes now and the coming week (the default)",
    usage: "dnd [example] [--at INSTANT] [--ascii] [--json]",
    about: """
      Runs DNDKit on an example offline push rule: do-not-disturb 22:00–08:00 every day in
      America/New_York (a zone with daylight saving time), no pushes to the iPad while the
      user is online on a computer, call pushes switched off. Prints whether some pushes
      would go out now and why, and the coming 7 days as a timeline.
      """,
    options: [Option.at, Option.ascii, Option.json],
    footer: "Exit status: 0; 2 for bad usage or when the time zone database is missing.")

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    if arguments.has(Option.json) {
      print(ExampleRule.json)
      return ExitStatus.success
    }
    let at = try InstantParsing.instant(
      arguments[Option.at] ?? "now", option: Option.at.name, now: context.now)
    let input = try RuleInput(bytes: Array(ExampleRule.json.utf8), source: "the example rule")
    let rule = try input.compile(savedAt: nil, zones: context.zones())
    var lines = [
      "DNDKit example: an offline push rule (dnd example --json prints it; dnd --help for more)",
      "",
    ]
    lines += CheckCommand.ruleLines(input, rule)
    lines.append(
      CheckCommand.label(
        arguments[Option.at] == nil ? "Now" : "At",
        TimeFormatting.instant(at, in: rule.schedule.zone)))
    lines += try CheckCommand.stateLines(rule.schedule, at: at)
    for push in ExampleRule.pushes {
      lines.append("")
      lines += try CheckCommand.decisionLines(rule, push: push, at: at)
    }
    lines.append("")
    let clock = WallClock(zone: rule.schedule.zone)
    let layout = try TimelineLayout(
      schedule: rule.schedule, firstDay: clock.dayNumber(at: at), count: 7)
    let palette: TimelineText.Palette = arguments.has(Option.ascii) ? .ascii : .blocks
    let marker = (instant: at, label: arguments[Option.at] == nil ? "now" : Option.at.name)
    lines.append(TimelineText(layout: layout, palette: palette, marker: marker).render())
    lines.append("")
    // The commands as the user ran this one, so that they work from here: `dnd` on the PATH,
    // `./dnd`, or the build's path under `swift run`.
    let dnd = context.command
    lines.append("Next:")
    lines.append("  \(dnd) example --json > rule.json")
    lines.append("  \(dnd) check --rule rule.json --at 2026-03-08T07:30:00Z")
    lines.append("  \(dnd) timeline --rule rule.json --at 2026-03-08T07:30:00Z --svg week.svg")
    lines.append("  \(dnd) --help")
    print(lines.joined(separator: "\n"))
    return ExitStatus.success
  }
}

import ZoneInfo

/// The `dnd` command: finds the subcommand, parses its options, runs it, and turns errors into
/// messages on standard error and exit statuses.
enum DNDTool {
  /// A subcommand: its name, one line for the overview, its help, options and body.
  struct Subcommand: Sendable {
    var name: String
    var summary: String
    var help: String
    var spec: OptionSpec
    var run: @Sendable (Arguments, ToolContext) throws(CLIError) -> Int32
  }

  static let subcommands: [Subcommand] = [
    Subcommand(
      name: "example", summary: "the example rule: pushes now and the coming week (the default)",
      help: ExampleCommand.help, spec: ExampleCommand.spec, run: ExampleCommand.run),
    Subcommand(
      name: "check", summary: "DND state at an instant; with --kind, a push decision and why",
      help: CheckCommand.help, spec: CheckCommand.spec, run: CheckCommand.run),
    Subcommand(
      name: "timeline", summary: "the coming days as 24-hour bars, or an SVG picture",
      help: TimelineCommand.help, spec: TimelineCommand.spec, run: TimelineCommand.run),
    Subcommand(
      name: "eval", summary: "batch evaluation: JSON Lines queries in, answers out",
      help: EvalCommand.help, spec: EvalCommand.spec, run: EvalCommand.run),
    Subcommand(
      name: "verify", summary: "check the fixture tables; ends with `N passed, M failed`",
      help: VerifyCommand.help, spec: VerifyCommand.spec, run: VerifyCommand.run),
    Subcommand(
      name: "zones",
      summary: "the time zone database: where it is, its tzdata version, every zone ID",
      help: ZonesCommand.help, spec: ZonesCommand.spec, run: ZonesCommand.run),
    Subcommand(
      name: "zone", summary: "a zone's transitions in a year, local time before and after",
      help: ZoneCommand.help, spec: ZoneCommand.spec, run: ZoneCommand.run),
    Subcommand(
      name: "bundle", summary: "write a zoneinfo directory as the snapshot ZoneInfoBundle embeds",
      help: BundleCommand.help, spec: BundleCommand.spec, run: BundleCommand.run),
    Subcommand(
      name: "recall", summary: "the APNs payloads of a message push and of its recall command",
      help: RecallPayloadCommand.help, spec: RecallPayloadCommand.spec,
      run: RecallPayloadCommand.run),
  ]

  static var help: String {
    let list = subcommands.map { "  " + $0.name.padding(to: 10) + $0.summary }
    return """
      dnd: do-not-disturb schedules and offline push decisions with DNDKit

      Usage: dnd [SUBCOMMAND] [OPTIONS]
             dnd SUBCOMMAND --help

      Subcommands:
      \(list.joined(separator: "\n"))

      With no subcommand, dnd runs 'example'.

      INSTANT arguments: ISO 8601 with an offset or Z (2026-03-08T07:30:00Z,
      2026-03-08T02:30:00-05:00), UNIX seconds (1772955000), or now.
      Now is the system clock, or the INSTANT in $DND_NOW when it is set.
      Time zones come from the system's tzdata ($TZDIR, default /usr/share/zoneinfo) when it
      exists, else from the tzdata snapshot built into dnd ('dnd zones' says which).
      --tzdata system|bundled|PATH, before or after the subcommand, chooses explicitly.

      Exit status: 0 success; 1 a check that failed (verify); 2 bad usage or input.
      """
  }

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - context: The outside world.
  /// - Returns: The exit status.
  static func main(_ arguments: [String], context: ToolContext) -> Int32 {
    var rest = arguments
    var subcommand = subcommands[0]
    do {
      if let choice = try takeTZData(&rest) { context.tzdata = ToolContext.TZDataChoice(choice) }
    } catch {
      printError("dnd: error: \(error.message)")
      return ExitStatus.badInput
    }
    if let first = rest.first {
      if first == "-h" || first == "--help" || first == "help" {
        if rest.count > 1, let named = subcommands.first(where: { $0.name == rest[1] }) {
          print(named.help)
        } else {
          print(help)
        }
        return ExitStatus.success
      }
      if let named = subcommands.first(where: { $0.name == first }) {
        subcommand = named
        rest.removeFirst()
      } else if !first.hasPrefix("-") {
        printError("dnd: error: unknown subcommand \(quoted(first))")
        printError("Run 'dnd --help' for the list of subcommands.")
        return ExitStatus.badInput
      }
    }
    do {
      let parsed = try Arguments(rest, command: subcommand.name, spec: subcommand.spec)
      if parsed.wantsHelp {
        print(subcommand.help)
        return ExitStatus.success
      }
      return try subcommand.run(parsed, context)
    } catch {
      printError("dnd \(subcommand.name): error: \(error.message)")
      if error.suggestsHelp {
        printError("Run 'dnd \(subcommand.name) --help' for usage.")
      }
      return ExitStatus.badInput
    }
  }

  /// Removes the global `--tzdata VALUE` (or `--tzdata=VALUE`) from the arguments before any
  /// `--`, and returns its value.
  static func takeTZData(_ arguments: inout [String]) throws(CLIError) -> String? {
    var value: String?
    var i = 0
    while i < arguments.count && arguments[i] != "--" {
      if arguments[i] == "--tzdata" {
        guard i + 1 < arguments.count else {
          throw .usage("--tzdata needs system, bundled or a PATH")
        }
        value = arguments[i + 1]
        arguments.removeSubrange(i...(i + 1))
      } else if arguments[i].hasPrefix("--tzdata=") {
        value = String(arguments[i].dropFirst("--tzdata=".count))
        arguments.remove(at: i)
      } else {
        i += 1
      }
    }
    if value == "" { throw .usage("--tzdata needs system, bundled or a PATH") }
    return value
  }
}

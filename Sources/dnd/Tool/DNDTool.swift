import ZoneInfo

/// The `dnd` command: finds the subcommand, parses its options, runs it, and turns errors into
/// messages on standard error and exit statuses.
enum DNDTool {
  /// DNDKit's version, which `dnd --version` prints: the latest release in CHANGELOG.md (a
  /// test keeps the two equal), moved in the commit that makes a release.
  static let version = "1.0.0"

  /// The option that prints ``version``: on its own, like `--help`, not an option of a
  /// subcommand.
  static let versionFlag = "--version"

  /// A subcommand: what it accepts and says (its declaration) and its body.
  struct Subcommand: Sendable {
    var spec: CommandSpec
    var run: @Sendable (Arguments, ToolContext) throws(CLIError) -> Int32
    var name: String { spec.name }
  }

  static let subcommands: [Subcommand] = [
    Subcommand(spec: ExampleCommand.spec, run: ExampleCommand.run),
    Subcommand(spec: CheckCommand.spec, run: CheckCommand.run),
    Subcommand(spec: TimelineCommand.spec, run: TimelineCommand.run),
    Subcommand(spec: EvalCommand.spec, run: EvalCommand.run),
    Subcommand(spec: VerifyCommand.spec, run: VerifyCommand.run),
    Subcommand(spec: ZonesCommand.spec, run: ZonesCommand.run),
    Subcommand(spec: ZoneCommand.spec, run: ZoneCommand.run),
    Subcommand(spec: BundleCommand.spec, run: BundleCommand.run),
    Subcommand(spec: RecallPayloadCommand.spec, run: RecallPayloadCommand.run),
  ]

  /// `--tzdata`, which every subcommand takes, before or after its name.
  static let tzdata = OptionSpec.value(
    "--tzdata", "system|bundled|PATH",
    "the time zone data: the system's ($TZDIR, default /usr/share/zoneinfo), the snapshot "
      + "built into dnd, or a zoneinfo directory (default: the system's when it exists, "
      + "else the built-in one; 'dnd zones' says which)")

  /// The options every subcommand takes.
  static let globalOptions = [tzdata]

  static var help: String {
    let list = subcommands.map { "  " + $0.name.padding(to: 10) + $0.spec.summary }
    let column = globalOptions.map(\.synopsis.count).max() ?? 0
    let options = globalOptions.flatMap {
      CommandSpec.item($0.synopsis, $0.help, column: column + 2)
    }
    return """
      dnd: do-not-disturb schedules and offline push decisions with DNDKit

      Usage: dnd [SUBCOMMAND] [OPTIONS]
             dnd SUBCOMMAND --help
             dnd \(versionFlag)

      Subcommands:
      \(list.joined(separator: "\n"))

      With no subcommand, dnd runs 'example'.

      Options of every subcommand (before or after its name):
      \(options.joined(separator: "\n"))

      INSTANT arguments: ISO 8601 with an offset or Z (2026-03-08T07:30:00Z,
      2026-03-08T02:30:00-05:00), UNIX seconds (1772955000), or now.
      Now is the system clock, or the INSTANT in $DND_NOW when it is set.

      Exit status: 0 success; 1 a check that failed (verify); 2 bad usage or input.
      """
  }

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name, byte for byte.
  ///   - context: The outside world.
  /// - Returns: The exit status.
  static func main(_ arguments: [CommandLineArgument], context: ToolContext) -> Int32 {
    var all = arguments
    var subcommand = subcommands[0]
    do {
      if let choice = try takeTZData(&all) { context.tzdata = ToolContext.TZDataChoice(choice) }
    } catch {
      printError("dnd: error: \(error.message)")
      return ExitStatus.badInput
    }
    let rest = all.map(\.text)
    if let first = rest.first {
      if first == versionFlag {
        print("dnd \(version)")
        return ExitStatus.success
      }
      if first == "-h" || first == "--help" || first == "help" {
        if rest.count > 1, let named = subcommands.first(where: { $0.name == rest[1] }) {
          print(named.spec.help)
        } else {
          print(help)
        }
        return ExitStatus.success
      }
      if let named = subcommands.first(where: { $0.name == first }) {
        subcommand = named
        all.removeFirst()
      } else if !first.hasPrefix("-") {
        printError("dnd: error: unknown subcommand \(quoted(first))")
        printError("Run 'dnd --help' for the list of subcommands.")
        return ExitStatus.badInput
      }
    }
    do {
      let parsed = try Arguments(all, spec: subcommand.spec)
      if parsed.wantsHelp {
        print(subcommand.spec.help)
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
  /// `--`, and returns its value, byte for byte (a PATH need not be UTF-8).
  static func takeTZData<Argument: CommandLineText>(_ arguments: inout [Argument])
    throws(CLIError) -> Argument?
  {
    var value: Argument?
    var i = 0
    while i < arguments.count && arguments[i].text != "--" {
      if arguments[i].text == tzdata.name {
        guard i + 1 < arguments.count else {
          throw .usage("--tzdata needs system, bundled or a PATH")
        }
        value = arguments[i + 1]
        arguments.removeSubrange(i...(i + 1))
      } else if arguments[i].text.hasPrefix(tzdata.name + "=") {
        value = arguments[i].afterEquals
        arguments.remove(at: i)
      } else {
        i += 1
      }
    }
    if value?.text.isEmpty == true { throw .usage("--tzdata needs system, bundled or a PATH") }
    return value
  }
}

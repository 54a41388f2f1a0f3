import BatchEvaluation
import SystemInterface

/// `dnd eval`: batch evaluation for programs, JSON Lines in, JSON Lines out.
enum EvalCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let noCache = OptionSpec.flag(
      "--no-cache",
      "decode every line with the general JSON decoder and compile every rule afresh (slower; "
        + "for cross-checking the fast path). Without it, rules that repeat are compiled once "
        + "and kept: at most 100,000 of each kind and 64 MiB in all, a cache starting over "
        + "when full")
  }

  static let spec = CommandSpec(
    name: "eval", summary: "batch evaluation: JSON Lines queries in, answers out",
    usage: "dnd eval [--no-cache] < queries.jsonl > answers.jsonl",
    about: """
      Reads JSON Lines on standard input and writes exactly one JSON line per input line, in
      order, as it goes: every answer to the lines read so far is written before waiting for
      more input. A bad line gets an error line and the stream goes on.
      """,
    options: [Option.noCache],
    footer: EvalHelp.text)

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    var engine = EvalEngine(
      zones: try context.zones(), usesFastPath: !arguments.has(Option.noCache))
    // A reader that goes away is a failed write to report (exit 1), not a death by signal.
    Syscalls.reportBrokenPipesAsErrors()
    switch EvalStream.run(engine: &engine, input: 0, output: 1) {
    case .finished:
      return ExitStatus.success
    case .readFailed(let code):
      printError("dnd eval: error: cannot read standard input: \(Errno(code).message)")
      return ExitStatus.checkFailed
    case .writeFailed(let code):
      printError("dnd eval: error: cannot write answers: \(Errno(code).message)")
      return ExitStatus.checkFailed
    }
  }

}

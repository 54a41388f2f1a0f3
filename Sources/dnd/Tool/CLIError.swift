/// Exit statuses of `dnd`, following the usual Unix conventions.
enum ExitStatus {
  /// Success.
  static let success: Int32 = 0
  /// A check that ran and failed (for example a fixture row that did not match).
  static let checkFailed: Int32 = 1
  /// Bad usage or bad input: an unknown option, a malformed rule, an unknown zone.
  static let badInput: Int32 = 2
}

/// A problem that stops a subcommand before it produces its answer; always exit status 2.
struct CLIError: Error, CustomStringConvertible {
  /// What went wrong, naming the option, field or value.
  var message: String
  /// Whether to remind the user of `--help` (for usage mistakes, not for bad data).
  var suggestsHelp: Bool

  /// A usage mistake: an unknown option, a missing value, too many arguments.
  static func usage(_ message: String) -> CLIError {
    CLIError(message: message, suggestsHelp: true)
  }

  /// Bad input data: a malformed rule, an unknown zone, an unreadable file.
  static func input(_ message: String) -> CLIError {
    CLIError(message: message, suggestsHelp: false)
  }

  var description: String { message }
}

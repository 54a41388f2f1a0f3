import SystemInterface
import ZoneInfo

/// One command-line argument: the bytes the system gave, and the text they read as for
/// parsing. A path is taken from the bytes (`--tzdata`, `--from`, `--out`, `--svg`), since a
/// name that is not UTF-8 would decode to U+FFFD and name another file; every other value is
/// text, and a byte that is not UTF-8 in it reads as U+FFFD.
struct CommandLineArgument: Equatable {
  /// The bytes, as in `argv`.
  var bytes: [UInt8]
  /// The bytes as text.
  var text: String

  /// An argument from its bytes.
  init(bytes: [UInt8]) {
    self.bytes = bytes
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// An argument from text (tests, and arguments the tool makes itself).
  init(_ text: String) {
    bytes = Array(text.utf8)
    self.text = text
  }

  /// What follows the first `=`, for `--name=VALUE`, byte for byte.
  var afterEquals: CommandLineArgument? {
    bytes.firstIndex(of: UInt8(ascii: "=")).map {
      CommandLineArgument(bytes: Array(bytes[(bytes.index(after: $0))...]))
    }
  }
}

/// An argument as the parser reads it: its text, and the value after `--name=` in the same
/// form, so that the global `--tzdata` is taken out alike from bytes and from text.
protocol CommandLineText {
  /// The argument as text.
  var text: String { get }
  /// What follows the first `=`, or nil when there is none.
  var afterEquals: Self? { get }
}

extension CommandLineArgument: CommandLineText {}

extension String: CommandLineText {
  var text: String { self }
  var afterEquals: String? { firstIndex(of: "=").map { String(self[index(after: $0)...]) } }
}

/// Parsed command-line arguments of one subcommand.
///
/// The grammar is the usual one: `--name VALUE`, `--name=VALUE`, bare flags, `-h`/`--help`
/// anywhere, `--` ending the options, and a lone `-` (standard input) as a value or positional.
struct Arguments {
  /// The subcommand's name, for messages (`check`, `zone`…).
  var command: String
  /// Option values by name (with the dashes).
  private(set) var values: [String: CommandLineArgument] = [:]
  /// Flags that were given.
  private(set) var flags: Set<String> = []
  /// Positional arguments in order.
  private(set) var positionals: [String] = []
  /// Whether `-h` or `--help` was given.
  private(set) var wantsHelp = false

  /// Parses a subcommand's arguments.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the subcommand's name.
  ///   - spec: What the subcommand accepts (its declared options).
  /// - Throws: ``CLIError`` for an unknown option, a missing value, a repeated option or too
  ///   many positional arguments.
  init(_ arguments: [CommandLineArgument], spec: CommandSpec) throws(CLIError) {
    command = spec.name
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let raw = arguments[index]
      let argument = raw.text
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        wantsHelp = true
        continue
      }
      var name = argument
      var inlineValue: CommandLineArgument?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = raw.afterEquals
      }
      guard let option = spec.option(named: name) else {
        throw .usage("unknown option \(quoted(name)) for 'dnd \(command)'")
      }
      if !option.takesValue {
        guard inlineValue == nil else {
          throw .usage("option \(name) takes no value (got \(quoted(argument)))")
        }
        flags.insert(name)
      } else {
        let value: CommandLineArgument
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw .usage("option \(name) needs a value")
        }
        guard values[name] == nil else { throw .usage("option \(name) is given more than once") }
        values[name] = value
      }
    }
    if !wantsHelp && positionals.count > spec.maximumPositionals {
      let extra = positionals[spec.maximumPositionals]
      throw .usage("unexpected argument \(quoted(extra)) for 'dnd \(command)'")
    }
  }

  /// ``init(_:spec:)`` of arguments given as text.
  init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
    try self.init(arguments.map(CommandLineArgument.init), spec: spec)
  }

  /// The value of an option, or nil when it was not given.
  subscript(option: OptionSpec) -> String? { values[option.name]?.text }

  /// The value of a path option byte for byte, or nil when it was not given.
  func path(_ option: OptionSpec) -> PathBytes? { values[option.name].map { PathBytes($0.bytes) } }

  /// Whether a flag was given.
  func has(_ flag: OptionSpec) -> Bool { flags.contains(flag.name) }

  /// The value of an option that must be given.
  ///
  /// - Parameter option: The option, such as `--rule`.
  /// - Returns: Its value.
  /// - Throws: ``CLIError`` when it is missing.
  func required(_ option: OptionSpec) throws(CLIError) -> String {
    guard let value = values[option.name] else {
      throw .usage("'dnd \(command)' needs \(option.name)")
    }
    return value.text
  }

  /// The value of a path option that must be given, byte for byte.
  ///
  /// - Parameter option: The option, such as `--out`.
  /// - Returns: Its value.
  /// - Throws: ``CLIError`` when it is missing.
  func requiredPath(_ option: OptionSpec) throws(CLIError) -> PathBytes {
    _ = try required(option)
    return PathBytes(values[option.name]?.bytes ?? [])
  }

  /// The value of an integer option within a range.
  ///
  /// - Parameters:
  ///   - option: The option.
  ///   - range: The accepted values.
  /// - Returns: The number, or nil when the option was not given.
  /// - Throws: ``CLIError`` when the value is not an integer in the range.
  func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = values[option.name]?.text else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw .usage(
        "\(option.name) \(quoted(text)) is not an integer in \(range.lowerBound)...\(range.upperBound)"
      )
    }
    return number
  }
}

import ZoneInfo

/// Parsed command-line arguments of one subcommand.
///
/// The grammar is the usual one: `--name VALUE`, `--name=VALUE`, bare flags, `-h`/`--help`
/// anywhere, `--` ending the options, and a lone `-` (standard input) as a value or positional.
struct Arguments {
  /// The subcommand's name, for messages (`check`, `zone`…).
  var command: String
  /// Option values by name (with the dashes).
  private(set) var values: [String: String] = [:]
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
  init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
    command = spec.name
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
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
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
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
        let value: String
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

  /// The value of an option, or nil when it was not given.
  subscript(option: OptionSpec) -> String? { values[option.name] }

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
    return value
  }

  /// The value of an integer option within a range.
  ///
  /// - Parameters:
  ///   - option: The option.
  ///   - range: The accepted values.
  /// - Returns: The number, or nil when the option was not given.
  /// - Throws: ``CLIError`` when the value is not an integer in the range.
  func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = values[option.name] else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw .usage(
        "\(option.name) \(quoted(text)) is not an integer in \(range.lowerBound)...\(range.upperBound)"
      )
    }
    return number
  }
}

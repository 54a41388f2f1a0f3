/// One option of a subcommand, declared once: the parser accepts what it declares and the
/// help describes it, so the two cannot drift apart.
struct OptionSpec: Sendable, Hashable {
  /// The name with its dashes: `--rule`.
  var name: String
  /// What the value is, for the help (`FILE|-`); nil for a flag, which takes no value.
  var valueName: String?
  /// What the option does, for the help; wrapped to the help's width.
  var help: String

  /// An option that takes a value: `--rule FILE` or `--rule=FILE`.
  static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, help: help)
  }

  /// An option that takes no value: `--ascii`.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help)
  }

  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// `--rule FILE|-`, as the help's left column shows it.
  var synopsis: String { valueName.map { name + " " + $0 } ?? name }
}

/// What a subcommand accepts and how its help reads: the parser and the help both read this
/// one description.
struct CommandSpec: Sendable {
  /// The subcommand's name (`check`).
  var name: String
  /// One line for the overview (`dnd --help`).
  var summary: String
  /// What follows `Usage: `, lines after the first indented to line up.
  var usage: String
  /// What the subcommand does, between the usage and the options.
  var about: String
  /// The options, in the help's order.
  var options: [OptionSpec]
  /// The most positional arguments accepted.
  var maximumPositionals = 0
  /// What follows the options: details, examples, the exit status.
  var footer: String

  /// The width the help's wrapped text keeps within.
  static let width = 92

  /// The declared option with a name, if any.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// The `--help` text: usage, what the subcommand does, its options, those every subcommand
  /// takes (described in `dnd --help`) and the footer.
  var help: String {
    let column = max(options.map(\.synopsis.count).max() ?? 0, "-h, --help".count) + 2
    var lines = ["Usage: " + usage, "", about, "", "Options:"]
    for option in options {
      lines += Self.item(option.synopsis, option.help, column: column)
    }
    lines += Self.item("-h, --help", "show this help", column: column)
    let global = DNDTool.globalOptions.map(\.synopsis).joined(separator: ", ")
    lines += Self.wrap(
      "Every subcommand also takes \(global) (see 'dnd --help').", width: Self.width)
    lines += ["", footer]
    return lines.joined(separator: "\n")
  }

  /// An indented term and its description wrapped beside it (below it when the term is
  /// wider than the column).
  static func item(_ term: String, _ text: String, column: Int) -> [String] {
    let indent = String(repeating: " ", count: 2 + column)
    let body = wrap(text, width: width - indent.count)
    var lines: [String] = []
    if term.count + 2 > column {
      lines.append("  " + term)
      lines += body.map { indent + $0 }
    } else {
      lines.append("  " + term.padding(to: column) + (body.first ?? ""))
      lines += body.dropFirst().map { indent + $0 }
    }
    return lines.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }
  }

  /// Text broken at spaces into lines of at most `width` characters (a longer word gets a
  /// line of its own).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}

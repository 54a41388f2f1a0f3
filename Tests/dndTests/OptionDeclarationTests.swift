import XCTest

@testable import dnd

/// Each subcommand's options are declared once: the parser accepts exactly the declared ones,
/// and the help shows exactly them, in its usage line and its options list.
final class OptionDeclarationTests: XCTestCase {
  /// The `--name` words of a text.
  static func optionNames(in text: String) -> Set<String> {
    var names: Set<String> = []
    var rest = text[...]
    while let range = rest.range(of: "--") {
      let tail = rest[range.upperBound...]
      let word = tail.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      if let first = word.first, first.isLetter { names.insert("--" + word) }
      rest = tail
    }
    return names
  }

  func testEveryDeclaredOptionIsParsedInBothForms() throws {
    for command in DNDTool.subcommands.map(\.spec) {
      for option in command.options {
        let context = "dnd \(command.name) \(option.name)"
        if option.takesValue {
          let spaced = try Arguments([option.name, "v a l"], spec: command)
          XCTAssertEqual(spaced[option], "v a l", context)
          let inline = try Arguments([option.name + "=x=y"], spec: command)
          XCTAssertEqual(inline[option], "x=y", context)
          XCTAssertThrowsError(try Arguments([option.name], spec: command), context) {
            XCTAssertTrue("\($0)".contains("\(option.name) needs a value"), "\(context): \($0)")
          }
          XCTAssertThrowsError(
            try Arguments([option.name, "1", option.name, "2"], spec: command), context)
        } else {
          let parsed = try Arguments([option.name], spec: command)
          XCTAssertTrue(parsed.has(option), context)
          XCTAssertThrowsError(try Arguments([option.name + "=yes"], spec: command), context) {
            XCTAssertTrue("\($0)".contains("takes no value"), "\(context): \($0)")
          }
        }
        // Given, no other declared option reads as given.
        let alone = try Arguments(
          option.takesValue ? [option.name, "v"] : [option.name], spec: command)
        for other in command.options where other != option {
          XCTAssertNil(alone[other], "\(context) is not \(other.name)")
          XCTAssertFalse(alone.has(other), "\(context) is not \(other.name)")
        }
      }
    }
  }

  func testUndeclaredOptionsAreRefused() throws {
    let declared = Set(DNDTool.subcommands.flatMap(\.spec.options).map(\.name))
    for command in DNDTool.subcommands.map(\.spec) {
      let own = Set(command.options.map(\.name))
      // Another subcommand's option, and one no subcommand declares.
      for name in declared.subtracting(own).sorted() + ["--undeclared", "-x"] {
        for form in [[name], [name, "value"], [name + "=value"]] {
          XCTAssertThrowsError(try Arguments(form, spec: command), "dnd \(command.name) \(form)") {
            XCTAssertTrue("\($0)".contains("unknown option"), "\(command.name) \(form): \($0)")
          }
        }
      }
    }
  }

  func testEveryDeclaredOptionIsInTheHelpAndNothingElse() {
    let global = Set(DNDTool.globalOptions.map(\.name))
    for command in DNDTool.subcommands.map(\.spec) {
      let own = Set(command.options.map(\.name))
      let help = command.help
      // The usage line names the command's own options, and only them (and --tzdata).
      XCTAssertEqual(
        Self.optionNames(in: command.usage).subtracting(global), own, "dnd \(command.name) usage")
      // The options list: a line per declared option, with its value name, then --help.
      let listed = help.split(separator: "\n").filter { $0.hasPrefix("  --") }
        .map { String($0.dropFirst(2).prefix { $0 != " " }) }
      XCTAssertEqual(listed, command.options.map(\.name), "dnd \(command.name) options list")
      for option in command.options {
        XCTAssertTrue(help.contains("\n  \(option.synopsis)  "), "\(command.name) \(option.name)")
      }
      XCTAssertTrue(help.contains("\n  -h, --help  "), command.name)
      for option in DNDTool.globalOptions {
        XCTAssertTrue(help.contains(option.synopsis), "\(command.name) \(option.name)")
      }
    }
  }

  /// Any `--name` a help text mentions (in prose and examples too) is an option some
  /// subcommand declares, so that a renamed or removed option cannot linger in a help.
  func testHelpsMentionOnlyDeclaredOptions() {
    let declared =
      Set(DNDTool.subcommands.flatMap(\.spec.options).map(\.name))
      .union(DNDTool.globalOptions.map(\.name)).union(["--help", DNDTool.versionFlag])
    for (name, help) in DNDTool.subcommands.map({ ($0.name, $0.spec.help) }) + [
      ("overview", DNDTool.help)
    ] {
      let mentioned = Self.optionNames(in: help)
      XCTAssertTrue(
        mentioned.isSubset(of: declared), "\(name): \(mentioned.subtracting(declared).sorted())")
    }
  }

  func testOverviewListsEverySubcommandAndGlobalOption() {
    let overview = DNDTool.help
    for subcommand in DNDTool.subcommands {
      XCTAssertTrue(
        overview.contains("\n  " + subcommand.name.padding(to: 10) + subcommand.spec.summary),
        subcommand.name)
    }
    for option in DNDTool.globalOptions {
      XCTAssertTrue(overview.contains("\n  " + option.synopsis + "  "), option.name)
      var arguments = ["check", option.name, "bundled", "--rule", "x"]
      XCTAssertEqual(try DNDTool.takeTZData(&arguments), "bundled")
      XCTAssertEqual(arguments, ["check", "--rule", "x"])
    }
  }

  /// Help text wraps within its width, except for words longer than a line.
  func testHelpLinesFitTheWidth() {
    for command in DNDTool.subcommands.map(\.spec) {
      let options = command.options.flatMap { option in
        CommandSpec.item(option.synopsis, option.help, column: 24)
      }
      for line in options {
        XCTAssertLessThanOrEqual(line.count, CommandSpec.width, "\(command.name): \(line)")
      }
    }
    XCTAssertEqual(CommandSpec.wrap("a bb ccc", width: 4), ["a bb", "ccc"])
    XCTAssertEqual(CommandSpec.wrap("", width: 4), [""])
    XCTAssertEqual(CommandSpec.wrap("abcdef g", width: 4), ["abcdef", "g"])
  }
}

import DNDKitTesting
import Foundation
import ZoneInfo

/// `dnd verify`: runs the fixture tables against the library.
enum VerifyCommand {
  static let spec = OptionSpec(maximumPositionals: Int.max)

  static let help = """
    Usage: dnd verify [FILE|DIRECTORY…]

    Checks fixture tables (tab-separated *.tsv files: zone transitions, or do-not-disturb
    cases) against DNDKit with the tool's time zone data (see 'dnd zones'; --tzdata
    system|bundled|PATH chooses). Prints each failing row as PATH:LINE: ID: WHAT DIFFERED, and ends
    with a line `N passed, M failed`. A table that cannot be read counts as one failure.

    Without arguments, checks every *.tsv in Fixtures/ of the current directory, or else in
    the DNDKit package the dnd executable was built from. A DIRECTORY means its *.tsv files.

    Options:
      -h, --help   show this help

    Exit status: 0 when every row passed; 1 when any failed; 2 for bad usage or a missing
    file or directory.
    """

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    var paths: [String] = []
    if arguments.positionals.isEmpty {
      guard let directory = defaultDirectory(context) else {
        throw .input(
          "no Fixtures/ directory here or in the package of this executable; "
            + "pass the tables to check")
      }
      paths = FixtureVerifier.tables(in: directory)
      guard !paths.isEmpty else { throw .input("no *.tsv tables in \(directory)") }
    } else {
      for path in arguments.positionals {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
          throw .input("\(quoted(path)): no such file or directory")
        }
        if isDirectory.boolValue {
          let tables = FixtureVerifier.tables(in: path)
          guard !tables.isEmpty else { throw .input("no *.tsv tables in \(path)") }
          paths += tables
        } else {
          paths.append(path)
        }
      }
    }
    let zones = try context.zones()
    let verifier = FixtureVerifier(zones: zones)
    var report = FixtureVerifier.Report()
    var unreadable: [String] = []
    for path in paths {
      do {
        report.merge(verifier.verify(try FixtureTable(contentsOf: path)))
      } catch {
        unreadable.append(error.description)
      }
    }
    for failure in report.failures { print(failure.description) }
    for problem in unreadable { print(problem) }
    do {
      try zones.checkAvailable()
    } catch {
      print("no time zone data, so only rows in UTC and the fixed Etc zones could run: \(error)")
    }
    let failed = report.failures.count + unreadable.count
    print("\(report.passed) passed, \(failed) failed")
    return failed == 0 ? ExitStatus.success : ExitStatus.checkFailed
  }

  /// `Fixtures` in the current directory, else the package's `Fixtures` found by walking up
  /// from the executable (which lives in `.build/<configuration>/` inside the package).
  static func defaultDirectory(_ context: ToolContext) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: "Fixtures", isDirectory: &isDirectory), isDirectory.boolValue {
      return "Fixtures"
    }
    var url = URL(fileURLWithPath: context.executablePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<8 {
      let fixtures = url.appendingPathComponent("Fixtures").path
      let manifest = url.appendingPathComponent("Package.swift").path
      if manager.fileExists(atPath: manifest),
        manager.fileExists(atPath: fixtures, isDirectory: &isDirectory), isDirectory.boolValue
      {
        return fixtures
      }
      url.deleteLastPathComponent()
    }
    return nil
  }
}

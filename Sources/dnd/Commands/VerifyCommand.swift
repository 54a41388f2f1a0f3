import DNDKitTesting
import Foundation
import ZoneInfo

/// `dnd verify`: runs the fixture tables against the library.
enum VerifyCommand {
  static let spec = CommandSpec(
    name: "verify", summary: "check the fixture tables; ends with `N passed, M failed`",
    usage: "dnd verify [FILE|DIRECTORY…]",
    about: """
      Checks fixture tables (tab-separated *.tsv files: zone transitions, do-not-disturb cases,
      weekly-schedule cases) against DNDKit with the tool's time zone data (the system's by
      default, see 'dnd zones'; --tzdata system|bundled|PATH chooses): does this host's tzdata
      agree with DNDKit's tables? Says which tables and which time zone data it used, prints
      each failing row as PATH:LINE: ID: WHAT DIFFERED, and ends with a line `N passed, M
      failed`. A table that cannot be read counts as one failure.

      Without arguments, checks the package's own tables (Fixtures/*.tsv), which are built into
      dnd, so it runs the same anywhere dnd is installed. A DIRECTORY means its *.tsv files.
      """,
    options: [], maximumPositionals: Int.max,
    footer: """
      Exit status: 0 when every row passed; 1 when any failed; 2 for bad usage or a missing
      file or directory.
      """)

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    var paths: [String] = []
    do {
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
    if paths.isEmpty {
      let names = BuiltInFixtures.tables.map(\.path).joined(separator: ", ")
      print("tables: built into dnd (\(names))")
      for table in BuiltInFixtures.tables {
        do {
          report.merge(verifier.verify(try FixtureTable(text: table.text, path: table.path)))
        } catch {
          unreadable.append(error.description)
        }
      }
    } else {
      print("tables: \(paths.joined(separator: ", "))")
      for path in paths {
        do {
          report.merge(verifier.verify(try FixtureTable(contentsOf: path)))
        } catch {
          unreadable.append(error.description)
        }
      }
    }
    print("time zone data: \(zones)")
    for failure in report.failures { print(failure.description) }
    for problem in unreadable { print(problem) }
    let failed = report.failures.count + unreadable.count
    print("\(report.passed) passed, \(failed) failed")
    return failed == 0 ? ExitStatus.success : ExitStatus.checkFailed
  }
}

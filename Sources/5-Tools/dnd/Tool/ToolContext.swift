import Foundation
import ZoneInfo

/// What a subcommand may read from the outside world: the time zone database (chosen by
/// `TZDIR`), the clock, and the working directory. The `dnd` tool is the only part of DNDKit
/// that reads them; the libraries take them as arguments.
final class ToolContext {
  /// The process environment.
  let environment: [String: String]
  /// The path the tool was started as (`argv[0]`), to find the package's fixtures.
  let executablePath: String
  private var database: ZoneDatabase?

  init(environment: [String: String], executablePath: String) {
    self.environment = environment
    self.executablePath = executablePath
  }

  /// The time zone database at `$TZDIR`, or at the system default; opened on first use.
  ///
  /// - Throws: ``CLIError`` when the database is missing, with the fix in the message.
  func zones() throws(CLIError) -> ZoneDatabase {
    if let database { return database }
    do {
      let opened = try ZoneDatabase(root: ZoneDatabase.environmentRoot(environment["TZDIR"]))
      database = opened
      return opened
    } catch {
      throw .input(error.description)
    }
  }

  /// Now, in whole UNIX seconds, from the system clock.
  func now() -> Int64 {
    Int64(Date().timeIntervalSince1970.rounded(.down))
  }
}

/// Writes a line to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

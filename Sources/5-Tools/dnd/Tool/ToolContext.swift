import Foundation
import ZoneInfo

/// What a subcommand may read from the outside world: the time zone database (chosen by
/// `TZDIR`), the clock, and the working directory. The `dnd` tool is the only part of DNDKit
/// that reads them; the libraries take them as arguments.
final class ToolContext {
  /// The process environment.
  let environment: [String: String]
  /// The path of the running executable, to find the package's fixtures.
  let executablePath: String
  /// How the user started the tool (`argv[0]`), for the commands the tool suggests.
  let invokedAs: String
  private var database: ZoneDatabase?

  init(environment: [String: String], executablePath: String, invokedAs: String = "dnd") {
    self.environment = environment
    self.executablePath = executablePath
    self.invokedAs = invokedAs
  }

  /// The command to type to run this tool again from the same working directory: `argv[0]`
  /// as the shell passed it. A bare name (`dnd`) was found on the PATH and is found again; a
  /// path (`./dnd`, `.build/debug/dnd`, or the absolute path `swift run` starts) works from
  /// here. Quoted for a POSIX shell when it needs to be.
  var command: String {
    let name = invokedAs.isEmpty ? "dnd" : invokedAs
    let plain = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "/._-+:@%".unicodeScalars.contains($0)
    }
    return plain ? name : "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'"
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

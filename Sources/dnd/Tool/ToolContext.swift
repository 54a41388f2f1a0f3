import Foundation
import SystemInterface
import ZoneInfo
import ZoneInfoBundle

/// What a subcommand may read from the outside world: the time zone database (chosen by
/// `--tzdata` and `TZDIR`), the clock (or the instant `DND_NOW` names, so that tests and
/// scripts pin "now"), and the working directory. The `dnd` tool is the only part of DNDKit
/// that reads them; the libraries take them as arguments.
final class ToolContext {
  /// Which time zone data answers: `--tzdata system|bundled|PATH`, or automatic.
  enum TZDataChoice: Equatable {
    /// The system database when there is one (`TZDIR`, else /usr/share/zoneinfo), else the
    /// bundled snapshot.
    case automatic
    /// The system database only.
    case system
    /// The snapshot built into dnd.
    case bundled
    /// A zoneinfo directory, byte for byte.
    case directory(PathBytes)

    init(_ argument: CommandLineArgument) {
      switch argument.text {
      case "system": self = .system
      case "bundled": self = .bundled
      default: self = .directory(PathBytes(argument.bytes))
      }
    }
  }

  /// The environment variables the tool reads (the rest of the environment is never read).
  static let variables = ["TZDIR", "DND_NOW"]

  /// The values of ``variables`` that are set, byte for byte (`TZDIR` is a path, which need
  /// not be UTF-8).
  let environment: [String: [UInt8]]
  /// The path of the running executable, to find the package's fixtures.
  let executablePath: String
  /// How the user started the tool (`argv[0]`), for the commands the tool suggests.
  let invokedAs: String
  /// Which time zone data answers.
  var tzdata = TZDataChoice.automatic
  private var database: ZoneDatabase?

  init(environment: [String: [UInt8]], executablePath: String, invokedAs: String = "dnd") {
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

  /// The time zone database `--tzdata` chose; opened on first use. Paths are opened as the
  /// bytes the system gave, and named with escapes (`\xFF`) in messages.
  ///
  /// Automatic: the system's (`TZDIR`, else /usr/share/zoneinfo) when it opens, else the
  /// bundled snapshot, with a note on standard error when `TZDIR` was set, saying why it
  /// could not be used. A system or PATH choice that cannot be opened is an error: the user
  /// asked for that data, so nothing answers from other data or from none.
  ///
  /// - Throws: ``CLIError`` naming `--tzdata`, the root and the system's reason, or when the
  ///   bundled snapshot is corrupt.
  func zones() throws(CLIError) -> ZoneDatabase {
    if let database { return database }
    let tzdir = environment["TZDIR"]
    let root = ZoneDatabase.environmentRoot(tzdir)
    let opened: ZoneDatabase
    switch tzdata {
    case .bundled:
      opened = try bundled()
    case .system:
      opened = try directory(root, chosenAs: "--tzdata system")
    case .directory(let path):
      opened = try directory(path, chosenAs: "--tzdata")
    case .automatic:
      do {
        opened = try ZoneDatabase(rootPath: root)
      } catch {
        opened = try bundled()
        if tzdir.map({ !$0.isEmpty }) == true {
          printError("dnd: note: TZDIR: \(error); answering from \(opened)")
        }
      }
    }
    database = opened
    return opened
  }

  /// The database at `root`, which the user chose with `option`.
  private func directory(_ root: PathBytes, chosenAs option: String) throws(CLIError)
    -> ZoneDatabase
  {
    do {
      return try ZoneDatabase(rootPath: root)
    } catch {
      throw .input("\(option): \(error)")
    }
  }

  private func bundled() throws(CLIError) -> ZoneDatabase {
    do {
      return ZoneDatabase(bundle: try .embedded())
    } catch {
      throw .input(error.description)
    }
  }

  /// Now, in whole UNIX seconds: the instant in `DND_NOW` when it is set (any INSTANT form),
  /// else the system clock.
  ///
  /// - Throws: ``CLIError`` naming `DND_NOW` and its value when it is not an instant.
  func now() throws(CLIError) -> Int64 {
    if let pinned = environment["DND_NOW"], !pinned.isEmpty {
      // Text; bytes that are not UTF-8 are shown escaped in the error, as in paths.
      let text = PathBytes(pinned).text ?? PathBytes(pinned).description
      return try InstantParsing.instant(text, option: "DND_NOW", now: Self.systemClock)
    }
    return Self.systemClock()
  }

  /// The system clock, in whole UNIX seconds.
  private static func systemClock() -> Int64 {
    Int64(Date().timeIntervalSince1970.rounded(.down))
  }
}

/// Writes a line to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

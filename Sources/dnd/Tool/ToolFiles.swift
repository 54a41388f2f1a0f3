import SystemInterface
import ZoneInfo

/// The files `dnd` reads and writes by name: inputs read up to a limit, never further, and
/// outputs that replace a regular file whole or create a new one, and refuse anything else.
enum ToolFiles {
  /// Reads a document from a file, or from standard input for `-`, reading at most one byte
  /// past `limit`.
  ///
  /// - Parameters:
  ///   - path: The file, or `-`.
  ///   - option: The option that named it, for messages (`--rule`).
  ///   - limit: The largest document accepted, in bytes.
  /// - Returns: The bytes and where they came from ("standard input" or the path).
  /// - Throws: ``CLIError`` naming the option and the path: missing, a directory, unreadable
  ///   (with the system's reason), or larger than `limit`.
  static func read(_ path: String, option: String, limit: Int) throws(CLIError) -> (
    bytes: [UInt8], source: String
  ) {
    let source = path == "-" ? "standard input" : path
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      do {
        descriptor = try Syscalls.openForReading(PathBytes(path))
      } catch {
        if error == .noSuchFileOrDirectory {
          throw .input("\(option) \(quoted(path)): no such file")
        }
        throw .input("\(option) \(quoted(path)): cannot read: \(error)")
      }
    }
    defer { if descriptor != 0 { Syscalls.closeDescriptor(descriptor) } }
    if Syscalls.isDirectory(descriptor) {
      throw .input("\(option) \(quoted(path)): not a readable file (a directory)")
    }
    let bytes: [UInt8]
    do {
      bytes = try Syscalls.readPrefix(descriptor, atMost: limit)
    } catch {
      throw .input("\(option) \(quoted(path)): cannot read \(source): \(error)")
    }
    guard bytes.count <= limit else {
      throw .input("rule in \(source) is larger than \(limit) bytes")
    }
    return (bytes, source)
  }

  /// Writes a file whole: a regular file is replaced (a reader sees the old contents or the
  /// new, never a part, and its permissions are kept), a missing one is created; a directory,
  /// symbolic link, FIFO, device or socket is refused, never replaced.
  ///
  /// - Parameters:
  ///   - bytes: The contents.
  ///   - path: The file, byte for byte (named with escapes in messages).
  ///   - option: The option that named it, for messages (`--out`).
  /// - Throws: ``CLIError`` naming the option, the path and what it is or why the write
  ///   failed (the system's reason).
  static func write(_ bytes: [UInt8], to path: PathBytes, option: String) throws(CLIError) {
    let found: (kind: PathKind, permissions: UInt32)
    do {
      found = try Syscalls.kind(ofPath: path)
    } catch {
      throw .input("\(option) \(quoted(path)): cannot write: \(error)")
    }
    switch found.kind {
    case .missing, .regularFile: break
    default:
      throw .input(
        "\(option) \(quoted(path)) is \(found.kind.description): an output must be a regular "
          + "file, which is replaced whole, or a new name")
    }
    do {
      try Syscalls.replaceFile(
        path, with: bytes, permissions: found.kind == .regularFile ? found.permissions : nil)
    } catch {
      throw .input("\(option) \(quoted(path)): cannot write: \(error)")
    }
  }
}

/// A path quoted for a message: in double quotes, byte for byte, with every byte that is not
/// UTF-8, a control character, a backslash and a quote escaped (`"/tmp/\xFFroot"`), never a
/// replacement character.
///
/// - Parameter path: The path.
/// - Returns: The quoted path.
func quoted(_ path: PathBytes) -> String {
  "\"\(path.description)\""
}

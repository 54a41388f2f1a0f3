#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls of the `dnd` tool itself (the libraries have their own).
enum Syscalls {
  /// Makes sure descriptors 0, 1 and 2 are open, before the tool opens anything.
  ///
  /// A process started with one of them closed (`dnd eval <&-`) would otherwise get its first
  /// `open` (the zone root, say) as that number and read or write it as standard input or
  /// output. A closed one gets `/dev/null` opened the other way round (write-only for input,
  /// read-only for output), so that the number is taken and using it still fails with
  /// `EBADF`, as using a closed descriptor does, and is reported.
  static func occupyClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      // The lowest free number is taken, and every lower one is open by now.
      var opened: Int32
      repeat {
        opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      } while opened == -1 && errno == EINTR
      if opened >= 0, opened != descriptor {
        _ = dup2(opened, descriptor)
        _ = close(opened)
      }
    }
  }
}

extension Syscalls {
  /// Makes a write to a pipe whose reader has gone fail with `EPIPE` instead of killing the
  /// process with SIGPIPE, whatever disposition the parent left: the tool then reports the
  /// failed write and exits with its documented status.
  static func reportBrokenPipesAsErrors() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// A system call that failed, with the `errno` it set.
struct SystemCallError: Error, CustomStringConvertible {
  /// The `errno` value.
  var code: Int32

  /// The system's text for the error ("No space left on device").
  var description: String { String(cString: strerror(code)) }
}

/// What a path names, as `lstat` sees it (a symbolic link is not followed).
enum PathKind: Equatable {
  case missing
  case regularFile
  case directory
  case symbolicLink
  case fifo
  case device
  case socket

  /// A description for messages ("a FIFO").
  var description: String {
    switch self {
    case .missing: "missing"
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO"
    case .device: "a device"
    case .socket: "a socket"
    }
  }
}

extension Syscalls {
  /// What a path names, without following a final symbolic link.
  ///
  /// - Parameter path: The path.
  /// - Returns: Its kind, ``PathKind/missing`` when nothing is there.
  /// - Throws: ``SystemCallError`` when `lstat` fails for another reason than `ENOENT`.
  static func kind(ofPath path: String) throws(SystemCallError) -> (kind: PathKind, mode: mode_t) {
    var info = stat()
    while lstat(path, &info) != 0 {
      if errno == EINTR { continue }
      if errno == ENOENT { return (.missing, 0) }
      throw SystemCallError(code: errno)
    }
    let kind: PathKind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .regularFile
      case S_IFDIR: .directory
      case S_IFLNK: .symbolicLink
      case S_IFIFO: .fifo
      case S_IFSOCK: .socket
      default: .device
      }
    return (kind, info.st_mode & 0o7777)
  }

  /// Opens a file for reading.
  ///
  /// - Parameter path: The path.
  /// - Returns: The descriptor, close-on-exec.
  /// - Throws: ``SystemCallError`` with `open`'s errno.
  static func openForReading(_ path: String) throws(SystemCallError) -> Int32 {
    while true {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw SystemCallError(code: errno) }
    }
  }

  /// Whether a descriptor is a directory.
  static func isDirectory(_ descriptor: Int32) -> Bool {
    var info = stat()
    return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Reads up to `limit` bytes and at most one more, so the caller can tell the input is
  /// longer than the limit without reading the rest of it.
  ///
  /// - Parameters:
  ///   - descriptor: Where to read from.
  ///   - limit: The most bytes wanted.
  /// - Returns: Every byte to the end when there are at most `limit`, else `limit + 1` bytes.
  /// - Throws: ``SystemCallError`` with `read`'s errno.
  static func readPrefix(_ descriptor: Int32, atMost limit: Int) throws(SystemCallError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(code: errno)
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// Writes a whole file under a new name next to `path` and renames it over `path`, so a
  /// reader sees the old file or the new one, never a part: `path` must be a regular file or
  /// nothing (the caller checks); an existing file keeps its permissions.
  ///
  /// - Parameters:
  ///   - bytes: The contents.
  ///   - path: The file to create or replace.
  ///   - mode: The permissions of the file replaced, or nil for a new file (0666 less the
  ///     umask).
  /// - Throws: ``SystemCallError`` with the errno of the call that failed; the temporary file
  ///   is removed.
  static func replaceFile(_ path: String, with bytes: [UInt8], mode: mode_t?)
    throws(SystemCallError)
  {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(directory).\(name).\(getpid()).dnd-tmp"
    var descriptor: Int32
    repeat {
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw SystemCallError(code: errno) }
    var failure: Int32 = 0
    if let mode, fchmod(descriptor, mode) != 0 { failure = errno }
    var written = 0
    while failure == 0, written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        failure = count < 0 ? errno : EIO
        break
      }
      written += count
    }
    if failure == 0, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
    if close(descriptor) != 0, failure == 0, errno != EINTR { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw SystemCallError(code: failure)
    }
  }
}

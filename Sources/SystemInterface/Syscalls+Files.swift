#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path names, as `lstat` sees it (a symbolic link is not followed).
package enum PathKind: Equatable, Sendable {
  case missing
  case regularFile
  case directory
  case symbolicLink
  case fifo
  case device
  case socket

  /// A description for messages ("a FIFO").
  package var description: String {
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
  /// - Returns: Its kind, ``PathKind/missing`` when nothing is there, and its permissions.
  /// - Throws: ``Errno`` when `lstat` fails for another reason than `ENOENT`.
  package static func kind(ofPath path: String) throws(Errno) -> (kind: PathKind, mode: mode_t) {
    var info = stat()
    do {
      _ = try retrying { lstat(path, &info) }
    } catch {
      if error.code == ENOENT { return (.missing, 0) }
      throw error
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

  /// Opens a file for reading, close-on-exec.
  package static func openForReading(_ path: String) throws(Errno) -> Int32 {
    try openPath(path, O_RDONLY | O_CLOEXEC)
  }

  /// Whether a descriptor is a directory.
  package static func isDirectory(_ descriptor: Int32) -> Bool {
    guard let info = try? status(descriptor) else { return false }
    return info.st_mode & S_IFMT == S_IFDIR
  }

  /// Reads up to `limit` bytes and at most one more, so the caller can tell the input is
  /// longer than the limit without reading the rest of it.
  ///
  /// - Parameters:
  ///   - descriptor: Where to read from.
  ///   - limit: The most bytes wanted.
  /// - Returns: Every byte to the end when there are at most `limit`, else `limit + 1` bytes.
  package static func readPrefix(_ descriptor: Int32, atMost limit: Int) throws(Errno)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let result = chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in
          try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
        }
      }
      let count = try result.get()
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
  ///   - path: The file to create or replace.
  ///   - bytes: The contents.
  ///   - mode: The permissions of the file replaced, or nil for a new file (0666 less the
  ///     umask).
  /// - Throws: ``Errno`` of the call that failed; the temporary file is removed.
  package static func replaceFile(_ path: String, with bytes: [UInt8], mode: mode_t?)
    throws(Errno)
  {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(directory).\(name).\(getpid()).dnd-tmp"
    let descriptor = try retrying {
      open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
    var failure: Errno?
    if let mode, fchmod(descriptor, mode) != 0 { failure = Errno.current }
    if failure == nil {
      let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(Errno) in try writeAll(descriptor, buffer) }
      }
      if case .failure(let error) = result { failure = error }
    }
    if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = Errno.current }
    if close(descriptor) != 0, failure == nil, errno != EINTR { failure = Errno.current }
    if failure == nil, rename(temporary, path) != 0 { failure = Errno.current }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}

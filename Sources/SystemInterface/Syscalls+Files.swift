import CSystemInterface

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("SystemInterface has no branch for this platform's C library")
#endif

/// What a path names, as `lstat` sees it (a symbolic link is not followed).
package enum PathKind: Hashable, Sendable {
  case missing
  case regularFile
  case directory
  case symbolicLink
  case fifo
  case characterDevice
  case blockDevice
  case socket
  /// A file type this list does not name (its `S_IFMT` bits).
  case unknown(mode: UInt32)

  /// A description for messages ("a FIFO").
  package var description: String {
    switch self {
    case .missing: "missing"
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .unknown(let mode): "mode 0o\(String(mode, radix: 8))"
    }
  }
}

extension Syscalls {
  /// What a path names, without following a final symbolic link.
  ///
  /// - Parameter path: The path.
  /// - Returns: Its kind, ``PathKind/missing`` when nothing is there, and its permission bits.
  /// - Throws: ``Errno`` when `lstat` fails for another reason than `ENOENT`.
  package static func kind(ofPath path: String) throws(Errno) -> (
    kind: PathKind, permissions: UInt32
  ) {
    var info = stat()
    do {
      _ = try retrying { lstat(path, &info) }
    } catch {
      if error.code == ENOENT { return (.missing, 0) }
      throw error
    }
    let status = FileStatus(info)
    return (status.kind, status.permissions)
  }

  /// Opens a file for reading, close-on-exec.
  package static func openForReading(_ path: String) throws(Errno) -> Int32 {
    try openPath(path, [.readOnly, .closeOnExec])
  }

  /// Whether a descriptor is a directory.
  package static func isDirectory(_ descriptor: Int32) -> Bool {
    guard let info = try? status(descriptor) else { return false }
    return FileStatus(info).kind == .directory
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
  ///   - permissions: The permission bits of the file replaced, or nil for a new file (0666
  ///     less the umask).
  /// - Throws: ``Errno`` of the call that failed; the temporary file is removed.
  ///
  /// `fsync` makes the contents durable before the rename; a file system that cannot sync
  /// (`EINVAL`, such as a pipe-backed or special file system) is not an error. On Darwin
  /// `fsync` hands the data to the drive without `F_FULLFSYNC`'s cache flush, as Darwin's
  /// own tools do for files of this kind.
  package static func replaceFile(_ path: String, with bytes: [UInt8], permissions: UInt32?)
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
    if let permissions, fchmod(descriptor, mode_t(permissions)) != 0 { failure = Errno.current }
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

extension Syscalls {
  /// Swaps two directory entries in one step where the system can (Linux `renameat2` with
  /// `RENAME_EXCHANGE`, Darwin `renameatx_np` with `RENAME_SWAP`), else with three renames
  /// through `first + ".parked"` (a reader may then find `first` missing for a moment).
  package static func swapEntries(_ first: String, _ second: String) {
    if dndkit_swap_entries(first, second) == 0 { return }
    let parked = first + ".parked"
    rename(first, parked)
    rename(second, first)
    rename(parked, second)
  }
}

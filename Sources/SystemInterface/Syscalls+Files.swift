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

/// A file path as the bytes the system gives and takes. POSIX paths are bytes, not text: a
/// directory name may hold any byte but `/` and NUL, in no particular encoding, and decoding
/// one into a `String` would replace what is not UTF-8 with U+FFFD and name another file.
/// Paths from the command line, the environment, `readdir` and `readlinkat` stay bytes
/// from the system to the system; only messages turn them into text (``description``).
package struct PathBytes: Hashable, Sendable, CustomStringConvertible {
  /// The bytes, without a terminating NUL.
  package var bytes: [UInt8]

  /// A path from its bytes.
  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// A path from text: its UTF-8 bytes.
  package init(_ text: String) { bytes = Array(text.utf8) }

  /// The path as text when its bytes are well-formed UTF-8, else nil.
  package var text: String? {
    // Decoding is lossless exactly when the text encodes back to the same bytes
    // (`String(validating:as:)` is newer than the package's minimum Apple systems).
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  /// The path for a message, one line that names it exactly: well-formed UTF-8 as text, and
  /// every other byte and a control character escaped (`\xFF`, `\x0A`), a backslash and a
  /// quote too (`\\`, `\"`), so that a name that is not UTF-8 reads `\xFF`, never as a
  /// replacement character, and the text in double quotes is the path quoted.
  package var description: String {
    var out = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += Self.escape(UInt8(scalar.value))
        } else if scalar == "\\" || scalar == "\"" {
          out += "\\" + String(scalar)
        } else {
          out.unicodeScalars.append(scalar)
        }
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<(offset + length)] { out += Self.escape(byte) }
        offset += length
      case .emptyInput:
        return out
      }
    }
  }

  /// `\xFF`.
  private static func escape(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return "\\x" + (hex.count == 1 ? "0" + hex : hex)
  }

  /// Whether the path holds a NUL byte, which no system call can be given.
  package var containsNUL: Bool { bytes.contains(0) }

  /// Calls `body` with the path as a NUL-terminated C string (cut at a NUL it holds; callers
  /// refuse such a path first, see ``containsNUL``).
  package func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
    let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
    return body(terminated)
  }

}

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
  package static func kind(ofPath path: PathBytes) throws(Errno) -> (
    kind: PathKind, permissions: UInt32
  ) {
    var info = stat()
    do {
      _ = try retrying { path.withCString { lstat($0, &info) } }
    } catch {
      if error.code == ENOENT { return (.missing, 0) }
      throw error
    }
    let status = FileStatus(info)
    return (status.kind, status.permissions)
  }

  /// Opens a file for reading, close-on-exec.
  package static func openForReading(_ path: PathBytes) throws(Errno) -> Int32 {
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
  package static func replaceFile(_ path: PathBytes, with bytes: [UInt8], permissions: UInt32?)
    throws(Errno)
  {
    // `DIR/.NAME.PID.dnd-tmp` beside `DIR/NAME`, byte for byte.
    let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    let temporary = PathBytes(
      path.bytes[..<slash] + Array(".".utf8) + path.bytes[slash...]
        + Array(".\(getpid()).dnd-tmp".utf8))
    let descriptor = try retrying {
      temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
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
    if failure == nil,
      temporary.withCString({ from in path.withCString { rename(from, $0) } }) != 0
    {
      failure = Errno.current
    }
    if let failure {
      _ = temporary.withCString { unlink($0) }
      throw failure
    }
  }
}

/// The flags of `open(2)` and `openat(2)` that DNDKit uses, by name; the numbers differ from
/// one platform to another (`O_DIRECTORY` is 0x10000 on Linux x86-64, 0x100000 on Darwin).
package struct OpenFlags: OptionSet, Sendable {
  package let rawValue: Int32

  /// Flags from their C value.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// `O_RDONLY` (zero: the absence of a write mode).
  package static var readOnly: OpenFlags { OpenFlags(rawValue: O_RDONLY) }
  /// `O_WRONLY`.
  package static var writeOnly: OpenFlags { OpenFlags(rawValue: O_WRONLY) }
  /// `O_CLOEXEC`.
  package static var closeOnExec: OpenFlags { OpenFlags(rawValue: O_CLOEXEC) }
  /// `O_NONBLOCK`: opening a FIFO does not wait for a writer.
  package static var nonBlocking: OpenFlags { OpenFlags(rawValue: O_NONBLOCK) }
  /// `O_NOCTTY`.
  package static var noControllingTerminal: OpenFlags { OpenFlags(rawValue: O_NOCTTY) }
  /// `O_DIRECTORY`: fails with `ENOTDIR` unless the path names a directory.
  package static var directory: OpenFlags { OpenFlags(rawValue: O_DIRECTORY) }
  /// `O_NOFOLLOW`: a final symbolic link fails with `ELOOP`.
  package static var noFollow: OpenFlags { OpenFlags(rawValue: O_NOFOLLOW) }
  /// `O_CREAT`.
  package static var create: OpenFlags { OpenFlags(rawValue: O_CREAT) }
  /// `O_TRUNC`.
  package static var truncate: OpenFlags { OpenFlags(rawValue: O_TRUNC) }
}

/// What `fstat(2)` says of an open file, in the same types on every platform.
///
/// The platforms differ in the fields' names and types, and this is the one place that knows:
/// Darwin names the modification time `st_mtimespec` (`<sys/stat.h>`, `__DARWIN_STRUCT_STAT64`)
/// where glibc, musl and bionic name it `st_mtim`; Darwin's `dev_t` is a signed 32-bit
/// integer (`<sys/_types.h>`: `typedef __int32_t __darwin_dev_t`), so a device number is
/// widened through its bit pattern, never converted (a negative one would trap).
package struct FileStatus: Hashable, Sendable {
  /// What the file is.
  package var kind: PathKind
  /// The permission bits (`st_mode & 0o7777`).
  package var permissions: UInt32
  /// The size in bytes.
  package var size: Int64
  /// The device the file lives on, as a bit pattern.
  package var device: UInt64
  /// The file's serial number on its device.
  package var inode: UInt64
  /// The last modification, whole seconds since 1970.
  package var modifiedSeconds: Int64
  /// The nanoseconds past `modifiedSeconds`.
  package var modifiedNanoseconds: Int64

  /// The status `fstat` filled in.
  init(_ info: stat) {
    kind = PathKind(mode: UInt32(info.st_mode))
    permissions = UInt32(info.st_mode) & 0o7777
    size = Int64(info.st_size)
    inode = UInt64(info.st_ino)
    #if canImport(Darwin)
      device = UInt64(UInt32(bitPattern: info.st_dev))
      modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      device = UInt64(truncatingIfNeeded: info.st_dev)
      modifiedSeconds = Int64(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
  }
}

extension PathKind {
  /// The kind a `st_mode` names.
  init(mode: UInt32) {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): self = .regularFile
    case UInt32(S_IFDIR): self = .directory
    case UInt32(S_IFLNK): self = .symbolicLink
    case UInt32(S_IFIFO): self = .fifo
    case UInt32(S_IFSOCK): self = .socket
    case UInt32(S_IFCHR): self = .characterDevice
    case UInt32(S_IFBLK): self = .blockDevice
    default: self = .unknown(mode: mode & UInt32(S_IFMT))
    }
  }
}

extension Syscalls {
  /// `fstat(2)` of an open file.
  package static func fileStatus(_ descriptor: Int32) throws(Errno) -> FileStatus {
    FileStatus(try status(descriptor))
  }
}

extension Syscalls {
  /// The value of an environment variable byte for byte (`getenv(3)`), or nil when it is
  /// unset: a path in `TZDIR` need not be UTF-8, and a decoded value would name another file.
  ///
  /// - Parameter name: The variable's name, such as `TZDIR`.
  /// - Returns: Its bytes.
  package static func environmentVariable(_ name: String) -> [UInt8]? {
    guard let value = getenv(name) else { return nil }
    return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
  }
}

extension Syscalls {
  /// The process's arguments byte for byte, the program's name first (`CommandLine.arguments`
  /// decodes them, replacing what is not UTF-8 with U+FFFD).
  package static func processArguments() -> [[UInt8]] {
    (0..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }
}

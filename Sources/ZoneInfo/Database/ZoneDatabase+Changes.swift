import SystemInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What tells a file's contents apart without reading them: a replaced file has a new inode,
/// a rewritten one a new size or modification time.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var modifiedNanoseconds: Int64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
  }

  /// The identity of an open file, which this closes.
  init(of descriptor: Int32) throws(Errno) {
    defer { Syscalls.closeDescriptor(descriptor) }
    self.init(try Syscalls.status(descriptor))
  }

  /// The identity of the directory at a path, or nil when it cannot be opened.
  init?(openingDirectory path: String) {
    guard let descriptor = try? Syscalls.openPath(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC),
      let identity = try? FileIdentity(of: descriptor)
    else { return nil }
    self = identity
  }
}

extension ZoneDatabase {
  /// Whether the root holds anything but dot files (true when it cannot be listed: the zone
  /// loads will then say what is wrong).
  func hasEntries() -> Bool {
    guard let descriptor = try? openBeneathRoot(".", directory: true),
      let stream = try? Syscalls.directoryStream(descriptor)
    else { return true }
    defer { Syscalls.closeDirectoryStream(stream) }
    while let name = Syscalls.nextEntry(stream) {
      if !name.hasPrefix(".") { return true }
    }
    return false
  }
}

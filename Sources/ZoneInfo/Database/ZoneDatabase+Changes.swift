import SystemInterface

/// What tells a file's contents apart without reading them: a replaced file has a new inode,
/// a rewritten one a new size or modification time.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var modifiedNanoseconds: Int64

  init(_ info: FileStatus) {
    device = info.device
    inode = info.inode
    size = info.size
    modified = info.modifiedSeconds
    modifiedNanoseconds = info.modifiedNanoseconds
  }

  /// The identity of an open file, which this closes.
  init(of descriptor: Int32) throws(Errno) {
    defer { Syscalls.closeDescriptor(descriptor) }
    self.init(try Syscalls.fileStatus(descriptor))
  }

  /// The identity of the directory at a path, or nil when it cannot be opened.
  init?(openingDirectory path: PathBytes) {
    guard let descriptor = try? Syscalls.openPath(path, [.readOnly, .directory, .closeOnExec]),
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
      if name.bytes.first != UInt8(ascii: ".") { return true }
    }
    return false
  }
}

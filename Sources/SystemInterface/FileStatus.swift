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

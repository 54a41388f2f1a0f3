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
  /// `O_EXCL`.
  package static var exclusive: OpenFlags { OpenFlags(rawValue: O_EXCL) }
  /// `O_TRUNC`.
  package static var truncate: OpenFlags { OpenFlags(rawValue: O_TRUNC) }
}

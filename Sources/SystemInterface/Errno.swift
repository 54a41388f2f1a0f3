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

/// An `errno` value from a failed system call.
package struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
  /// The number, such as `ENOENT`.
  package var code: Int32

  /// The error of a number.
  package init(_ code: Int32) { self.code = code }

  /// The calling thread's `errno`.
  package static var current: Errno { Errno(errno) }

  /// The system's message, such as `Permission denied`.
  package var message: String { String(cString: strerror(code)) }

  /// The system's message, so that interpolating an error gives the reason.
  package var description: String { message }
}

extension Errno {
  // The codes DNDKit's modules tell apart, named as swift-system names them; each is the same
  // number as the C library's constant on every platform.

  /// `ENOENT`.
  package static var noSuchFileOrDirectory: Errno { Errno(ENOENT) }
  /// `ENOTDIR`.
  package static var notDirectory: Errno { Errno(ENOTDIR) }
  /// `ELOOP`: a symbolic link where `O_NOFOLLOW` forbade one, or too many links.
  package static var tooManySymbolicLinkLevels: Errno { Errno(ELOOP) }
  /// `EAGAIN` (`EWOULDBLOCK` is the same number on every supported platform).
  package static var resourceTemporarilyUnavailable: Errno { Errno(EAGAIN) }
  /// `ENOSYS`: the system call does not exist here.
  package static var noFunction: Errno { Errno(ENOSYS) }
  /// `EPERM`.
  package static var notPermitted: Errno { Errno(EPERM) }
  /// `EINVAL`.
  package static var invalidArgument: Errno { Errno(EINVAL) }
  /// `E2BIG`.
  package static var argListTooLong: Errno { Errno(E2BIG) }
  /// `EXDEV`: openat2 refused a step out of the directory.
  package static var improperLink: Errno { Errno(EXDEV) }
}

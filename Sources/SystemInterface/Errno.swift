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

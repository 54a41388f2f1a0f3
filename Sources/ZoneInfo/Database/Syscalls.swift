import CZoneFileOpen

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls ZoneInfo makes, in one place: each retries on `EINTR` and reports failure
/// as an ``Errno`` instead of a sentinel and a global.
enum Syscalls {
  /// `open(2)` of a path as given (the database root, which the operator chose).
  static func openPath(_ path: String, _ flags: Int32) throws(Errno) -> Int32 {
    try retrying { open(path, flags) }
  }

  /// `openat(2)`: `name` relative to the directory `directory`.
  static func openRelative(_ directory: Int32, _ name: String, _ flags: Int32) throws(Errno)
    -> Int32
  {
    try retrying { openat(directory, name, flags) }
  }

  /// Linux `openat2(2)` with `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`: the kernel resolves
  /// `path`, links included, and refuses any step out of `directory` (`EXDEV`). `ENOSYS` or
  /// `EPERM` where it is unavailable.
  static func openBeneath(_ directory: Int32, _ path: String, _ flags: Int32) throws(Errno)
    -> Int32
  {
    try retrying { dndkit_open_beneath(directory, path, flags) }
  }

  /// `readlinkat(2)`: the target of the symbolic link `name` in `directory`; `EINVAL` when it
  /// is not a link.
  static func linkTarget(_ directory: Int32, _ name: String) throws(Errno) -> String {
    // PATH_MAX bytes: a longer target could not be followed anyway.
    let capacity = 4_096
    var failure: Errno?
    let target = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      let n = buffer.withMemoryRebound(to: CChar.self) { characters in
        characters.baseAddress.map { readlinkat(directory, name, $0, capacity) } ?? -1
      }
      if n < 0 {
        failure = Errno.current
      } else if n == capacity {
        failure = Errno(ENAMETOOLONG)
      }
      initialized = max(0, min(n, capacity))
    }
    if let failure { throw failure }
    return String(decoding: target, as: UTF8.self)
  }

  /// `fstat(2)`.
  static func status(_ descriptor: Int32) throws(Errno) -> stat {
    var info = stat()
    _ = try retrying { fstat(descriptor, &info) }
    return info
  }

  /// `read(2)` into `buffer`; 0 at the end of the file.
  static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(Errno) -> Int
  {
    try retrying { read(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// `close(2)`. Not retried on `EINTR`: on Linux the descriptor is released either way, and
  /// a retry could close one another thread has just been given.
  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// `fdopendir(3)`, taking ownership of `descriptor` (closed here on failure).
  static func directoryStream(_ descriptor: Int32) throws(Errno) -> OpaquePointer {
    guard let directory = fdopendir(descriptor) else {
      let error = Errno.current
      closeDescriptor(descriptor)
      throw error
    }
    return directory
  }

  /// `readdir(3)`: the next entry's name, or nil at the end.
  static func nextEntry(_ directory: OpaquePointer) -> String? {
    guard let entry = readdir(directory) else { return nil }
    return withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// `closedir(3)`, which also closes the descriptor the stream was made from.
  static func closeDirectoryStream(_ directory: OpaquePointer) {
    _ = closedir(directory)
  }

  /// Runs `call` until it does not fail with `EINTR`.
  @inline(__always)
  private static func retrying<Result: BinaryInteger>(_ call: () -> Result) throws(Errno)
    -> Result
  {
    while true {
      let result = call()
      if result >= 0 { return result }
      let error = Errno.current
      if error.code != EINTR { throw error }
    }
  }
}

/// An `errno` value from a failed system call.
package struct Errno: Error, Equatable {
  package var code: Int32

  package init(_ code: Int32) { self.code = code }

  /// The calling thread's `errno`.
  static var current: Errno { Errno(errno) }

  /// The system's message, such as `Permission denied`.
  package var message: String { String(cString: strerror(code)) }
}

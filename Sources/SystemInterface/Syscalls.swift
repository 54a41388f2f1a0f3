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

/// A stream of directory entries from `fdopendir(3)`: Darwin's `DIR` is a complete structure
/// (`<dirent.h>`), which Swift imports as a typed pointer; glibc's, musl's and bionic's is an
/// incomplete one, imported as `OpaquePointer`.
#if canImport(Darwin)
  package typealias DirectoryPointer = UnsafeMutablePointer<DIR>
#else
  package typealias DirectoryPointer = OpaquePointer
#endif

/// Every system call DNDKit's modules make, in one place and with one convention: a call
/// interrupted by a signal (`EINTR`) is made again, a descriptor that is not ready (`EAGAIN`
/// on a non-blocking pipe) is waited for with `poll(2)`, and a failure is thrown as an
/// ``Errno``, never returned as a sentinel beside a global.
package enum Syscalls {
  /// `open(2)` of a path as given (the database root, which the operator chose).
  package static func openPath(_ path: PathBytes, _ flags: OpenFlags) throws(Errno) -> Int32 {
    try retrying { path.withCString { open($0, flags.rawValue) } }
  }

  /// `open(2)` of a path the program spells itself as text (`/proc/PID/status`, `/dev/null`).
  package static func openPath(_ path: String, _ flags: OpenFlags) throws(Errno) -> Int32 {
    try openPath(PathBytes(path), flags)
  }

  /// `openat(2)`: `name` relative to the directory `directory`.
  package static func openRelative(_ directory: Int32, _ name: PathBytes, _ flags: OpenFlags)
    throws(Errno) -> Int32
  {
    try retrying { name.withCString { openat(directory, $0, flags.rawValue) } }
  }

  /// Linux `openat2(2)` with `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`: the kernel resolves
  /// `path`, links included, and refuses any step out of `directory` (`EXDEV`). `ENOSYS` or
  /// `EPERM` where it is unavailable: on Darwin (whose `O_RESOLVE_BENEATH` exists only from
  /// macOS 15.4, fails with `EACCES` rather than `EXDEV`, and is ignored by older kernels), on
  /// Android (whose seccomp filter kills the caller instead of failing), on kernels before 5.6
  /// and under seccomp filters that refuse it; the caller then walks the path itself.
  package static func openBeneath(_ directory: Int32, _ path: PathBytes, _ flags: OpenFlags)
    throws(Errno) -> Int32
  {
    try retrying { path.withCString { dndkit_open_beneath(directory, $0, flags.rawValue) } }
  }

  /// `readlinkat(2)`: the target of the symbolic link `name` in `directory`, byte for byte;
  /// `EINVAL` when it is not a link.
  package static func linkTarget(_ directory: Int32, _ name: PathBytes) throws(Errno)
    -> PathBytes
  {
    // PATH_MAX bytes: a longer target could not be followed anyway.
    let capacity = 4_096
    var failure: Errno?
    let target = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      let n = buffer.withMemoryRebound(to: CChar.self) { characters in
        characters.baseAddress.map { target in
          name.withCString { readlinkat(directory, $0, target, capacity) }
        } ?? -1
      }
      if n < 0 {
        failure = Errno.current
      } else if n == capacity {
        failure = Errno(ENAMETOOLONG)
      }
      initialized = max(0, min(n, capacity))
    }
    if let failure { throw failure }
    return PathBytes(target)
  }

  /// `fstat(2)`, in the C library's own layout; other modules read ``fileStatus(_:)``.
  static func status(_ descriptor: Int32) throws(Errno) -> stat {
    var info = stat()
    _ = try retrying { fstat(descriptor, &info) }
    return info
  }

  /// `read(2)` into `buffer`: the number of bytes read, 0 at the end of the input.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(Errno) -> Int
  {
    while true {
      let result = readOnce(descriptor, buffer)
      if result >= 0 { return result }
      let error = Errno.current
      switch error.code {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: try waitUntilReady(descriptor, for: Int16(POLLIN))
      default: throw error
      }
    }
  }

  /// Writes a whole buffer with `write(2)`, however many calls it takes.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    throws(Errno)
  {
    guard let base = bytes.baseAddress else { return }
    var written = 0
    while written < bytes.count {
      let result = write(descriptor, base + written, bytes.count - written)
      if result > 0 {
        written += result
        continue
      }
      // A write of a nonzero count that writes nothing would repeat forever.
      guard result < 0 else { throw Errno(EIO) }
      let error = Errno.current
      switch error.code {
      case EINTR: continue
      // A non-blocking pipe whose reader is slow: wait, then write the rest.
      case EAGAIN, EWOULDBLOCK: try waitUntilReady(descriptor, for: Int16(POLLOUT))
      default: throw error
      }
    }
  }

  /// `close(2)`. Not retried on `EINTR`: on Linux the descriptor is released either way, and
  /// a retry could close one another thread has just been given.
  package static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// `fdopendir(3)`, taking ownership of `descriptor` (closed here on failure).
  package static func directoryStream(_ descriptor: Int32) throws(Errno) -> DirectoryPointer {
    guard let directory = fdopendir(descriptor) else {
      let error = Errno.current
      closeDescriptor(descriptor)
      throw error
    }
    return directory
  }

  /// `readdir(3)`: the next entry's name, byte for byte, or nil at the end.
  package static func nextEntry(_ directory: DirectoryPointer) -> PathBytes? {
    guard let entry = readdir(directory) else { return nil }
    return withUnsafeBytes(of: entry.pointee.d_name) { raw in
      PathBytes(Array(raw.prefix { $0 != 0 }))
    }
  }

  /// `closedir(3)`, which also closes the descriptor the stream was made from.
  package static func closeDirectoryStream(_ directory: DirectoryPointer) {
    _ = closedir(directory)
  }

  /// Makes sure descriptors 0, 1 and 2 are open, before a program opens anything.
  ///
  /// A process started with one of them closed (`dnd eval <&-`) would otherwise get its first
  /// `open` (the zone root, say) as that number and read or write it as standard input or
  /// output. A closed one gets `/dev/null` opened the other way round (write-only for input,
  /// read-only for output), so that the number is taken and using it still fails with
  /// `EBADF`, as using a closed descriptor does, and is reported.
  package static func occupyClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      // The lowest free number is taken, and every lower one is open by now.
      guard
        let opened = try? openPath("/dev/null", descriptor == 0 ? .writeOnly : .readOnly)
      else { continue }
      if opened != descriptor {
        _ = dup2(opened, descriptor)
        closeDescriptor(opened)
      }
    }
  }

  /// Makes a write to a pipe whose reader has gone fail with `EPIPE` instead of killing the
  /// process with SIGPIPE, whatever disposition the parent left: a program then reports the
  /// failed write and exits with its documented status.
  package static func reportBrokenPipesAsErrors() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Waits with `poll(2)` until a descriptor is ready for the events (or has an error or
  /// hang-up, which the next read or write then reports).
  private static func waitUntilReady(_ descriptor: Int32, for events: Int16) throws(Errno) {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    _ = try retrying { poll(&entry, 1, -1) }
  }

  /// One `read(2)`, under a name that the static `read` above does not shadow.
  private static func readOnce(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    #if canImport(Darwin)
      Darwin.read(descriptor, buffer.baseAddress, buffer.count)
    #elseif canImport(Android)
      Android.read(descriptor, buffer.baseAddress, buffer.count)
    #elseif canImport(Glibc)
      Glibc.read(descriptor, buffer.baseAddress, buffer.count)
    #else
      Musl.read(descriptor, buffer.baseAddress, buffer.count)
    #endif
  }

  /// Runs `call` until it does not fail with `EINTR` (for SystemTestBench too).
  @inline(__always)
  package static func retrying<Result: BinaryInteger>(_ call: () -> Result) throws(Errno)
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

/// The C library's vectorized byte routines (`memcmp`, `memchr`), for the stream and cache
/// code that compares and scans long lines: the same on every platform, but only this layer
/// imports the C library.
package enum RawMemory {
  /// Whether `count` bytes at two addresses are equal (`memcmp`).
  @inline(__always)
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// The offset of the first `byte` among `count` bytes at `base`, or nil (`memchr`).
  @inline(__always)
  package static func firstOffset(of byte: UInt8, in base: UnsafeRawPointer, count: Int) -> Int? {
    guard let found = memchr(base, Int32(byte), count) else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls of batch evaluation, each retried when a signal interrupts it (`EINTR`)
/// and, on a non-blocking descriptor that is not ready (`EAGAIN`), after `poll(2)` says it is,
/// so that callers see only real results and real errors, whatever the descriptor's mode.
enum Syscalls {
  /// `read(2)`: the bytes read, 0 at the end of the input, or -1 with `errno` set.
  static func retryingRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    while true {
      let result = read(descriptor, buffer, count)
      if result >= 0 { return result }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        guard waitUntilReady(descriptor, for: Int16(POLLIN)) else { return -1 }
      default: return -1
      }
    }
  }

  /// Writes a whole buffer with `write(2)`, however many calls it takes.
  ///
  /// - Returns: 0 when every byte was written, else the `errno` of the write that failed.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var written = 0
    while written < bytes.count {
      let result = write(descriptor, base + written, bytes.count - written)
      if result >= 0 {
        written += result
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // A non-blocking pipe whose reader is slow: wait, then write the rest.
        guard waitUntilReady(descriptor, for: Int16(POLLOUT)) else { return errno }
      default: return errno
      }
    }
    return 0
  }

  /// Waits with `poll(2)` until a descriptor is ready for the events (or has an error or
  /// hang-up, which the next read or write then reports).
  ///
  /// - Returns: False, with `errno` set, when `poll` itself failed.
  static func waitUntilReady(_ descriptor: Int32, for events: Int16) -> Bool {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while true {
      let result = poll(&entry, 1, -1)
      if result >= 0 { return true }
      if errno != EINTR { return false }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls of batch evaluation, each retried when a signal interrupts it (`EINTR`),
/// so that callers see only real results and real errors.
enum Syscalls {
  /// `read(2)`: the bytes read, 0 at the end of the input, or -1 with `errno` set.
  static func retryingRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    while true {
      let result = read(descriptor, buffer, count)
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// `write(2)`: the bytes written, or -1 with `errno` set.
  static func retryingWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    while true {
      let result = write(descriptor, buffer, count)
      if result >= 0 || errno != EINTR { return result }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the test suites make on pipes to and from the tools they run, with their
/// retry on EINTR in one place.
public enum TestSyscalls {
  /// Writes every byte, retrying after EINTR.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor, such as a pipe's write end.
  ///   - bytes: What to write.
  /// - Returns: 0 when everything was written, else the errno of the failed write.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return n < 0 ? errno : EIO }
      written += n
    }
    return 0
  }

  /// Reads what is there, up to the buffer's size, retrying after EINTR.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor, such as a pipe's read end.
  ///   - buffer: Where to put the bytes.
  /// - Returns: The number of bytes read (0 at the end), or -1 with `errno` set.
  public static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0 && errno == EINTR { continue }
      return count
    }
  }
}

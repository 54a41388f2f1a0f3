#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls of the `dnd` tool itself (the libraries have their own).
enum Syscalls {
  /// Makes sure descriptors 0, 1 and 2 are open, before the tool opens anything.
  ///
  /// A process started with one of them closed (`dnd eval <&-`) would otherwise get its first
  /// `open` (the zone root, say) as that number and read or write it as standard input or
  /// output. A closed one gets `/dev/null` opened the other way round (write-only for input,
  /// read-only for output), so that the number is taken and using it still fails with
  /// `EBADF`, as using a closed descriptor does, and is reported.
  static func occupyClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      // The lowest free number is taken, and every lower one is open by now.
      var opened: Int32
      repeat {
        opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      } while opened == -1 && errno == EINTR
      if opened >= 0, opened != descriptor {
        _ = dup2(opened, descriptor)
        _ = close(opened)
      }
    }
  }
}

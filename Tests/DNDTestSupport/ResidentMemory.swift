import SystemInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test process's resident memory, for tests that memory a client controls is given back:
/// such a test repeats a workload of distinct values and bounds the growth between rounds.
public enum ResidentMemory {
  /// The resident set size now, in bytes (`/proc/self/statm`'s second field); 0 where there
  /// is no /proc.
  public static func bytes() -> Int {
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { try? Syscalls.read(descriptor, into: $0) } ?? 0
    guard count > 0 else { return 0 }
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return 0
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Memory the allocator may keep out of reuse on top of a test's own: AddressSanitizer
  /// quarantines freed blocks (256 MiB by default) before reusing them, so under it a bound
  /// on growth widens by that much (the live-object counts still hold exactly).
  public static var allocatorSlack: Int {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") == nil ? 0 : 300 << 20
  }
}

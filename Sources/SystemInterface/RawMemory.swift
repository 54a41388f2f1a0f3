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

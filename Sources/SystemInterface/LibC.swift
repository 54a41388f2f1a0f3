// The platform layer's one list of C libraries, for the reader: each file of SystemInterface
// imports its system's C library with the same ladder, and no other module of DNDKit imports
// one (the portability check in .ci/portability fails on any that does).
//
// - Darwin (macOS, iOS, tvOS, watchOS, visionOS): `Darwin`.
// - Android: `Android` (bionic), tested before Glibc, which older Android SDKs also offered.
// - Linux with glibc: `Glibc`.
// - Linux with musl (the static Linux SDK): `Musl`.
// - Anything else is an error at compile time, never a silent guess.
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

/// What this build's C library is, for messages and for tests that depend on it.
package enum CLibrary: String, Sendable {
  case darwin = "Darwin"
  case android = "Android (bionic)"
  case glibc = "glibc"
  case musl = "musl"

  /// The C library this build uses.
  package static var current: CLibrary {
    #if canImport(Darwin)
      .darwin
    #elseif canImport(Android)
      .android
    #elseif canImport(Glibc)
      .glibc
    #else
      .musl
    #endif
  }
}

import DNDKitTesting
import ZoneInfo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// DNDKitTesting's property checks, with a violation that stops the fuzzer like a crash does,
/// so that libFuzzer saves the input as a crash artifact.
public let properties = PropertyChecks { message in
  let text = "fuzz property violated: " + message + "\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  abort()
}

/// A property every input must keep; see ``properties``.
///
/// - Parameters:
///   - condition: The property.
///   - message: What was expected, with the values involved.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  properties.require(condition, message())
}

/// The tzdata the targets load zones from: `TZDIR`, else `/usr/share/zoneinfo` (the fuzz
/// targets are programs, so they read the environment; the library checks do not).
public let fuzzZoneDatabase: ZoneDatabase? = {
  let tzdir = getenv("TZDIR").map { String(cString: $0) } ?? ""
  return try? ZoneDatabase(root: tzdir.isEmpty ? ZoneDatabase.defaultRoot : tzdir)
}()

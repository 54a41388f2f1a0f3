import DNDSchedule
import ZoneInfo

/// The properties every zone and every compiled schedule has, checked at the instants of a
/// ``PropertyProbes``: offsets bounded and constant between transitions, local times that map
/// back to their instants, out-of-range instants refused, and a schedule's state that flips at
/// `nextChange` and not one second before. DNDKit's fuzz targets check them on every input
/// they make a zone or a rule from, and its tests on every input the fuzzer saved.
///
/// A violation goes to the handler the checks were made with, which decides what a violation
/// does: a fuzz target aborts, so that libFuzzer saves the input; a test records a failure.
/// The checks read nothing from the process (no environment, no clock).
public struct PropertyChecks: Sendable {
  /// Called with a description of each violated property, with the values involved.
  public let violation: @Sendable (String) -> Void

  /// Checks that report each violation to a handler.
  ///
  /// - Parameter violation: Called with what was expected, and the values involved.
  public init(violation: @escaping @Sendable (String) -> Void) {
    self.violation = violation
  }

  /// Reports a violation unless the property holds.
  ///
  /// - Parameters:
  ///   - condition: The property.
  ///   - message: What was expected, with the values involved.
  public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    violation(message())
  }
}

extension PropertyChecks {
  /// The whole check of the zone targets (`tzif`, `posix-tz`) for an input that made a zone:
  /// the zone properties at the input's probes, then two sample rules compiled against it.
  ///
  /// DNDKit's tests replay the fuzzer's saved inputs through this same function, so a
  /// regression file is checked exactly as the fuzzer checked it.
  ///
  /// - Parameters:
  ///   - zone: The zone the input made.
  ///   - input: The input's bytes.
  public func exerciseZoneInput(_ zone: Zone, input: UnsafeBufferPointer<UInt8>) {
    let probes = PropertyProbes(input)
    exerciseZone(zone, probes: probes)
    for rule in Self.sampleRules(probes) {
      do {
        exerciseSchedule(try DoNotDisturbSchedule(rule: rule, zone: zone), probes: probes)
      } catch {
        require(false, "sample rule \(rule) does not compile: \(error)")
      }
    }
  }
}

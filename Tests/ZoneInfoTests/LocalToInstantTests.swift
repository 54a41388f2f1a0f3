import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import XCTest
import ZoneInfo

/// The public conversions from a local date-time to an instant, against the enumeration of
/// every instant a reading has (``Zone/instants(for:)``) and the zdump facts of New York.
final class LocalToInstantTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var generators: Generators!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    generators = Generators(zones: zones)
  }

  func testNewYorkGapAndFold() throws {
    let newYork = try zones.zone("America/New_York")
    // 2026-03-08: 02:00 EST -> 03:00 EDT at 07:00Z (zdump -v), so 02:30 never happens.
    XCTAssertEqual(
      try newYork.firstInstant(
        atOrAfter: LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)),
      1_772_953_200)
    // 2026-11-01: 02:00 EDT -> 01:00 EST at 06:00Z; 01:30 happens at 05:30Z and 06:30Z.
    XCTAssertEqual(
      try newYork.firstInstant(
        atOrAfter: LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30)),
      1_793_511_000)
    // The start of 2026-11-01 is its midnight EDT, 04:00Z, from any instant that day.
    XCTAssertEqual(try newYork.startOfDay(containing: 1_793_511_000 + 3600), 1_793_505_600)
  }

  /// first-at-or-after agrees with the enumeration: the unique instant, the earlier of two,
  /// or the transition of a gap; and the start of a day is at or before every instant of it.
  func testAgreesWithInstantsForRandomReadings() throws {
    let seed = SplitMix64.seed(default: 15)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let id = generators.zoneID(using: &rng)
      let zone = try zones.zone(id)
      for _ in 0..<50 {
        let instant = generators.instant(in: zone, using: &rng)
        let reading = try zone.localDateTime(at: instant)
        let expected: Int64
        switch zone.instants(for: reading) {
        case .unique(let t): expected = t
        case .repeated(let earlier, _): expected = earlier
        case .skipped(let transition): expected = transition
        }
        XCTAssertEqual(
          try zone.firstInstant(atOrAfter: reading), expected, "\(id) \(reading) [seed \(seed)]")
        let start = try zone.startOfDay(containing: instant)
        XCTAssertLessThanOrEqual(start, instant, "\(id) \(instant) [seed \(seed)]")
        let startReading = try zone.localDateTime(at: start)
        XCTAssertEqual(
          [startReading.year, startReading.month, startReading.day],
          [reading.year, reading.month, reading.day], "\(id) \(instant) [seed \(seed)]")
        if start > Zone.supportedInstants.lowerBound {
          let before = try zone.localDateTime(at: start - 1)
          XCTAssertNotEqual(
            [before.year, before.month, before.day], [reading.year, reading.month, reading.day],
            "\(id) \(instant): the day starts earlier than \(start) [seed \(seed)]")
        }
      }
    }
  }

  func testReadingsAtTheEndsOfTheRangeThrow() throws {
    let zone = try zones.zone("America/New_York")
    for reading in [
      try LocalDateTime(year: -9999, month: 1, day: 1),
      try LocalDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59),
    ] {
      XCTAssertThrowsError(try zone.firstInstant(atOrAfter: reading)) {
        guard case .instantOutOfRange = $0 as? ZoneError else { return XCTFail("\($0)") }
      }
    }
    XCTAssertThrowsError(try zone.startOfDay(containing: Zone.supportedInstants.upperBound))
  }
}

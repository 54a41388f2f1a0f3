import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import XCTest
import ZoneInfo

/// Property tests of the zone engine over seeded random zones and instants.
final class ZonePropertyTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var generators: Generators!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    generators = Generators(zones: zones)
  }

  /// instant → local → instants contains the instant, and every instant reads back as local.
  func testLocalRoundTrip() throws {
    let seed = SplitMix64.seed(default: 42)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<5_000 {
      let id = generators.zoneID(using: &rng)
      let zone = try zones.zone(id)
      let t = generators.instant(in: zone, using: &rng)
      let local = try zone.localDateTime(at: t)
      let instants = zone.instants(for: local).instants
      XCTAssertTrue(instants.contains(t), "\(id) \(t) \(local) -> \(instants) [seed \(seed)]")
      for instant in instants {
        XCTAssertEqual(try zone.localDateTime(at: instant), local, "\(id) \(t) [seed \(seed)]")
      }
    }
  }

  /// A gap gives no instant, a fold two, everywhere else one; checked around every transition
  /// of notable zones from 1970 to 2100.
  func testGapsAndFolds() throws {
    for id in Generators.notableZones {
      let zone = try zones.zone(id)
      for transition in try zone.transitions(in: 0..<4_102_444_800) {
        let shift = Int64(transition.wallClockShift)
        let localAfter = transition.instant + Int64(transition.offsetAfter)
        if shift > 0 {
          // Wall readings [localAfter - shift, localAfter) never occur.
          for local in [localAfter - shift, localAfter - 1, localAfter - shift / 2] {
            let result = zone.instants(for: try reading(local))
            XCTAssertEqual(result, .skipped(transition: transition.instant), "\(id) \(transition)")
          }
          XCTAssertEqual(zone.instants(for: try reading(localAfter)), .unique(transition.instant))
        } else if shift < 0 {
          // Wall readings [localAfter, localAfter - shift) occur twice.
          for local in [localAfter, localAfter - shift - 1] {
            let result = zone.instants(for: try reading(local))
            XCTAssertEqual(
              result,
              .repeated(
                earlier: local - Int64(transition.offsetBefore),
                later: local - Int64(transition.offsetAfter)),
              "\(id) \(transition)")
          }
          XCTAssertEqual(
            zone.instants(for: try reading(localAfter - shift)).instants.count, 1, "\(id)")
        } else {
          XCTAssertEqual(zone.instants(for: try reading(localAfter)), .unique(transition.instant))
        }
      }
    }
  }

  func reading(_ localSeconds: Int64) throws -> LocalDateTime {
    try Zone.utc.localDateTime(at: localSeconds)
  }

  /// Transitions are strictly increasing and chain: each offsetBefore is the previous
  /// offsetAfter, and the offset on each side is what `offset(at:)` says. All zones, 1800–2500.
  func testTransitionsChain() throws {
    for id in zones.identifiers() {
      let zone = try zones.zone(id)
      let list = try zone.transitions(in: -5_364_662_400..<16_725_225_600)
      var previous: ZoneTransition?
      for transition in list {
        if let previous {
          XCTAssertLessThan(previous.instant, transition.instant, id)
          XCTAssertEqual(previous.offsetAfter, transition.offsetBefore, id)
        }
        XCTAssertEqual(try zone.offset(at: transition.instant - 1), transition.offsetBefore, id)
        XCTAssertEqual(try zone.offset(at: transition.instant), transition.offsetAfter, id)
        previous = transition
      }
    }
  }

  /// next/previous transition agree with each other.
  func testNextAndPreviousTransition() throws {
    let seed = SplitMix64.seed(default: 7)
    var rng = SplitMix64(seed: seed)
    let budget = PropertyBudget(seed: seed)
    for _ in 0..<2_000 {
      let id = generators.zoneID(using: &rng)
      let zone = try zones.zone(id)
      let t = generators.instant(in: zone, using: &rng)
      try budget.check("\(id) at \(t)") {
        guard let next = try zone.nextTransition(after: t) else { return }
        XCTAssertGreaterThan(next.instant, t)
        XCTAssertEqual(
          try zone.previousTransition(atOrBefore: next.instant), next, "[seed \(seed)]")
        if let previous = try zone.previousTransition(atOrBefore: t) {
          XCTAssertLessThanOrEqual(previous.instant, t)
          XCTAssertEqual(try zone.nextTransition(after: previous.instant - 1), previous)
          // No transition strictly between previous and next.
          XCTAssertEqual(try zone.nextTransition(after: previous.instant), next, "[seed \(seed)]")
        }
      }
    }
  }

  /// The committed slim files (footer-only after 2007) agree with the system's fat files.
  func testSlimAndFatAgree() throws {
    let root = TestPaths.fixtures + "/tzif/slim"
    let ids = [
      "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe",
      "Africa/Casablanca", "America/Santiago", "Antarctica/Troll", "Asia/Kolkata",
      "Pacific/Apia", "Asia/Shanghai", "Europe/Berlin", "UTC",
    ]
    let seed = SplitMix64.seed(default: 2008)
    var rng = SplitMix64(seed: seed)
    for id in ids {
      let data = try XCTUnwrap(FileManager.default.contents(atPath: root + "/" + id), id)
      let slim = try Zone(identifier: id, tzif: [UInt8](data))
      let fat = try zones.zone(id)
      let range: Range<Int64> = 1_199_145_600..<4_133_980_800  // 2008 through 2100
      XCTAssertEqual(try slim.transitions(in: range), try fat.transitions(in: range), id)
      for _ in 0..<2_000 {
        let t = Int64.random(in: range, using: &rng)
        XCTAssertEqual(try slim.offset(at: t), try fat.offset(at: t), "\(id) \(t) [seed \(seed)]")
        XCTAssertEqual(
          try slim.isDaylightSavingTime(at: t), try fat.isDaylightSavingTime(at: t), "\(id) \(t)")
      }
    }
  }
}

/// The membership fast path's one-entry buckets against the general look-up.
final class HighWaterBucketTests: XCTestCase {
  /// Every zone of the system tzdata, and POSIX rules with folds, gaps, whole skipped days and
  /// rules whose changes swap order.
  func testBucketsAgreeWithTheIntervalsInEveryZone() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var checked: [Zone] = []
    for id in zones.identifiers() { checked.append(try zones.zone(id)) }
    for rule in [
      "EST5EDT,M3.2.0,M11.1.0", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
      "STD14EEP-12,1/-0,3", "STD0DST,M1.1.0,6", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
      "IST-1GMT0,M10.5.0,M3.5.0/1",
    ] {
      checked.append(try Zone(posixTZ: rule))
    }
    var described = 0
    var buckets = 0
    for zone in checked {
      let result = zone.highWaterBucketViolations()
      XCTAssertEqual(result.violations, [], zone.identifier)
      described += result.described
      buckets += result.buckets
    }
    // Nearly every bucket should take the fast path; the rest are correct but slower.
    XCTAssertGreaterThan(Double(described), 0.95 * Double(buckets))
  }
}

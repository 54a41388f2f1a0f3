import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import XCTest
import ZoneInfo

/// Saving never stores what loading refuses: every rule a save accepts, at any instant of the
/// supported years (before 1970 too), loads back from its stored document as the schedule the
/// save compiled, deciding the same; the one end a save cannot store, UNIX 0 (the value that
/// means unset), is refused at save with a typed error instead.
final class SaveLoadAgreementTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  /// A save instant anywhere in the supported years, weighted towards where saving has edges:
  /// within two days of UNIX 0 (where a one-off end can be 0), the years' two ends, and the
  /// last and next century.
  func savedAt(using rng: inout SplitMix64) -> Int64 {
    let range = Zone.supportedInstants
    switch Int.random(in: 0..<8, using: &rng) {
    case 0, 1: return Int64.random(in: range, using: &rng)
    case 2: return range.lowerBound + Int64.random(in: 0...172_800, using: &rng)
    case 3: return range.upperBound - Int64.random(in: 0...172_800, using: &rng)
    case 4: return Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng)
    default: return Int64.random(in: -172_800...172_800, using: &rng)
    }
  }

  /// The instants a decision is asked at: around the save, the stored end and UNIX 0, and one
  /// anywhere, kept inside the supported years.
  func probes(savedAt: Int64, end: Int64, using rng: inout SplitMix64) -> [Int64] {
    let range = Zone.supportedInstants
    let near: [Int64] = [
      savedAt, savedAt - 1, savedAt + 1, savedAt + 3_600, end - 1, end, end + 1, -1, 0, 1,
      savedAt + Int64.random(in: -86_400...172_800, using: &rng),
    ]
    return near.map { min(max($0, range.lowerBound), range.upperBound) }
      + [Int64.random(in: range, using: &rng)]
  }

  /// 60,000 generated rules (three in five one-off, a third of all ending at the wall-clock time
  /// their zone shows at UNIX 0, so that saves near 1970 land on an end of 0) saved at
  /// instants over the whole supported range: each save either succeeds, and the stored
  /// document loads as the schedule the save compiled, deciding the same at a dozen instants,
  /// or is refused with `invalidInstant` on `savedAt` (an end of 0, or outside the years).
  func testEverySavedRuleLoadsBackAndDecidesTheSame() throws {
    let generators = Generators(zones: zones)
    let seed = SplitMix64.seed(default: 0x5A7E_10AD_0E90)
    var rng = SplitMix64(seed: seed)
    var loadedBack = 0
    var refusedAtZero = 0
    var endsBefore1970 = 0
    for index in 0..<60_000 {
      let zoneID = generators.zoneID(using: &rng)
      let zone = try zones.zone(zoneID)
      var rule = generators.rule(
        zoneID: zoneID, modes: [.once, .once, .unknown, .daily, .custom], using: &rng)
      rule.enabled = Int.random(in: 0..<10, using: &rng) != 0
      if Int.random(in: 0..<3, using: &rng) == 0 {
        let epoch = try zone.localDateTime(at: 0)
        (rule.endHour, rule.endMinute) = (epoch.hour, epoch.minute)
      }
      let savedAt = savedAt(using: &rng)
      let label = "[seed \(seed), rule \(index)] saved at \(savedAt): \(rule)"

      let saved: (rule: DoNotDisturbRule, compiled: DoNotDisturbSchedule)
      do {
        saved = try rule.savedAndCompiled(at: savedAt, zones: zones)
      } catch {
        // A valid rule at a supported instant: the only refusal is the save instant's.
        XCTAssertEqual(error.errors.map(\.code), [.invalidInstant], label)
        XCTAssertEqual(error.errors.map(\.keyPath), ["savedAt"], label)
        XCTAssertEqual(error.errors.map(\.value), [String(savedAt)], label)
        if error.errors.first?.reason.contains("would end at 0 ") == true { refusedAtZero += 1 }
        continue
      }
      let stored = saved.rule.jsonBytes()
      let loaded: DoNotDisturbSchedule
      do {
        loaded = try DoNotDisturbSchedule(jsonBytes: stored, zones: zones)
      } catch {
        XCTFail("the save stored what loading refuses (\(error)): \(label)")
        continue
      }
      loadedBack += 1
      if saved.rule.onceEndTimestamp < 0 { endsBefore1970 += 1 }
      XCTAssertEqual(loaded, saved.compiled, label)
      let end = saved.rule.onceEndTimestamp
      for instant in probes(savedAt: savedAt, end: end, using: &rng) {
        XCTAssertEqual(
          try loaded.contains(instant), try saved.compiled.contains(instant),
          "at \(instant): \(label)")
      }
    }
    // The generator reaches the collision and the years before 1970: the checks above ran
    // where they can fail.
    XCTAssertGreaterThan(loadedBack, 50_000, "[seed \(seed)]")
    XCTAssertGreaterThan(refusedAtZero, 20, "[seed \(seed)]")
    XCTAssertGreaterThan(endsBefore1970, 10_000, "[seed \(seed)]")
  }

  /// The three saves reported to store `"onceEndTimestamp": 0`: a one-off rule whose first
  /// period after the save ends exactly at UNIX 0. Each is refused with `invalidInstant` on
  /// `savedAt`, naming the value; a second earlier or later (an end a day away, or the same
  /// window ending elsewhere) saves and loads back.
  func testOneOffEndAtUNIXZeroIsRefusedAtSave() throws {
    let cases: [(zoneID: String, savedAt: Int64, start: (Int, Int), end: (Int, Int))] = [
      // UTC+8: 1970-01-01 07:59:59 local; the window ends at 08:00, UNIX 0.
      ("Asia/Shanghai", -1, (7, 0), (8, 0)),
      // 1969-12-31 23:00 UTC; the window ends at midnight, UNIX 0.
      ("UTC", -3_600, (22, 0), (0, 0)),
      // UTC-5: 1969-12-31 18:58:20 local; the window ends at 19:00, UNIX 0.
      ("America/New_York", -100, (18, 0), (19, 0)),
    ]
    for (zoneID, savedAt, start, end) in cases {
      let rule = DoNotDisturbRule(
        enabled: true, startHour: start.0, startMinute: start.1, endHour: end.0,
        endMinute: end.1, repeatMode: .once, timeZoneID: zoneID)
      let label = "\(zoneID) saved at \(savedAt)"
      XCTAssertThrowsError(try rule.savedAndCompiled(at: savedAt, zones: zones), label) {
        let errors = ($0 as? RuleError)?.errors ?? []
        XCTAssertEqual(errors.map(\.code), [.invalidInstant], label)
        XCTAssertEqual(errors.map(\.keyPath), ["savedAt"], label)
        XCTAssertEqual(errors.map(\.value), [String(savedAt)], label)
        XCTAssertTrue(errors.first?.reason.contains("onceEndTimestamp") == true, label)
      }
      // At the period's end the next period is a day later: that save stores and loads.
      let later = try rule.savedAndCompiled(at: 0, zones: zones)
      XCTAssertEqual(later.rule.onceEndTimestamp, 86_400, label)
      XCTAssertEqual(
        try DoNotDisturbSchedule(jsonBytes: later.rule.jsonBytes(), zones: zones),
        later.compiled, label)
    }
  }
}

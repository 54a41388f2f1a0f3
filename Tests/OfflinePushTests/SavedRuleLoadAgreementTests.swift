import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// The push rule's save never stores what its load refuses, over the whole supported range
/// and both stored forms (the package's JSON writer and `Codable`): the DND rule's one-off end
/// of UNIX 0, which means unset, is refused at save under the caller's `savedAt` key.
final class SavedRuleLoadAgreementTests: XCTestCase {
  /// 20,000 generated push rules saved at instants over the supported years (half within two
  /// days of UNIX 0, a third of their DND rules ending at the wall-clock time of UNIX 0): each
  /// accepted save loads back, from the JSON document and from `Codable`'s, as the compiled
  /// rule the save gave, deciding the same; each refusal is `invalidInstant` on `savedAt`.
  func testEverySavedPushRuleLoadsBack() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    let seed = SplitMix64.seed(default: 0x0FF1_1E5A_7E)
    var rng = SplitMix64(seed: seed)
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    var refused = 0
    var loaded = 0
    for index in 0..<20_000 {
      let zoneID = generators.zoneID(using: &rng)
      var dnd = generators.rule(zoneID: zoneID, modes: [.once, .unknown, .daily], using: &rng)
      if Bool.random(using: &rng) {
        let epoch = try zones.zone(zoneID).localDateTime(at: 0)
        (dnd.endHour, dnd.endMinute) = (epoch.hour, epoch.minute)
      }
      let submitted = OfflinePushRule(
        offlinePushEnabled: Int.random(in: 0..<10, using: &rng) != 0,
        doNotDisturbRule: Int.random(in: 0..<10, using: &rng) == 0 ? nil : dnd)
      let savedAt =
        Bool.random(using: &rng)
        ? Int64.random(in: -172_800...172_800, using: &rng)
        : Int64.random(in: Zone.supportedInstants, using: &rng)
      let label = "[seed \(seed), rule \(index)] saved at \(savedAt): \(submitted)"

      let saved: (rule: OfflinePushRule, compiled: CompiledOfflinePushRule)
      do {
        saved = try submitted.savedAndCompiled(at: savedAt, zones: zones)
      } catch {
        XCTAssertEqual(error.errors.map(\.code), [.invalidInstant], label)
        XCTAssertEqual(error.errors.map(\.keyPath), ["savedAt"], label)
        refused += 1
        continue
      }
      do {
        let fromJSON = try CompiledOfflinePushRule(jsonBytes: saved.rule.jsonBytes(), zones: zones)
        let decoded = try decoder.decode(OfflinePushRule.self, from: encoder.encode(saved.rule))
        let fromCodable = try CompiledOfflinePushRule(rule: decoded, zones: zones)
        XCTAssertEqual(fromJSON, saved.compiled, label)
        XCTAssertEqual(fromCodable, saved.compiled, label)
        let end = saved.rule.doNotDisturbRule?.onceEndTimestamp ?? 0
        let range = Zone.supportedInstants
        for instant in [savedAt, end - 1, end, -1, 0] where range.contains(instant) {
          XCTAssertEqual(
            try fromJSON.schedule.contains(instant), try saved.compiled.schedule.contains(instant),
            "at \(instant): \(label)")
        }
        loaded += 1
      } catch {
        XCTFail("the save stored what loading refuses (\(error)): \(label)")
      }
    }
    XCTAssertGreaterThan(loaded, 15_000, "[seed \(seed)]")
    XCTAssertGreaterThan(refused, 10, "[seed \(seed)]")
  }

  /// The reported saves, nested in a push rule: refused, with the save instant under its own
  /// key (`savedAt`, not `doNotDisturbRule.savedAt`) and its value.
  func testOneOffEndAtUNIXZeroIsRefusedUnderSavedAt() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let cases: [(zoneID: String, savedAt: Int64, endHour: Int)] = [
      ("Asia/Shanghai", -1, 8), ("UTC", -3_600, 0), ("America/New_York", -100, 19),
    ]
    for (zoneID, savedAt, endHour) in cases {
      let rule = OfflinePushRule(
        doNotDisturbRule: DoNotDisturbRule(
          enabled: true, startHour: (endHour + 23) % 24, endHour: endHour, repeatMode: .once,
          timeZoneID: zoneID))
      let label = "\(zoneID) saved at \(savedAt)"
      XCTAssertThrowsError(try rule.savedAndCompiled(at: savedAt, zones: zones), label) {
        let errors = ($0 as? RuleError)?.errors ?? []
        XCTAssertEqual(errors.map(\.code), [.invalidInstant], label)
        XCTAssertEqual(errors.map(\.keyPath), ["savedAt"], label)
        XCTAssertEqual(errors.map(\.value), [String(savedAt)], label)
      }
    }
  }
}

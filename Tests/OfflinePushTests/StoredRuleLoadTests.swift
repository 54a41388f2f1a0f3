import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// The load step gives back the rules that were stored: a server saves what clients send,
/// stores the saved rules' documents, and later compiles them from storage without saving them
/// again (which would fix every one-off rule's end anew, from the load instant).
final class StoredRuleLoadTests: XCTestCase {
  /// 100,000 generated rules, one-off rules among them, saved at instants spread over a
  /// century and stored as documents; each stored document loaded with
  /// `CompiledOfflinePushRule(jsonBytes:zones:)` compiles to the rule the save step compiled.
  /// A load that saved again would differ on the
  /// one-off rules saved at another instant, so the test counts how many of those there are.
  func testLoadingStoredDocumentsGivesTheStoredRules() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    let seed = SplitMix64.seed(default: 0x5703_ED10_AD)
    var rng = SplitMix64(seed: seed)
    let loadedAt: Int64 = 1_772_982_000
    var oneOffs = 0
    var resavingWouldChange = 0
    for index in 0..<100_000 {
      let dnd: DoNotDisturbRule? =
        Int.random(in: 0..<8, using: &rng) == 0
        ? nil : generators.rule(zoneID: generators.zoneID(using: &rng), using: &rng)
      let submitted = OfflinePushRule(
        onlinePlatforms: Bool.random(using: &rng) ? [.iPhoneOS] : [],
        offlinePushEnabled: Int.random(in: 0..<10, using: &rng) != 0,
        doNotDisturbRule: dnd)
      let savedAt = Int64.random(in: 946_684_800...4_102_444_800, using: &rng)
      let label = "[seed \(seed), rule \(index)] saved at \(savedAt): \(submitted)"
      let saved = try submitted.savedAndCompiled(at: savedAt, zones: zones)
      let stored = saved.rule.jsonBytes()

      // The compiled rule holds the stored one-off end: equal compiled rules, equal rules.
      let loaded = try CompiledOfflinePushRule(jsonBytes: stored, zones: zones)
      guard loaded == saved.compiled else {
        return XCTFail("the stored rule did not load as stored: \(label)")
      }
      if let dnd, dnd.repeatMode.isOneOff {
        oneOffs += 1
        // Saving again is the costly half of the loop: every fourth one-off rule is enough.
        guard oneOffs % 4 == 0 else { continue }
        let resaved = try saved.rule.savedAndCompiled(at: loadedAt, zones: zones)
        if resaved.compiled != loaded { resavingWouldChange += 1 }
      }
    }
    // One-off rules are among the stored ones, and most of them would have changed had the
    // load saved them again: the comparison above can fail.
    XCTAssertGreaterThan(oneOffs, 30_000, "[seed \(seed)]")
    XCTAssertGreaterThan(resavingWouldChange, oneOffs / 8, "[seed \(seed)]")
  }
}

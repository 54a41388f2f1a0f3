import DNDKitTesting
import DNDKitTestingXCTest
import Foundation
import PushService
import XCTest
import ZoneInfo
import ZoneInfoBundle

/// The service's quiet hours and push decisions against DNDKit's reference models over
/// generated cases, and its own DST edge cases kept as a fixture table.
final class PushServiceTests: XCTestCase {
  /// The tzdata the table's expectations were derived from, pinned; the property checks do
  /// not depend on the release, so the host's tzdata would serve them as well.
  let zones: ZoneDatabase = {
    guard let bundle = try? ZoneBundle.embedded() else { fatalError("no bundled tzdata") }
    return ZoneDatabase(bundle: bundle)
  }()

  /// Quiet hours in zones whose clocks jump, against the reference schedule. A failure
  /// prints the shrunk counterexample and the seed; `DNDKIT_SEED=<seed> swift test` replays
  /// it.
  func testQuietHoursAgreeWithTheReference() {
    let service = PushService(zones: zones)
    let generators = Generators(zones: zones)
    let check = ReferenceCheck(
      zones: zones, seed: SplitMix64.seed(default: 0x5EED), cases: 1_000,
      zoneIDs: generators.zoneIDs(with: .gaps))
    assertAgreesWithReference(check) { rule, instant in
      try service.isQuiet(rule, at: instant)
    }
  }

  /// Push decisions (switches, platform rule, quiet hours) against the reference decision.
  func testPushesAgreeWithTheReference() {
    let service = PushService(zones: zones)
    let check = ReferenceCheck(zones: zones, seed: SplitMix64.seed(default: 0xF00D), cases: 500)
    assertAgreesWithReference(check) { rule, query in
      try service.shouldPush(
        rule, kind: query.kind, to: query.target, online: query.online, at: query.instant)
    }
  }

  /// The team's ten DST edge cases (`quiet-hours.tsv`), through DNDKit and the service.
  func testOurEdgeCases() throws {
    let service = PushService(zones: zones)
    let url = try XCTUnwrap(Bundle.module.url(forResource: "quiet-hours", withExtension: "tsv"))
    let report = assertFixtureTable(url, zones: zones) { rule, instant in
      try service.isQuiet(rule, at: instant)
    }
    XCTAssertEqual(report?.passed, 10)
  }
}

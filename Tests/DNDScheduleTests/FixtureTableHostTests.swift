import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// The fixture tables against the host's tzdata, the one differential test that does not run
/// on the pinned snapshot. It says which version it found. On the version the tables were
/// derived from every row must pass; on another, rows that differ are printed (a newer
/// release may move a clock change) and the rows of zones whose TZif data is identical to the
/// pinned one must still pass.
final class FixtureTableHostTests: XCTestCase {
  func testFixtureTablesOnTheHostTZData() throws {
    let host = try ZoneDatabase(root: TestPaths.zoneinfo)
    let pinned = try TestPaths.pinnedZones()
    let version = host.version() ?? "unknown"
    print(
      "host tzdata \(version) at \(TestPaths.zoneinfo); fixture tables derived from "
        + "\(TestPaths.fixtureTZDataVersion)")
    var checked = 0
    for name in ["dnd-cases.tsv", "zone-transitions.tsv", "weekly-cases.tsv"] {
      let table = try FixtureTable(contentsOf: TestPaths.fixtures + "/" + name)
      let report = FixtureVerifier(zones: host).verify(table)
      checked += report.passed + report.failures.count
      for failure in report.failures {
        let row = table.rows.first { $0.line == failure.line }
        let id = row?["zone"] ?? ""
        let same = (try? host.zone(id)).flatMap { hostZone in
          (try? pinned.zone(id)).map { pinnedZone in
            (try? hostZone.transitions(in: 0..<4_102_444_800))
              == (try? pinnedZone.transitions(in: 0..<4_102_444_800))
          }
        }
        if version == TestPaths.fixtureTZDataVersion || same == true {
          XCTFail("host tzdata \(version): \(failure)")
        } else {
          print("host tzdata \(version) differs from the pinned data here: \(failure)")
        }
      }
    }
    XCTAssertGreaterThan(checked, 300)
  }
}

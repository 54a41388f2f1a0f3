import DNDKitTesting
import DNDTestSupport
import XCTest
import ZoneInfo

/// The weekly schedule table in `Fixtures/weekly-cases.tsv`, derived from `zdump -v` by hand
/// (notes in `Fixtures/README-weekly.md`).
final class WeeklyFixtureTests: XCTestCase {
  func testWeeklyEdgeCaseTable() throws {
    let zones = try TestPaths.pinnedZones()
    let table = try FixtureTable(contentsOf: TestPaths.fixtures + "/weekly-cases.tsv")
    XCTAssertGreaterThanOrEqual(table.rows.count, 60)
    let report = FixtureVerifier(zones: zones).verify(table)
    for failure in report.failures { XCTFail(failure.description) }
    XCTAssertEqual(report.passed, table.rows.count)
  }

  /// Flipped expectations must be reported, or the table proves nothing.
  func testVerifierRejectsWrongRows() throws {
    let zones = try TestPaths.pinnedZones()
    let header = "id\tzone\tpolarity\twindows\tsnooze\tat\tlocal\texpected\tnextChange\treason"
    let good = [
      "Europe/Berlin", "quiet", "Sat 22:00-02:00; Sun 03:00-06:00", "-",
      "2026-03-29T00:30:00Z", "2026-03-29T01:30:00+01:00", "quiet", "2026-03-29T04:00:00Z",
    ]
    var rows = ["ok\t" + good.joined(separator: "\t") + "\tright"]
    for (index, wrong) in [
      (6, "open"), (7, "2026-03-29T01:00:00Z"), (5, "2026-03-29T01:30:00+02:00"),
      (1, "send"), (3, "2026-03-29T00:30:00Z/2026-03-29T05:00:00Z"),
    ] {
      var fields = good
      fields[index] = wrong
      rows.append("bad\(index)\t" + fields.joined(separator: "\t") + "\twrong")
    }
    let table = try FixtureTable(text: ([header] + rows).joined(separator: "\n"), path: "inline")
    let report = FixtureVerifier(zones: zones).verify(table)
    XCTAssertEqual(report.passed, 1)
    XCTAssertEqual(report.failures.map(\.id), ["bad6", "bad7", "bad5", "bad1", "bad3"])
  }
}

import DNDKitTesting
import DNDTestSupport
import XCTest
import ZoneInfo

/// The DST edge-case table in `Fixtures/dnd-cases.tsv`, derived from `zdump -v` by hand.
final class ScheduleFixtureTests: XCTestCase {
  func testEdgeCaseTable() throws {
    let zones = try TestPaths.pinnedZones()
    let table = try FixtureTable(contentsOf: TestPaths.fixtures + "/dnd-cases.tsv")
    XCTAssertGreaterThanOrEqual(table.rows.count, 100)
    let report = FixtureVerifier(zones: zones).verify(table)
    for failure in report.failures { XCTFail(failure.description) }
    XCTAssertEqual(report.passed, table.rows.count)
  }

  /// A flipped expectation must be reported, or the table proves nothing.
  func testVerifierRejectsWrongRows() throws {
    let zones = try TestPaths.pinnedZones()
    let header = "id\tzone\twindow\tmode\tdays\tsavedAt\tat\tlocal\texpected\tnextChange\treason"
    let rows = [
      "a\tAmerica/New_York\t22:00-08:00\tdaily\t-\t-\t2026-03-08T07:30:00Z\t2026-03-08T03:30:00-04:00\toff\t-\tflipped state",
      "b\tAmerica/New_York\t22:00-08:00\tdaily\t-\t-\t2026-03-08T07:30:00Z\t2026-03-08T02:30:00-05:00\tdnd\t-\twrong reading",
      "c\tAmerica/New_York\t22:00-08:00\tdaily\t-\t-\t2026-03-08T07:30:00Z\t2026-03-08T03:30:00-04:00\tdnd\t2026-03-08T13:00:00Z\twrong next change",
    ]
    let table = try FixtureTable(text: ([header] + rows).joined(separator: "\n"), path: "inline")
    XCTAssertEqual(FixtureVerifier(zones: zones).verify(table).failures.count, 3)
  }
}

import DNDKitTesting
import DNDTestSupport
import XCTest
import ZoneInfo

/// The notable-transitions table in `Fixtures/zone-transitions.tsv`, derived from `zdump -v`.
final class ZoneFixtureTests: XCTestCase {
  func testNotableTransitionsTable() throws {
    let zones = try TestPaths.pinnedZones()
    let table = try FixtureTable(contentsOf: TestPaths.fixtures + "/zone-transitions.tsv")
    XCTAssertGreaterThanOrEqual(table.rows.count, 30)
    let report = FixtureVerifier(zones: zones).verify(table)
    for failure in report.failures { XCTFail(failure.description) }
    XCTAssertEqual(report.passed, table.rows.count)
  }

  /// The verifier itself must notice a wrong row, or the table proves nothing.
  func testVerifierRejectsAWrongRow() throws {
    let zones = try TestPaths.pinnedZones()
    let text = """
      id\tzone\tutc\toffsetBefore\toffsetAfter\tdstAfter\tlocalBefore\tlocalAfter\treason
      wrong\tAmerica/New_York\t2026-03-08T07:00:00Z\t-05:00\t-05:00\tyes\t2026-03-08T01:59:59\t2026-03-08T03:00:00\tflipped
      """
    let report = FixtureVerifier(zones: zones).verify(try FixtureTable(text: text, path: "inline"))
    XCTAssertEqual(report.failures.count, 1)
  }
}

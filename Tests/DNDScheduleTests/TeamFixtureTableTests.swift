import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// A team's own fixture table, as a downstream suite keeps one: a wrong row fails with a
/// message naming the row, both for DNDKit and for the team's function.
final class TeamFixtureTableTests: XCTestCase {
  let header = "id\tzone\twindow\tmode\tdays\tsavedAt\tat\tlocal\texpected\tnextChange\treason"

  func table(_ rows: [String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("team-\(getpid())-\(UUID().uuidString).tsv")
    try (["# a team's table", header] + rows).joined(separator: "\n")
      .write(to: url, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// Lord Howe's clocks go back 30 minutes at 02:00 on 2026-04-05 (15:00Z), so 01:30–02:00
  /// happens twice; a 01:35–01:55 window is on only the first time. Two rows from
  /// Fixtures/dnd-cases.tsv, the second with its expectation flipped (off -> dnd).
  func testAWrongRowIsReportedByIdAndLine() throws {
    let url = try table([
      "lh-second-pass\tAustralia/Lord_Howe\t01:45-05:00\tdaily\t-\t-\t2026-04-04T15:10:00Z\t"
        + "2026-04-05T01:40:00+10:30\tdnd\t2026-04-04T18:30:00Z\tinside since the first 01:45",
      "lh-wrong\tAustralia/Lord_Howe\t01:35-01:55\tdaily\t-\t-\t2026-04-04T15:10:00Z\t"
        + "2026-04-05T01:40:00+10:30\tdnd\t-\tdeliberately wrong: the second 01:40 is off",
    ])
    var messages: [String] = []
    let report = checkFixtureTable(url, zones: try TestPaths.pinnedZones(), inDoNotDisturb: nil) {
      messages.append($0)
    }
    XCTAssertEqual(report?.passed, 1)
    XCTAssertEqual(messages, ["\(url.path):4: lh-wrong: state off, expected dnd"])
  }

  /// A team's function that is wrong in one row is named with the row, beside DNDKit's answer.
  func testTheFunctionUnderTestIsCheckedPerRow() throws {
    let url = try table([
      "ny-gap\tAmerica/New_York\t02:10-02:50\tdaily\t-\t-\t2026-03-08T07:00:00Z\t"
        + "2026-03-08T03:00:00-04:00\toff\t2026-03-09T06:10:00Z\tthe gap swallows the window",
      "ny-night\tAmerica/New_York\t22:00-08:00\tdaily\t-\t-\t2026-06-11T03:30:00Z\t"
        + "2026-06-10T23:30:00-04:00\tdnd\t2026-06-11T12:00:00Z\tinside",
    ])
    // A team's function that is always on: right at night, wrong in the swallowed window.
    var messages: [String] = []
    let report = checkFixtureTable(
      url, zones: try TestPaths.pinnedZones(), inDoNotDisturb: { _, _ in true }
    ) { messages.append($0) }
    XCTAssertEqual(report?.passed, 1)
    XCTAssertEqual(
      messages, ["\(url.path):3: ny-gap: the function under test says dnd, expected off"])
  }

  /// A missing table and a table without rows fail instead of passing.
  func testMissingOrEmptyTablesFail() throws {
    var messages: [String] = []
    let zones = try TestPaths.pinnedZones()
    _ = checkFixtureTable(
      URL(fileURLWithPath: "/nonexistent/cases.tsv"), zones: zones, inDoNotDisturb: nil
    ) { messages.append($0) }
    _ = checkFixtureTable(try table([]), zones: zones, inDoNotDisturb: nil) {
      messages.append($0)
    }
    XCTAssertEqual(messages.count, 2, "\(messages)")
    XCTAssertTrue(messages[0].contains("cannot read"), messages[0])
    XCTAssertTrue(messages[1].hasSuffix("the table has no rows"), messages[1])
  }
}

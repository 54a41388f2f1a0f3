import Foundation
import PushRecall
import XCTest

/// `dnd verify`, `dnd zones`, `dnd zone` and `dnd recall`.
final class VerifyZonesRecallTests: XCTestCase {
  func testVerifyReportsTheDeliberatelyWrongRow() throws {
    let result = try DNDProcess.run(["verify", "Fixtures/cli/wrong-row.tsv"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertEqual(result.lines.last, "1 passed, 1 failed")
    XCTAssertEqual(result.lines.count, 2)
    XCTAssertTrue(
      result.lines[0].hasPrefix(
        "Fixtures/cli/wrong-row.tsv:6: ny-overnight-after-midnight: state dnd, expected off"),
      result.lines[0])
  }

  func testVerifyWithoutArgumentsRunsThePackageFixtures() throws {
    let result = try DNDProcess.run(["verify"])
    XCTAssertEqual(result.status, 0, result.stdout)
    let summary = try XCTUnwrap(result.lines.last)
    XCTAssertTrue(summary.hasSuffix(" passed, 0 failed"), summary)
    XCTAssertGreaterThan(Int(summary.prefix { $0 != " " }) ?? 0, 100)
    // From elsewhere, the fixtures are found through the executable's package.
    let elsewhere = try DNDProcess.run(
      ["verify"], directory: FileManager.default.temporaryDirectory)
    XCTAssertEqual(elsewhere.lines.last, summary)
  }

  func testVerifyCountsAnUnreadableTableAsAFailure() throws {
    let result = try DNDProcess.run(["verify", "Fixtures/cli/example-rule.json"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.lines.last, "0 passed, 1 failed")
  }

  func testZones() throws {
    let result = try DNDProcess.run(["zones"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.lines.count, 3)
    XCTAssertTrue(result.lines[0].hasPrefix("tzdata version: "))
    let count = Int(result.lines[1].dropFirst("zones:".count).trimmingCharacters(in: .whitespaces))
    XCTAssertGreaterThan(count ?? 0, 0)
    XCTAssertTrue(result.lines[2].hasPrefix("root:           /"))
  }

  func testZoneTransitionsInAYear() throws {
    let result = try DNDProcess.run(["zone", "America/New_York", "--year", "2026"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.lines,
      [
        "America/New_York in 2026: 2 transitions",
        "2026-03-08T07:00:00Z  2026-03-08T01:59:59-05:00 EST → 2026-03-08T03:00:00-04:00 EDT  "
          + "(clocks go forward 1h, DST on)",
        "2026-11-01T06:00:00Z  2026-11-01T01:59:59-04:00 EDT → 2026-11-01T01:00:00-05:00 EST  "
          + "(clocks go back 1h, DST off)",
      ])
    let fixed = try DNDProcess.run(["zone", "Asia/Kolkata", "--year=2026"])
    XCTAssertEqual(
      fixed.lines, ["Asia/Kolkata in 2026: 0 transitions", "offset +05:30 (IST) all year"])
    let current = try DNDProcess.run(["zone", "Europe/Berlin"])
    XCTAssertEqual(current.status, 0)
    XCTAssertTrue(current.stdout.contains("2 transitions"))
  }

  func testRecallPrintsBothPayloads() throws {
    let id = "B7EE-8T9S-OI44-8NSS"
    let result = try DNDProcess.run(["recall", "--id", id, "--sender", "1xTlsmAn9", "--badge", "2"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let json = result.lines.filter { $0.hasPrefix("{") }
    XCTAssertEqual(json.count, 2)
    let message = try object(json[0])
    let recall = try object(json[1])
    XCTAssertEqual((message["rc"] as? [String: Any])?["id"] as? String, id)
    XCTAssertEqual((message["rc"] as? [String: Any])?["fId"] as? String, "1xTlsmAn9")
    let aps = try XCTUnwrap(recall["aps"] as? [String: Any])
    XCTAssertEqual(aps["category"] as? String, "RC:RcCmd")
    XCTAssertEqual(aps["mutable-content"] as? Int, 1)
    XCTAssertEqual(aps["badge"] as? Int, 2)
    let appData = try object(try XCTUnwrap(recall["appData"] as? String))
    XCTAssertEqual(appData["rc-dlt-identifier"] as? String, id)
    XCTAssertEqual(RecallCommand(payload: Data(json[1].utf8))?.recalledMessageId, id)
  }

  func testRecallEscapesAnyIdentifier() throws {
    for id in [
      "quote\"d", "back\\slash", "naïve 😀 ☃", "{\"rc-dlt-identifier\":\"x\"}", "tab\there",
    ] {
      let recall = try DNDProcess.run(["recall", "--id", id, "--only", "recall"])
      XCTAssertEqual(recall.status, 0, recall.stderr)
      XCTAssertEqual(recall.lines.count, 1)
      XCTAssertEqual(RecallCommand(payload: Data(recall.lines[0].utf8))?.recalledMessageId, id)
      let message = try DNDProcess.run(["recall", "--id", id, "--only", "message"])
      let rc = try object(message.lines[0])["rc"] as? [String: Any]
      XCTAssertEqual(rc?["id"] as? String, id)
    }
  }

  private func object(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
  }
}

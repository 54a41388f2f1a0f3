import DNDTestSupport
import Foundation
import PushRecall
import PushRecallReader
import XCTest
import ZoneInfo
import ZoneInfoBundle

@testable import dnd

/// `dnd verify`, `dnd zones`, `dnd zone` and `dnd recall`.
final class VerifyZonesRecallTests: XCTestCase {
  func testVerifyReportsTheDeliberatelyWrongRow() throws {
    let result = try DNDProcess.run(["verify", "Fixtures/cli/wrong-row.tsv"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertEqual(result.lines.last, "1 passed, 1 failed")
    XCTAssertEqual(result.lines.count, 4)
    XCTAssertEqual(result.lines[0], "tables: Fixtures/cli/wrong-row.tsv")
    XCTAssertTrue(result.lines[1].hasPrefix("time zone data: "), result.lines[1])
    XCTAssertTrue(
      result.lines[2].hasPrefix(
        "Fixtures/cli/wrong-row.tsv:6: ny-overnight-after-midnight: state dnd, expected off"),
      result.lines[2])
  }

  /// The package's tables on the tzdata they were derived from (the bundled 2025b snapshot),
  /// so that a host with newer tzdata does not fail them.
  func testVerifyWithoutArgumentsRunsThePackageFixtures() throws {
    let result = try DNDProcess.run(["verify", "--tzdata", "bundled"])
    XCTAssertEqual(result.status, 0, result.stdout)
    let summary = try XCTUnwrap(result.lines.last)
    XCTAssertTrue(summary.hasSuffix(" passed, 0 failed"), summary)
    XCTAssertGreaterThan(Int(summary.prefix { $0 != " " }) ?? 0, 100)
    XCTAssertTrue(
      result.lines[0].hasPrefix("tables: built into dnd (Fixtures/dnd-cases.tsv, "), result.lines[0]
    )
    XCTAssertEqual(result.lines[1], "time zone data: bundled tzdata 2025b")
    // From elsewhere, the same tables: they are built into dnd.
    let elsewhere = try DNDProcess.run(
      ["verify", "--tzdata", "bundled"], directory: FileManager.default.temporaryDirectory)
    XCTAssertEqual(elsewhere.lines, result.lines)
  }

  /// The tables built into dnd are the package's Fixtures/*.tsv, byte for byte (regenerate
  /// with .ci/embed-fixtures).
  func testBuiltInTablesAreThePackageFixtures() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures)
      .filter { $0.hasSuffix(".tsv") }.sorted()
    XCTAssertEqual(BuiltInFixtures.tables.map(\.path), names.map { "Fixtures/" + $0 })
    for table in BuiltInFixtures.tables {
      let text = try String(
        contentsOfFile: TestPaths.packageRoot + "/" + table.path, encoding: .utf8)
      XCTAssertEqual(table.text, text, "\(table.path) differs; run .ci/embed-fixtures")
    }
  }

  func testVerifyCountsAnUnreadableTableAsAFailure() throws {
    let result = try DNDProcess.run(["verify", "Fixtures/cli/example-rule.json"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.lines.last, "0 passed, 1 failed")
  }

  func testZonesListsTheSourceAndEveryID() throws {
    let system = try ZoneDatabase(root: TestPaths.zoneinfo)
    let result = try DNDProcess.run(["zones"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.lines.first, "tzdata \(system.version() ?? "(unknown version)") at \(system.root)")
    XCTAssertEqual(Array(result.lines.dropFirst()), system.identifiers())
    let json = try DNDProcess.run(["zones", "--json"])
    let listing = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(listing["zones"] as? [String], system.identifiers())
    XCTAssertEqual(listing["version"] as? String, system.version())
    XCTAssertEqual(listing["root"] as? String, system.root)
    XCTAssertEqual(listing["source"] as? String, result.lines.first)
    let bundle = try ZoneBundle.embedded()
    let bundled = try DNDProcess.run(["--tzdata", "bundled", "zones"])
    XCTAssertEqual(bundled.lines.first, "bundled tzdata \(bundle.version)")
    XCTAssertEqual(Array(bundled.lines.dropFirst()), bundle.identifiers)
    XCTAssertEqual(try DNDProcess.run(["zones", "--tzdata=bundled"]).stdout, bundled.stdout)
  }

  /// With TZDIR pointing nowhere, dnd answers from its bundled snapshot and says why; with an
  /// explicit choice of data that is missing or empty, `zones` exits 2 naming the root.
  func testZonesWithoutSystemData() throws {
    let bundle = try ZoneBundle.embedded()
    let fallback = try DNDProcess.run(["zones"], environment: ["TZDIR": "/nonexistent"])
    XCTAssertEqual(fallback.status, 0)
    XCTAssertEqual(fallback.lines.first, "bundled tzdata \(bundle.version)")
    XCTAssertTrue(
      fallback.stderr.hasPrefix(
        "dnd: note: TZDIR: time zone database at /nonexistent is unavailable"), fallback.stderr)
    let empty = NSTemporaryDirectory() + "dnd-empty-root-\(getpid())"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    for (arguments, reason) in [
      (["zones", "--tzdata", "/nonexistent"], "at /nonexistent is unavailable: No such file"),
      (["--tzdata", empty, "zones"], "at \(empty) is unavailable: empty directory"),
      (["zones", "--tzdata", "system"], "at /nonexistent is unavailable: No such file"),
    ] {
      let result = try DNDProcess.run(arguments, environment: ["TZDIR": "/nonexistent"])
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertEqual(result.stdout, "", "\(arguments)")
      XCTAssertTrue(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
    }
    let usage = try DNDProcess.run(["zones", "--tzdata"])
    XCTAssertEqual(usage.status, 2)
    XCTAssertTrue(usage.stderr.contains("--tzdata needs system, bundled or a PATH"), usage.stderr)
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
    // Without --year, the year of DND_NOW in the zone (2026 for DNDProcess.pinnedNow).
    let current = try DNDProcess.run(["zone", "Europe/Berlin"])
    XCTAssertEqual(current.status, 0)
    XCTAssertEqual(current.lines.first, "Europe/Berlin in 2026: 2 transitions")
    let newYear = try DNDProcess.run(
      ["zone", "Pacific/Auckland"],
      environment: ["DND_NOW": "1989-12-31T12:00:00Z", "TZDIR": TestPaths.zoneinfo])
    XCTAssertEqual(newYear.lines.first, "Pacific/Auckland in 1990: 2 transitions", newYear.stdout)
  }

  /// Shifts that are not whole minutes keep their seconds (zdump -v: Monrovia went from
  /// -00:44:30 to GMT on 1972-01-07, Accra from -00:00:52 to GMT on 1915-11-02); a range of
  /// years, and one JSON object per transition.
  func testZoneRangesJSONAndSecondsShifts() throws {
    let monrovia = try DNDProcess.run(["zone", "Africa/Monrovia", "--from", "1972", "--to", "1972"])
    XCTAssertEqual(
      monrovia.lines,
      [
        "Africa/Monrovia in 1972: 1 transition",
        "1972-01-07T00:44:30Z  1972-01-06T23:59:59-00:44:30 MMT → 1972-01-07T00:44:30+00:00 GMT  "
          + "(clocks go forward 44m 30s, DST off)",
      ])
    let accra = try DNDProcess.run(["zone", "Africa/Accra", "--year", "1915"])
    XCTAssertTrue(accra.stdout.contains("(clocks go forward 52s, DST off)"), accra.stdout)
    let range = try DNDProcess.run(["zone", "America/New_York", "--from", "2025", "--to", "2027"])
    XCTAssertEqual(range.lines.first, "America/New_York from 2025 to 2027: 6 transitions")
    let json = try DNDProcess.run(["zone", "America/New_York", "--year", "2026", "--json"])
    XCTAssertEqual(json.lines.count, 2)
    let spring = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.lines[0].utf8)) as? [String: Any])
    XCTAssertEqual(spring["instant"] as? Int, 1_772_953_200)
    XCTAssertEqual(spring["utc"] as? String, "2026-03-08T07:00:00Z")
    XCTAssertEqual(spring["offsetBefore"] as? Int, -18_000)
    XCTAssertEqual(spring["offsetAfter"] as? Int, -14_400)
    XCTAssertEqual(spring["abbreviationBefore"] as? String, "EST")
    XCTAssertEqual(spring["abbreviationAfter"] as? String, "EDT")
    XCTAssertEqual(spring["dstBefore"] as? Bool, false)
    XCTAssertEqual(spring["dstAfter"] as? Bool, true)
    for (arguments, message) in [
      (["zone", "UTC", "--year", "2026", "--from", "2025"], "--year is one year"),
      (["zone", "UTC", "--from", "2027", "--to", "2026"], "--from 2027 is after --to 2026"),
    ] {
      let result = try DNDProcess.run(arguments)
      XCTAssertEqual(result.status, 2)
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
    }
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
    XCTAssertEqual(try RecallCommand(payload: Data(json[1].utf8)).recalledMessageId, id)
  }

  func testRecallEscapesAnyIdentifier() throws {
    for id in [
      "quote\"d", "back\\slash", "naïve 😀 ☃", "{\"rc-dlt-identifier\":\"x\"}", "tab\there",
    ] {
      let recall = try DNDProcess.run(["recall", "--id", id, "--only", "recall"])
      XCTAssertEqual(recall.status, 0, recall.stderr)
      XCTAssertEqual(recall.lines.count, 1)
      XCTAssertEqual(try RecallCommand(payload: Data(recall.lines[0].utf8)).recalledMessageId, id)
      let message = try DNDProcess.run(["recall", "--id", id, "--only", "message"])
      let rc = try object(message.lines[0])["rc"] as? [String: Any]
      XCTAssertEqual(rc?["id"] as? String, id)
    }
  }

  /// A payload APNs would refuse (over 4,096 bytes) is an error on stderr with the size and
  /// the limit, exit status 2 and nothing on stdout, for `--only` too; a long id that fits
  /// still prints.
  func testRecallRefusesPayloadsOverAPNsLimit() throws {
    let long = String(repeating: "x", count: 5_000)
    for extra in [[], ["--only", "recall"], ["--only", "message"]] {
      let result = try DNDProcess.run(["recall", "--id", long] + extra)
      XCTAssertEqual(result.status, 2, "\(extra)")
      XCTAssertEqual(result.stdout, "", "\(extra)")
      XCTAssertTrue(result.stderr.hasPrefix("dnd recall: error: the "), result.stderr)
      XCTAssertTrue(
        result.stderr.contains("APNs refuses a regular notification payload over 4096 bytes"),
        result.stderr)
      // The size named is the payload's: over 5,000 bytes, since the id alone is.
      let size = result.stderr.split(separator: " ").firstIndex(of: "bytes;").map {
        Int(result.stderr.split(separator: " ")[$0 - 1]) ?? 0
      }
      XCTAssertGreaterThan(size ?? 0, 5_000, result.stderr)
    }
    // The message push carries the id once: 3,000 characters fit, the recall command's two
    // copies (appData and rc.id) do not.
    let medium = String(repeating: "y", count: 3_000)
    let message = try DNDProcess.run(["recall", "--id", medium, "--only", "message"])
    XCTAssertEqual(message.status, 0, message.stderr)
    XCTAssertEqual((try object(message.lines[0])["rc"] as? [String: Any])?["id"] as? String, medium)
    XCTAssertEqual(try DNDProcess.run(["recall", "--id", medium, "--only", "recall"]).status, 2)
    let fits = String(repeating: "z", count: 1_800)
    let recall = try DNDProcess.run(["recall", "--id", fits, "--only", "recall"])
    XCTAssertEqual(recall.status, 0, recall.stderr)
    XCTAssertEqual(recall.stderr, "")
    XCTAssertEqual(try RecallCommand(payload: Data(recall.lines[0].utf8)).recalledMessageId, fits)
  }

  private func object(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
  }
}

import Foundation
import XCTest

/// `dnd` with no arguments (the README's first command) and `dnd check`.
final class ExampleAndCheckTests: XCTestCase {
  let example = DNDProcess.packageRoot.appendingPathComponent("Fixtures/cli/example-rule.json")
    .path

  func testNoArgumentsRunsTheExampleNow() throws {
    let result = try DNDProcess.run([])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    let text = result.stdout
    XCTAssertTrue(text.contains("22:00–08:00 daily in America/New_York"))
    XCTAssertTrue(text.contains("Now "))
    XCTAssertTrue(text.contains("Push      message to iPhoneOS, the user online on Win"))
    XCTAssertTrue(text.contains("suppress (platformRule)"))
    XCTAssertTrue(text.contains("suppress (callPushDisabled)"))
    XCTAssertTrue(text.contains("^ now "))
    let days = result.lines.filter { line in
      ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "].contains { line.hasPrefix($0) }
    }
    XCTAssertEqual(days.count, 7, "a week of timeline rows")
  }

  func testExampleAtAFixedInstantIsDeterministic() throws {
    let result = try DNDProcess.run(["example", "--at", "2026-03-08T07:30:00Z", "--ascii"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(
      result.stdout.contains("At        2026-03-08T03:30:00-04:00 EDT (2026-03-08T07:30:00Z)"))
    XCTAssertTrue(
      result.stdout.contains(
        "suppress (doNotDisturb) until 2026-03-08T08:00:00-04:00 EDT (2026-03-08T12:00:00Z)"))
    XCTAssertTrue(result.stdout.contains("^ 02:00 EST → 03:00 EDT: clocks go forward 1h"))
    XCTAssertEqual(result.stdout, try DNDProcess.run(["--at", "1772955000", "--ascii"]).stdout)
  }

  func testExampleJSONIsTheFixtureAndARule() throws {
    let result = try DNDProcess.run(["example", "--json"])
    XCTAssertEqual(result.status, 0)
    let fixture = try String(contentsOfFile: example, encoding: .utf8)
    XCTAssertEqual(result.stdout, fixture)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(fixture.utf8)))
  }

  func testCheckPushDuringDNDAcrossSpringForward() throws {
    let result = try DNDProcess.run([
      "check", "--rule", example, "--at", "2026-03-08T02:30:00-05:00", "--kind", "message",
      "--platform", "iPhoneOS", "--online", "Win",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let text = result.stdout
    XCTAssertTrue(text.contains("At        2026-03-08T03:30:00-04:00 EDT (2026-03-08T07:30:00Z)"))
    XCTAssertTrue(text.contains("DND       on, for another 4h 30m"))
    XCTAssertTrue(text.contains("from  2026-03-07T22:00:00-05:00 EST (2026-03-08T03:00:00Z)"))
    XCTAssertTrue(text.contains("until 2026-03-08T08:00:00-04:00 EDT (2026-03-08T12:00:00Z)"))
    XCTAssertTrue(
      text.contains("Decision  suppress (doNotDisturb) until 2026-03-08T08:00:00-04:00"))
    XCTAssertTrue(
      text.contains(
        "suppressed: do-not-disturb 22:00–08:00 daily in America/New_York until 2026-03-08 08:00"))
  }

  func testCheckEveryReason() throws {
    let at = "2026-06-11T16:00:00Z"  // noon in New York: outside the window
    let cases: [([String], String)] = [
      (["--kind", "message", "--platform", "2", "--online", "1"], "Decision  deliver"),
      (
        ["--kind", "message", "--platform", "iPadOS", "--online", "macOS,Web"],
        "Decision  suppress (platformRule)"
      ),
      (["--kind", "message", "--platform", "iPadOS", "--online", "none"], "Decision  deliver"),
      (["--kind", "call", "--platform", "android"], "Decision  suppress (callPushDisabled)"),
    ]
    for (extra, expected) in cases {
      let result = try DNDProcess.run(["check", "--rule", example, "--at", at] + extra)
      XCTAssertEqual(result.status, 0, "\(extra): \(result.stderr)")
      XCTAssertTrue(result.stdout.contains(expected), "\(extra): \(result.stdout)")
    }
    let off = #"{"offlinePushEnabled": false}"#
    let result = try DNDProcess.run(
      ["check", "--rule", "-", "--kind", "message", "--platform", "2"], input: off)
    XCTAssertTrue(result.stdout.contains("suppress (offlinePushDisabled)"), result.stdout)
    let messagesOff = #"{"messageOfflinePushEnabled": false}"#
    let second = try DNDProcess.run(
      ["check", "--rule", "-", "--kind", "message", "--platform", "2"], input: messagesOff)
    XCTAssertTrue(second.stdout.contains("suppress (messagePushDisabled)"), second.stdout)
  }

  func testCheckWithoutKindGivesTheStateOnly() throws {
    let result = try DNDProcess.run(["check", "--rule", example, "--at", "1781193600"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("DND       off; the next period starts in 10h"))
    XCTAssertFalse(result.stdout.contains("Decision"))
  }

  func testCheckReadsABareDNDRuleFromStandardInputAndSavesOneOffRules() throws {
    let once =
      #"{"enabled": true, "startHour": 22, "endHour": 7, "repeatMode": 1, "timeZoneID": "Europe/Berlin"}"#
    let result = try DNDProcess.run(
      [
        "check", "--rule", "-", "--saved-at", "2026-06-10T12:00:00Z", "--at",
        "2026-06-10T21:00:00Z",
      ],
      input: once)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("22:00–07:00 once in Europe/Berlin"), result.stdout)
    XCTAssertTrue(result.stdout.contains("DND       on"), result.stdout)
    XCTAssertTrue(result.stdout.contains("until 2026-06-11T07:00:00+02:00 CEST"), result.stdout)
  }

  func testCheckAcceptsAnEvalQueryLineAsTheRule() throws {
    let line =
      #"{"rule": {"enabled": true, "startHour": 9, "endHour": 17, "repeatMode": 2, "timeZoneID": "Asia/Tokyo"}, "at": 0}"#
    let result = try DNDProcess.run(
      ["check", "--rule", "-", "--at", "2026-05-12T00:00:00Z"], input: line)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("09:00–17:00 daily in Asia/Tokyo"))
    XCTAssertTrue(result.stdout.contains("DND       on"))
  }
}

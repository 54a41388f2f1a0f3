import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `dnd check` and `dnd timeline` with a weekly schedule: bare, or as an eval query line.
final class ScheduleToolTests: XCTestCase {
  static let schedule =
    #"{"timeZoneID": "Europe/Berlin", "polarity": "quiet", "windows": [{"weekdays": [1, 2, 3, 4, 5], "start": "22:00", "end": "07:00"}, {"weekdays": [6, 7], "start": "00:00", "end": "00:00"}], "snooze": {"from": 1767225600, "until": 1767229200}}"#
  static let query = #"{"schedule": \#(schedule), "at": 1767225600}"#

  func testCheckSaysUntilWhenAPushWaits() throws {
    for document in [Self.schedule, Self.query] {
      let result = try DNDProcess.run(
        ["check", "--rule", "-", "--at", "2026-01-01T00:00:00Z"], input: document)
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertEqual(
        result.lines,
        [
          "Schedule  quiet Mon, Tue, Wed, Thu, Fri 22:00–07:00; Sat, Sun 00:00–00:00 in "
            + "Europe/Berlin, snoozed [1767225600, 1767229200)",
          "At        2026-01-01T01:00:00+01:00 CET (2026-01-01T00:00:00Z)",
          "Quiet     yes, for another 6h",
          "          a push may go at 2026-01-01T07:00:00+01:00 CET (2026-01-01T06:00:00Z)",
        ])
    }
  }

  func testCheckOfSendWindowsAndItsErrors() throws {
    let send =
      #"{"timeZoneID": "America/New_York", "polarity": "send", "windows": [{"weekdays": [1, 2, 3, 4, 5], "start": "09:00", "end": "17:00"}]}"#
    let open = try DNDProcess.run(
      ["check", "--rule", "-", "--at", "2026-01-05T15:00:00Z"], input: send)
    XCTAssertEqual(open.status, 0, open.stderr)
    XCTAssertTrue(open.stdout.contains("Quiet     no; quiet in 7h"), open.stdout)
    XCTAssertTrue(open.stdout.contains("from  2026-01-05T17:00:00-05:00 EST"), open.stdout)
    let push = try DNDProcess.run(
      ["check", "--rule", "-", "--kind", "message", "--platform", "1"], input: send)
    XCTAssertEqual(push.status, 2)
    XCTAssertTrue(push.stderr.contains("not to a weekly schedule"), push.stderr)
    let invalid = try DNDProcess.run(
      ["check", "--rule", "-"],
      input:
        #"{"polarity": "quiet", "windows": [{"weekdays": [8], "start": "1:00", "end": "02:00"}]}"#)
    XCTAssertEqual(invalid.status, 2)
    XCTAssertTrue(invalid.stderr.contains("windows[0].weekdays[0] = 8"), invalid.stderr)
    XCTAssertTrue(invalid.stderr.contains("windows[0].start = 1:00"), invalid.stderr)
  }

  func testTimelineDrawsWhenPushesWait() throws {
    let result = try DNDProcess.run(
      ["timeline", "--rule", "-", "--from", "2026-03-27", "--days", "4", "--ascii"],
      input: Self.query)
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.lines
    XCTAssertTrue(lines[0].hasPrefix("Pushes wait: quiet Mon, Tue"), lines[0])
    XCTAssertTrue(
      lines.contains(
        "Fri 2026-03-27  ##############..............................####  00:00–07:00, 22:00–24:00"
      ), result.stdout)
    // The weekend block runs through the spring-forward Sunday, whose 02:00-03:00 is skipped.
    XCTAssertTrue(
      lines.contains(
        "Sun 2026-03-29  ####  ##########################################  00:00–24:00"),
      result.stdout)
    XCTAssertTrue(
      lines.contains(
        "Mon 2026-03-30  ............................................####  22:00–24:00"),
      result.stdout)
    let svg = try DNDProcess.run(
      ["timeline", "--rule", "-", "--from", "2026-03-27", "--days", "4", "--svg", "-"],
      input: Self.schedule)
    XCTAssertEqual(svg.status, 0, svg.stderr)
    XCTAssertNoThrow(try XMLDocument(data: Data(svg.stdout.utf8)))
    XCTAssertTrue(svg.stdout.contains("Pushes wait: quiet"), svg.stdout)
  }
}

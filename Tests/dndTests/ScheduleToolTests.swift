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
            + "Europe/Berlin",
          // 1767225600 is 2026-01-01T00:00:00Z, 01:00 CET (UTC+1) in Berlin.
          "Snoozed   from  2026-01-01T01:00:00+01:00 CET (2026-01-01T00:00:00Z) [1767225600]",
          "          until 2026-01-01T02:00:00+01:00 CET (2026-01-01T01:00:00Z) [1767229200]",
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
    XCTAssertEqual(
      Array(lines.prefix(2)),
      [
        "Pushes wait: quiet Mon, Tue, Wed, Thu, Fri 22:00–07:00; Sat, Sun 00:00–00:00 in "
          + "Europe/Berlin",
        "Snoozed 2026-01-01T01:00:00+01:00 CET to 2026-01-01T02:00:00+01:00 CET "
          + "[1767225600, 1767229200)",
      ])
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

  /// The heading's lines of an SVG timeline: (x, y, font size, text) of each `text` element
  /// before the rows, the picture's viewBox width and height, and how far the rows moved down.
  func heading(_ svg: String) throws -> (
    lines: [(x: Double, y: Double, size: Double, text: String)], width: Double, height: Double,
    shift: Double
  ) {
    let collector = SVGCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
    let root = try XCTUnwrap(collector.attributes.first { $0.0 == "svg" }?.1)
    let box = (root["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
    XCTAssertEqual(box.count, 4)
    // The heading: the text elements before the first of the rows' grid lines.
    let rowsStart = collector.attributes.firstIndex { $0.0 == "line" || $0.0 == "g" } ?? 0
    var lines: [(x: Double, y: Double, size: Double, text: String)] = []
    for (index, (name, attributes)) in collector.attributes[..<rowsStart].enumerated()
    where name == "text" {
      let text = try XCTUnwrap(collector.texts[index])
      lines.append(
        (
          Double(attributes["x"] ?? "") ?? -1, Double(attributes["y"] ?? "") ?? -1,
          Double(attributes["font-size"] ?? "") ?? -1, text
        ))
    }
    let transform =
      collector.attributes.first { $0.0 == "g" }?.1["transform"] ?? "translate(0 0)"
    let shift = Double(transform.dropFirst("translate(0 ".count).dropLast()) ?? -1
    return (lines, box.count == 4 ? box[2] : 0, box.count == 4 ? box[3] : 0, shift)
  }

  /// A snoozed schedule's SVG heading fits the picture: the title and the snooze wrap to
  /// lines whose estimated width (0.6 em a character, a little over the average advance of
  /// the fonts it names) ends inside the viewBox, and the rows move down below them.
  func testSVGHeadingOfASnoozedScheduleFitsThePicture() throws {
    // Seven distinct windows: a title too long for one line.
    let windows = (1...7).map { day in
      #"{"weekdays": [\#(day)], "start": "\#(pad(2 * day - 1)):15", "end": "\#(pad(2 * day)):45"}"#
    }
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let long =
      #"{"timeZoneID": "America/Argentina/Buenos_Aires", "polarity": "quiet", "windows": ["#
      + windows.joined(separator: ", ")
      + #"], "snooze": {"from": 1767225600, "until": 1767229200}}"#
    for (document, titleLines) in [(Self.schedule, 1), (long, 2)] {
      let result = try DNDProcess.run(
        ["timeline", "--rule", "-", "--from", "2026-01-01", "--days", "2", "--svg", "-"],
        input: document)
      XCTAssertEqual(result.status, 0, result.stderr)
      let svg = try heading(result.stdout)
      let title = svg.lines.filter { $0.size == 20 }
      XCTAssertEqual(title.count, titleLines, "\(title)")
      XCTAssertTrue(title.first?.text.hasPrefix("Pushes wait: quiet Mon") == true, "\(title)")
      XCTAssertTrue(svg.lines.contains { $0.text.hasPrefix("Snoozed 20") }, "\(svg.lines)")
      XCTAssertFalse(result.stdout.contains("snoozed ["), "the library's raw form is not shown")
      for line in svg.lines {
        let right = line.x + Double(line.text.count) * line.size * 0.6
        XCTAssertLessThanOrEqual(right, svg.width - 24, "\(line.text) runs off the picture")
      }
      // Each heading line below the one before, the rows (whose hour labels start 96 down)
      // below the heading, and the picture taller by as much.
      let ys = svg.lines.map(\.y)
      XCTAssertEqual(ys, ys.sorted())
      XCTAssertEqual(Set(ys).count, ys.count)
      XCTAssertGreaterThan(96 + svg.shift, (ys.last ?? 0) + 10)
      XCTAssertEqual(svg.height, 112 + 2 * 34 + 56 + svg.shift)
    }
  }
}

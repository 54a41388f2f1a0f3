import DNDTestSupport
import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `dnd timeline`: text bars with clock changes marked, and an SVG that parses as XML.
final class TimelineTests: XCTestCase {
  let example = DNDProcess.packageRoot.appendingPathComponent("Fixtures/cli/example-rule.json")
    .path

  func testTextBarsMarkTheSpringForwardDay() throws {
    let result = try DNDProcess.run([
      "timeline", "--rule", example, "--from", "2026-03-07", "--days", "3", "--ascii",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.lines
    let saturday = try XCTUnwrap(lines.first { $0.hasPrefix("Sat 2026-03-07") })
    XCTAssertTrue(
      saturday.hasPrefix(
        "Sat 2026-03-07  ################............................####  00:00–08:00, 22:00–24:00"
      ))
    let sundayIndex = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Sun 2026-03-08") })
    // 02:00-03:00 does not exist on the wall clock: two blank cells.
    XCTAssertTrue(lines[sundayIndex].hasPrefix("Sun 2026-03-08  ####  ##########....."))
    let marker = lines[sundayIndex + 1]
    XCTAssertEqual(
      marker, String(repeating: " ", count: 20) + "^ 02:00 EST → 03:00 EDT: clocks go forward 1h")
    XCTAssertTrue(lines[sundayIndex + 2].hasPrefix("Mon 2026-03-09"))
  }

  func testTextBarsMarkTheFallBackDayAndHalfHourShifts() throws {
    let fall = try DNDProcess.run([
      "timeline", "--rule", example, "--from", "2026-11-01", "--days", "1",
    ])
    XCTAssertTrue(fall.stdout.contains("^ 02:00 EDT → 01:00 EST: clocks go back 1h"), fall.stdout)
    let lordHowe =
      #"{"enabled": true, "startHour": 1, "startMinute": 45, "endHour": 2, "endMinute": 15, "repeatMode": 2, "timeZoneID": "Australia/Lord_Howe"}"#
    let result = try DNDProcess.run(
      ["timeline", "--rule", "-", "--from", "2026-10-04", "--days", "1", "--ascii"],
      input: lordHowe)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("02:00 +1030 → 02:30 +11: clocks go forward 30m"))
    // 01:45-02:00 exists, 02:00-02:30 is skipped, so the window is a quarter hour long.
    XCTAssertTrue(result.stdout.contains("Sun 2026-10-04  ...+ ..."), result.stdout)
    XCTAssertTrue(result.stdout.contains("01:45–02:30"), result.stdout)
  }

  /// Today is the rule zone's date at `DND_NOW`: Sunday 2026-03-08 in New York for the
  /// pinned instant, and Saturday 2026-10-31 for 03:00Z on November 1 (still the 31st there).
  func testDefaultIsAWeekFromToday() throws {
    let result = try DNDProcess.run(["timeline", "--rule", example])
    XCTAssertEqual(result.status, 0)
    let days = result.lines.filter { $0.count > 15 && $0.dropFirst(4).hasPrefix("20") }
    XCTAssertEqual(days.count, 7)
    XCTAssertEqual(days.first?.prefix(14), "Sun 2026-03-08")
    XCTAssertEqual(days.last?.prefix(14), "Sat 2026-03-14")
    let late = try DNDProcess.run(
      ["timeline", "--rule", example],
      environment: ["DND_NOW": "2026-11-01T03:00:00Z", "TZDIR": TestPaths.zoneinfo])
    XCTAssertTrue(late.stdout.contains("7 days from Sat 2026-10-31"), late.stdout)
  }

  func testSVGIsValidXMLWithRowsBlocksAndMarkers() throws {
    let svgURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("dnd-timeline-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: svgURL) }
    let result = try DNDProcess.run([
      "timeline", "--rule", example, "--from", "2026-03-05", "--days", "7", "--svg", svgURL.path,
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("Wrote the SVG timeline to"))
    let data = try Data(contentsOf: svgURL)
    let collector = SVGCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "SVG parses: \(String(describing: parser.parserError))")
    XCTAssertEqual(collector.elements.first, "svg")
    XCTAssertEqual(collector.rootNamespace, "http://www.w3.org/2000/svg")
    XCTAssertTrue(collector.text.contains("Do-not-disturb 22:00–08:00 daily in America/New_York"))
    XCTAssertTrue(collector.text.contains("Sun 2026-03-08"))
    XCTAssertTrue(collector.text.contains("02:00 EST → 03:00 EDT: clocks go forward 1h"))
    // Two blocks a day (morning and evening), one red transition marker, one skipped hour;
    // the legend has one swatch of each.
    XCTAssertEqual(collector.count(of: "rect", where: "fill", is: "#4338ca"), 7 * 2 + 1)
    XCTAssertEqual(collector.count(of: "line", where: "stroke", is: "#dc2626"), 1)
    XCTAssertEqual(collector.count(of: "rect", where: "fill", is: "url(#skipped)"), 1 + 1)
  }

  /// The legend lists only what the picture shows: the skipped hour in the spring-forward
  /// week, the repeated hour in the fall-back week, neither in an ordinary one; the weekend
  /// colour has an entry when a weekend is shown.
  func testSVGLegendListsOnlyWhatIsShown() throws {
    func svg(from date: String, days: String, extra: [String] = []) throws -> SVGCollector {
      let result = try DNDProcess.run(
        ["timeline", "--rule", example, "--from", date, "--days", days, "--svg", "-"] + extra)
      XCTAssertEqual(result.status, 0, result.stderr)
      let collector = SVGCollector()
      let parser = XMLParser(data: Data(result.stdout.utf8))
      parser.delegate = collector
      XCTAssertTrue(parser.parse(), "\(date): \(String(describing: parser.parserError))")
      return collector
    }
    let spring = try svg(from: "2026-03-05", days: "7")
    XCTAssertTrue(spring.text.contains("skipped by a clock change"))
    XCTAssertFalse(spring.text.contains("repeated by a clock change"))
    XCTAssertTrue(spring.text.contains("clock change"))
    XCTAssertTrue(spring.text.contains("Saturday, Sunday"))
    let fall = try svg(from: "2026-10-29", days: "7")
    XCTAssertFalse(fall.text.contains("skipped by a clock change"))
    XCTAssertTrue(fall.text.contains("repeated by a clock change"))
    XCTAssertEqual(fall.count(of: "rect", where: "fill", is: "#f59e0b"), 1 + 1)
    // Monday to Thursday in June: no clock change, no weekend.
    let ordinary = try svg(from: "2026-06-01", days: "4")
    XCTAssertFalse(ordinary.text.contains("skipped"))
    XCTAssertFalse(ordinary.text.contains("repeated"))
    XCTAssertFalse(ordinary.text.contains("clock change"))
    XCTAssertFalse(ordinary.text.contains("Saturday, Sunday"))
    XCTAssertEqual(ordinary.count(of: "text", where: "fill", is: "#b45309"), 0)
    // Weekend labels are coloured, and only theirs: Sat 03-07 and Sun 03-08, plus the key.
    XCTAssertEqual(spring.count(of: "text", where: "fill", is: "#b45309"), 2 + 1)
  }

  /// `--at` marks the instant: in the SVG a dashed line on its day's row at its wall-clock
  /// time, with a legend entry; in the text, a caret under its day; and the timeline starts on
  /// its date.
  func testAtMarksTheInstant() throws {
    // 2026-03-08T07:30:00Z is 03:30 EDT, just after the spring-forward gap.
    let result = try DNDProcess.run([
      "timeline", "--rule", example, "--days", "2", "--at", "2026-03-08T07:30:00Z", "--svg", "-",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let collector = SVGCollector()
    let parser = XMLParser(data: Data(result.stdout.utf8))
    parser.delegate = collector
    XCTAssertTrue(parser.parse())
    let markers = collector.attributes.filter { $0.0 == "line" && $0.1["stroke"] == "#059669" }
    XCTAssertEqual(markers.count, 2, "the marker and its legend swatch")
    // x = left 150 + 3.5 hours * 32 = 262, on the first row (Sun 2026-03-08).
    XCTAssertEqual(markers.first?.1["x1"], "262")
    XCTAssertTrue(collector.text.contains("Sun 2026-03-08"))
    XCTAssertFalse(collector.text.contains("Sat 2026-03-07"))
    XCTAssertTrue(collector.text.contains("--at 2026-03-08T03:30:00-04:00 EDT"), collector.text)

    let text = try DNDProcess.run([
      "timeline", "--rule", example, "--days", "2", "--at", "2026-03-08T07:30:00Z", "--ascii",
    ])
    XCTAssertEqual(text.status, 0, text.stderr)
    let sunday = try XCTUnwrap(text.lines.firstIndex { $0.hasPrefix("Sun 2026-03-08") })
    let caret = try XCTUnwrap(text.lines[(sunday + 1)...].first { $0.contains("^ --at") })
    // Cell 7 (03:30) after the 16-column label.
    XCTAssertEqual(
      caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) }, 16 + 7)
  }

  func testSVGToStandardOutput() throws {
    let result = try DNDProcess.run([
      "timeline", "--rule", example, "--from", "2026-01-01", "--days", "2", "--svg", "-",
    ])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.hasPrefix("<?xml"))
    let parser = XMLParser(data: Data(result.stdout.utf8))
    XCTAssertTrue(parser.parse())
  }
}

/// Collects element names, attributes and text of an XML document.
final class SVGCollector: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var attributes: [(String, [String: String])] = []
  var rootNamespace: String?
  var text = ""
  /// The text of each `text` element, by its index in ``attributes``.
  var texts: [Int: String] = [:]
  private var openText: Int?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    if elements.isEmpty { rootNamespace = attributeDict["xmlns"] }
    elements.append(elementName)
    attributes.append((elementName, attributeDict))
    if elementName == "text" {
      openText = attributes.count - 1
      texts[attributes.count - 1] = ""
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    if elementName == "text" { openText = nil }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
    if let openText { texts[openText, default: ""] += string }
  }

  func count(of element: String, where attribute: String, is value: String) -> Int {
    attributes.filter { $0.0 == element && $0.1[attribute] == value }.count
  }
}

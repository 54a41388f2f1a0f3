import DNDSchedule
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// The wire form of `WeeklyScheduleRule`: the documented example, required keys, key paths of
/// wrong types, and the round trip.
final class WeeklyScheduleWireTests: XCTestCase {
  let example = """
    {"timeZoneID": "Europe/Berlin", "polarity": "quiet",
     "windows": [{"weekdays": [1, 2, 3, 4, 5], "start": "22:00", "end": "07:00"},
                 {"weekdays": [6, 7], "start": "00:00", "end": "00:00"}],
     "snooze": {"from": 1767225600, "until": 1767229200}}
    """

  func decode(_ text: String) throws(RuleError) -> WeeklyScheduleRule {
    try WeeklyScheduleRule(jsonBytes: Data(text.utf8))
  }

  func testTheDocumentedExample() throws {
    let rule = try decode(example)
    XCTAssertEqual(
      rule,
      WeeklyScheduleRule(
        timeZoneID: "Europe/Berlin", polarity: .quiet,
        windows: [
          .init(weekdays: [1, 2, 3, 4, 5], start: "22:00", end: "07:00"),
          .init(weekdays: [6, 7], start: "00:00", end: "00:00"),
        ], snooze: .init(from: 1_767_225_600, until: 1_767_229_200)))
    let schedule = try WeeklySchedule(rule: rule, zones: ZoneDatabase(root: TestPaths.zoneinfo))
    XCTAssertTrue(try schedule.contains(1_767_225_600))
    XCTAssertEqual(try schedule.nextChange(after: 1_767_225_600), 1_767_247_200)
  }

  func testRoundTrip() throws {
    let rule = try decode(example)
    XCTAssertEqual(
      try decode(String(decoding: try JSONEncoder().encode(rule), as: UTF8.self)), rule)
    var noSnooze = rule
    noSnooze.snooze = nil
    noSnooze.polarity = .send
    XCTAssertEqual(
      try decode(String(decoding: try JSONEncoder().encode(noSnooze), as: UTF8.self)), noSnooze)
  }

  func testOptionalAndRequiredKeys() throws {
    XCTAssertEqual(try decode(#"{"polarity": "send", "windows": []}"#).timeZoneID, "")
    XCTAssertNil(try decode(#"{"polarity": "send", "windows": []}"#).snooze)
    for (text, keyPath) in [
      (#"{"windows": []}"#, "polarity"),
      (#"{"polarity": "quiet"}"#, "windows"),
      (
        #"{"polarity": "quiet", "windows": [{"start": "01:00", "end": "02:00"}]}"#,
        "windows[0].weekdays"
      ),
      (
        #"{"polarity": "quiet", "windows": [{"weekdays": [1], "end": "02:00"}]}"#,
        "windows[0].start"
      ),
      (#"{"polarity": "quiet", "windows": [], "snooze": {"from": 1}}"#, "snooze.until"),
      (#"{"polarity": null, "windows": []}"#, "polarity"),
      (#"{"polarity": "quiet", "windows": [], "snooze": null}"#, "snooze"),
    ] {
      XCTAssertThrowsError(try decode(text), text) { error in
        XCTAssertEqual((error as? RuleError)?.errors.first?.keyPath, keyPath, text)
      }
    }
  }

  func testWrongTypesAreReportedAtTheirKeyPaths() throws {
    for (text, keyPath) in [
      (#"{"polarity": 1, "windows": []}"#, "polarity"),
      (#"{"polarity": "quiet", "windows": {}}"#, "windows"),
      (
        #"{"polarity": "quiet", "windows": [{"weekdays": "Mon", "start": "01:00", "end": "02:00"}]}"#,
        "windows[0].weekdays"
      ),
      (
        #"{"polarity": "quiet", "windows": [{"weekdays": [1, 2.5], "start": "01:00", "end": "02:00"}]}"#,
        "windows[0].weekdays[1]"
      ),
      (
        #"{"polarity": "quiet", "windows": [{"weekdays": [1], "start": 100, "end": "02:00"}]}"#,
        "windows[0].start"
      ),
      (
        #"{"polarity": "quiet", "windows": [], "snooze": {"from": "now", "until": 2}}"#,
        "snooze.from"
      ),
      (
        #"{"polarity": "quiet", "windows": [], "snooze": {"from": 1, "until": 1e30}}"#,
        "snooze.until"
      ),
      (#"{"polarity": "quiet", "windows": [], "timeZoneID": 7}"#, "timeZoneID"),
    ] {
      XCTAssertThrowsError(try decode(text), text) { error in
        XCTAssertEqual((error as? RuleError)?.errors.first?.keyPath, keyPath, text)
      }
    }
  }
}

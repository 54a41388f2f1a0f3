import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// `dnd eval` with weekly schedule queries: each shape against the library, and every error
/// code at its key path (the documented examples are `DocumentedEvalAnswerTests`').
final class EvalScheduleTests: XCTestCase {
  func run(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws
    -> [String]
  {
    let input = lines.joined(separator: "\n") + "\n"
    let result = try DNDProcess.run(["eval"], input: input)
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    let general = try DNDProcess.run(["eval", "--no-cache"], input: input)
    XCTAssertEqual(general.stdout, result.stdout, file: file, line: line)
    XCTAssertEqual(result.lines.count, lines.count, file: file, line: line)
    return result.lines
  }

  /// Random schedules of both polarities, with and without a snooze, through `dnd eval`
  /// against the library's answers.
  func testAnswersAreTheLibrarys() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0201)
    var rng = SplitMix64(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    var lines: [String] = []
    var expected: [String] = []
    let encoder = JSONEncoder()
    for _ in 0..<200 {
      let id = generators.zoneID(using: &rng)
      var rule = generators.weeklyRule(zoneID: id, using: &rng)
      let zone = try zones.zone(id)
      let at = generators.instant(in: zone, using: &rng)
      if Bool.random(using: &rng) { rule.snooze = generators.snooze(near: at, using: &rng) }
      let schedule = try WeeklySchedule(rule: rule, zones: zones)
      let json = String(decoding: try encoder.encode(rule), as: UTF8.self)
      lines.append(#"{"schedule": \#(json), "at": \#(at)}"#)
      let next = try schedule.nextChange(after: at).map(String.init) ?? "null"
      expected.append(#"{"quiet": \#(try schedule.contains(at)), "nextChange": \#(next)}"#)
    }
    let answers = try run(lines)
    for (index, answer) in answers.enumerated() where answer != expected[index] {
      XCTFail("\(lines[index]) -> \(answer), expected \(expected[index]) [seed \(seed)]")
    }
  }

  func testErrorCodesAndKeyPaths() throws {
    let cases: [(String, String, String)] = [
      (
        #"{"schedule": {"polarity": "loud", "windows": []}, "at": 1}"#, "invalidSchedule",
        "schedule.polarity = loud"
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": [{"weekdays": [8], "start": "01:00", "end": "02:00"}]}, "at": 1}"#,
        "invalidWeekday", "schedule.windows[0].weekdays[0] = 8"
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": [{"weekdays": [1], "start": "1:00", "end": "02:00"}]}, "at": 1}"#,
        "invalidWindow", "schedule.windows[0].start = 1:00"
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": [], "snooze": {"from": 9, "until": 9}}, "at": 1}"#,
        "invalidSnooze", "schedule.snooze.until = 9"
      ),
      (
        #"{"schedule": {"timeZoneID": "../etc/passwd", "polarity": "quiet", "windows": []}, "at": 1}"#,
        "invalidTimeZone", "schedule.timeZoneID = ../etc/passwd"
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": [{"weekdays": "Mon", "start": "01:00", "end": "02:00"}]}, "at": 1}"#,
        "invalidSchedule", "schedule.windows[0].weekdays"
      ),
      (
        #"{"schedule": {"polarity": "quiet"}, "at": 1}"#, "invalidSchedule",
        "schedule.windows: required key is missing"
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": []}, "at": 253402300800}"#,
        "invalidInstant", "at = 253402300800"
      ),
      (#"{"schedule": {"polarity": "quiet", "windows": []}}"#, "invalidQuery", "at"),
      (
        #"{"schedule": {"polarity": "quiet", "windows": []}, "rule": {}, "at": 1}"#,
        "invalidQuery", "one of"
      ),
      (
        #"{"schedule": {"polarity": "quiet", "windows": []}, "at": 1, "savedAt": 1}"#,
        "invalidQuery", "savedAt"
      ),
    ]
    let answers = try run(cases.map(\.0))
    for ((line, code, fragment), answer) in zip(cases, answers) {
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], answer)
      let error = try XCTUnwrap(object["error"] as? [String: Any], answer)
      XCTAssertEqual(error["code"] as? String, code, line)
      XCTAssertTrue((error["message"] as? String ?? "").contains(fragment), "\(line) -> \(answer)")
    }
  }
}

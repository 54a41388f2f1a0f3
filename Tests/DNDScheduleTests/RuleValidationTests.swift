import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// Validation, the save step and the wire form of `DoNotDisturbRule`.
final class RuleValidationTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  func codes(_ rule: DoNotDisturbRule) -> [RuleFieldError.Code] {
    rule.validate(zones: zones).errors.map(\.code)
  }

  func testDefaultRuleIsValid() {
    XCTAssertEqual(codes(DoNotDisturbRule()), [])
    XCTAssertEqual(DoNotDisturbRule().validate(zones: zones).zone, .utc)
  }

  func testEachFieldIsChecked() {
    XCTAssertEqual(codes(DoNotDisturbRule(startHour: 24)), [.invalidHour])
    XCTAssertEqual(codes(DoNotDisturbRule(endHour: -1)), [.invalidHour])
    XCTAssertEqual(codes(DoNotDisturbRule(startMinute: 60)), [.invalidMinute])
    XCTAssertEqual(codes(DoNotDisturbRule(endMinute: -5)), [.invalidMinute])
    XCTAssertEqual(
      codes(DoNotDisturbRule(repeatMode: RepeatMode(rawValue: 4))), [.invalidRepeatMode])
    XCTAssertEqual(codes(DoNotDisturbRule(timeZoneID: "Mars/Olympus")), [.invalidTimeZone])
    XCTAssertEqual(codes(DoNotDisturbRule(timeZoneID: "../etc/passwd")), [.invalidTimeZone])
    XCTAssertEqual(codes(DoNotDisturbRule(enabled: true, repeatMode: .once)), [.missingOnceEnd])
    XCTAssertEqual(codes(DoNotDisturbRule(enabled: true, repeatMode: .unknown)), [.missingOnceEnd])
    XCTAssertEqual(codes(DoNotDisturbRule(onceEndTimestamp: Int64.max)), [.invalidInstant])
    let error = DoNotDisturbRule(startHour: 99).validate(zones: zones).errors.first
    XCTAssertEqual(error?.keyPath, "startHour")
    XCTAssertEqual(error?.value, "99")
  }

  func testAllErrorsAreReported() {
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 25, startMinute: 61, endHour: -3, endMinute: 99,
      repeatMode: RepeatMode(rawValue: 9), customRepeatDays: 200, timeZoneID: "No/Such")
    XCTAssertEqual(
      codes(rule),
      [
        .invalidHour, .invalidMinute, .invalidHour, .invalidMinute, .invalidRepeatMode,
        .invalidCustomRepeatDays, .invalidTimeZone,
      ])
  }

  /// `customRepeatDays` at every value from -1 through 255.
  func testCustomRepeatDaysRange() {
    for days in -1...255 {
      let rule = DoNotDisturbRule(enabled: true, repeatMode: .custom, customRepeatDays: days)
      let expected: [RuleFieldError.Code] =
        (1...127).contains(days) ? [] : [.invalidCustomRepeatDays]
      XCTAssertEqual(codes(rule), expected, "\(days)")
    }
    XCTAssertEqual(
      codes(DoNotDisturbRule(enabled: false, repeatMode: .custom, customRepeatDays: 0)), [])
  }

  func testSaveIsDeterministicAndIgnoresClientEnd() throws {
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 22, endHour: 8, repeatMode: .once, onceEndTimestamp: 12_345,
      timeZoneID: "Asia/Shanghai")
    // 2026-03-08T15:00:00Z is 23:00 in Shanghai: mid-window, takes effect at once and ends at
    // 08:00 the next morning = 2026-03-09T00:00:00Z.
    let savedAt: Int64 = 1_772_982_000
    let first = try rule.saved(at: savedAt, zones: zones)
    XCTAssertEqual(first, try rule.saved(at: savedAt, zones: zones))
    XCTAssertEqual(first.onceEndTimestamp, 1_773_014_400)
    let schedule = try DoNotDisturbSchedule(rule: first, zones: zones)
    XCTAssertTrue(try schedule.contains(savedAt))
    XCTAssertFalse(try schedule.contains(1_773_014_400))
    // Repeating and disabled rules store 0.
    var daily = rule
    daily.repeatMode = .daily
    XCTAssertEqual(try daily.saved(at: savedAt, zones: zones).onceEndTimestamp, 0)
  }

  /// A one-off period saved with one tzdata and compiled with another in which the zone's
  /// offset changed: the stored end holds, and the period starts when the new wall clock last
  /// showed the window's start time before that end, so it never vanishes.
  func testSavedOneOffPeriodSurvivesATzdataChange() throws {
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 22, endHour: 8, repeatMode: .once, timeZoneID: "Asia/Shanghai")
    // Saved at 2026-03-08T09:00:00Z (17:00 in Shanghai, +08): the period is 22:00–08:00,
    // 2026-03-08T14:00:00Z to 2026-03-09T00:00:00Z.
    let saved = try rule.saved(at: 1_772_960_400, zones: zones)
    XCTAssertEqual(saved.onceEndTimestamp, 1_773_014_400)
    let unchanged = try DoNotDisturbSchedule(rule: saved, zones: zones)
    XCTAssertEqual(
      try unchanged.period(containingOrAfter: 1_772_960_400),
      DoNotDisturbPeriod(start: 1_772_978_400, end: 1_773_014_400))
    // The stored end, 2026-03-09T00:00:00Z, is 07:00 on +07 and 09:00 on +09; the window's
    // start, 22:00 on the evening before, is then 15:00Z or 13:00Z.
    let cases: [(offset: String, start: Int64)] = [("7", 1_772_982_000), ("9", 1_772_974_800)]
    for (offset, start) in cases {
      let root = try singleZoneRoot(
        "Zone Asia/Shanghai \(offset):00 - +0\(offset)\n", name: "shanghai+0\(offset)")
      let swapped = try ZoneDatabase(root: root)
      XCTAssertEqual(try swapped.zone("Asia/Shanghai").offset(at: 0), Int32(offset)! * 3_600)
      let schedule = try DoNotDisturbSchedule(rule: saved, zones: swapped)
      XCTAssertEqual(
        try schedule.period(containingOrAfter: 1_772_960_400),
        DoNotDisturbPeriod(start: start, end: 1_773_014_400), "+0\(offset)")
      // Asked at 2026-03-08T14:30:00Z, as in the report that found the period vanishing.
      XCTAssertEqual(try schedule.contains(1_772_980_200), start <= 1_772_980_200, "+0\(offset)")
      XCTAssertFalse(try schedule.contains(1_773_014_400), "+0\(offset)")
    }
    // A one-hour window, 07:00–08:00, saved to end at 2026-03-09T00:00:00Z: on +05 the end is
    // 05:00 local, before the window's start that day, so the period keeps its hour.
    var short = rule
    (short.startHour, short.endHour) = (7, 8)
    let savedShort = try short.saved(at: 1_772_960_400, zones: zones)
    XCTAssertEqual(savedShort.onceEndTimestamp, 1_773_014_400)
    let behind = try ZoneDatabase(
      root: singleZoneRoot("Zone Asia/Shanghai 5:00 - +05\n", name: "shanghai+05"))
    XCTAssertEqual(
      try DoNotDisturbSchedule(rule: savedShort, zones: behind).period(
        containingOrAfter: 1_772_960_400),
      DoNotDisturbPeriod(start: 1_773_010_800, end: 1_773_014_400))
  }

  /// With no tzdata at all, rules in UTC and the fixed Etc zones save and compile; a rule in
  /// any other zone is refused with the reason there is no data, not as an unknown zone.
  func testUTCRulesNeedNoDatabase() throws {
    let missing = NSTemporaryDirectory() + "dndkit-no-such-root-\(getpid())"
    var opened: ZoneError?
    XCTAssertThrowsError(try ZoneDatabase(root: missing)) { opened = $0 as? ZoneError }
    let none = ZoneDatabase(unavailable: try XCTUnwrap(opened))
    for id in ["", "UTC", "Etc/UTC", "Etc/GMT-8"] {
      let rule = DoNotDisturbRule(
        enabled: true, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: id)
      let schedule = try DoNotDisturbSchedule(rule: try rule.saved(at: 0, zones: none), zones: none)
      // 2026-03-08T14:30:00Z is 14:30 in UTC, 22:30 at +08.
      XCTAssertEqual(try schedule.contains(1_772_980_200), id == "Etc/GMT-8", id)
    }
    let shanghai = DoNotDisturbRule(enabled: true, repeatMode: .daily, timeZoneID: "Asia/Shanghai")
    let errors = shanghai.validate(zones: none).errors
    XCTAssertEqual(errors.map(\.code), [.invalidTimeZone])
    XCTAssertTrue(
      errors.first?.reason == "the server's time zone database is unavailable", "\(errors)")
    // The client is not told where the server keeps its zone files.
    XCTAssertFalse(errors.description.contains(missing), "\(errors)")
  }

  /// A zoneinfo root holding the zones `zic` compiles from a source text.
  func singleZoneRoot(_ source: String, name: String) throws -> String {
    let folder = try scratchDirectory(prefix: "dndkit-\(name)")
    try compileZones(source, into: folder)
    return folder
  }

  func testSaveReportsAllErrors() {
    let rule = DoNotDisturbRule(enabled: true, startHour: 30, repeatMode: .once, timeZoneID: "X/Y")
    XCTAssertThrowsError(try rule.saved(at: 0, zones: zones)) { error in
      let codes = (error as? RuleError)?.errors.map(\.code)
      XCTAssertEqual(codes, [.invalidHour, .invalidTimeZone])
    }
    XCTAssertThrowsError(try DoNotDisturbRule().saved(at: Int64.max, zones: zones)) { error in
      XCTAssertEqual((error as? RuleError)?.errors.map(\.code), [.invalidInstant])
    }
  }

  func testWireRoundTrip() throws {
    let seed = SplitMix64.seed(default: 0xC0DE)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let rule = DoNotDisturbRule(
        enabled: Bool.random(using: &rng), startHour: Int.random(in: -5...30, using: &rng),
        startMinute: Int.random(in: 0...70, using: &rng),
        endHour: Int.random(in: 0...23, using: &rng),
        endMinute: Int.random(in: 0...59, using: &rng),
        repeatMode: RepeatMode(rawValue: Int.random(in: -1...5, using: &rng)),
        customRepeatDays: Int.random(in: -1...300, using: &rng),
        onceEndTimestamp: Int64.random(in: 0...4_000_000_000, using: &rng),
        timeZoneID: Generators.notableZones.randomElement(using: &rng) ?? "")
      let data = try JSONEncoder().encode(rule)
      XCTAssertEqual(
        try JSONDecoder().decode(DoNotDisturbRule.self, from: data), rule, "[seed \(seed)]")
    }
  }

  func testMalformedJSONNamesTheKeyPath() {
    let cases: [(String, String)] = [
      (#"{"startHour": "22"}"#, "startHour"),
      (#"{"enabled": 1}"#, "enabled"),
      (#"{"repeatMode": 2.5}"#, "repeatMode"),
      (#"{"onceEndTimestamp": 1e300}"#, "onceEndTimestamp"),
      (#"{"timeZoneID": 5}"#, "timeZoneID"),
      (#"{"startHour": 99999999999999999999999}"#, "startHour"),
      (#"{"startHour": 22"#, ""),
      (#"[1, 2]"#, ""),
    ]
    for (json, path) in cases {
      XCTAssertThrowsError(
        try DoNotDisturbRule(jsonBytes: Data(json.utf8)), json
      ) {
        XCTAssertEqual(($0 as? RuleError)?.errors.first?.keyPath, path, json)
      }
    }
  }
}

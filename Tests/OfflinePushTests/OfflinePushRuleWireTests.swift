import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// The wire form, the malformed corpus and the save step of `OfflinePushRule`.
final class OfflinePushRuleWireTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  func testDefaultsWhenAbsent() throws {
    let rule = try OfflinePushRule(jsonBytes: Data("{}".utf8))
    XCTAssertEqual(rule, OfflinePushRule())
    XCTAssertTrue(
      rule.offlinePushEnabled && rule.messageOfflinePushEnabled && rule.callOfflinePushEnabled)
    XCTAssertNil(rule.doNotDisturbRule)
  }

  func testRoundTripIncludingUnknownPlatforms() throws {
    let seed = SplitMix64.seed(default: 0x0E1C0DE)
    var rng = SplitMix64(seed: seed)
    let generators = Generators(zones: zones)
    for _ in 0..<500 {
      func platforms() -> [Platform] {
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in
          Platform(
            rawValue: [1, 2, 3, 4, 5, 6, 7, 9, 10, 32, 8, 11, 64, 999, -1].randomElement(
              using: &rng) ?? 1)
        }
      }
      let rule = OfflinePushRule(
        onlinePlatforms: platforms(), notToReceiveOfflinePushPlatforms: platforms(),
        offlinePushEnabled: Bool.random(using: &rng),
        messageOfflinePushEnabled: Bool.random(using: &rng),
        callOfflinePushEnabled: Bool.random(using: &rng),
        doNotDisturbRule: Bool.random(using: &rng)
          ? generators.rule(zoneID: generators.zoneID(using: &rng), using: &rng) : nil)
      let data = try JSONEncoder().encode(rule)
      XCTAssertEqual(try OfflinePushRule(jsonBytes: data), rule, "[seed \(seed)]")
      XCTAssertEqual(try OfflinePushRule(jsonBytes: rule.jsonBytes()), rule, "[seed \(seed)]")
    }
  }

  func testExactKeys() throws {
    let data = try JSONEncoder().encode(OfflinePushRule(doNotDisturbRule: DoNotDisturbRule()))
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(
      Set(object.keys),
      [
        "onlinePlatforms", "notToReceiveOfflinePushPlatforms", "offlinePushEnabled",
        "messageOfflinePushEnabled", "callOfflinePushEnabled", "doNotDisturbRule",
      ])
    let dnd = try XCTUnwrap(object["doNotDisturbRule"] as? [String: Any])
    XCTAssertEqual(
      Set(dnd.keys),
      [
        "enabled", "startHour", "startMinute", "endHour", "endMinute", "repeatMode",
        "customRepeatDays", "onceEndTimestamp", "timeZoneID",
      ])
  }

  /// Every file of `Fixtures/malformed-rules` gives the typed error its row expects.
  func testMalformedCorpus() throws {
    let folder = TestPaths.fixtures + "/malformed-rules"
    let table = try String(contentsOfFile: folder + "/expectations.tsv", encoding: .utf8)
    var checked = 0
    for line in table.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("file\t")
    {
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard cells.count == 5 else {
        XCTFail("bad expectations row: \(line)")
        continue
      }
      let data = try XCTUnwrap(
        FileManager.default.contents(atPath: folder + "/" + cells[0]), cells[0])
      checked += 1
      switch cells[1] {
      case "decoding":
        XCTAssertThrowsError(
          try OfflinePushRule(jsonBytes: data), cells[0]
        ) {
          guard let error = $0 as? RuleError else { return XCTFail("\(cells[0]): \($0)") }
          if cells[2] != "*" {
            XCTAssertEqual(error.errors.first?.keyPath, cells[2], "\(cells[0]): \(error)")
          }
        }
      default:
        let rule = try OfflinePushRule(jsonBytes: data)
        XCTAssertThrowsError(try rule.saved(at: 1_772_982_000, zones: zones), cells[0]) {
          guard let error = $0 as? RuleError else { return XCTFail("\(cells[0]): \($0)") }
          XCTAssertEqual(
            error.errors.map(\.code.rawValue).joined(separator: ","), cells[3], cells[0])
          XCTAssertEqual(error.errors.map(\.keyPath).joined(separator: ","), cells[4], cells[0])
        }
        XCTAssertThrowsError(try CompiledOfflinePushRule(rule: rule, zones: zones), cells[0])
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 20)
  }

  func testSaveNormalizesOnceEndAndIsDeterministic() throws {
    let json = """
      {"doNotDisturbRule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 1,
       "onceEndTimestamp": 42, "timeZoneID": "Asia/Shanghai"}}
      """
    let rule = try OfflinePushRule(jsonBytes: Data(json.utf8))
    // Saved at 12:00 Shanghai on 2026-03-08: the first period ending after it is tonight's,
    // ending 2026-03-09T08:00+08:00 = 2026-03-09T00:00:00Z.
    let saved = try rule.saved(at: 1_772_942_400, zones: zones)
    XCTAssertEqual(saved.doNotDisturbRule?.onceEndTimestamp, 1_773_014_400)
    XCTAssertEqual(saved, try rule.saved(at: 1_772_942_400, zones: zones))
    XCTAssertEqual(saved, try saved.saved(at: 1_772_942_400, zones: zones))
  }

  /// A document with several bad fields is reported whole: every field, with its key path and
  /// reason, in document order; and a well-formed document decodes as before.
  func testDecodingReportsEveryBadField() throws {
    let json = """
      {"offlinePushEnabled": "yes", "onlinePlatforms": [1, "2"], "callOfflinePushEnabled": null,
       "doNotDisturbRule": {"enabled": 1, "startHour": 22, "endHour": "8",
         "timeZoneID": "Asia/Shanghai"}}
      """
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(json.utf8))) {
      guard let error = $0 as? RuleError else { return XCTFail("\($0)") }
      XCTAssertEqual(
        error.errors.map(\.keyPath),
        [
          "onlinePlatforms[1]", "offlinePushEnabled", "callOfflinePushEnabled",
          "doNotDisturbRule.enabled", "doNotDisturbRule.endHour",
        ], "\(error)")
      XCTAssertEqual(error.errors.first?.keyPath, "onlinePlatforms[1]")
      XCTAssertEqual(error.errors.count, 5)
      XCTAssertTrue(error.description.contains("at doNotDisturbRule.endHour: expected an integer"))
    }
    // One bad field: one error, as before.
    XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Data(#"{"offlinePushEnabled": 0}"#.utf8))) {
      XCTAssertEqual(($0 as? RuleError)?.errors.count, 1)
    }
    XCTAssertNoThrow(try OfflinePushRule(jsonBytes: Data(#"{"offlinePushEnabled": false}"#.utf8)))
  }
}

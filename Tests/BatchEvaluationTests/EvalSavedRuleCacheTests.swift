import BatchEvaluation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import StrictJSON
import XCTest
import ZoneInfo

/// `dnd eval`'s rule cache holds a rule compiled as it is written; a query with `savedAt`
/// saves the rule first. For once and unknown rules the save fixes `onceEndTimestamp`, so the
/// cached compile of the unsaved text must never stand in for the saved rule.
final class EvalSavedRuleCacheTests: XCTestCase {
  static func output(_ engine: inout EvalEngine, _ line: String) -> String {
    var out = JSONWriter()
    Array(line.utf8).withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// Worked by hand: once, 22:00–08:00 in Asia/Shanghai, saved 2026-03-08 23:00 local
  /// (15:00Z): in DND at 23:30 local (15:30Z) until 08:00 local (2026-03-09T00:00Z). The text
  /// carries a stale end from the client (2026-03-07T16:13:20Z), which the save replaces:
  /// unsaved, the rule's one period is over and it is never in DND again. Asked first without
  /// the save (which caches that compile), then with it, the answers differ as they must.
  func testOnceRuleSavedAfterItsUnsavedTextWasCached() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let rule =
      #"{"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 1, "onceEndTimestamp": 1772900000, "timeZoneID": "Asia/Shanghai"}"#
    let unsaved = #"{"rule": \#(rule), "at": 1772983800}"#
    let saved = #"{"rule": \#(rule), "at": 1772983800, "savedAt": 1772982000}"#
    let push =
      #"{"pushRule": {"doNotDisturbRule": \#(rule)}, "kind": "message", "platform": 1, "at": 1772983800"#
    for fastPath in [true, false] {
      var engine = EvalEngine(zones: zones, usesFastPath: fastPath)
      for _ in 0..<2 {
        XCTAssertEqual(
          Self.output(&engine, unsaved), #"{"inDoNotDisturb": false, "nextChange": null}"# + "\n")
        XCTAssertEqual(
          Self.output(&engine, saved),
          #"{"inDoNotDisturb": true, "nextChange": 1773014400}"# + "\n", "fast path \(fastPath)")
        XCTAssertEqual(
          Self.output(&engine, push + "}"),
          #"{"deliver": true, "reason": null, "until": null}"# + "\n")
        XCTAssertEqual(
          Self.output(&engine, push + #", "savedAt": 1772982000}"#),
          #"{"deliver": false, "reason": "doNotDisturb", "until": 1773014400}"# + "\n",
          "fast path \(fastPath)")
      }
    }
  }

  /// Random once, unknown and repeating rules, each text asked without a save and with
  /// several save instants in random order, through the cached fast path and the uncached
  /// general one: the lines are the same.
  func testSavedAndUnsavedQueriesOfOneTextAgreeAcrossPaths() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: zones)
    let seed = SplitMix64.seed(default: 0x5A7ED_CAC4E)
    var rng = SplitMix64(seed: seed)
    var fast = EvalEngine(zones: zones, usesFastPath: true)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var differing = 0
    for _ in 0..<300 {
      let id = generators.zoneID(using: &rng)
      var dnd = generators.rule(zoneID: id, using: &rng)
      dnd.enabled = rng.next() % 8 != 0
      // A one-off rule as a client may send it, with an end of its own that a save replaces.
      if dnd.repeatMode.isOneOff && rng.next() % 4 != 0 {
        dnd.onceEndTimestamp = generators.instant(in: .utc, using: &rng)
      }
      let text = String(decoding: try encoder.encode(dnd), as: UTF8.self)
      let base = generators.instant(in: .utc, using: &rng)
      var lines: [String] = []
      for _ in 0..<4 {
        let at = base + Int64(rng.next() % 259_200)
        let savedAt = base + Int64(rng.next() % 172_800) - 86_400
        lines.append(#"{"rule": \#(text), "at": \#(at)}"#)
        lines.append(#"{"rule": \#(text), "at": \#(at), "savedAt": \#(savedAt)}"#)
        lines.append(
          #"{"pushRule": {"doNotDisturbRule": \#(text)}, "kind": "call", "platform": 2, "at": \#(at), "savedAt": \#(savedAt)}"#
        )
      }
      lines.shuffle(using: &rng)
      var answers: [String: Set<String>] = [:]
      for line in lines {
        let expected = Self.output(&general, line)
        XCTAssertEqual(Self.output(&fast, line), expected, "\(line) [seed \(seed)]")
        answers[String(line.prefix(8)), default: []].insert(expected)
      }
      if answers.values.contains(where: { $0.count > 1 }) { differing += 1 }
    }
    // Saving changes the answer for many of the rules, so the cache is put to the test.
    XCTAssertGreaterThan(differing, 50)
  }
}

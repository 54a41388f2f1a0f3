import BatchEvaluation
import DNDTestSupport
import Foundation
import StrictJSON
import XCTest
import ZoneInfo

/// What the rule cache keeps when a rule's zone file comes or goes while `dnd eval` runs: a
/// zone that was missing is read when it appears, however often its rule was asked for
/// before; a zone once read is answered from for the life of the engine, after its file is
/// removed too. The same with the cache, reading in place, the adaptive choice and without the
/// fast path.
final class EvalZoneCacheTests: XCTestCase {
  static let rule =
    #"{"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "America/New_York"}"#
  /// 2026-03-09T03:00:00Z, 23:00 EDT on the evening after the clocks went forward: inside the
  /// night window, which ends at 08:00 EDT, 12:00 UTC.
  static let dndLine = #"{"rule": \#(rule), "at": 1773025200}"#
  static let pushLine =
    #"{"pushRule": {"doNotDisturbRule": \#(rule)}, "kind": "message", "platform": 2, "at": 1773025200}"#
  static let dndAnswer = #"{"inDoNotDisturb": true, "nextChange": 1773057600}"#
  static let pushAnswer = #"{"deliver": false, "reason": "doNotDisturb", "until": 1773057600}"#

  /// Each way the engine can get a rule.
  static let engines: [(name: String, make: @Sendable (ZoneDatabase) -> EvalEngine)] = [
    ("cached", { EvalEngine(zones: $0, ruleCacheBudget: nil, ruleReading: .cached) }),
    ("adaptive", { EvalEngine(zones: $0) }),
    ("in place", { EvalEngine(zones: $0, ruleCacheBudget: nil, ruleReading: .inPlace) }),
    ("general", { EvalEngine(zones: $0, usesFastPath: false) }),
  ]

  func answer(_ engine: inout EvalEngine, _ line: String) -> String {
    var out = JSONWriter()
    Array(line.utf8).withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
    return String(decoding: out.bytes.dropLast(), as: UTF8.self)
  }

  /// A zoneinfo root holding only `America/`, and with `America/New_York` when `withZone`.
  func root(withZone: Bool) throws -> String {
    let root = try scratchDirectory(prefix: "eval-zone-cache")
    try FileManager.default.createDirectory(
      atPath: root + "/America", withIntermediateDirectories: true)
    if withZone { try copyZone(into: root) }
    return root
  }

  func copyZone(into root: String) throws {
    try FileManager.default.copyItem(
      atPath: TestPaths.zoneinfo + "/America/New_York", toPath: root + "/America/New_York")
  }

  func testAZoneThatAppearsIsReadAfterItsRuleWasAskedForRepeatedly() throws {
    for (name, make) in Self.engines {
      let root = try root(withZone: false)
      var engine = make(try ZoneDatabase(root: root))
      // Three times: a text is stored the second time it is seen, and found the third.
      for time in 1...3 {
        for line in [Self.dndLine, Self.pushLine] {
          let missing = answer(&engine, line)
          XCTAssertTrue(
            missing.contains(#""invalidTimeZone""#), "\(name), time \(time): \(missing)")
        }
      }
      try copyZone(into: root)
      for time in 1...2 {
        XCTAssertEqual(
          answer(&engine, Self.dndLine), Self.dndAnswer,
          "\(name): a DND rule whose zone appeared, time \(time), still answers the failure")
        XCTAssertEqual(
          answer(&engine, Self.pushLine), Self.pushAnswer,
          "\(name): a push rule whose zone appeared, time \(time), still answers the failure")
      }
    }
  }

  func testAZoneOnceReadIsKeptAfterItsFileIsRemoved() throws {
    let otherRule = Self.rule.replacingOccurrences(of: #""endHour": 8"#, with: #""endHour": 9"#)
    let otherLine = #"{"rule": \#(otherRule), "at": 1773025200}"#
    for (name, make) in Self.engines {
      let root = try root(withZone: true)
      var engine = make(try ZoneDatabase(root: root))
      for _ in 1...3 {
        XCTAssertEqual(answer(&engine, Self.dndLine), Self.dndAnswer, name)
        XCTAssertEqual(answer(&engine, Self.pushLine), Self.pushAnswer, name)
      }
      try FileManager.default.removeItem(atPath: root + "/America/New_York")
      for time in 1...3 {
        XCTAssertEqual(answer(&engine, Self.dndLine), Self.dndAnswer, "\(name), time \(time)")
        XCTAssertEqual(answer(&engine, Self.pushLine), Self.pushAnswer, "\(name), time \(time)")
      }
      // A rule text never seen before, in the zone read before: answered from it too.
      XCTAssertEqual(
        answer(&engine, otherLine), #"{"inDoNotDisturb": true, "nextChange": 1773061200}"#,
        name)
    }
  }
}

import BatchEvaluation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import StrictJSON
import XCTest
import ZoneInfo

/// `dnd eval`'s rule caches are bounded by bytes as well as by count: a stream of large
/// distinct rules runs in memory the budget bounds, and the answers are those of the uncached
/// path whether a rule was kept or not.
final class EvalRuleCacheMemoryTests: XCTestCase {
  /// A push query whose rule is about `size` bytes (an unknown key's long string, which the
  /// rule ignores) and distinct for each `index`.
  static func largeRuleLine(index: Int, size: Int, platform: Int) -> String {
    let filler = String(repeating: "x", count: size)
    let rule =
      #"{"notToReceiveOfflinePushPlatforms": [2], "onlinePlatforms": [1], "note\#(index)": "\#(filler)"}"#
    return
      #"{"pushRule": \#(rule), "kind": "message", "platform": \#(platform), "onlinePlatforms": [1], "at": 1772982000}"#
  }

  /// 400 distinct rules of 64 KiB through an engine whose caches keep 2 MiB each: resident
  /// memory after the last is where it was after the first 50 (kept by count alone, the
  /// rules' texts took 22 MiB more); every answer matches the uncached engine's.
  func testLargeDistinctRulesRunInBoundedMemory() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var cached = EvalEngine(zones: zones, usesFastPath: true, ruleCacheBudget: 2 << 20)
    var uncached = EvalEngine(zones: zones, usesFastPath: false)
    func answer(_ engine: inout EvalEngine, _ line: String) -> String {
      var out = JSONWriter()
      Array(line.utf8).withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
      return String(decoding: out.bytes, as: UTF8.self)
    }
    var settled = 0
    for index in 0..<400 {
      if index == 50 { settled = try ResidentMemory.bytes() }
      let line = Self.largeRuleLine(index: index, size: 64 << 10, platform: 2 + index % 2)
      let expected = answer(&uncached, line)
      XCTAssertEqual(answer(&cached, line), expected, "line \(index)")
      // Asked again at once: the answer from the cache (or from a fresh compile) is the same.
      XCTAssertEqual(answer(&cached, line), expected, "line \(index), again")
      XCTAssertTrue(
        expected.hasPrefix(index % 2 == 0 ? #"{"deliver": false"# : #"{"deliver": true"#),
        expected)
    }
    let grown = try ResidentMemory.bytes() - settled
    XCTAssertLessThan(
      grown, (8 << 20) + ResidentMemory.allocatorSlack,
      "resident memory grew by \(grown >> 20) MiB over 350 distinct 64 KiB rules")
    print("350 distinct 64 KiB rules, 2 MiB cache budget: RSS grew \(grown >> 10) KiB")
  }
}

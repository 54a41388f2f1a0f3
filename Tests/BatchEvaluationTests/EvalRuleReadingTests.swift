import BatchEvaluation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import StrictJSON
import XCTest
import ZoneInfo

/// `dnd eval`'s fast path reads a rule in place (the cache left alone) when the stream's rules
/// do not repeat: on seeded mixed lines (generated rules valid, near-valid and hostile, nested
/// to the depth limit, repeating and not) the in-place path, the cached path and the adaptive
/// engine answer byte for byte as the general path, and the adaptive choice follows the stream.
final class EvalRuleReadingTests: XCTestCase {
  func output(_ engine: inout EvalEngine, _ line: [UInt8]) -> [UInt8] {
    var out = JSONWriter()
    line.withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
    return out.bytes
  }

  /// A query line around a generated rule: DND or push, with or without `savedAt`, now and
  /// then with extra keys (known ones twice, unknown ones) before or after the rule.
  static func line(_ rule: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
    let at = Int64.random(in: 1_700_000_000...1_800_000_000, using: &rng)
    let savedAt = Bool.random(using: &rng) ? #", "savedAt": \#(at - 3_600)"# : ""
    let extra = [
      "", "", "", #""x": 1, "#, #""pushRule": {}, "#, #""rule": {}, "#, #""at": 5, "#,
      #""schedule": 1, "#,
    ]
    let before = extra[Int.random(in: 0..<extra.count, using: &rng)]
    let after = extra[Int.random(in: 0..<extra.count, using: &rng)]
    if Bool.random(using: &rng) {
      return Array("{\(before)\"rule\": ".utf8) + rule
        + Array(#", \#(after)"at": \#(at)\#(savedAt)}"#.utf8)
    }
    return Array("{\(before)\"pushRule\": ".utf8) + rule
      + Array(#", \#(after)"kind": "message", "platform": 2, "at": \#(at)\#(savedAt)}"#.utf8)
  }

  func testInPlaceCachedAndAdaptivePathsAnswerAsTheGeneralPath() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var inPlace = EvalEngine(zones: zones, ruleCacheBudget: nil, ruleReading: .inPlace)
    var cached = EvalEngine(zones: zones, ruleCacheBudget: nil, ruleReading: .cached)
    var adaptive = EvalEngine(zones: zones)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let seed = SplitMix64.seed(default: 0x1A_97_ACE5)
    var rng = SplitMix64(seed: seed)
    var recent: [[UInt8]] = []
    var lines = 0
    var takenInPlace = 0
    var mismatches = 0
    // Runs of distinct rules and runs of repeating ones, so the adaptive engine switches.
    for run in 0..<8 {
      let repeating = run % 2 == 1
      for _ in 0..<2_500 {
        let line: [UInt8]
        if repeating, !recent.isEmpty, Int.random(in: 0..<8, using: &rng) != 0 {
          line = recent[Int.random(in: 0..<recent.count, using: &rng)]
        } else {
          // A line holds no newline: the generator's line feeds become spaces.
          let rule = WireDocuments.document(using: &rng).map { $0 == 0x0A ? 0x20 : $0 }
          line = Self.line(rule, using: &rng)
          recent.append(line)
          if recent.count > 40 { recent.removeFirst() }
        }
        lines += 1
        let expected = output(&general, line)
        if line.withUnsafeBufferPointer({ inPlace.fastAnswer($0) }) != nil { takenInPlace += 1 }
        for (name, got) in [
          ("in place", output(&inPlace, line)), ("cached", output(&cached, line)),
          ("adaptive", output(&adaptive, line)),
        ] where got != expected {
          mismatches += 1
          if mismatches <= 5 {
            XCTFail(
              "[seed \(seed)] \(String(decoding: line, as: UTF8.self)): \(name) "
                + "\(String(decoding: got, as: UTF8.self)), general "
                + "\(String(decoding: expected, as: UTF8.self))")
          }
        }
      }
    }
    print(
      "eval rule reading [seed \(seed)]: \(lines) lines, \(takenInPlace) read in place, "
        + "\(mismatches) answered differently")
    XCTAssertEqual(mismatches, 0, "[seed \(seed)]")
    XCTAssertGreaterThan(takenInPlace, lines / 10, "[seed \(seed)]")
  }

  /// The benchmark's shape of rule at depth 1 of the line, and nested deeper by unknown keys
  /// to either side of the 512-level limit: read in place as the general parser reads it.
  func testInPlaceReadingKeepsTheLineDepthLimit() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var inPlace = EvalEngine(zones: zones, ruleCacheBudget: nil, ruleReading: .inPlace)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    var answered = 0
    for levels in 505...515 {
      let deep = String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
      let rule =
        #"{"x": \#(deep), "offlinePushEnabled": true, "doNotDisturbRule": {"enabled": true, "#
        + #""startHour": 22, "endHour": 7, "repeatMode": 2, "timeZoneID": "Asia/Tokyo"}}"#
      let line = Array(
        #"{"pushRule": \#(rule), "kind": "message", "platform": 2, "at": 1772990000}"#.utf8)
      let expected = output(&general, line)
      XCTAssertEqual(
        String(decoding: output(&inPlace, line), as: UTF8.self),
        String(decoding: expected, as: UTF8.self), "\(levels) levels")
      if !expected.starts(with: Array(#"{"error""#.utf8)) { answered += 1 }
    }
    // Some of the depths are within the limit and some beyond it.
    XCTAssertGreaterThan(answered, 0)
    XCTAssertLessThan(answered, 11)
  }

  func testAdaptiveReadingFollowsTheStream() {
    let window = EvalRuleReading.window
    var reading = EvalRuleReading()
    XCTAssertFalse(reading.readsInPlace, "the cache is tried first")
    // Rules that repeat: hits keep the cache.
    for line in 0..<(3 * window) { reading.lookedUp(hit: line % 3 != 0) }
    XCTAssertFalse(reading.readsInPlace)
    // A window of misses: the rules are read in place.
    for _ in 0..<window { reading.lookedUp(hit: false) }
    XCTAssertTrue(reading.readsInPlace)
    // Distinct texts read in place stay so.
    let distinct = (0..<(2 * window)).map { Array("{\"rule\": \($0)}".utf8) }
    for text in distinct { text.withUnsafeBufferPointer { reading.readInPlace($0) } }
    XCTAssertTrue(reading.readsInPlace)
    // 200 texts repeating: back to the cache within a window or two.
    let repeating = (0..<200).map { Array("{\"startHour\": \($0)}".utf8) }
    for line in 0..<(2 * window) {
      repeating[line % 200].withUnsafeBufferPointer { reading.readInPlace($0) }
    }
    XCTAssertFalse(reading.readsInPlace)
    // A forced policy never switches.
    var forced = EvalRuleReading(policy: .cached)
    for _ in 0..<(2 * window) { forced.lookedUp(hit: false) }
    XCTAssertFalse(forced.readsInPlace)
  }

  func testFingerprintTellsNearlyEqualTextsApart() {
    var seen = Set<UInt64>()
    var texts = 0
    var rng = SplitMix64(seed: 0xF1_06E5)
    let base = Array(#"{"startHour": 22, "timeZoneID": "Asia/Tokyo", "endHour": 7}"#.utf8)
    for length in 0...base.count {
      var text = Array(base[0..<length])
      text.withUnsafeBufferPointer { _ = seen.insert(EvalRuleReading.fingerprint($0)) }
      texts += 1
      for _ in 0..<8 where !text.isEmpty {
        // One byte changed anywhere, the tail included.
        text[Int.random(in: 0..<text.count, using: &rng)] &+= 1
        text.withUnsafeBufferPointer { _ = seen.insert(EvalRuleReading.fingerprint($0)) }
        texts += 1
      }
    }
    // Random byte changes can revisit a text; nearly all of them must still differ.
    XCTAssertGreaterThan(seen.count, texts * 9 / 10)
  }
}

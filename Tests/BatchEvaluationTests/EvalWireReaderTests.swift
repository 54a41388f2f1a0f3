import BatchEvaluation
import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import StrictJSON
import XCTest
import ZoneInfo

/// `dnd eval`'s fast path reads the rule texts it finds with the strict byte reader: on
/// generated rules (valid, near-valid, hostile) it answers byte for byte as the general path,
/// with the caches cold and warm.
final class EvalWireReaderTests: XCTestCase {
  func output(_ engine: inout EvalEngine, _ line: [UInt8]) -> [UInt8] {
    var out = JSONWriter()
    line.withUnsafeBufferPointer { engine.answer($0).write(to: &out) }
    return out.bytes
  }

  func testFastPathAnswersAsTheGeneralPathOnGeneratedRules() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var fast = EvalEngine(zones: zones, usesFastPath: true)
    var general = EvalEngine(zones: zones, usesFastPath: false)
    let seed = SplitMix64.seed(default: 0xE7A1_4EAD)
    var rng = SplitMix64(seed: seed)
    var lines = 0
    var fastAnswered = 0
    var mismatches = 0
    var recent: [[UInt8]] = []
    for _ in 0..<6_000 {
      var line: [UInt8]
      if !recent.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 {
        line = recent[Int.random(in: 0..<recent.count, using: &rng)]  // a warm cache
      } else {
        // A line holds no newline: the generator's line feeds become spaces.
        let rule = WireDocuments.document(using: &rng).map { $0 == 0x0A ? 0x20 : $0 }
        let at = Int64.random(in: 1_700_000_000...1_800_000_000, using: &rng)
        let savedAt = Bool.random(using: &rng) ? #", "savedAt": \#(at - 3_600)"# : ""
        if Bool.random(using: &rng) {
          line = Array(#"{"rule": "#.utf8) + rule + Array(#", "at": \#(at)\#(savedAt)}"#.utf8)
        } else {
          line =
            Array(#"{"pushRule": "#.utf8) + rule
            + Array(#", "kind": "message", "platform": 2, "at": \#(at)\#(savedAt)}"#.utf8)
        }
        recent.append(line)
        if recent.count > 50 { recent.removeFirst() }
      }
      lines += 1
      let fastOutput = output(&fast, line)
      if line.withUnsafeBufferPointer({ fast.fastAnswer($0) }) != nil { fastAnswered += 1 }
      let generalOutput = output(&general, line)
      if fastOutput != generalOutput {
        mismatches += 1
        if mismatches <= 5 {
          XCTFail(
            "[seed \(seed)] \(String(decoding: line, as: UTF8.self)): fast "
              + "\(String(decoding: fastOutput, as: UTF8.self)), general "
              + "\(String(decoding: generalOutput, as: UTF8.self))")
        }
      }
    }
    print(
      "eval wire reader [seed \(seed)]: \(lines) lines, \(fastAnswered) taken by the fast path, "
        + "\(mismatches) answered differently")
    XCTAssertEqual(mismatches, 0, "[seed \(seed)]")
    XCTAssertGreaterThan(fastAnswered, lines / 10, "[seed \(seed)]")
  }
}

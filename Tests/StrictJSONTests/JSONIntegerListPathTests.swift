import DNDKitTesting
import XCTest

@testable import StrictJSON

/// The compact short-integer list (`[1,2]`, read onto the stack and made into an array once)
/// against the general list reader it hands every other list to.
final class JSONIntegerListPathTests: XCTestCase {
  /// What reading a list gave: the elements or the error, and where the cursor ended; or why
  /// the document stopped.
  func list(_ bytes: [UInt8], depth: Int, general: Bool) -> String {
    // A limit of 5: the longest random lists (6) are too long, on both paths.
    let limit = JSONListLimit(maximum: 5, code: "tooMany", reason: "at most 5")
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONReadStop) {
        let result =
          general
          ? try reader.readIntegerListInGeneral(depth: depth, limit: limit) { $0 }
          : try reader.readIntegerList(depth: depth, limit: limit) { $0 }
        return
          "\(result.value.map { "\($0)" } ?? "-") \(result.errors) \(result.stop.map { "\($0)" } ?? "-") at \(reader.index)"
      } catch {
        switch error {
        case .syntax(let problem): return "\(problem.offset): \(problem.message)"
        }
      }
    }
  }

  /// Random lists of numbers and near-numbers, separators and ends, compact or not: both
  /// readers give the same elements or error with the cursor in the same place, or stop at
  /// the same offset with the same message. Lists the compact path takes must be among them.
  func testCompactListsAgreeWithTheGeneralReader() {
    let seed = SplitMix64.seed(default: 0x1157_C0DE)
    var rng = SplitMix64(seed: seed)
    let elements = [
      "0", "7", "10", "32", "-3", "-0", "01", "1.0", "1e2", "2E1", "1.", "-", "999999999999999999",
      "9999999999999999999", "123456789012345678901", "null", "true", "\"1\"", "[1]", "{}", " 5",
      "5 ", "", "+1", "0x1",
    ]
    let separators = [",", ",", ",", " ,", ", ", ";", "", ",,"]
    let ends = ["]", "]", "]", " ]", "", "}", ",]", "]x"]
    var compact = 0
    for _ in 0..<40_000 {
      var text = ["", " ", "\n"].randomElement(using: &rng)! + "["
      let count = Int.random(in: 0..<7, using: &rng)
      let plain = Bool.random(using: &rng)
      for index in 0..<count {
        if index > 0 { text += plain ? "," : separators.randomElement(using: &rng)! }
        text +=
          plain
          ? String(Int.random(in: -40...1_000, using: &rng)) : elements.randomElement(using: &rng)!
      }
      text += plain ? "]" : ends.randomElement(using: &rng)!
      text += ["", ",", "}", " "].randomElement(using: &rng)!
      let bytes = Array(text.utf8)
      // Near the depth limit too, where the elements, one deeper, are refused.
      let depth = Int.random(in: 0..<8, using: &rng) == 0 ? JSONSyntax.maximumDepth - 1 : 1
      let fast = list(bytes, depth: depth, general: false)
      let general = list(bytes, depth: depth, general: true)
      XCTAssertEqual(fast, general, "[seed \(seed)] \(text) at depth \(depth)")
      if fast != general, (testRun?.failureCount ?? 0) >= 6 { return }
      bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        if reader.compactShortIntegerList(depth: depth) != nil { compact += 1 }
      }
    }
    XCTAssertGreaterThan(compact, 10_000, "[seed \(seed)] the compact path was taken")
  }
}

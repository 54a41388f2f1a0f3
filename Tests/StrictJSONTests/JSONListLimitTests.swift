import XCTest

@testable import StrictJSON

/// The list readers at a limit: a list longer than its maximum is that one error with the
/// list's length, whatever its elements, while the rest of the list is still syntax-checked;
/// no element past the maximum is kept.
final class JSONListLimitTests: XCTestCase {
  let limit = JSONListLimit(maximum: 5, code: "tooMany", reason: "a list holds at most 5")

  /// What reading an integer list gave, and where the cursor ended.
  func integers(_ text: String) -> String {
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONReadStop) {
        let decoded = try reader.readIntegerList(depth: 1, limit: limit) { $0 }
        let value = decoded.value.map { "\($0)" } ?? "-"
        let errors = (decoded.errors + (decoded.stop.map { [$0] } ?? [])).map {
          "\($0.code ?? $0.kind.rawValue) \($0.keyPath) \($0.value)"
        }
        return "\(value) \(errors) at \(reader.index)"
      } catch {
        switch error {
        case .syntax(let problem): return "syntax \(problem.offset)"
        }
      }
    }
  }

  func testTheLengthIsTheListsOneErrorAndTheRestIsSyntaxChecked() {
    // N − 1 and N are read; N + 1 is the length error beside an empty list.
    XCTAssertEqual(integers("[1,2,3,4]"), "[1, 2, 3, 4] [] at 9")
    XCTAssertEqual(integers("[1,2,3,4,5]"), "[1, 2, 3, 4, 5] [] at 11")
    XCTAssertEqual(integers("[1,2,3,4,5,6]"), "[] [\"tooMany  6 entries\"] at 13")
    // A bad element within the maximum of a list that is too long: the length wins.
    XCTAssertEqual(integers("[1,\"x\",3,4,5,6,7]"), "[] [\"tooMany  7 entries\"] at 17")
    // Within the limit, the first bad element stops the list, as always.
    XCTAssertEqual(integers("[1,\"x\",3]"), "- [\"wrongType [1] \\\"x\\\"\"] at 9")
    // Past the maximum, elements of any type are counted, and bad syntax still stops.
    XCTAssertEqual(
      integers("[1,2,3,4,5,{\"a\":[]},\"s\",null]"), "[] [\"tooMany  8 entries\"] at 29")
    XCTAssertEqual(integers("[1,2,3,4,5,6,tru]"), "syntax 13")
    XCTAssertEqual(integers("[1,2,3,4,5,6,"), "syntax 13")
  }

  func testAnObjectListPastItsMaximumDecodesNoElementPastIt() {
    let text = "[" + Array(repeating: "{}", count: 8).joined(separator: ",") + "]"
    var decodedCount = 0
    let result: JSONDecoded<[Int]>? = Array(text.utf8).withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      return try? reader.readObjectList(depth: 1, limit: limit) {
        reader, depth throws(JSONReadStop) in
        decodedCount += 1
        try reader.skipValue(depth: depth)
        return JSONDecoded(value: decodedCount)
      }
    }
    XCTAssertEqual(decodedCount, 5)
    XCTAssertEqual(result?.value, [])
    XCTAssertEqual(result?.errors.map(\.value), ["8 entries"])
    XCTAssertEqual(result?.errors.map(\.code), ["tooMany"])
  }
}

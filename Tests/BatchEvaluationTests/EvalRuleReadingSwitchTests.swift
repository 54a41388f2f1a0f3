import BatchEvaluation
import XCTest

/// The adaptive switch between the rule cache and reading in place, at its exact line and its
/// exact threshold, in both directions: a window's decision is made on its last line, not one
/// line before, and on the window's own count.
final class EvalRuleReadingSwitchTests: XCTestCase {
  let window = EvalRuleReading.window

  /// Distinct rule texts for one scenario, none of them seen before by any reading.
  func texts(_ name: String, count: Int) -> [[UInt8]] {
    (0..<count).map { Array("{\"\(name)\": \($0)}".utf8) }
  }

  /// An adaptive reading that has just switched to reading in place (a window of misses).
  func readingInPlace() -> EvalRuleReading {
    var reading = EvalRuleReading()
    for _ in 0..<window { reading.lookedUp(hit: false) }
    XCTAssertTrue(reading.readsInPlace, "a window of misses did not switch to reading in place")
    return reading
  }

  func testTheCacheIsLeftOnTheWindowsLastLineNotBefore() {
    var reading = EvalRuleReading()
    for line in 1..<window {
      reading.lookedUp(hit: false)
      guard !reading.readsInPlace else {
        XCTFail("switched to reading in place after \(line) lines of \(window)")
        return
      }
    }
    reading.lookedUp(hit: false)
    XCTAssertTrue(reading.readsInPlace, "not reading in place after \(window) lines of misses")
    // The next window counts from its own first line: back to the cache on its last, not before.
    let repeating = texts("back", count: 8)
    for line in 1..<window {
      repeating[line % repeating.count].withUnsafeBufferPointer { reading.readInPlace($0) }
      guard reading.readsInPlace else {
        XCTFail("switched back to the cache after \(line) lines of \(window)")
        return
      }
    }
    repeating[0].withUnsafeBufferPointer { reading.readInPlace($0) }
    XCTAssertFalse(reading.readsInPlace, "still reading in place after \(window) repeating lines")
  }

  func testReadingInPlaceIsLeftOnTheWindowsLastLineNotBefore() {
    var reading = readingInPlace()
    // Every line the same text: every fingerprinted line after the first is a repeat.
    let same = Array(#"{"startHour": 22}"#.utf8)
    for line in 1..<window {
      same.withUnsafeBufferPointer { reading.readInPlace($0) }
      guard reading.readsInPlace else {
        XCTFail("switched back to the cache after \(line) lines of \(window)")
        return
      }
    }
    same.withUnsafeBufferPointer { reading.readInPlace($0) }
    XCTAssertFalse(reading.readsInPlace, "still reading in place after \(window) repeating lines")
    // And from the cache again on the next window's last line, not before.
    for line in 1..<window {
      reading.lookedUp(hit: false)
      guard !reading.readsInPlace else {
        XCTFail("switched to reading in place after \(line) lines of \(window)")
        return
      }
    }
    reading.lookedUp(hit: false)
    XCTAssertTrue(reading.readsInPlace)
  }

  /// Through the cache, fewer than a quarter of a window's lines hitting switches; a quarter
  /// exactly does not.
  func testTheCachesThresholdIsAQuarterOfTheWindow() {
    for hits in [window / 4 - 1, window / 4] {
      var reading = EvalRuleReading()
      for line in 0..<window { reading.lookedUp(hit: line < hits) }
      XCTAssertEqual(
        reading.readsInPlace, hits < window / 4,
        "\(hits) hits in a window of \(window): reads in place \(reading.readsInPlace)")
    }
  }

  /// Read in place, one line in four is fingerprinted; an eighth of the window's lines seen
  /// again among those switches back; one fewer does not.
  func testReadingInPlacesThresholdIsAnEighthOfTheWindow() {
    for repeats in [window / 8 - 1, window / 8] {
      var reading = readingInPlace()
      // The fingerprinted lines (every fourth) read `repeats + 1` times the same text, then
      // distinct ones; the other lines are distinct texts too.
      let name = "r\(repeats)"
      let distinct = texts(name, count: window)
      let same = Array("{\"\(name)\": \"same\"}".utf8)
      for line in 1...window {
        let fingerprinted = line % 4 == 0
        let text = fingerprinted && line / 4 <= repeats + 1 ? same : distinct[line - 1]
        text.withUnsafeBufferPointer { reading.readInPlace($0) }
      }
      XCTAssertEqual(
        reading.readsInPlace, repeats < window / 8,
        "\(repeats) repeats in a window of \(window): reads in place \(reading.readsInPlace)")
    }
  }
}

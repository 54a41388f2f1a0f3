import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// Loading builds a zone's table to 2050 and defers the rest to the first answer that needs
/// it. Answers must not depend on whether, or when, that happened.
final class ZoneExtensionTests: XCTestCase {
  /// Two zones from the same bytes: one extended before any question.
  func pair(_ id: String) throws -> (fresh: Zone, whole: Zone) {
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id))
    let whole = try Zone(identifier: id, tzif: [UInt8](bytes))
    whole.extendTable()
    XCTAssertTrue(whole.isExtended)
    return (try Zone(identifier: id, tzif: [UInt8](bytes)), whole)
  }

  /// Everything the general and fast paths answer at one instant, comparable across zones.
  struct Answer: Equatable {
    var offset: Int32
    var reading: String
    var highWater: Int64
    var spanOffset: Int64
    var next: Int64?
    var previous: Int64?
  }

  static func answer(_ zone: Zone, at t: Int64) throws -> Answer {
    let span = zone.wallClockSpan(unchecked: t)
    return Answer(
      offset: try zone.offset(at: t), reading: try zone.localDateTime(at: t).description,
      highWater: zone.highWater(unchecked: t), spanOffset: span.offset,
      next: try zone.nextTransition(after: t)?.instant,
      previous: try zone.previousTransition(atOrBefore: t)?.instant)
  }

  /// Every system zone: questions before the loaded part's end leave the table as loaded and
  /// answer as the whole table does; wall-clock readings around 2050-01-01 (whose search
  /// crosses the loaded horizon) and later instants extend it, with the same answers.
  func testAnswersDoNotDependOnWhenTheTableIsExtended() throws {
    let seed = SplitMix64.seed(default: 2050)
    var rng = SplitMix64(seed: seed)
    let ids = try ZoneDatabase(root: TestPaths.zoneinfo).identifiers()
    var deferring = 0
    for id in ids {
      let (fresh, whole) = try pair(id)
      let threshold = fresh.extensionThreshold
      if let threshold {
        deferring += 1
        // The loaded part reaches 2050 (or the file's own end, when later).
        XCTAssertGreaterThan(threshold, 2_493_072_000, id)  // 2049-01-01
        XCTAssertFalse(fresh.isExtended, id)
      }
      let loadedEnd = min(threshold ?? 2_524_608_000, 2_524_608_000)
      for _ in 0..<40 {
        // Next and previous transitions may look past the loaded part; only the offsets and
        // readings stay inside it.
        let t = Int64.random(in: -2_208_988_800..<loadedEnd, using: &rng)
        XCTAssertEqual(
          try fresh.offset(at: t), try whole.offset(at: t), "\(id) \(t) [seed \(seed)]")
        XCTAssertEqual(fresh.highWater(unchecked: t), whole.highWater(unchecked: t), "\(id) \(t)")
        let span = fresh.wallClockSpan(unchecked: t)
        let wholeSpan = whole.wallClockSpan(unchecked: t)
        XCTAssertEqual(span.highWater, wholeSpan.highWater, "\(id) \(t)")
        XCTAssertEqual(span.offset, wholeSpan.offset, "\(id) \(t)")
        // A span may end sooner (a promise over fewer instants), never later.
        XCTAssertLessThanOrEqual(span.spanEnd, wholeSpan.spanEnd, "\(id) \(t)")
      }
      if threshold != nil {
        XCTAssertFalse(fresh.isExtended, "\(id): extended by questions before 2049")
      }
      // Wall-clock readings from 2049-12-30 to 2050-01-02, hour by hour: the first such
      // question on a fresh zone walks segments across the loaded horizon.
      let (readingFresh, readingWhole) = try pair(id)
      for hour in Int64(0)..<96 {
        let local = 2_524_435_200 + hour * 3_600
        XCTAssertEqual(
          readingFresh.instants(forLocalSeconds: local),
          readingWhole.instants(forLocalSeconds: local),
          "\(id) local \(local)")
        XCTAssertEqual(
          readingFresh.firstInstant(atOrAfterLocalSeconds: local),
          readingWhole.firstInstant(atOrAfterLocalSeconds: local), "\(id) local \(local)")
      }
      // Unless the file's own transitions run past 2050 (Gaza's to 2086): then so does the
      // loaded part.
      if let threshold = readingFresh.extensionThreshold, threshold < 2_524_608_000 {
        XCTAssertTrue(readingFresh.isExtended, id)
      }
      // Instants anywhere, in random order: the first one past the loaded part extends it.
      for _ in 0..<40 {
        let t = Int64.random(in: -2_208_988_800..<20_000_000_000, using: &rng)
        XCTAssertEqual(
          try Self.answer(fresh, at: t), try Self.answer(whole, at: t), "\(id) \(t) [seed \(seed)]")
      }
    }
    // Every zone with daylight time in its footer defers its far part.
    XCTAssertGreaterThan(deferring, 100)
  }

  /// Threads asking a fresh zone about the far future at once extend it once, and all see
  /// the whole table. Run under `swift test --sanitize=thread` to check the publication.
  func testThreadsExtendOneZoneAtOnce() throws {
    for id in ["America/New_York", "Australia/Lord_Howe", "Africa/Casablanca", "Europe/Dublin"] {
      let (fresh, whole) = try pair(id)
      var rng = SplitMix64(seed: 7)
      let instants = (0..<400).map { _ in Int64.random(in: 0..<16_756_761_600, using: &rng) }
      let expected = try instants.map { try Self.answer(whole, at: $0) }
      let threadCount = 4
      let results = ThreadResults<[Answer]>(count: threadCount)
      runThreads(threadCount) { thread in
        // Each thread starts at a different far instant and goes its own way round.
        let order = thread % 2 == 0 ? Array(instants.indices) : instants.indices.reversed()
        var mine = [Answer?](repeating: nil, count: instants.count)
        for i in order.dropFirst(thread * 7) + order.prefix(thread * 7) {
          mine[i] = try? Self.answer(fresh, at: instants[i])
        }
        results[thread] = mine.compactMap { $0 }
      }
      for thread in 0..<threadCount {
        XCTAssertEqual(results[thread], expected, "\(id) thread \(thread)")
      }
      XCTAssertTrue(fresh.isExtended, id)
    }
  }
}

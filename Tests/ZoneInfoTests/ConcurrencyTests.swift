import DNDTestSupport
import Foundation
import SystemInterface
import XCTest
import ZoneInfo

/// One database shared by many threads and tasks: zones loaded at once (the same and
/// different IDs, links, bad IDs) answer exactly what a single thread computes. Run under
/// `swift test --sanitize=thread --filter Concurrency` to check for data races.
final class ConcurrencyTests: XCTestCase {
  static let ids = [
    "America/New_York", "Europe/Berlin", "Europe/Dublin", "Australia/Lord_Howe", "Asia/Kolkata",
    "US/Pacific", "Asia/Calcutta", "UTC", "Etc/GMT+5", "Pacific/Apia", "America/St_Johns",
    "Antarctica/Troll", "Africa/Casablanca", "Asia/Tehran", "Pacific/Chatham", "America/Santiago",
  ]
  static let badIDs = ["", "../etc/passwd", "Mars/Olympus", "localtime", "Europe/Berlin\u{0}"]
  static let instants: [Int64] = [
    Zone.supportedInstants.lowerBound, -2_208_988_800, -1, 0, 1_700_000_000, 1_773_025_200,
    1_773_039_600, 2_147_483_648, 4_102_444_800, 16_756_761_600, Zone.supportedInstants.upperBound,
  ]

  /// Everything a thread computes for one zone, comparable across threads.
  struct Answers: Equatable {
    var offsets: [Int32] = []
    var readings: [String] = []
    var next: [Int64?] = []
    var roundTrips: [[Int64]] = []
  }

  static func answers(_ zone: Zone) throws -> Answers {
    var result = Answers()
    for t in instants {
      result.offsets.append(try zone.offset(at: t))
      let local = try zone.localDateTime(at: t)
      result.readings.append(local.description)
      result.next.append(try zone.nextTransition(after: t)?.instant)
      result.roundTrips.append(zone.instants(for: local).instants)
    }
    return result
  }

  /// The answers of one thread on a database of its own.
  static func expected() throws -> [String: Answers] {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var expected: [String: Answers] = [:]
    for id in ids { expected[id] = try answers(zones.zone(id)) }
    return expected
  }

  static func expectedErrors() throws -> [String: ZoneError] {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var errors: [String: ZoneError] = [:]
    for id in badIDs {
      do {
        _ = try zones.zone(id)
      } catch {
        errors[id] = error
      }
    }
    return errors
  }

  /// Threads start together on a fresh database, each loading every ID in its own order
  /// (so the same ID is loaded by several threads at once), plus bad IDs.
  func testThreadsLoadAndQueryZonesFromOneDatabase() throws {
    let expected = try Self.expected()
    let expectedErrors = try Self.expectedErrors()
    XCTAssertEqual(expectedErrors.count, Self.badIDs.count)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let threadCount = 8
    let results = ThreadResults<[String: Answers]>(count: threadCount)
    let failures = ThreadResults<[String]>(count: threadCount)
    runThreads(threadCount) { thread in
      var mine: [String: Answers] = [:]
      var problems: [String] = []
      let order = Self.ids.indices.map { Self.ids[($0 * 5 + thread) % Self.ids.count] }
      for (index, id) in order.enumerated() {
        do {
          mine[id] = try Self.answers(zones.zone(id))
        } catch {
          problems.append("\(id): \(error)")
        }
        let bad = Self.badIDs[(index + thread) % Self.badIDs.count]
        do {
          _ = try zones.zone(bad)
          problems.append("\(bad) loaded")
        } catch {
          if error as? ZoneError != expectedErrors[bad] { problems.append("\(bad): \(error)") }
        }
      }
      results[thread] = mine
      failures[thread] = problems
    }
    for thread in 0..<threadCount {
      XCTAssertEqual(failures[thread], [], "thread \(thread)")
      XCTAssertEqual(results[thread]?.count, Self.ids.count, "thread \(thread)")
      for (id, answers) in results[thread] ?? [:] {
        XCTAssertEqual(answers, expected[id], "thread \(thread), \(id)")
      }
    }
    // Every caller got the one shared zone per ID.
    for id in Self.ids {
      XCTAssertEqual(try zones.zone(id), try ZoneDatabase(root: TestPaths.zoneinfo).zone(id), id)
    }
  }

  /// Many tasks on the cooperative pool, the same database, each asking about one zone.
  func testTasksLoadAndQueryZonesFromOneDatabase() async throws {
    let expected = try Self.expected()
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let results = try await withThrowingTaskGroup(of: (String, Answers).self) { group in
      for round in 0..<4 {
        for id in Self.ids {
          group.addTask {
            _ = round
            return (id, try Self.answers(zones.zone(id)))
          }
        }
      }
      var collected: [(String, Answers)] = []
      for try await result in group { collected.append(result) }
      return collected
    }
    XCTAssertEqual(results.count, 4 * Self.ids.count)
    for (id, answers) in results {
      XCTAssertEqual(answers, expected[id], id)
    }
  }

  /// Zone values built from bytes are shared across threads as they are: no lazily filled
  /// state behind the immutable tables.
  func testOneZoneValueQueriedFromManyThreads() throws {
    let bytes = try XCTUnwrap(
      FileManager.default.contents(atPath: TestPaths.zoneinfo + "/Europe/Dublin"))
    let zone = try Zone(identifier: "Europe/Dublin", tzif: [UInt8](bytes))
    let posix = try Zone(posixTZ: "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45")
    let expected = try [Self.answers(zone), Self.answers(posix)]
    let threadCount = 8
    let results = ThreadResults<[Answers]>(count: threadCount)
    runThreads(threadCount) { thread in
      var mine: [Answers] = []
      for _ in 0..<3 {
        for shared in thread % 2 == 0 ? [zone, posix] : [posix, zone] {
          if let answers = try? Self.answers(shared) { mine.append(answers) }
        }
      }
      results[thread] = mine
    }
    for thread in 0..<threadCount {
      let ordered = thread % 2 == 0 ? expected : expected.reversed()
      XCTAssertEqual(results[thread], Array(repeating: ordered, count: 3).flatMap { $0 })
    }
  }

  /// Zones without transitions (UTC, the Etc zones) parsed on many threads at once: the parser
  /// once built their empty transition list in a way that wrote to the stdlib's shared
  /// empty-array storage, which the thread sanitizer reports (`.ci/hardening` runs this test
  /// under it).
  func testThreadsParseZonesWithoutTransitionsAtOnce() throws {
    let files = try ["UTC", "Etc/GMT+5", "Etc/GMT-14"].map { id in
      (
        id,
        [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id)))
      )
    }
    let threadCount = 8
    let results = ThreadResults<[Int32]>(count: threadCount)
    runThreads(threadCount) { thread in
      var offsets: [Int32] = []
      for round in 0..<200 {
        let (id, bytes) = files[(thread + round) % files.count]
        guard let zone = try? Zone(identifier: id, tzif: bytes),
          let offset = try? zone.offset(at: 1_773_025_200)
        else { continue }
        if round < files.count { offsets.append(offset) }
      }
      results[thread] = offsets
    }
    for thread in 0..<threadCount {
      let expected: [Int32] = (0..<files.count).map { [0, -18_000, 50_400][(thread + $0) % 3] }
      XCTAssertEqual(results[thread], expected, "thread \(thread)")
    }
  }

  /// On a root with no `tzdata.zi` or `+VERSION`, ``ZoneDatabase/hasChangedOnDisk()`` checks
  /// the identity of every zone file read so far while other threads load zones, which adds
  /// to that list: the thread sanitizer (`.ci/hardening` runs this test under it) once
  /// reported the check's walk over the list racing with a load's insert.
  func testChangeChecksWhileZonesLoadOnARootWithoutVersion() throws {
    let root = NSTemporaryDirectory() + "dndkit-noversion-\(UUID().uuidString)"
    let manager = FileManager.default
    defer { try? manager.removeItem(atPath: root) }
    // Many zones, so that loads keep adding to the list while the checks walk it.
    let files = try ZoneDatabase(root: TestPaths.zoneinfo).identifiers().filter {
      Zone.builtIn($0) == nil
    }.prefix(160).map { $0 }
    for id in files {
      let path = root + "/" + id
      try manager.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let bytes = try XCTUnwrap(manager.contents(atPath: TestPaths.zoneinfo + "/" + id), id)
      try bytes.write(to: URL(fileURLWithPath: path))
    }
    let zones = try ZoneDatabase(root: root)
    XCTAssertNil(zones.version())
    let threadCount = 6
    let changed = ThreadResults<Bool>(count: threadCount)
    let failures = ThreadResults<[String]>(count: threadCount)
    let loadersLeft = Locked(threadCount - 1)
    runThreads(threadCount) { thread in
      var problems: [String] = []
      var sawChange = false
      if thread == 0 {
        // Checks until the loads are done, and at least a few times.
        var checks = 0
        while checks < 5 || loadersLeft.withLock({ $0 }) > 0 {
          sawChange = zones.hasChangedOnDisk() || sawChange
          checks += 1
        }
      } else {
        defer { loadersLeft.withLock { $0 -= 1 } }
        for (index, id) in files.enumerated() where index % (threadCount - 1) == thread - 1 {
          do { _ = try zones.zone(id) } catch { problems.append("\(id): \(error)") }
        }
      }
      changed[thread] = sawChange
      failures[thread] = problems
    }
    for thread in 0..<threadCount {
      XCTAssertEqual(failures[thread], [], "thread \(thread)")
      XCTAssertEqual(changed[thread], false, "thread \(thread): nothing changed on disk")
    }
    XCTAssertFalse(zones.hasChangedOnDisk())
    // The check still sees a change to a file loaded while it ran.
    try manager.removeItem(atPath: root + "/" + files[0])
    try XCTUnwrap(manager.contents(atPath: TestPaths.zoneinfo + "/UTC")).write(
      to: URL(fileURLWithPath: root + "/" + files[0]))
    XCTAssertTrue(zones.hasChangedOnDisk())
  }
}

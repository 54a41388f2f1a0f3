import DNDTestSupport
import Dispatch
import Foundation
import SystemInterface
import XCTest

@testable import ZoneInfo

/// Interning a zone: one registered table per ID and data, whichever database loaded it and
/// however often it is interned, and the table remembers it so that interning it again takes
/// no lock.
final class ZoneInterningTests: XCTestCase {
  /// Two databases load two tables of one zone's data: both intern to the first one
  /// registered, and interning either again, a thousand times, registers nothing more.
  func testEqualDataFromTwoDatabasesInternsToOneTable() throws {
    let first = try ZoneDatabase(root: TestPaths.zoneinfo).zone("Europe/Lisbon")
    let second = try ZoneDatabase(root: TestPaths.zoneinfo).zone("Europe/Lisbon")
    XCTAssertFalse(first.table === second.table, "each database loads its own table")
    let registered = InternedZone(first)
    let countAfterFirst = Zone.internedTableCount
    XCTAssertEqual(InternedZone(second).entries, registered.entries)
    for _ in 0..<1_000 {
      XCTAssertEqual(InternedZone(first).entries, registered.entries)
      XCTAssertEqual(InternedZone(second).entries, registered.entries)
    }
    XCTAssertEqual(Zone.internedTableCount, countAfterFirst)
    let remembered = UInt(
      bitPattern: Unmanaged.passUnretained(registered.table.takeUnretainedValue()).toOpaque())
    XCTAssertEqual(second.table.registeredTable.loadAcquiring(), UInt64(remembered))
    XCTAssertEqual(
      registered.table.takeUnretainedValue().registeredTable.loadAcquiring(),
      UInt64(remembered), "the registered table remembers itself")
  }

  /// One ID with two sets of data gives two registered tables, each zone answering from its
  /// own.
  func testDifferentDataUnderOneIDInternsToTwoTables() throws {
    let summer = try scratchDirectory(prefix: "dndkit-intern")
    let winter = try scratchDirectory(prefix: "dndkit-intern")
    try compileZones("Zone Test/Intern 0 - XST 1990\n 2:00 - XXT\n", into: summer)
    try compileZones("Zone Test/Intern 0 - XST 1990\n -3:00 - YYT\n", into: winter)
    let a = try ZoneDatabase(root: summer).zone("Test/Intern")
    let b = try ZoneDatabase(root: winter).zone("Test/Intern")
    let internedA = InternedZone(a)
    let internedB = InternedZone(b)
    XCTAssertNotEqual(internedA.entries, internedB.entries)
    XCTAssertEqual(try internedA.zone.offset(at: 1_000_000_000), 7_200)
    XCTAssertEqual(try internedB.zone.offset(at: 1_000_000_000), -10_800)
    XCTAssertEqual(InternedZone(a).entries, internedA.entries)
    XCTAssertEqual(InternedZone(b).entries, internedB.entries)
  }

  /// Threads that each load the zone and intern it at once all get one table (run under the
  /// thread sanitizer in CI).
  func testThreadsInterningFreshTablesAgreeOnOne() throws {
    let tables = (0..<8).map { _ in
      (try? ZoneDatabase(root: TestPaths.zoneinfo).zone("Pacific/Chatham"))?.table
    }
    // Each thread's entries' address, as an integer.
    let found = Locked([UInt?](repeating: nil, count: tables.count))
    DispatchQueue.concurrentPerform(iterations: tables.count) { index in
      guard let table = tables[index] else { return }
      var entries: UInt?
      for _ in 0..<200 { entries = UInt(bitPattern: InternedZone(Zone(table: table)).entries) }
      found.withLock { $0[index] = entries }
    }
    let all = found.withLock { $0 }
    XCTAssertFalse(all.contains(nil))
    XCTAssertEqual(Set(all.compactMap { $0 }).count, 1)
  }
}

import DNDTestSupport
import Foundation
import XCTest
import ZoneInfoBundle

@testable import ZoneInfo

/// Where a database's answers come from: computed zones with no data, an empty directory,
/// the bundled snapshot, and a directory that changes under a running process.
final class ZoneDatabaseSourceTests: XCTestCase {
  static let computedIDs =
    ["UTC", "Etc/UTC", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0"]
    + (1...12).map { "Etc/GMT+\($0)" } + (1...14).map { "Etc/GMT-\($0)" }

  /// UTC and the fixed Etc zones resolve in a database with no data, and answer exactly as
  /// tzdata's own files for them do (POSIX signs: Etc/GMT+5 is UTC−5); every other ID throws
  /// the reason there is no data.
  func testComputedZonesNeedNoData() throws {
    let missing = ZoneError.databaseUnavailable(root: "/nonexistent", reason: "test")
    let none = ZoneDatabase(unavailable: missing)
    XCTAssertThrowsError(try none.checkAvailable()) { XCTAssertEqual($0 as? ZoneError, missing) }
    XCTAssertThrowsError(try none.zone("America/New_York")) {
      XCTAssertEqual($0 as? ZoneError, missing)
    }
    XCTAssertEqual(none.identifiers(), [])
    XCTAssertNil(none.version())
    XCTAssertEqual(try none.zone("Etc/GMT+5").offset(at: 0), -5 * 3_600)
    XCTAssertEqual(try none.zone("Etc/GMT+5").abbreviation(at: 0), "-05")
    XCTAssertEqual(try none.zone("Etc/GMT-14").offset(at: 0), 14 * 3_600)
    let system = try ZoneDatabase(root: TestPaths.zoneinfo)
    let instants: [Int64] = [
      Zone.supportedInstants.lowerBound, -1, 0, 1_772_980_200, 16_756_761_600,
    ]
    for id in Self.computedIDs {
      let computed = try none.zone(id)
      let file = try Zone(
        identifier: id,
        tzif: [UInt8](
          try XCTUnwrap(FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id), id)))
      XCTAssertEqual(try computed.transitions(in: Zone.supportedInstants.lowerBound..<0), [], id)
      for t in instants {
        XCTAssertEqual(try computed.offset(at: t), try file.offset(at: t), "\(id) \(t)")
        XCTAssertEqual(try computed.abbreviation(at: t), try file.abbreviation(at: t), id)
        XCTAssertEqual(
          try computed.isDaylightSavingTime(at: t), try file.isDaylightSavingTime(at: t), id)
      }
      XCTAssertEqual(try system.zone(id).offset(at: 0), try file.offset(at: 0), id)
    }
    for id in [
      "Etc/GMT+13", "Etc/GMT-15", "Etc/GMT+05", "Etc/GMT+", "UTC+5", "Etc/GMT+1x", "GMT+5",
    ] {
      XCTAssertNil(Zone.builtIn(id), id)
      XCTAssertThrowsError(try none.zone(id), id)
    }
  }

  /// An empty directory (or one with only dot files) is no database: a typed error naming the
  /// root and the fix, not "unknown time zone ID" for every zone.
  func testAnEmptyDirectoryIsUnavailable() throws {
    let root = try scratchDirectory(prefix: "dndkit-source")
    for step in 0..<2 {
      if step == 1 {
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/.hidden"))
      }
      XCTAssertThrowsError(try ZoneDatabase(root: root)) {
        guard case .databaseUnavailable(let named, let reason) = $0 as? ZoneError else {
          return XCTFail("\($0)")
        }
        XCTAssertEqual(named, root)
        XCTAssertTrue(reason.hasPrefix("empty directory; install tzdata"), reason)
      }
    }
    try Data("2030a\n".utf8).write(to: URL(fileURLWithPath: root + "/+VERSION"))
    XCTAssertEqual(try ZoneDatabase(root: root).version(), "2030a")
  }

  /// A database over the embedded snapshot lists and loads every zone of its release, with
  /// no file, and never changes.
  func testADatabaseOverTheBundle() throws {
    let bundle = try ZoneBundle.embedded()
    let zones = ZoneDatabase(bundle: bundle)
    XCTAssertEqual(zones.version(), bundle.version)
    XCTAssertEqual(zones.root, "bundled tzdata \(bundle.version)")
    XCTAssertEqual(zones.description, "bundled tzdata \(bundle.version)")
    XCTAssertEqual(zones.identifiers(), bundle.identifiers)
    XCTAssertGreaterThan(bundle.identifiers.count, 500)
    XCTAssertNoThrow(try zones.checkAvailable())
    // 2026-03-08T07:00:00Z: New York springs forward (zdump -v America/New_York).
    let newYork = try zones.zone("America/New_York")
    XCTAssertEqual(try newYork.offset(at: 1_772_953_199), -5 * 3_600)
    XCTAssertEqual(try newYork.offset(at: 1_772_953_200), -4 * 3_600)
    XCTAssertEqual(try zones.zone("US/Pacific").abbreviation(at: 1_772_953_200), "PST")
    XCTAssertThrowsError(try zones.zone("Mars/Olympus_Mons")) {
      XCTAssertEqual(
        $0 as? ZoneError,
        .unknownZone("Mars/Olympus_Mons", root: "bundled tzdata \(bundle.version)"))
    }
    XCTAssertThrowsError(try zones.zone("../etc/passwd"))
    XCTAssertFalse(zones.hasChangedOnDisk())
  }

  /// A directory with a version: a new version on disk is a change; the old database keeps
  /// answering from what it loaded, and a new one sees the new data.
  func testANewVersionOnDiskIsAChange() throws {
    let root = try scratchDirectory(prefix: "dndkit-source")
    try compileZones("Zone Asia/Shanghai 8:00 - CST\n", into: root)
    try Data("2030a\n".utf8).write(to: URL(fileURLWithPath: root + "/+VERSION"))
    let old = try ZoneDatabase(root: root)
    let shanghai = try old.zone("Asia/Shanghai")
    XCTAssertEqual(old.version(), "2030a")
    XCTAssertFalse(old.hasChangedOnDisk())
    try compileZones("Zone Asia/Shanghai 9:00 - +09\n", into: root)
    try Data("2030b\n".utf8).write(to: URL(fileURLWithPath: root + "/+VERSION"))
    XCTAssertTrue(old.hasChangedOnDisk())
    XCTAssertEqual(old.version(), "2030a", "the version the database was opened with")
    XCTAssertEqual(try shanghai.offset(at: 0), 8 * 3_600)
    XCTAssertEqual(try old.zone("Asia/Shanghai").offset(at: 0), 8 * 3_600, "nothing reloads")
    let new = try ZoneDatabase(root: root)
    XCTAssertEqual(new.version(), "2030b")
    XCTAssertFalse(new.hasChangedOnDisk())
    XCTAssertEqual(try new.zone("Asia/Shanghai").offset(at: 0), 9 * 3_600)
  }

  /// A directory without a version: a zone file read so far that is replaced or rewritten,
  /// or the root itself replaced, is a change; files never read are not watched.
  func testReplacedZoneFilesAreAChangeWithoutAVersion() throws {
    let scratch = try scratchDirectory(prefix: "dndkit-source")
    let root = scratch + "/zoneinfo"
    try compileZones("Zone Asia/Shanghai 8:00 - CST\nZone Asia/Tokyo 9:00 - JST\n", into: root)
    let zones = try ZoneDatabase(root: root)
    XCTAssertNil(zones.version())
    _ = try zones.zone("Asia/Shanghai")
    XCTAssertFalse(zones.hasChangedOnDisk())
    // Asia/Tokyo was never read: rewriting it is not this database's concern.
    try compileZones("Zone Asia/Tokyo 10:00 - +10\n", into: root)
    XCTAssertFalse(zones.hasChangedOnDisk())
    // zic writes a new file and renames it over the old one: a new inode.
    try compileZones("Zone Asia/Shanghai 7:00 - +07\n", into: root)
    XCTAssertTrue(zones.hasChangedOnDisk())
    // The root replaced by another directory at the same path.
    let again = try ZoneDatabase(root: root)
    XCTAssertFalse(again.hasChangedOnDisk())
    try FileManager.default.moveItem(atPath: root, toPath: scratch + "/old")
    try compileZones("Zone Asia/Shanghai 7:00 - +07\n", into: root)
    XCTAssertTrue(again.hasChangedOnDisk())
  }
}

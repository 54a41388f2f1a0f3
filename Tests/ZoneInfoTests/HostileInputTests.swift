import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// Untrusted input to the zone engine: IDs, database roots, TZif bytes, extreme instants.
final class HostileInputTests: XCTestCase {
  func testHostileIdentifiers() throws {
    for kernelChecksPaths in [true, false] {
      try checkHostileIdentifiers(
        ZoneDatabase(root: TestPaths.zoneinfo, kernelChecksPaths: kernelChecksPaths))
    }
  }

  func checkHostileIdentifiers(_ zones: ZoneDatabase) throws {
    let ids = [
      "", String(repeating: "A", count: 10_000), "..", ".", "../etc/passwd", "/etc/passwd",
      "America/../Europe/Berlin", "America//New_York", "America/New_York/", "Europe/Berlin\u{0}",
      "Europe/Zürich", "Asia/東京", "-America", "America/ New_York", "localtime", "posixrules",
      "right/UTC", "posix/UTC", "Nowhere/Town", "America",
    ]
    for id in ids {
      XCTAssertThrowsError(try zones.zone(id), String(id.prefix(40))) { error in
        switch error as? ZoneError {
        case .invalidIdentifier, .notAZone, .unknownZone: break
        default: XCTFail("\(id.prefix(40)): unexpected \(error)")
        }
        XCTAssertLessThan("\(error)".count, 400, "error messages stay short")
      }
    }
    for id in ["US/Pacific", "Asia/Calcutta", "UTC", "Etc/GMT+5", "Factory", "America/New_York"] {
      XCTAssertNoThrow(try zones.zone(id), id)
    }
    XCTAssertEqual(try zones.zone("Etc/GMT+5").offset(at: 0), -18_000)
    XCTAssertEqual(try zones.zone("Asia/Calcutta").offset(at: 1_700_000_000), 19_800)
  }

  func testDatabaseRoots() throws {
    let missing = NSTemporaryDirectory() + "dndkit-missing-\(UUID().uuidString)"
    XCTAssertThrowsError(try ZoneDatabase(root: missing)) { error in
      guard case ZoneError.databaseUnavailable = error else { return XCTFail("\(error)") }
      XCTAssertTrue("\(error)".contains("TZDIR"), "the message says how to fix it")
    }
    XCTAssertThrowsError(try ZoneDatabase(root: TestPaths.packageRoot + "/Package.swift")) {
      guard case ZoneError.databaseUnavailable = $0 else { return XCTFail("\($0)") }
      XCTAssertTrue("\($0)".contains("not a directory"), "\($0)")
      XCTAssertTrue("\($0)".contains("TZDIR"), "the message says how to fix it: \($0)")
    }
    XCTAssertThrowsError(try ZoneDatabase(root: "")) {
      guard case ZoneError.databaseUnavailable = $0 else { return XCTFail("\($0)") }
    }
    // A folder of junk: files that are not TZif, and a link pointing outside the root.
    let junk = NSTemporaryDirectory() + "dndkit-junk-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: junk + "/Junk", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: junk) }
    try Data("not a tzif file".utf8).write(to: URL(fileURLWithPath: junk + "/Junk/Zone"))
    try Data(count: 0).write(to: URL(fileURLWithPath: junk + "/Empty"))
    try FileManager.default.createSymbolicLink(
      atPath: junk + "/Escape", withDestinationPath: "/etc/hostname")
    // Links to directories, one inside the root and one out of it: neither is followed as a
    // directory of a zone ID (one out of the root is refused however the path is opened).
    try FileManager.default.createSymbolicLink(
      atPath: junk + "/Inside", withDestinationPath: "Junk")
    try FileManager.default.createSymbolicLink(
      atPath: junk + "/Outside", withDestinationPath: TestPaths.zoneinfo + "/America")
    // A file just over the size limit, and a FIFO no one writes to (it must not hang).
    try Data(count: (1 << 20) + 1).write(to: URL(fileURLWithPath: junk + "/Huge"))
    XCTAssertEqual(mkfifo(junk + "/Pipe", 0o644), 0)
    // Both ways of checking a path: by the kernel in the open (openat2), and directory by
    // directory (where openat2 is missing).
    for kernelChecksPaths in [true, false] {
      let zones = try ZoneDatabase(root: junk, kernelChecksPaths: kernelChecksPaths)
      for (id, expectMalformed) in [
        ("Junk/Zone", true), ("Empty", true), ("Escape", false), ("Junk", false), ("Huge", true),
        ("Pipe", false), ("Inside/Zone", false), ("Outside/New_York", false),
      ] {
        XCTAssertThrowsError(try zones.zone(id), id) { error in
          if case ZoneError.malformedTZif = error {
            XCTAssertTrue(expectMalformed, "\(id): \(error)")
          } else {
            XCTAssertFalse(expectMalformed, "\(id): \(error)")
          }
        }
      }
      XCTAssertNil(zones.version())
      XCTAssertEqual(zones.identifiers(), [])
    }
  }

  func testVersionAndIdentifiers() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let version = try XCTUnwrap(zones.version())
    XCTAssertNotNil(version.range(of: #"^[0-9]{4}[a-z]$"#, options: .regularExpression), version)
    let ids = zones.identifiers()
    for id in ["America/New_York", "US/Pacific", "Asia/Calcutta", "UTC", "Etc/GMT+5"] {
      XCTAssertTrue(ids.contains(id), id)
    }
    for id in ["localtime", "posixrules", "right/UTC", "zone.tab", "tzdata.zi"] {
      XCTAssertFalse(ids.contains(id), id)
    }
  }

  func testExtremeInstants() throws {
    let zone = try ZoneDatabase(root: TestPaths.zoneinfo).zone("America/New_York")
    let bounds = Zone.supportedInstants
    for t in [Int64.min, Int64.max, bounds.lowerBound - 1, bounds.upperBound + 1] {
      XCTAssertThrowsError(try zone.offset(at: t)) {
        XCTAssertEqual($0 as? ZoneError, .instantOutOfRange(t))
      }
      XCTAssertThrowsError(try zone.localDateTime(at: t))
      XCTAssertThrowsError(try zone.nextTransition(after: t))
    }
    XCTAssertEqual(
      try Zone.utc.localDateTime(at: bounds.lowerBound).description, "-9999-01-01T00:00:00")
    XCTAssertEqual(
      try Zone.utc.localDateTime(at: bounds.upperBound).description, "9999-12-31T23:59:59")
    // New York's LMT is behind UTC, so its first supported reading is in the year -10000.
    XCTAssertEqual(try zone.localDateTime(at: bounds.lowerBound).year, -10_000)
    XCTAssertNoThrow(try zone.nextTransition(after: bounds.upperBound))
    XCTAssertNoThrow(try zone.previousTransition(atOrBefore: bounds.lowerBound))
    XCTAssertThrowsError(try LocalDateTime(year: 10_000, month: 1, day: 1))
    XCTAssertThrowsError(try LocalDateTime(year: 2026, month: 2, day: 29))
    XCTAssertThrowsError(try LocalDateTime(year: 2026, month: 1, day: 1, hour: 24))
    XCTAssertThrowsError(try LocalDateTime(year: 2026, month: 1, day: 1, minute: 60))
  }

  /// A header claiming billions of transitions fails before anything is allocated.
  func testHugeCountsAreRejected() {
    var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
    for count: UInt32 in [0, 0, 0, 0xFFFF_FFFF, 1, 4] {
      bytes += withUnsafeBytes(of: count.bigEndian, Array.init)
    }
    bytes += [UInt8](repeating: 0, count: 64)
    XCTAssertThrowsError(try Zone(identifier: "Huge", tzif: bytes)) {
      guard case ZoneError.malformedTZif = $0 else { return XCTFail("\($0)") }
    }
  }

  /// Truncate and bit-flip every real TZif file at seeded positions: a typed error or a
  /// valid zone, never a crash.
  func testCorruptedRealFiles() throws {
    let seed = SplitMix64.seed(default: 0xBADF11E)
    var rng = SplitMix64(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var errors = 0
    var valid = 0
    for id in zones.identifiers() {
      guard let data = FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id) else {
        continue
      }
      let original = [UInt8](data)
      for round in 0..<12 {
        var bytes = original
        if round % 3 == 0 {
          bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
        } else {
          for _ in 0..<(1 + round % 4) {
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            bytes[i] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
          }
        }
        do {
          let zone = try Zone(identifier: id, tzif: bytes)
          for t: Int64 in [-5_000_000_000, 0, 1_700_000_000, 5_000_000_000, 200_000_000_000] {
            _ = try zone.offset(at: t)
            _ = try zone.nextTransition(after: t)
            _ = zone.instants(for: try zone.localDateTime(at: t))
          }
          valid += 1
        } catch {
          // Typed throws: every error here is a ZoneError, anything else would not compile.
          errors += 1
        }
      }
    }
    XCTAssertGreaterThan(errors, 0, "[seed \(seed)]")
    XCTAssertGreaterThan(valid, 0, "[seed \(seed)]")
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfoBundle

@testable import ZoneInfo

/// The bundled snapshot: its format reader against hostile bytes, the encoder's slim files
/// against the originals, and the embedded snapshot against the system tzdata.
final class ZoneBundleTests: XCTestCase {
  /// A small snapshot of three system zones (two of them links to one file in Debian).
  func smallSnapshot() throws -> [UInt8] {
    let zones = try ["Europe/Paris", "Asia/Kolkata", "Asia/Calcutta"].map { id in
      (id: id, tzif: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path(id)))))
    }
    return try ZoneBundle.encode(version: "2025b", zones: zones)
  }

  func path(_ id: String) -> String { TestPaths.zoneinfo + "/" + id }

  /// Same zones in any order give the same bytes; identical files are stored once.
  func testEncodingIsReproducibleAndSharesIdenticalFiles() throws {
    let ids = ["Europe/Paris", "Asia/Kolkata", "Asia/Calcutta", "America/New_York", "UTC"]
    let zones = try ids.map { id in
      (id: id, tzif: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path(id)))))
    }
    let forward = try ZoneBundle.encode(version: "2025b", zones: zones)
    let backward = try ZoneBundle.encode(version: "2025b", zones: zones.reversed())
    XCTAssertEqual(forward, backward)
    let bundle = try ZoneBundle(bytes: forward)
    XCTAssertEqual(bundle.identifiers, ids.sorted())
    XCTAssertEqual(bundle.version, "2025b")
    XCTAssertEqual(bundle.tzif("Asia/Kolkata"), bundle.tzif("Asia/Calcutta"))
    XCTAssertNil(bundle.tzif("Asia/Tokyo"))
    XCTAssertThrowsError(try ZoneBundle.encode(version: "2025 b", zones: zones))
    XCTAssertThrowsError(try ZoneBundle.encode(version: "2025b", zones: zones + zones.prefix(1)))
  }

  /// Every system zone written slim answers as the original: the type before the first
  /// transition, every transition to 2501, and seeded random instants; and the slim files are
  /// smaller, keep no 32-bit data, and keep Gaza's explicit 2073–2086 changes.
  func testSlimFilesAnswerAsTheOriginals() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let seed = SplitMix64.seed(default: 1_919)
    var rng = SplitMix64(seed: seed)
    var originalBytes = 0
    var slimBytes = 0
    for id in zones.identifiers() {
      let original = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path(id)), id))
      let slim = try ZoneBundle.slimTZif(original, zone: id)
      originalBytes += original.count
      slimBytes += slim.count
      let a = try Zone(identifier: id, tzif: original)
      let b = try Zone(identifier: id, tzif: slim)
      XCTAssertEqual(
        try a.transitions(in: -377_705_116_800..<16_756_761_600),
        try b.transitions(in: -377_705_116_800..<16_756_761_600), id)
      for _ in 0..<20 {
        let t = Int64.random(in: Zone.supportedInstants, using: &rng)
        XCTAssertEqual(try a.offset(at: t), try b.offset(at: t), "\(id) \(t) [seed \(seed)]")
        XCTAssertEqual(try a.abbreviation(at: t), try b.abbreviation(at: t), "\(id) \(t)")
      }
      // The 32-bit block is a placeholder: header, one type, one character.
      XCTAssertEqual(
        Array(slim[20..<44]),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1], id)
    }
    XCTAssertLessThan(slimBytes, originalBytes / 2)
    let gaza = try Zone(
      identifier: "Asia/Gaza",
      tzif: ZoneBundle.slimTZif(
        [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path("Asia/Gaza")))),
        zone: "Asia/Gaza"))
    // After 2073-08-01: 2073-09-01T23:00:00Z, EEST to EET (tzdata.zi's `R P 2073 o - S 2 2 0 -`).
    let change = try XCTUnwrap(try gaza.nextTransition(after: 3_268_771_200))
    XCTAssertEqual(change.instant, 3_271_532_400)
    XCTAssertEqual(change.abbreviationAfter, "EET")
  }

  /// Every cut of a snapshot, and every corrupted header field, is a typed error naming the
  /// problem: never a crash, a hang or a half-read bundle.
  func testHostileBundlesAreTypedErrors() throws {
    let good = try smallSnapshot()
    XCTAssertNoThrow(try ZoneBundle(bytes: good))
    for length in 0..<good.count {
      XCTAssertThrowsError(try ZoneBundle(bytes: Array(good[..<length])), "cut at \(length)") {
        guard case .databaseUnavailable(let root, let reason) = $0 as? ZoneError else {
          return XCTFail("\($0)")
        }
        XCTAssertEqual(root, "zone bundle")
        XCTAssertFalse(reason.isEmpty)
      }
    }
    func refused(_ change: (inout [UInt8]) -> Void, _ expected: String, line: UInt = #line) {
      var bytes = good
      change(&bytes)
      XCTAssertThrowsError(try ZoneBundle(bytes: bytes), line: line) {
        XCTAssertTrue("\($0)".contains(expected), "\($0)", line: line)
      }
    }
    // Layout: magic 0..<8, format 8, version length 9, "2025b" 10..<15, name count 15..<19,
    // file count 19..<23, then names (length, ID, file index).
    refused({ $0[0] = UInt8(ascii: "X") }, "no DNDZONES magic")
    refused({ $0[8] = 2 }, "unknown format 2")
    refused({ $0[9] = 0 }, "version length 0")
    refused({ $0[9] = 33 }, "version length 33")
    refused({ $0[12] = 0x20 }, "non-printable")
    refused({ $0[15] = 0xFF }, "name count")
    refused({ $0[19] = 0xFF }, "file count")
    refused({ $0.append(0) }, "1 bytes after the last file")
    // The first name, "Asia/Calcutta", is at 24..<37 and its file index at 37..<41; the
    // second, "Asia/Kolkata", at 42..<54 ("Asia/Aolkata" would sort before the first).
    refused({ $0[24] = UInt8(ascii: ".") }, "name 0")
    refused({ $0[24 + 13 + 4 + 1 + 5] = UInt8(ascii: "A") }, "not after the one before it")
    refused({ $0[24 + 13 + 3] = 9 }, "file index 9")
  }

  /// The snapshot the ZoneInfoBundle product embeds is what `dnd bundle` makes of the system
  /// tzdata when their versions match (so it was generated, not edited); and it is within
  /// its size budget.
  func testEmbeddedSnapshotIsTheGeneratedOne() throws {
    let embedded = try ZoneBundle.embedded()
    let system = try ZoneDatabase(root: TestPaths.zoneinfo)
    XCTAssertLessThan(embedded.byteCount, 400_000)
    guard let version = system.version(), version == embedded.version else {
      print(
        "bundled tzdata \(embedded.version), system tzdata \(system.version() ?? "unknown"): not compared"
      )
      return
    }
    let fresh = try ZoneBundle(bytes: system.snapshot().bytes)
    XCTAssertEqual(fresh.identifiers, embedded.identifiers)
    for id in fresh.identifiers {
      XCTAssertEqual(fresh.tzif(id), embedded.tzif(id), id)
    }
  }

  /// For every zone in both, the bundle and the system database give the same offset and
  /// abbreviation at every transition (and the second before it) and at seeded random
  /// instants, when their versions match; when they do not, the test says so and compares
  /// nothing.
  func testBundleAndSystemDatabaseAgree() throws {
    let bundle = try ZoneBundle.embedded()
    let system = try ZoneDatabase(root: TestPaths.zoneinfo)
    guard let version = system.version(), version == bundle.version else {
      print(
        "bundled tzdata \(bundle.version), system tzdata \(system.version() ?? "unknown"): "
          + "versions differ, nothing compared")
      return
    }
    let seed = SplitMix64.seed(default: 2_025)
    var rng = SplitMix64(seed: seed)
    var compared = 0
    for id in Set(system.identifiers()).intersection(bundle.identifiers).sorted() {
      let a = try system.zone(id)
      let b = try Zone(identifier: id, tzif: Array(try XCTUnwrap(bundle.tzif(id))))
      var instants = try a.transitions(in: -377_705_116_800..<16_756_761_600).flatMap {
        [$0.instant - 1, $0.instant]
      }
      for _ in 0..<200 { instants.append(Int64.random(in: Zone.supportedInstants, using: &rng)) }
      for t in instants {
        XCTAssertEqual(try a.offset(at: t), try b.offset(at: t), "\(id) \(t) [seed \(seed)]")
        XCTAssertEqual(try a.abbreviation(at: t), try b.abbreviation(at: t), "\(id) \(t)")
      }
      compared += 1
    }
    XCTAssertEqual(compared, system.identifiers().count)
  }
}

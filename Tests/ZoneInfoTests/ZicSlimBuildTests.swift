import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// Every zone `zic -b slim` writes loads and answers as the `zic -b fat` build of the same
/// `tzdata.zi` does, except where the slim files carry other data (Gaza and Hebron, see
/// tzdata-notes.md).
///
/// Needs `zic` (Debian's libc-bin ships it; CI runs on the same kind of host): without it the
/// test fails and says so, rather than pass having compared nothing.
final class ZicSlimBuildTests: XCTestCase {
  /// The zic on this host, or nil.
  static let zic: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin"]
    return folders.map { $0 + "/zic" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Builds the system's `tzdata.zi` with `zic -b <bloat>` into a scratch folder.
  func build(_ bloat: String) throws -> String {
    let zic = try XCTUnwrap(
      Self.zic, "zic not found on PATH or in /usr/sbin: this test builds zones with it")
    let folder = NSTemporaryDirectory() + "dndkit-zic-\(bloat)-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: zic)
    process.arguments = ["-b", bloat, "-d", folder, TestPaths.zoneinfo + "/tzdata.zi"]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "zic -b \(bloat)")
    return folder
  }

  /// What a zone says at an instant.
  static func reading(_ zone: Zone, _ t: Int64) throws -> String {
    let dst = try zone.isDaylightSavingTime(at: t) ? "DST" : "standard"
    return "\(try zone.offset(at: t)) \(try zone.abbreviation(at: t)) \(dst)"
  }

  func testEveryZoneOfASlimBuildAnswersAsTheFatBuild() throws {
    let slimRoot = try build("slim")
    let fatRoot = try build("fat")
    let slim = try ZoneDatabase(root: slimRoot)
    let fat = try ZoneDatabase(root: fatRoot)
    let ids = fat.identifiers()
    XCTAssertEqual(slim.identifiers(), ids)
    XCTAssertGreaterThan(ids.count, 500)
    // 2073-01-01 to 2087-01-01: the years whose Ramadan suspensions tzdata.zi lists for
    // Palestine (`R P 2073 …` to `R P 2086 …`) and a slim file leaves to the footer.
    let ramadanYears: Range<Int64> = 3_250_368_000..<3_692_217_600
    let range = Zone.supportedInstants.lowerBound..<7_258_118_400  // to 2200-01-01
    var loadFailures: [String] = []
    var differing: [String: (count: Int, first: String, outsideRamadan: Int)] = [:]
    var probes = 0
    for id in ids {
      let fatZone = try fat.zone(id)
      let slimZone: Zone
      do { slimZone = try slim.zone(id) } catch {
        loadFailures.append("\(id): \(error)")
        continue
      }
      // Both zones are constant between their transitions: agreeing at the start of the
      // range and on both sides of every transition of either, they agree everywhere in it.
      let instants = Set(
        try (fatZone.transitions(in: range) + slimZone.transitions(in: range)).flatMap {
          [$0.instant - 1, $0.instant, $0.instant + 1]
        } + [range.lowerBound]
      ).sorted()
      for t in instants {
        probes += 1
        let (a, b) = (try Self.reading(fatZone, t), try Self.reading(slimZone, t))
        guard a != b else { continue }
        var entry = differing[id] ?? (0, "at \(t): fat \(a), slim \(b)", 0)
        entry.count += 1
        if !ramadanYears.contains(t) { entry.outsideRamadan += 1 }
        differing[id] = entry
      }
    }
    let report = differing.keys.sorted().map { id in
      let d = differing[id]!
      return
        "\(id): \(d.count) instants differ (\(d.outsideRamadan) outside 2073-2086), first \(d.first)"
    }
    print(
      "slim vs fat: \(ids.count) zones, \(probes) instants compared, \(loadFailures.count) slim "
        + "zones refused, \(differing.count) differ\n" + report.joined(separator: "\n"))
    XCTAssertEqual(loadFailures, [], "every zone zic -b slim writes loads")
    XCTAssertEqual(differing.keys.sorted(), ["Asia/Gaza", "Asia/Hebron"], report.description)
    for (id, d) in differing {
      XCTAssertEqual(d.outsideRamadan, 0, "\(id) differs only in 2073-2086")
    }
    // Ojinaga's slim file ends with the 2022-10-30 change to CST under a CST6CDT footer;
    // tzdata.zi has `-6 - CST 2022 N 30` then `-6 u C%sT`: CST through the week after, CDT
    // from 2023-03-12T08:00Z.
    let ojinaga = try slim.zone("America/Ojinaga")
    XCTAssertEqual(try Self.reading(ojinaga, 1_667_260_800), "-21600 CST standard")
    XCTAssertEqual(try Self.reading(ojinaga, 1_678_607_999), "-21600 CST standard")
    XCTAssertEqual(try Self.reading(ojinaga, 1_678_608_000), "-18000 CDT DST")
  }

  /// `dnd bundle`'s encoding takes a slim build (it once refused Ojinaga's file), and every
  /// zone of the snapshot answers as the slim file it was made from.
  func testASnapshotOfASlimBuildAnswersAsTheSlimBuild() throws {
    let slim = try ZoneDatabase(root: try build("slim"))
    let ids = slim.identifiers()
    let bytes = try ZoneBundle.encode(
      version: "slim", zones: ids.map { (id: $0, tzif: try slim.tzif($0)) })
    let snapshot = ZoneDatabase(bundle: try ZoneBundle(bytes: bytes))
    XCTAssertEqual(snapshot.identifiers(), ids)
    let range = Zone.supportedInstants.lowerBound..<7_258_118_400  // to 2200-01-01
    var differing: [String] = []
    for id in ids {
      let (source, bundled) = (try slim.zone(id), try snapshot.zone(id))
      let instants =
        try (source.transitions(in: range) + bundled.transitions(in: range)).flatMap {
          [$0.instant - 1, $0.instant]
        } + [range.lowerBound]
      if try instants.contains(where: { try Self.reading(source, $0) != Self.reading(bundled, $0) })
      {
        differing.append(id)
      }
    }
    XCTAssertEqual(differing, [])
  }
}

import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// `dnd bundle`: a snapshot of a zoneinfo directory, as bytes or as C source.
final class BundleCommandTests: XCTestCase {
  /// A root of two zones (one linked) compiled by zic, with a version.
  func smallRoot(version: String?) throws -> String {
    let root = try scratchDirectory(prefix: "dnd-bundle")
    try compileZones(
      "Rule EU 1981 max - Mar lastSun 1:00u 1:00 S\nRule EU 1996 max - Oct lastSun 1:00u 0 -\n"
        + "Zone Asia/Shanghai 8:00 - CST\nZone Europe/Paris 1:00 EU CE%sT\nLink Asia/Shanghai PRC\n",
      into: root)
    if let version {
      try Data((version + "\n").utf8).write(to: URL(fileURLWithPath: root + "/+VERSION"))
    }
    return root
  }

  func testBundleWritesBytesAndCSourceReproducibly() throws {
    let root = try smallRoot(version: "2099z")
    let out = root + "-out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: out) }
    var summaries: [String] = []
    for name in ["a.bin", "b.bin", "c.c"] {
      let result = try DNDProcess.run(["bundle", "--from", root, "--out", out + "/" + name])
      XCTAssertEqual(result.status, 0, result.stderr)
      summaries.append(result.stdout)
    }
    let a = try XCTUnwrap(FileManager.default.contents(atPath: out + "/a.bin"))
    let cBytes = try XCTUnwrap(FileManager.default.contents(atPath: out + "/c.c"))
    // One line on success: what was written, where, from where, how many zones and bytes.
    XCTAssertEqual(
      summaries,
      [
        "Wrote \(out)/a.bin: tzdata 2099z from \(root), 3 zone IDs, a \(a.count)-byte snapshot\n",
        "Wrote \(out)/b.bin: tzdata 2099z from \(root), 3 zone IDs, a \(a.count)-byte snapshot\n",
        "Wrote \(out)/c.c: tzdata 2099z from \(root), 3 zone IDs, a \(a.count)-byte snapshot as C "
          + "source (\(cBytes.count) bytes)\n",
      ])
    XCTAssertEqual(
      a, FileManager.default.contents(atPath: out + "/b.bin"), "same input, same bytes")
    let bundle = try ZoneBundle(bytes: [UInt8](a))
    XCTAssertEqual(bundle.version, "2099z")
    // Without tzdata.zi the zones are found by walking the root; PRC is zic's hard link.
    XCTAssertEqual(bundle.identifiers, ["Asia/Shanghai", "Europe/Paris", "PRC"])
    let zones = ZoneDatabase(bundle: bundle)
    XCTAssertEqual(try zones.zone("PRC").offset(at: 0), 8 * 3_600)
    // 2026-03-29T01:00:00Z: Paris springs forward under the EU rules.
    XCTAssertEqual(try zones.zone("Europe/Paris").offset(at: 1_774_746_000), 2 * 3_600)
    let c = String(
      decoding: try XCTUnwrap(FileManager.default.contents(atPath: out + "/c.c")), as: UTF8.self)
    XCTAssertTrue(c.contains("const unsigned long dndkit_zone_bundle_size = \(a.count);"), c)
    let numbers = c.split(separator: "{").last?.split(separator: "}").first?
      .split(whereSeparator: { $0 == "," || $0 == "\n" }).compactMap { UInt8($0) }
    XCTAssertEqual(numbers, [UInt8](a))
  }

  func testBundleNeedsAVersionAndADirectory() throws {
    let root = try smallRoot(version: nil)
    let unversioned = try DNDProcess.run(["bundle", "--from", root, "--out", root + ".bin"])
    XCTAssertEqual(unversioned.status, 2)
    XCTAssertTrue(unversioned.stderr.contains("no tzdata version"), unversioned.stderr)
    let missing = try DNDProcess.run(["bundle", "--from", "/nonexistent", "--out", "/tmp/x.bin"])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("/nonexistent is unavailable"), missing.stderr)
    let usage = try DNDProcess.run(["bundle", "--from", root])
    XCTAssertEqual(usage.status, 2)
    XCTAssertTrue(usage.stderr.contains("needs --out"), usage.stderr)
  }

  /// Every entry a walk of the root leaves out is named: a text file, a hidden file and the
  /// alternative trees as notes (the snapshot is still whole, exit 0); an absolute link
  /// inside the root, a link leaving it, a FIFO, a TZif file over 1 MiB and a folder too deep
  /// as entries that may be zones, which make the snapshot incomplete: nothing is written and
  /// the exit status is 2.
  func testBundleNamesEveryEntryLeftOutAndRefusesAnIncompleteSnapshot() throws {
    let root = try smallRoot(version: "2099z")
    let out = root + "-left-out.bin"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: out) }
    let files = FileManager.default
    try Data("# not a zone\n".utf8).write(to: URL(fileURLWithPath: root + "/zone.tab"))
    try Data().write(to: URL(fileURLWithPath: root + "/.hidden"))
    try files.createDirectory(atPath: root + "/right", withIntermediateDirectories: true)
    try files.copyItem(atPath: root + "/PRC", toPath: root + "/right/PRC")
    let clean = try DNDProcess.run(["bundle", "--from", root, "--out", out])
    XCTAssertEqual(clean.status, 0, clean.stderr)
    XCTAssertEqual(
      clean.stderr.split(separator: "\n").map(String.init),
      [
        #"dnd bundle: note: left out ".hidden": a hidden entry"#,
        #"dnd bundle: note: left out "right/": right/ and posix/ are alternative trees, not IANA IDs"#,
        #"dnd bundle: note: left out "zone.tab": not a TZif file"#,
      ])
    XCTAssertEqual(
      try ZoneBundle(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))).identifiers,
      ["Asia/Shanghai", "Europe/Paris", "PRC"])
    try files.removeItem(atPath: out)

    try files.createSymbolicLink(
      atPath: root + "/Absolute", withDestinationPath: root + "/Asia/Shanghai")
    try files.createSymbolicLink(atPath: root + "/Leaving", withDestinationPath: "../elsewhere")
    XCTAssertEqual(mkfifo(root + "/Fifo", 0o644), 0)
    let large = try Data(contentsOf: URL(fileURLWithPath: root + "/PRC")) + Data(count: 1 << 20)
    try large.write(to: URL(fileURLWithPath: root + "/Large"))
    try files.createDirectory(atPath: root + "/A/B/C/D", withIntermediateDirectories: true)
    try files.copyItem(atPath: root + "/PRC", toPath: root + "/A/B/C/D/Deep")
    let incomplete = try DNDProcess.run(["bundle", "--from", root, "--out", out])
    XCTAssertEqual(incomplete.status, 2, incomplete.stderr)
    XCTAssertFalse(files.fileExists(atPath: out), "an incomplete snapshot is not written")
    let lines = incomplete.stderr.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      Array(lines.suffix(6)),
      [
        "dnd bundle: error: \"\(root)\" cannot be bundled whole: 5 entries that may be zones "
          + "cannot be read, so nothing was written:",
        "  A/B/C/D/: a folder nested deeper than 4 levels",
        "  Absolute: resolves outside the database root",
        "  Fifo: not a regular file (a FIFO)",
        "  Large: file larger than 1048576 bytes",
        "  Leaving: resolves outside the database root",
      ])
  }
}

import DNDTestSupport
import Foundation
import SystemInterface
import XCTest
import ZoneInfo

/// A hostile root with links between directories (`Dot -> .`, `Sub/Up -> ..`) names one zone
/// file by endlessly many IDs (`Dot/Sub/Up/America/New_York`, …); each loaded once kept a table
/// of its own (about 30 KB, interned for the life of the process). A zone ID's directories must
/// be real ones, so such IDs are refused and memory stays flat. `.ci/hardening` runs this
/// under the thread sanitizer.
final class DirectoryLinkAliasTests: XCTestCase {
  /// The `n`th alias of `America/New_York` through the two links: the bits of `n + 2` below its
  /// top bit pick `Dot` or `Sub/Up`, so every `n` gives another ID.
  static func alias(_ n: Int) -> String {
    var path: [String] = []
    var bits = n + 2
    while bits > 1 {
      path.append(bits & 1 == 0 ? "Dot" : "Sub/Up")
      bits >>= 1
    }
    return (path + ["America", "New_York"]).joined(separator: "/")
  }

  func testAliasesThroughDirectoryLinksAreRefusedAndAddNoMemory() throws {
    let root = NSTemporaryDirectory() + "dndkit-aliases-\(UUID().uuidString)"
    let manager = FileManager.default
    defer { try? manager.removeItem(atPath: root) }
    try manager.createDirectory(atPath: root + "/America", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: root + "/Sub", withIntermediateDirectories: true)
    try XCTUnwrap(manager.contents(atPath: TestPaths.zoneinfo + "/America/New_York")).write(
      to: URL(fileURLWithPath: root + "/America/New_York"))
    try manager.createSymbolicLink(atPath: root + "/Dot", withDestinationPath: ".")
    try manager.createSymbolicLink(atPath: root + "/Sub/Up", withDestinationPath: "..")
    let count = 3_000
    XCTAssertEqual(Set((0..<count).map(Self.alias)).count, count)
    for kernelChecksPaths in [true, false] {
      let zones = try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths)
      let newYork = try zones.zone("America/New_York")
      _ = InternedZone(newYork)
      let before = try ResidentMemory.bytes()
      // What a server compiling its clients' rules keeps: each zone, interned.
      var kept: [InternedZone] = []
      var refused = 0
      for n in 0..<count {
        let id = Self.alias(n)
        do {
          kept.append(InternedZone(try zones.zone(id)))
        } catch {
          guard case .notAZone(id, let reason) = error else {
            return XCTFail("\(id): \(error)")
          }
          XCTAssertTrue(reason.contains("is a symbolic link, not a directory"), "\(id): \(reason)")
          refused += 1
        }
      }
      let growth = try ResidentMemory.bytes() - before
      print(
        "kernel \(kernelChecksPaths): \(count) alias IDs, \(kept.count) loaded, \(refused) "
          + "refused; resident memory \(before / 1_024) KiB -> \((before + growth) / 1_024) KiB")
      XCTAssertEqual(refused, count, "kernel \(kernelChecksPaths)")
      // One table per alias would be about 90 MB; refused IDs keep nothing (under
      // AddressSanitizer, freed blocks wait in its quarantine: the bound widens by that much).
      XCTAssertLessThan(
        growth, (8 << 20) + ResidentMemory.allocatorSlack,
        "kernel \(kernelChecksPaths): \(growth) bytes")
      XCTAssertEqual(try zones.zone("America/New_York"), newYork)
    }
  }
}

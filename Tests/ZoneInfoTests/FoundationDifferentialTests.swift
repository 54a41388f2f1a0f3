import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// DNDKit against Foundation's `TimeZone` over every zone of the system tzdata. Differences
/// must be listed in Fixtures/foundation/known-differences.tsv (backzone zones, by era; the reasons
/// are in tzdata-notes.md); anything else fails.
final class FoundationDifferentialTests: XCTestCase {
  struct KnownDifference {
    var zone: String
    var years: ClosedRange<Int>
  }

  /// The rows of `Fixtures/foundation/known-differences.tsv`.
  func knownDifferences() throws -> [KnownDifference] {
    let text = try String(
      contentsOfFile: TestPaths.fixtures + "/foundation/known-differences.tsv", encoding: .utf8)
    var result: [KnownDifference] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("zone\t")
    {
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard cells.count == 4, let from = Int(cells[1]), let to = Int(cells[2]) else {
        XCTFail("bad row in foundation/known-differences.tsv: \(line)")
        continue
      }
      result.append(KnownDifference(zone: String(cells[0]), years: from...to))
    }
    return result
  }

  func utcYear(_ t: Int64) -> Int {
    let days = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
    // Civil-from-days, written independently of the engine's calendar code.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let month = mp < 10 ? mp + 3 : mp - 9
    return Int(yoe + era * 400 + (month <= 2 ? 1 : 0))
  }

  func testDifferentialAgainstFoundation() throws {
    let seed = SplitMix64.seed(default: 0x0DD_F00D)
    var rng = SplitMix64(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let known = try knownDifferences()
    XCTAssertFalse(known.isEmpty)
    var checked = 0
    var listed = 0
    var unknownToFoundation: [String] = []
    var failures: [String] = []
    let ids = zones.identifiers()
    XCTAssertGreaterThan(ids.count, 400)
    for id in ids {
      guard let foundation = TimeZone(identifier: id) else {
        unknownToFoundation.append(id)
        continue
      }
      let zone = try zones.zone(id)
      var instants: [Int64] = []
      for transition in try zone.transitions(in: 0..<2_145_916_800) {
        instants += [transition.instant - 1, transition.instant]
      }
      for _ in 0..<300 {
        instants.append(Int64.random(in: -2_208_988_800..<10_413_792_000, using: &rng))
      }
      // Past the fattened table (2501 on), where the footer rule is evaluated in closed form.
      for _ in 0..<60 {
        instants.append(Int64.random(in: 16_756_761_600..<95_617_584_000, using: &rng))
      }
      for t in instants {
        checked += 1
        let ours = Int(try zone.offset(at: t))
        let theirs = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
        if ours == theirs { continue }
        let year = utcYear(t)
        if known.contains(where: { $0.zone == id && $0.years.contains(year) }) {
          listed += 1
        } else if failures.count < 50 {
          failures.append("\(id) at \(t) (year \(year)): ours \(ours), Foundation \(theirs)")
        }
      }
    }
    for failure in failures { XCTFail("unlisted difference: \(failure) [seed \(seed)]") }
    print(
      "differential: \(checked) instants in \(ids.count) IDs, \(listed) listed differences,"
        + " unknown to Foundation: \(unknownToFoundation)")
    XCTAssertGreaterThan(checked, 100_000)
  }
}

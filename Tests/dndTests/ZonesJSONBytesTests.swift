import Foundation
import XCTest

/// `dnd zones --json` and `dnd zone --json` write what `JSONSerialization` writes for the same
/// objects with sorted keys and `/` unescaped, byte for byte (the form they had when
/// `JSONEncoder` wrote them).
final class ZonesJSONBytesTests: XCTestCase {
  /// The line re-encoded from its parsed object.
  func reencoded(_ line: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  func testZoneListingsAreTheSortedCompactForm() throws {
    let runs = [
      ["zones", "--json"], ["--tzdata", "bundled", "zones", "--json"],
      ["zone", "Australia/Lord_Howe", "--from", "1900", "--to", "2100", "--json"],
      ["zone", "America/New_York", "--from", "1880", "--to", "2040", "--json"],
    ]
    var lines = 0
    for arguments in runs {
      let result = try DNDProcess.run(arguments)
      XCTAssertEqual(result.status, 0, result.stderr)
      for line in result.lines where !line.isEmpty {
        XCTAssertEqual(line, try reencoded(line), "\(arguments)")
        lines += 1
      }
    }
    // Both listings and every transition line (New York has over 200 from 1880 to 2040).
    XCTAssertGreaterThan(lines, 300)
  }
}

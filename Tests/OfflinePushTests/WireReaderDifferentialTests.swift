import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import Foundation
import OfflinePush
import XCTest

/// The strict byte reader against the `Codable` reference on generated documents (valid,
/// near-valid, hostile), for each wire type: the same value, or the same errors at the same
/// key paths.
final class WireReaderDifferentialTests: XCTestCase {
  func testReaderAgreesWithTheReference() {
    let seed = SplitMix64.seed(default: 0x57_21C7_0150)
    var rng = SplitMix64(seed: seed)
    var decoded = 0
    var refused = 0
    var failures = 0
    let documents = 10_000
    for _ in 0..<documents {
      let document = WireDocuments.document(using: &rng)
      switch WireDecodingDifferential.compare(document) {
      case .success(let outcomes):
        decoded += outcomes.filter { $0 == .decoded }.count
        refused += outcomes.filter { $0 == .refused }.count
      case .failure(let mismatch):
        failures += 1
        if failures <= 5 { XCTFail("[seed \(seed)] \(mismatch)") }
      }
    }
    print(
      "wire reader differential [seed \(seed)]: \(documents) documents, \(decoded) decoded "
        + "and \(refused) refused alike, \(failures) mismatches")
    XCTAssertEqual(failures, 0, "[seed \(seed)]")
    // The generator reaches both sides.
    XCTAssertGreaterThan(decoded, documents / 5, "[seed \(seed)]")
    XCTAssertGreaterThan(refused, documents / 5, "[seed \(seed)]")
  }

  /// A string that is not text says what is wrong, at its key path (the reference passes on
  /// Foundation's internal error code there).
  func testTextThatIsNotTextIsNamed() throws {
    for (document, keyPath, reason) in [
      (
        #"{"doNotDisturbRule": {"timeZoneID": "\ud800"}}"#, "doNotDisturbRule.timeZoneID",
        #"\ud800 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"doNotDisturbRule": {"timeZoneID": "ab\uDC00cd"}}"#, "doNotDisturbRule.timeZoneID",
        #"\uDC00 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"doNotDisturbRule": {"timeZoneID": "\ud800\u0041"}}"#, "doNotDisturbRule.timeZoneID",
        #"\ud800 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"doNotDisturbRule": {"\ud800": 1}}"#, "doNotDisturbRule",
        #"expected keys that are text: \ud800 is a lone surrogate escape, not a character"#
      ),
    ] {
      XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Array(document.utf8)), document) {
        let error = $0 as? RuleDecodingError
        XCTAssertEqual(error?.keyPath, keyPath, document)
        XCTAssertEqual(error?.reason, reason, document)
        XCTAssertEqual(error?.errors.count, 1, document)
      }
    }
    // Bytes that are not UTF-8 are bad syntax at the byte, in a value read or skipped, by
    // the reader and by the reference alike.
    for (prefix, suffix, offset) in [
      (#"{"timeZoneID": "a"#, #"b"}"#, 17), (#"{"x": "a"#, #"b"}"#, 8), (#"{"a"#, #"b": 1}"#, 3),
    ] {
      let notUTF8: [UInt8] = Array(prefix.utf8) + [0xFF] + Array(suffix.utf8)
      XCTAssertThrowsError(try DoNotDisturbRule(jsonBytes: notUTF8), prefix) {
        XCTAssertEqual(($0 as? RuleDecodingError)?.keyPath, "", prefix)
        XCTAssertEqual(
          ($0 as? RuleDecodingError)?.reason,
          "at byte \(offset): expected UTF-8 in a string, found byte 255", prefix)
      }
    }
    // A pair is text, and unknown values are not read.
    XCTAssertEqual(
      try DoNotDisturbRule(jsonBytes: Array(#"{"timeZoneID": "\ud83d\ude00", "x": "\ud800"}"#.utf8))
        .timeZoneID, "\u{1F600}")
  }
}

import XCTest

@testable import DNDSchedule
@testable import StrictJSON

/// The DND rule decoder's key names are one table for the process: decoding many documents,
/// accepted or refused, makes none.
final class WireKeyTableTests: XCTestCase {
  func testDecodingManyDocumentsMakesNoKeyTables() throws {
    let before = ObjectIdentifier(DoNotDisturbRule.wireKeys.storage)
    for value in 0..<10_000 {
      let hour = value % 24
      let document =
        #"{"enabled": true, "startHour": \#(hour), "endHour": 7, "repeatMode": 2}"#
      XCTAssertEqual(try DoNotDisturbRule(jsonBytes: Array(document.utf8)).startHour, hour)
      XCTAssertThrowsError(
        try DoNotDisturbRule(jsonBytes: Array(#"{"startHour": \#(hour).5}"#.utf8)))
    }
    XCTAssertEqual(ObjectIdentifier(DoNotDisturbRule.wireKeys.storage), before)
  }
}

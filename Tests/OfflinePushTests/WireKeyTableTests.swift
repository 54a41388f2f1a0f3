import XCTest

@testable import OfflinePush
@testable import StrictJSON

/// The decoders' key names are one table per wire type for the process: decoding many
/// documents, accepted or refused, makes none (the DND rule's table: DNDScheduleTests).
final class WireKeyTableTests: XCTestCase {
  func testDecodingManyDocumentsMakesNoKeyTables() throws {
    let before = ObjectIdentifier(OfflinePushRule.wireKeys.storage)
    for value in 0..<10_000 {
      let hour = value % 24
      let document =
        #"{"offlinePushEnabled": true, "doNotDisturbRule": {"enabled": true, "startHour": \#(hour), "endHour": 7, "repeatMode": 2}}"#
      XCTAssertEqual(
        try OfflinePushRule(jsonBytes: Array(document.utf8)).doNotDisturbRule?.startHour,
        hour)
      XCTAssertThrowsError(
        try OfflinePushRule(
          jsonBytes: Array(#"{"doNotDisturbRule": {"startHour": \#(hour).5}}"#.utf8)))
    }
    XCTAssertEqual(ObjectIdentifier(OfflinePushRule.wireKeys.storage), before)
  }
}

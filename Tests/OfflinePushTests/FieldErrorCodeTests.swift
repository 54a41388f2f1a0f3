import DNDSchedule
import OfflinePush
import XCTest

/// The codes OfflinePush adds keep their names, and its decoders give the decoders' codes at
/// the push rule's key paths.
final class FieldErrorCodeTests: XCTestCase {
  func testCodesKeepTheirNames() {
    let table: [(RuleFieldError.Code, String)] = [
      (.tooManyPlatforms, "tooManyPlatforms"),
      (.invalidPlatform, "invalidPlatform"),
      (.invalidPreferences, "invalidPreferences"),
      (.tooManySenders, "tooManySenders"),
      (.invalidConversation, "invalidConversation"),
      (.invalidMessage, "invalidMessage"),
    ]
    for (code, name) in table { XCTAssertEqual(code.rawValue, name) }
    XCTAssertEqual(RuleFieldError.Code.offlinePushCodes.map(\.rawValue), table.map(\.1))
  }

  func testDecodingCodesAtPushRuleKeyPaths() {
    let cases: [(String, RuleFieldError.Code, String)] = [
      (
        #"{"notToReceiveOfflinePushPlatforms": [1, "2"]}"#, .wrongType,
        "notToReceiveOfflinePushPlatforms[1]"
      ),
      (#"{"doNotDisturbRule": {"startHour": null}}"#, .nullValue, "doNotDisturbRule.startHour"),
      (#"{"doNotDisturbRule": null}"#, .nullValue, "doNotDisturbRule"),
      (#"{"onlinePlatforms": [1e400]}"#, .invalidNumber, "onlinePlatforms[0]"),
      (
        #"{"offlinePushEnabled": true, "offlinePushEnabled": false}"#, .duplicateKey,
        "offlinePushEnabled"
      ),
    ]
    for (json, code, keyPath) in cases {
      XCTAssertThrowsError(try OfflinePushRule(jsonBytes: Array(json.utf8)), json) {
        let error = $0 as? RuleError
        XCTAssertEqual(error?.errors.map(\.code), [code], "\($0)")
        XCTAssertEqual(error?.errors.map(\.keyPath), [keyPath], "\($0)")
      }
    }
    // An unknown level name is a value of the right type the field does not take.
    XCTAssertThrowsError(try PushPreferences(jsonBytes: Array(#"{"level": "loud"}"#.utf8))) {
      let error = $0 as? RuleError
      XCTAssertEqual(error?.errors.map(\.code), [.invalidValue], "\($0)")
      XCTAssertEqual(error?.errors.map(\.keyPath), ["level"], "\($0)")
      XCTAssertEqual(error?.errors.map(\.value), [#""loud""#], "\($0)")
    }
  }
}

import StrictJSON
import XCTest

@testable import PushRecallReader

/// A recall payload's errors: every JSON problem's code (the strict reader's one list) at its
/// key path, in JSON's words, with no Swift type name.
final class RecallErrorWordsTests: XCTestCase {
  /// Every problem the strict reader finds has the case of its name, and no two share one.
  func testTheCodesAreTheReadersList() {
    let codes = JSONFieldError.Kind.allCases.map { RecallPayloadError.Code($0) }
    XCTAssertEqual(codes.map(\.rawValue), JSONFieldError.Kind.allCases.map(\.rawValue))
    XCTAssertEqual(Set(codes).count, codes.count)
  }

  func testEveryCodeAtItsKeyPathInJSONsWords() {
    let recall = #""category": "RC:RcCmd", "mutable-content": 1"#
    func payload(aps: String, appData: String) -> String {
      #"{"appData": \#(appData), "aps": {\#(aps)}}"#
    }
    let cases: [(String, RecallPayloadError.Code, String)] = [
      ("[]", .wrongType, ""),
      ("null", .nullValue, ""),
      (#"{"aps": 1}"#, .wrongType, "aps"),
      (#"{"aps": {"category": "RC:RcCmd" "mutable-content": 1}}"#, .invalidJSON, ""),
      (
        #"{"aps": {"category": "RC:RcCmd", "category": "RC:RcCmd"}}"#, .duplicateKey, "aps.category"
      ),
      (#"{"aps": {"\ud800": 1}}"#, .invalidJSON, #"aps."\ud800""#),
      (#"{"appData": "{}"}"#, .missingKey, "aps"),
      (
        payload(aps: #""category": null, "mutable-content": 1"#, appData: "\"{}\""), .nullValue,
        "aps.category"
      ),
      (
        payload(aps: #""category": "RC:RcCmd", "mutable-content": 1.5"#, appData: "\"{}\""),
        .invalidNumber, "aps.mutable-content"
      ),
      (
        payload(aps: #""category": "RC:X", "mutable-content": 1"#, appData: "\"{}\""),
        .invalidValue, "aps.category"
      ),
      (payload(aps: recall, appData: "[1]"), .wrongType, "appData"),
      (payload(aps: recall, appData: #""[1]""#), .wrongType, "appData"),
      (
        payload(aps: recall, appData: #""{\"rc-dlt-identifier\": 5}""#), .wrongType,
        "appData.rc-dlt-identifier"
      ),
    ]
    var codes = Set<RecallPayloadError.Code>()
    for (document, code, keyPath) in cases {
      do {
        _ = try RecallCommand(payload: Array(document.utf8))
        XCTFail("\(document) is a recall")
      } catch {
        XCTAssertEqual(error.code, code, "\(document): \(error)")
        XCTAssertEqual(error.keyPath, keyPath, "\(document): \(error)")
        for name in ["Array<", "Dictionary<", "String", "Int", "Bool", "Any"] {
          XCTAssertFalse(error.reason.contains(name), "\(document): \(error.reason)")
        }
        codes.insert(error.code)
      }
    }
    XCTAssertEqual(codes, Set(RecallPayloadError.Code.allCases).subtracting([.payloadTooLarge]))
  }
}

import Foundation
import PushRecallReader
import XCTest

/// The device side alone: received payloads and delivered notifications written out by hand
/// (the server's payload builders are PushRecallTests' business), read by the strict reader.
final class RecallCommandTests: XCTestCase {
  static let recalledId = "B7EE-8T9S-OI44-8NSS"

  /// The issue's example payload, as a device receives it.
  static let issueExample = """
    {"appData": "{\\"rc-dlt-identifier\\":\\"B7EE-8T9S-OI44-8NSS\\"}",
     "aps": {"alert": {"body": "You received a message"}, "badge": 2, "category": "RC:RcCmd", \
    "mutable-content": 1, "sound": "default"},
     "rc": {"cType": "PR", "fId": "1xTlsmAn9", "id": "B7EE-918C-GI64-8NSS", "oName": "RC:RcCmd", \
    "sourceType": 0, "tId": "1xTlsmAn9"},
     "richMediaUri": ""}
    """

  /// A recall payload with `aps` and `appData` spelled out as JSON text.
  static func payload(aps: String, appData: String) -> [UInt8] {
    Array(#"{"appData": \#(appData), "aps": {\#(aps)}}"#.utf8)
  }

  static let recallAPS = #""category": "RC:RcCmd", "mutable-content": 1"#
  static let appDataA = #""{\"rc-dlt-identifier\":\"A\"}""#

  /// A delivered notification whose `userInfo` is `{"rc": {"id": <idJSON>}}`.
  static func delivered(_ identifier: String, idJSON: String) -> DeliveredNotification {
    DeliveredNotification(
      identifier: identifier, userInfo: Array(#"{"rc": {"id": \#(idJSON)}}"#.utf8))
  }

  /// What a payload's reading says: the id, or the error's key path and reason.
  static func outcome(_ payload: some Collection<UInt8>) -> Result<String, RecallPayloadError> {
    Result { () throws(RecallPayloadError) in try RecallCommand(payload: payload).recalledMessageId
    }
  }

  func testIssueExampleIsARecallOfTheNamedMessage() throws {
    let delivered = [
      Self.delivered("match", idJSON: #""B7EE-8T9S-OI44-8NSS""#),
      Self.delivered("other", idJSON: #""B7EE-0000-0000-8NSS""#),
      Self.delivered("command-id", idJSON: #""B7EE-918C-GI64-8NSS""#),
      Self.delivered("lowercase", idJSON: #""b7ee-8t9s-oi44-8nss""#),
    ]
    XCTAssertEqual(
      RecallAction(payload: Array(Self.issueExample.utf8), delivered: delivered),
      .remove(recalledMessageId: Self.recalledId, notificationIdentifiers: ["match"]))
    XCTAssertEqual(RecallCommand.category, "RC:RcCmd")
  }

  /// Any collection of bytes is a payload: an array, `Data`, a slice, and one that is not
  /// contiguous read the same.
  func testEveryByteCollectionReadsTheSame() throws {
    let bytes = Array(Self.issueExample.utf8)
    let padded = [UInt8(ascii: "x")] + bytes + [UInt8(ascii: "y")]
    let forms: [(String, Result<String, RecallPayloadError>)] = [
      ("[UInt8]", Self.outcome(bytes)),
      ("Data", Self.outcome(Data(bytes))),
      ("ArraySlice", Self.outcome(padded[1..<(padded.count - 1)])),
      ("lazy map", Self.outcome(bytes.lazy.map { $0 })),
    ]
    for (name, outcome) in forms {
      XCTAssertEqual(try outcome.get(), Self.recalledId, name)
    }
    let userInfo = Array(#"{"rc": {"id": "B7EE-8T9S-OI44-8NSS"}}"#.utf8)
    let command = try RecallCommand(payload: bytes)
    for notification in [
      DeliveredNotification(identifier: "n", userInfo: userInfo),
      DeliveredNotification(identifier: "n", userInfo: Data(userInfo)),
      DeliveredNotification(identifier: "n", userInfo: userInfo.lazy.map { $0 }),
    ] {
      XCTAssertEqual(command.notificationIdentifiersToRemove(from: [notification]), ["n"])
    }
  }

  /// Payloads follow the rules' JSON policy: a key twice in one object (in the payload, in
  /// `aps`, or in `appData`), a `mutable-content` whose text is not exactly 1, and a leading
  /// byte order mark are not recall commands, and the error says where and why in the strict
  /// reader's words; exact forms of 1 are recall commands.
  func testPayloadsFollowTheRulesJSONPolicy() throws {
    XCTAssertEqual(
      try Self.outcome(Self.payload(aps: Self.recallAPS, appData: Self.appDataA)).get(), "A")
    for exact in ["1.0", "1e0", "10e-1", "0.1e1"] {
      let aps = #""category": "RC:RcCmd", "mutable-content": \#(exact)"#
      XCTAssertEqual(try Self.outcome(Self.payload(aps: aps, appData: Self.appDataA)).get(), "A")
    }
    let refused:
      [(
        name: String, payload: [UInt8], keyPath: String, reason: String,
        code: RecallPayloadError.Code
      )] = [
        (
          "two ids in appData",
          Self.payload(
            aps: Self.recallAPS,
            appData: #""{\"rc-dlt-identifier\":\"A\",\"rc-dlt-identifier\":\"B\"}""#),
          "appData.rc-dlt-identifier", "the key appears twice in one object", .duplicateKey
        ),
        (
          "an escaped duplicate id",
          Self.payload(
            aps: Self.recallAPS,
            appData: #""{\"rc-dlt-identifier\":\"A\",\"rc-dlt-identifie\\u0072\":\"B\"}""#),
          "appData.rc-dlt-identifier", "the key appears twice in one object", .duplicateKey
        ),
        (
          "two categories",
          Self.payload(
            aps: #""category": "other", "category": "RC:RcCmd", "mutable-content": 1"#,
            appData: Self.appDataA),
          "aps.category", "the key appears twice in one object", .duplicateKey
        ),
        (
          "two appData",
          Array(#"{"appData": "{}", "appData": "{}", "aps": {}}"#.utf8),
          "appData", "the key appears twice in one object", .duplicateKey
        ),
        (
          "mutable-content rounding to 1",
          Self.payload(
            aps: #""category": "RC:RcCmd", "mutable-content": 0.99999999999999999"#,
            appData: Self.appDataA),
          "aps.mutable-content", "0.99999999999999999 is not an integer within 64 bits",
          .invalidNumber
        ),
        (
          "mutable-content a fraction above 1",
          Self.payload(
            aps: #""category": "RC:RcCmd", "mutable-content": 1.0000000000000001"#,
            appData: Self.appDataA),
          "aps.mutable-content", "1.0000000000000001 is not an integer within 64 bits",
          .invalidNumber
        ),
        (
          "mutable-content 2",
          Self.payload(
            aps: #""category": "RC:RcCmd", "mutable-content": 2"#, appData: Self.appDataA),
          "aps.mutable-content", "expected 1, found 2", .invalidValue
        ),
        (
          "a byte order mark",
          [0xEF, 0xBB, 0xBF] + Self.payload(aps: Self.recallAPS, appData: Self.appDataA),
          "", "at byte 0: expected a value, found byte 239", .invalidJSON
        ),
      ]
    for (name, payload, keyPath, reason, code) in refused {
      XCTAssertThrowsError(try RecallCommand(payload: payload), name) {
        XCTAssertEqual(
          $0 as? RecallPayloadError,
          RecallPayloadError(code: code, keyPath: keyPath, reason: reason),
          name)
      }
      XCTAssertEqual(RecallAction(payload: payload, delivered: []), .passThrough, name)
    }
  }

  /// The error texts are the strict reader's: a lone surrogate escape, a syntax error at its
  /// byte, the category found, the whole sentence.
  func testErrorTextsAreTheStrictReadersOwn() throws {
    let cases: [(payload: [UInt8], description: String)] = [
      (
        Self.payload(aps: Self.recallAPS, appData: #""{\"rc-dlt-identifier\":\"\\ud800\"}""#),
        #"not a recall command at appData.rc-dlt-identifier: \ud800 is a lone surrogate escape, not a character"#
      ),
      (
        Self.payload(aps: #""category": "\udc00", "mutable-content": 1"#, appData: Self.appDataA),
        #"not a recall command at aps.category: \udc00 is a lone surrogate escape, not a character"#
      ),
      (
        Self.payload(
          aps: #""category": "RC:TxtMsg", "mutable-content": 1"#, appData: Self.appDataA),
        #"not a recall command at aps.category: expected "RC:RcCmd", found "RC:TxtMsg""#
      ),
      (
        Self.payload(aps: #""mutable-content": 1"#, appData: Self.appDataA),
        "not a recall command at aps.category: required key is missing"
      ),
      (
        Self.payload(aps: Self.recallAPS, appData: #""{\"rc-dlt-identifier\":\"\"}""#),
        "not a recall command at appData.rc-dlt-identifier: expected a non-empty string"
      ),
      (
        Self.payload(aps: Self.recallAPS, appData: #""{\"rc-dlt-identifier\" \"A\"}""#),
        "not a recall command at appData: at byte 21: expected ':' after an object key, found '\"'"
      ),
      (
        Self.payload(aps: Self.recallAPS, appData: "null"),
        "not a recall command at appData: expected a string, found null"
      ),
      (
        Array(#"{"aps": {"category": "RC:RcCmd" "mutable-content": 1}}"#.utf8),
        "not a recall command: at byte 32: expected ',' or '}' in an object, found '\"'"
      ),
      (Array("[]".utf8), "not a recall command: expected an object, found an array"),
    ]
    for (payload, description) in cases {
      XCTAssertThrowsError(try RecallCommand(payload: payload)) {
        XCTAssertEqual("\($0)", description)
      }
    }
  }

  /// A delivered notification's `userInfo` is read by the same reader: two `rc.id` values, a
  /// byte order mark or a lone surrogate escape never match; other members do not matter.
  func testDeliveredUserInfoFollowsTheRulesJSONPolicy() throws {
    let command = try RecallCommand(payload: Array(Self.issueExample.utf8))
    let id = Self.recalledId
    let delivered = [
      Self.delivered("plain", idJSON: #""\#(id)""#),
      Self.delivered("escaped", idJSON: #""\u0042\#(id.dropFirst())""#),
      DeliveredNotification(
        identifier: "others",
        userInfo: Array(
          #"{"aps": {"alert": "x"}, "rc": {"oName": "RC:TxtMsg", "id": "\#(id)"}}"#.utf8)),
      DeliveredNotification(
        identifier: "twice", userInfo: Array(#"{"rc": {"id": "\#(id)", "id": "other"}}"#.utf8)),
      DeliveredNotification(
        identifier: "bom", userInfo: [0xEF, 0xBB, 0xBF] + Array(#"{"rc": {"id": "\#(id)"}}"#.utf8)),
      DeliveredNotification(
        identifier: "rc twice",
        userInfo: Array(#"{"rc": {"id": "\#(id)"}, "rc": {"id": "\#(id)"}}"#.utf8)),
      Self.delivered("surrogate", idJSON: #""\#(id)\ud800""#),
      Self.delivered("number", idJSON: "12345"),
      Self.delivered("null", idJSON: "null"),
      DeliveredNotification(
        identifier: "rc not an object", userInfo: Array(#"{"rc": "\#(id)"}"#.utf8)),
      DeliveredNotification(identifier: "garbage", userInfo: Array("}{".utf8)),
      DeliveredNotification(identifier: "empty", userInfo: []),
    ]
    XCTAssertEqual(
      command.notificationIdentifiersToRemove(from: delivered), ["plain", "escaped", "others"])
  }

  /// Matching compares scalars: canonically equivalent forms, which Swift's `==` equates, and
  /// case variants are different messages.
  func testMatchingIsExactWithoutUnicodeNormalization() throws {
    let payload = Self.payload(
      aps: Self.recallAPS, appData: #""{\"rc-dlt-identifier\":\"caf\u00e9\"}""#)
    let delivered = [
      Self.delivered("composed", idJSON: "\"caf\u{E9}\""),
      Self.delivered("composed-escaped", idJSON: #""caf\u00e9""#),
      Self.delivered("decomposed", idJSON: "\"cafe\u{301}\""),
      Self.delivered("upper", idJSON: "\"CAF\u{C9}\""),
    ]
    XCTAssertEqual(
      RecallAction(payload: payload, delivered: delivered),
      .remove(
        recalledMessageId: "caf\u{E9}", notificationIdentifiers: ["composed", "composed-escaped"]))
  }

  func testOrdinaryPushIsNotARecall() throws {
    let push = Array(
      #"{"aps": {"alert": {"body": "hi"}, "mutable-content": 1}, "rc": {"id": "B7EE-8T9S-OI44-8NSS"}}"#
        .utf8)
    XCTAssertThrowsError(try RecallCommand(payload: push)) {
      XCTAssertEqual("\($0)", "not a recall command at aps.category: required key is missing")
    }
    let delivered = [Self.delivered("n", idJSON: #""B7EE-8T9S-OI44-8NSS""#)]
    XCTAssertEqual(RecallAction(payload: push, delivered: delivered), .passThrough)
  }

  /// The device inspects received payloads up to 8 KiB: a payload padded with JSON whitespace
  /// to exactly the limit is read, one byte more is refused before it is read.
  func testPayloadSizeLimit() throws {
    let limit = 8 * 1024  // the documented limit of RecallCommand
    XCTAssertEqual(PayloadSizeLimit.deviceInspectedBytes, limit)
    let id = String(repeating: "a", count: 1_500)
    let payload = Self.payload(
      aps: Self.recallAPS, appData: #""{\"rc-dlt-identifier\":\"\#(id)\"}""#)
    let fitting = payload + Array(repeating: UInt8(ascii: " "), count: limit - payload.count)
    XCTAssertEqual(fitting.count, limit)
    XCTAssertEqual(try RecallCommand(payload: fitting).recalledMessageId, id)
    XCTAssertThrowsError(try RecallCommand(payload: fitting + [UInt8(ascii: " ")])) {
      XCTAssertEqual(
        "\($0)", "the payload is 8193 bytes; a device reads at most 8192")
    }
  }

  // MARK: - Malformed corpus

  /// Where each payload of `Fixtures/recall-malformed` goes wrong, read off its description
  /// in the folder's README (an empty key path for the payload itself), and a part of the
  /// reason where the README names it.
  static let malformedExpectations: [String: (keyPath: String, reason: String)] = [
    "appdata-array.json": ("appData", "expected a string"),
    "appdata-deeply-nested.json": ("appData", "nested deeper than 512 levels"),
    "appdata-double-encoded.json": ("appData", "expected an object"),
    "appdata-empty-string.json": ("appData", "at byte 0: expected a value"),
    "appdata-invalid-json.json": ("appData", "expected a string key"),
    "appdata-json-array.json": ("appData", "expected an object"),
    "appdata-missing.json": ("appData", "required key is missing"),
    "appdata-null.json": ("appData", "expected a string, found null"),
    "appdata-number.json": ("appData", "expected a string"),
    "appdata-object.json": ("appData", "expected a string"),
    "appdata-trailing-garbage.json": ("appData", "at byte 43: "),
    "appdata-truncated-json.json": ("appData", "at byte "),
    "aps-missing.json": ("aps", "required key is missing"),
    "aps-not-object.json": ("aps", "expected an object"),
    "category-different.json": ("aps.category", #"found "RC:TxtMsg""#),
    "category-missing.json": ("aps.category", "required key is missing"),
    "category-number.json": ("aps.category", "expected a string"),
    "category-wrong-case.json": ("aps.category", #"found "rc:rccmd""#),
    "deeply-nested-junk.json": ("", "nested deeper than 512 levels"),
    "empty.json": ("", "at byte 0: expected a value"),
    "huge-string.json": ("", "a device reads at most 8192"),
    "identifier-array.json": ("appData.rc-dlt-identifier", "expected a string"),
    "identifier-empty.json": ("appData.rc-dlt-identifier", "expected a non-empty string"),
    "identifier-lone-surrogate.json": (
      "appData.rc-dlt-identifier", #"\ud800 is a lone surrogate escape, not a character"#
    ),
    "identifier-missing.json": ("appData.rc-dlt-identifier", "required key is missing"),
    "identifier-null.json": ("appData.rc-dlt-identifier", "expected a string, found null"),
    "identifier-number.json": ("appData.rc-dlt-identifier", "expected a string"),
    "identifier-wrong-case-key.json": ("appData.rc-dlt-identifier", "required key is missing"),
    "invalid-utf8.json": ("", "at byte "),
    "mutable-content-bool.json": ("aps.mutable-content", "expected an integer"),
    "mutable-content-missing.json": ("aps.mutable-content", "required key is missing"),
    "mutable-content-string.json": ("aps.mutable-content", "expected an integer"),
    "mutable-content-zero.json": ("aps.mutable-content", "expected 1, found 0"),
    "ordinary-message.json": ("aps.category", "required key is missing"),
    "oversized-recall.json": ("", "a device reads at most 8192"),
    "top-level-array.json": ("", "expected an object"),
    "top-level-null.json": ("", "expected an object, found null"),
    "top-level-string.json": ("", "expected an object"),
    "trailing-garbage.json": ("", "expected the end of the line after the value"),
    "truncated.json": ("", "at byte "),
    "unterminated-nesting.json": ("", "a device reads at most 8192"),
  ]

  func testMalformedCorpusIsRefusedWhereItGoesWrong() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/recall-malformed")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertEqual(Set(files), Set(Self.malformedExpectations.keys), "the corpus and the table")
    let readme = try String(
      contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8)
    let delivered = [
      Self.delivered("recalled", idJSON: #""B7EE-8T9S-OI44-8NSS""#),
      Self.delivered("command", idJSON: #""B7EE-918C-GI64-8NSS""#),
      Self.delivered("empty", idJSON: #""""#),
    ]
    for name in files {
      XCTAssertTrue(readme.contains("`\(name)`"), "\(name) is not described in README.md")
      let payload = try Data(contentsOf: directory.appendingPathComponent(name))
      guard let expected = Self.malformedExpectations[name] else { continue }
      XCTAssertThrowsError(try RecallCommand(payload: payload), name) {
        guard let error = $0 as? RecallPayloadError else {
          return XCTFail("\(name): \($0) is not a RecallPayloadError")
        }
        XCTAssertEqual(error.keyPath, expected.keyPath, "\(name): \(error)")
        XCTAssertTrue(error.reason.contains(expected.reason), "\(name): \(error)")
      }
      XCTAssertEqual(RecallAction(payload: payload, delivered: delivered), .passThrough, name)
    }
  }

  // MARK: - Layering

  /// The reader imports the strict reader alone, which imports nothing: no Foundation, no
  /// zone data, no system calls, so a Notification Service Extension can link it.
  func testTheReaderImportsTheStrictReaderAlone() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let allowed: [String: Set<String>] = ["PushRecallReader": ["StrictJSON"], "StrictJSON": []]
    for (module, modules) in allowed {
      let folder = sources.appendingPathComponent(module)
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".swift") }
      XCTAssertFalse(files.isEmpty, module)
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let imports = text.split(separator: "\n").compactMap { line -> String? in
          let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
          guard words.first == "import" || (words.count > 1 && words[1] == "import") else {
            return nil
          }
          return words.last.map(String.init)
        }
        XCTAssertTrue(Set(imports).isSubset(of: modules), "\(module)/\(file) imports \(imports)")
      }
    }
  }
}

/// The codes of `RecallPayloadError`: stable names, the rule decoders' names for the same
/// problems, a JSON form, and the right code for each kind of refusal.
final class RecallPayloadErrorCodeTests: XCTestCase {
  func testCodesKeepTheirNames() {
    XCTAssertEqual(
      RecallPayloadError.Code.allCases.map(\.rawValue),
      [
        "invalidJSON", "duplicateKey", "missingKey", "nullValue", "wrongType", "invalidNumber",
        "invalidValue", "payloadTooLarge",
      ])
  }

  func testJSONFormRoundTrips() throws {
    let error = RecallPayloadError(
      code: .invalidValue, keyPath: "aps.category", reason: #"expected "RC:RcCmd""#)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    XCTAssertEqual(
      String(decoding: try encoder.encode(error), as: UTF8.self),
      #"{"code":"invalidValue","keyPath":"aps.category","reason":"expected \"RC:RcCmd\""}"#)
    XCTAssertEqual(
      try JSONDecoder().decode(RecallPayloadError.self, from: encoder.encode(error)), error)
  }

  func testEachRefusalHasItsCode() {
    let aps = #""aps": {"category": "RC:RcCmd", "mutable-content": 1}"#
    let cases: [(String, String, RecallPayloadError.Code, String)] = [
      ("no appData", "{\(aps)}", .missingKey, "appData"),
      ("null aps", #"{"aps": null, "appData": "{}"}"#, .nullValue, "aps"),
      ("appData a number", "{\(aps), \"appData\": 1}", .wrongType, "appData"),
      (
        "another category", #"{"aps": {"category": "x", "mutable-content": 1}, "appData": "{}"}"#,
        .invalidValue, "aps.category"
      ),
      ("not JSON", "{", .invalidJSON, ""),
      (
        "an empty id", "{\(aps), \"appData\": \"{\\\"rc-dlt-identifier\\\": \\\"\\\"}\"}",
        .invalidValue, "appData.rc-dlt-identifier"
      ),
      ("no id", "{\(aps), \"appData\": \"{}\"}", .missingKey, "appData.rc-dlt-identifier"),
      (
        "too large", String(repeating: " ", count: PayloadSizeLimit.deviceInspectedBytes + 1),
        .payloadTooLarge, ""
      ),
    ]
    for (name, payload, code, keyPath) in cases {
      XCTAssertThrowsError(try RecallCommand(payload: Array(payload.utf8)), name) {
        let error = $0 as? RecallPayloadError
        XCTAssertEqual(error?.code, code, "\(name): \($0)")
        XCTAssertEqual(error?.keyPath, keyPath, "\(name): \($0)")
      }
    }
  }
}

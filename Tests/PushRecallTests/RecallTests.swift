import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import OfflinePush
import PushRecall
import XCTest

extension SplitMix64 {
  /// A number in `0..<bound` (0 when the bound is not positive).
  fileprivate mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(max(bound, 1)))
  }

  /// A random element, or nil for an empty list.
  fileprivate mutating func pick<Element>(_ elements: [Element]) -> Element? {
    elements.isEmpty ? nil : elements[below(elements.count)]
  }
}

final class RecallTests: XCTestCase {
  static let exampleRecalledId = "B7EE-8T9S-OI44-8NSS"
  static let exampleCommandId = "B7EE-918C-GI64-8NSS"

  /// The issue's example payload, as a device receives it.
  static let issueExample = """
    {"appData": "{\\"rc-dlt-identifier\\":\\"B7EE-8T9S-OI44-8NSS\\"}",
     "aps": {"alert": {"body": "You received a message"}, "badge": 2, "category": "RC:RcCmd", \
    "mutable-content": 1, "sound": "default"},
     "rc": {"cType": "PR", "fId": "1xTlsmAn9", "id": "B7EE-918C-GI64-8NSS", "oName": "RC:RcCmd", \
    "sourceType": 0, "tId": "1xTlsmAn9"},
     "richMediaUri": ""}
    """

  static let exampleCommand = RCMessageInfo(
    conversationType: "PR",
    senderId: "1xTlsmAn9",
    targetId: "1xTlsmAn9",
    messageId: exampleCommandId,
    objectName: "RC:RcCmd",
    sourceType: 0
  )

  /// Awkward ids: JSON metacharacters, escapes spelled out, Unicode, emoji, controls.
  static let awkwardIds: [String] = [
    "plain-id",
    "quote\"inside",
    "\"",
    "\"\"\"",
    "back\\slash",
    "\\",
    "\\\"",
    "\\u0041 spelled escape",
    "\\n spelled newline",
    "\"}, \"rc-dlt-identifier\": \"evil",
    "{\"rc-dlt-identifier\":\"nested\"}",
    "slash/and</script>",
    "café",
    "cafe\u{301}",
    "中文消息标识",
    "עברית",
    "😀",
    "👩‍👩‍👧‍👦",
    "🇨🇳🇺🇸",
    "e\u{301}\u{302}\u{303}",
    "\u{0}",
    "nul\u{0}inside",
    "tab\tnewline\ncr\r",
    "\u{7F}\u{80}\u{9F}",
    "\u{2028}\u{2029}",
    "\u{FEFF}bom",
    "\u{10FFFF}",
    "\u{FFFD}",
    " ",
    "trailing space ",
    String(repeating: "long-", count: 400),
  ]

  // MARK: - Helpers

  static func message(id: String) -> MessagePushPayload {
    MessagePushPayload(
      alertBody: "hello",
      badge: 1,
      message: RCMessageInfo(
        conversationType: "PR",
        senderId: "sender",
        targetId: "target",
        messageId: id,
        objectName: "RC:TxtMsg"
      )
    )
  }

  static func recall(of id: String) -> RecallCommandPayload {
    RecallCommandPayload(
      recalledMessageId: id,
      command: exampleCommand,
      alertBody: "You received a message",
      badge: 2
    )
  }

  static func delivered(_ identifier: String, messageId: String) throws -> DeliveredNotification {
    DeliveredNotification(
      identifier: identifier,
      userInfo: Data(try message(id: messageId).jsonString().utf8)
    )
  }

  static func jsonObject(_ text: String) throws -> NSDictionary? {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
  }

  static func fixturesDirectory() -> URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Fixtures")
      .appendingPathComponent("recall-malformed")
  }

  // MARK: - The issue's example

  func testIssueExampleIsARecallOfTheNamedMessage() throws {
    let delivered = [
      try Self.delivered("match", messageId: Self.exampleRecalledId),
      try Self.delivered("other", messageId: "B7EE-0000-0000-8NSS"),
      try Self.delivered("command-id", messageId: Self.exampleCommandId),
      try Self.delivered("lowercase", messageId: Self.exampleRecalledId.lowercased()),
    ]
    let action = RecallAction(payload: Data(Self.issueExample.utf8), delivered: delivered)
    XCTAssertEqual(
      action,
      .remove(recalledMessageId: Self.exampleRecalledId, notificationIdentifiers: ["match"])
    )
  }

  func testRecallPayloadReproducesIssueExampleByteForByte() throws {
    let expected =
      #"{"appData":"{\"rc-dlt-identifier\":\"B7EE-8T9S-OI44-8NSS\"}","#
      + #""aps":{"alert":{"body":"You received a message"},"badge":2,"category":"RC:RcCmd","#
      + #""mutable-content":1,"sound":"default"},"#
      + #""rc":{"cType":"PR","fId":"1xTlsmAn9","id":"B7EE-918C-GI64-8NSS","oName":"RC:RcCmd","#
      + #""sourceType":0,"tId":"1xTlsmAn9"},"richMediaUri":""}"#
    let built = try Self.recall(of: Self.exampleRecalledId).jsonString()
    XCTAssertEqual(built, expected)
    XCTAssertEqual(try Self.jsonObject(built), try Self.jsonObject(Self.issueExample))
  }

  func testMessagePushPayloadLayout() throws {
    let full = try Self.message(id: "M-1").jsonString()
    XCTAssertEqual(
      full,
      #"{"aps":{"alert":{"body":"hello"},"badge":1,"mutable-content":1,"sound":"default"},"#
        + #""rc":{"cType":"PR","fId":"sender","id":"M-1","oName":"RC:TxtMsg","sourceType":0,"#
        + #""tId":"target"}}"#
    )
    var bare = Self.message(id: "M-2")
    bare.badge = nil
    bare.sound = nil
    bare.mutableContent = false
    let text = try bare.jsonString()
    XCTAssertEqual(
      text,
      #"{"aps":{"alert":{"body":"hello"}},"rc":{"cType":"PR","fId":"sender","id":"M-2","#
        + #""oName":"RC:TxtMsg","sourceType":0,"tId":"target"}}"#
    )
    XCTAssertEqual(try bare.jsonString(), text, "encoding is deterministic")
  }

  /// Recall payloads follow the rules' JSON policy: a key twice in one object (in the
  /// payload, in `aps`, or in `appData`), a `mutable-content` whose text is not exactly 1,
  /// and a leading byte order mark are not recall commands; exact forms of 1 are.
  func testRecallPayloadsFollowTheRulesJSONPolicy() throws {
    let app = #""appData": "{\"rc-dlt-identifier\":\"A\"}""#
    func payload(aps: String, app: String = app) -> Data {
      Data(#"{\#(app), "aps": {\#(aps)}}"#.utf8)
    }
    let recall = #""category": "RC:RcCmd", "mutable-content": 1"#
    XCTAssertEqual(RecallCommand(payload: payload(aps: recall))?.recalledMessageId, "A")
    for exact in ["1.0", "1e0", "10e-1", "0.1e1"] {
      XCTAssertEqual(
        RecallCommand(
          payload: payload(aps: #""category": "RC:RcCmd", "mutable-content": \#(exact)"#))?
          .recalledMessageId, "A", exact)
    }
    let refused: [(String, Data)] = [
      (
        "two ids in appData",
        payload(
          aps: recall,
          app: #""appData": "{\"rc-dlt-identifier\":\"A\",\"rc-dlt-identifier\":\"B\"}""#)
      ),
      (
        "an escaped duplicate id",
        payload(
          aps: recall,
          app: #""appData": "{\"rc-dlt-identifier\":\"A\",\"rc-dlt-identifie\\u0072\":\"B\"}""#)
      ),
      (
        "two categories",
        payload(aps: #""category": "other", "category": "RC:RcCmd", "mutable-content": 1"#)
      ),
      ("two appData", Data(#"{\#(app), \#(app), "aps": {\#(recall)}}"#.utf8)),
      (
        "mutable-content rounding to 1",
        payload(aps: #""category": "RC:RcCmd", "mutable-content": 0.99999999999999999"#)
      ),
      (
        "mutable-content a fraction above 1",
        payload(aps: #""category": "RC:RcCmd", "mutable-content": 1.0000000000000001"#)
      ),
      ("a byte order mark", Data([0xEF, 0xBB, 0xBF]) + payload(aps: recall)),
    ]
    for (name, bytes) in refused {
      XCTAssertNil(RecallCommand(payload: bytes), name)
      XCTAssertEqual(RecallAction(payload: bytes, delivered: []), .passThrough, name)
    }
  }

  /// A delivered notification's `userInfo` is read by the same policy: two `rc.id` values,
  /// or a byte order mark, never match.
  func testDeliveredUserInfoFollowsTheRulesJSONPolicy() throws {
    let command = try XCTUnwrap(RecallCommand(payload: Data(Self.issueExample.utf8)))
    let id = Self.exampleRecalledId
    let delivered = [
      DeliveredNotification(identifier: "plain", userInfo: Data(#"{"rc": {"id": "\#(id)"}}"#.utf8)),
      DeliveredNotification(
        identifier: "twice", userInfo: Data(#"{"rc": {"id": "\#(id)", "id": "other"}}"#.utf8)),
      DeliveredNotification(
        identifier: "bom",
        userInfo: Data([0xEF, 0xBB, 0xBF]) + Data(#"{"rc": {"id": "\#(id)"}}"#.utf8)),
    ]
    XCTAssertEqual(command.notificationIdentifiersToRemove(from: delivered), ["plain"])
  }

  func testOrdinaryPushIsNotARecall() throws {
    let push = Data(try Self.message(id: Self.exampleRecalledId).jsonString().utf8)
    XCTAssertNil(RecallCommand(payload: push))
    let delivered = [try Self.delivered("n", messageId: Self.exampleRecalledId)]
    XCTAssertEqual(RecallAction(payload: push, delivered: delivered), .passThrough)
  }

  func testRecallWithNothingDeliveredIsStillARecall() throws {
    let payload = Data(try Self.recall(of: "gone").jsonString().utf8)
    XCTAssertEqual(
      RecallAction(payload: payload, delivered: []),
      .remove(recalledMessageId: "gone", notificationIdentifiers: [])
    )
  }

  // MARK: - Round trips

  func testAwkwardIdsRoundTrip() throws {
    var ids = Self.awkwardIds
    ids += (0..<0x20).compactMap { Unicode.Scalar($0).map { "ctl\(String($0))end" } }
    for id in ids {
      let label = id.debugDescription
      let text = try Self.recall(of: id).jsonString()
      let object = try XCTUnwrap(try Self.jsonObject(text), "not an object for \(label)")
      let appData = try XCTUnwrap(object["appData"] as? String, "appData for \(label)")
      let inner = try XCTUnwrap(try Self.jsonObject(appData), "inner for \(label)")
      XCTAssertEqual(inner.count, 1)
      // Linux Foundation's JSONSerialization drops a raw U+FEFF at the start of a string
      // value, so only the payload's own parser is checked for such ids.
      if id.unicodeScalars.first != "\u{FEFF}" {
        XCTAssertEqual(
          (inner["rc-dlt-identifier"] as? String).map { Array($0.unicodeScalars) },
          Array(id.unicodeScalars),
          "JSONSerialization view of \(label)"
        )
      }

      let command = try XCTUnwrap(RecallCommand(payload: Data(text.utf8)), id.debugDescription)
      XCTAssertTrue(
        command.recalledMessageId.unicodeScalars.elementsEqual(id.unicodeScalars),
        "round trip of \(id.debugDescription)"
      )
      let delivered = [
        try Self.delivered("same", messageId: id),
        try Self.delivered("suffixed", messageId: id + "x"),
        try Self.delivered("prefixed", messageId: "x" + id),
      ]
      XCTAssertEqual(
        command.notificationIdentifiersToRemove(from: delivered),
        ["same"],
        id.debugDescription
      )
    }
  }

  func testMatchingIsExactWithoutUnicodeNormalization() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    // Swift's `==` calls these equal (canonical equivalence); the recall must not.
    let delivered = [
      try Self.delivered("composed", messageId: composed),
      try Self.delivered("decomposed", messageId: decomposed),
      try Self.delivered("upper", messageId: "CAF\u{C9}"),
    ]
    let payload = Data(try Self.recall(of: composed).jsonString().utf8)
    XCTAssertEqual(
      RecallAction(payload: payload, delivered: delivered),
      .remove(recalledMessageId: composed, notificationIdentifiers: ["composed"])
    )
  }

  /// The device inspects received payloads up to 8 KiB, whatever built them: a payload padded
  /// with JSON whitespace to exactly the limit is read, one byte more is not.
  func testPayloadSizeLimit() throws {
    let limit = 8 * 1024  // the documented limit of RecallCommand
    let id = String(repeating: "a", count: 1_500)
    let payload = try Self.recall(of: id).jsonString()
    let fitting = Data((payload + String(repeating: " ", count: limit - payload.utf8.count)).utf8)
    XCTAssertEqual(fitting.count, limit)
    XCTAssertEqual(RecallCommand(payload: fitting)?.recalledMessageId, id)
    XCTAssertNil(RecallCommand(payload: fitting + Data(" ".utf8)))
  }

  /// Building a payload over APNs' 4,096 bytes (regular notifications) is a typed error with
  /// the size and the limit, for both payloads; 4,096 bytes exactly is fine. Bytes of UTF-8
  /// count, not characters.
  func testBuildingAPayloadOverAPNsLimitIsATypedError() throws {
    let limit = 4_096  // Apple: "For regular remote notifications, the maximum size is 4KB"
    let recallOverhead = try Self.recall(of: "").jsonString().utf8.count
    let messageOverhead = try Self.message(id: "").jsonString().utf8.count
    let builders: [(String, Int, (String) -> () throws -> String)] = [
      ("recall command", recallOverhead, { id in { try Self.recall(of: id).jsonString() } }),
      ("message push", messageOverhead, { id in { try Self.message(id: id).jsonString() } }),
    ]
    for (name, overhead, build) in builders {
      let fits = String(repeating: "a", count: limit - overhead)
      XCTAssertEqual(try build(fits)().utf8.count, limit, name)
      for (id, size) in [(fits + "a", limit + 1), (fits + "😀", limit + 4)] {
        XCTAssertThrowsError(try build(id)(), name) {
          XCTAssertEqual(
            $0 as? PayloadTooLargeError,
            PayloadTooLargeError(payload: name, byteCount: size, limit: limit))
          XCTAssertEqual(
            "\($0)",
            "the \(name) payload is \(size) bytes; APNs refuses a regular notification payload "
              + "over 4096 bytes")
        }
      }
      // 1,100 emoji are 1,100 characters but 4,400 bytes.
      XCTAssertThrowsError(try build(String(repeating: "😀", count: 1_100))(), name) {
        XCTAssertEqual(($0 as? PayloadTooLargeError)?.byteCount, overhead + 4_400)
      }
    }
    XCTAssertEqual(PayloadSizeLimit.apnsRegularNotificationBytes, limit)
  }

  /// The fuzz seeds with long recall ids are recall commands, one of them too big to build
  /// again within APNs' limit, so the rule-json target reaches both outcomes.
  func testFuzzRecallSeedsAreRecallCommands() throws {
    let folder = TestPaths.packageRoot + "/Fuzz/Seeds/rule-json/"
    var tooBig = 0
    for name in [
      "recall-long-id.json", "recall-long-id-minimal.json", "recall-long-escaped-id.json",
    ] {
      let payload = try XCTUnwrap(FileManager.default.contents(atPath: folder + name), name)
      let command = try XCTUnwrap(RecallCommand(payload: payload), name)
      XCTAssertGreaterThan(command.recalledMessageId.count, 300, name)
      do {
        _ = try Self.recall(of: command.recalledMessageId).jsonString()
      } catch is PayloadTooLargeError {
        tooBig += 1
      }
    }
    XCTAssertEqual(tooBig, 1)
  }

  // MARK: - Malformed corpus

  func testMalformedCorpusPassesThrough() throws {
    let directory = Self.fixturesDirectory()
    let files = try FileManager.default.contentsOfDirectory(
      at: directory,
      includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "json" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    XCTAssertGreaterThanOrEqual(files.count, 15, "corpus at \(directory.path)")

    let candidates = [
      Self.exampleRecalledId, Self.exampleCommandId, "", "12345", "1", "null", "\u{FFFD}",
      "{rc-dlt-identifier: \(Self.exampleRecalledId)}",
    ]
    var delivered = try candidates.enumerated().map {
      try Self.delivered("n\($0.offset)", messageId: $0.element)
    }
    delivered.append(DeliveredNotification(identifier: "garbage", userInfo: Data("}{".utf8)))

    let readme = try String(
      contentsOf: directory.appendingPathComponent("README.md"),
      encoding: .utf8
    )
    for file in files {
      let name = file.lastPathComponent
      XCTAssertTrue(readme.contains("`\(name)`"), "\(name) is not described in README.md")
      let payload = try Data(contentsOf: file)
      XCTAssertNil(RecallCommand(payload: payload), name)
      XCTAssertEqual(RecallAction(payload: payload, delivered: delivered), .passThrough, name)
    }
  }

  // MARK: - Property test

  /// Strings for ids: mostly ASCII, with JSON metacharacters, combining marks and emoji.
  static let idAlphabet: [String] = [
    "a", "b", "A", "B", "0", "9", "-", "_", "\"", "\\", "/", "{", "}", ":", ",", " ",
    "\n", "\u{0}", "\u{1F}", "\u{E9}", "e", "\u{301}", "中", "😀", "\u{200D}", "\u{FEFF}",
  ]

  fileprivate static func randomId(_ rng: inout SplitMix64) -> String {
    let length = 1 + rng.below(12)
    return (0..<length).map { _ in rng.pick(idAlphabet) ?? "a" }.joined()
  }

  /// A delivered notification that must never match, whatever the id.
  fileprivate static func malformedUserInfo(_ rng: inout SplitMix64, id: String) throws -> Data {
    let escaped = String(decoding: try JSONEncoder().encode([id]), as: UTF8.self)
    let variants: [String] = [
      "",
      "}{",
      "[\(escaped)]",
      "{\"rc\":\(escaped)}",
      "{\"rc\":{\"id\":12345}}",
      "{\"rc\":{\"id\":null}}",
      "{\"rc\":{\"ID\":\(escaped.dropFirst().dropLast())}}",
      "{\"id\":\(escaped.dropFirst().dropLast())}",
      "{\"rc\":{\"id\":\(escaped)}}",
      "{\"rc\":{\"id\":\(escaped.dropFirst().dropLast())",
    ]
    return Data((rng.pick(variants) ?? "").utf8)
  }

  func testRemovalSetIsExactlyTheMatchingNotifications() throws {
    let baseSeed = SplitMix64.seed(default: 0x5EED_2024_0006)
    for iteration in 0..<300 {
      let seed = baseSeed &+ UInt64(iteration)
      var rng = SplitMix64(seed: seed)
      let id = Self.randomId(&rng)
      var near = [id + "a", "a" + id, String(id.dropLast()), id.uppercased(), id.lowercased()]
      near.append(id.precomposedStringWithCanonicalMapping)
      near.append(id.decomposedStringWithCanonicalMapping)
      var delivered: [DeliveredNotification] = []
      var expected = Set<String>()
      for index in 0..<rng.below(25) {
        let identifier = "n\(index)"
        switch rng.below(4) {
        case 0:
          delivered.append(try Self.delivered(identifier, messageId: id))
          expected.insert(identifier)
        case 1:
          let other = rng.pick(near) ?? id
          delivered.append(try Self.delivered(identifier, messageId: other))
          if other.unicodeScalars.elementsEqual(id.unicodeScalars) {
            expected.insert(identifier)
          }
        case 2:
          let other = Self.randomId(&rng)
          delivered.append(try Self.delivered(identifier, messageId: other))
          if other.unicodeScalars.elementsEqual(id.unicodeScalars) {
            expected.insert(identifier)
          }
        default:
          let userInfo = try Self.malformedUserInfo(&rng, id: id)
          delivered.append(DeliveredNotification(identifier: identifier, userInfo: userInfo))
        }
      }
      delivered.shuffle(using: &rng)
      let payload = Data(try Self.recall(of: id).jsonString().utf8)
      let action = RecallAction(payload: payload, delivered: delivered)
      guard case .remove(let recalled, let removed) = action else {
        XCTFail("seed \(seed): recall of \(id.debugDescription) not recognized")
        return
      }
      XCTAssertTrue(
        recalled.unicodeScalars.elementsEqual(id.unicodeScalars),
        "seed \(seed): recalled \(recalled.debugDescription) != \(id.debugDescription)"
      )
      if removed != expected {
        XCTFail(
          "seed \(seed) (replay with DNDKIT_SEED=\(baseSeed)): id \(id.debugDescription) "
            + "removed \(removed.sorted()) expected \(expected.sorted())"
        )
        return
      }
    }
  }

  // MARK: - Who gets the recall

  func testRecallDecisionForEveryPushDecision() {
    XCTAssertEqual(RecallDecision(originalDecision: .deliver), .sendRecall)
    for reason in SuppressionReason.allCases {
      for until in [nil, 0, -1, 1_700_000_000_000, Int64.min, Int64.max] as [Int64?] {
        XCTAssertEqual(
          RecallDecision(originalDecision: .suppress(reason, until: until)),
          .noRecallNeeded(reason),
          "\(reason) until \(String(describing: until))"
        )
      }
    }
    XCTAssertEqual(SuppressionReason.allCases.count, 7)
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import OfflinePush
import PushRecall
import PushRecallReader
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

  func testOrdinaryPushIsNotARecall() throws {
    let push = Data(try Self.message(id: Self.exampleRecalledId).jsonString().utf8)
    XCTAssertThrowsError(try RecallCommand(payload: push))
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

      let command = try RecallCommand(payload: Data(text.utf8))
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
          XCTAssertEqual(($0 as? RecallPayloadError)?.code, .payloadTooLarge)
          XCTAssertEqual(($0 as? RecallPayloadError)?.keyPath, "")
          XCTAssertEqual(
            "\($0)",
            "the \(name) payload is \(size) bytes; APNs refuses a regular notification payload "
              + "over 4096 bytes")
        }
      }
      // 1,100 emoji are 1,100 characters but 4,400 bytes.
      XCTAssertThrowsError(try build(String(repeating: "😀", count: 1_100))(), name) {
        XCTAssertEqual(($0 as? RecallPayloadError)?.code, .payloadTooLarge)
        XCTAssertTrue(
          "\($0)".hasPrefix("the \(name) payload is \(overhead + 4_400) bytes;"), "\($0)")
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
      let command = try RecallCommand(payload: payload)
      XCTAssertGreaterThan(command.recalledMessageId.count, 300, name)
      do {
        _ = try Self.recall(of: command.recalledMessageId).jsonString()
      } catch let error as RecallPayloadError where error.code == .payloadTooLarge {
        tooBig += 1
      }
    }
    XCTAssertEqual(tooBig, 1)
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

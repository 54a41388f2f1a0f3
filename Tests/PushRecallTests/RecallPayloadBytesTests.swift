import DNDKitTesting
import DNDKitTestingXCTest
import Foundation
import PushRecall
import PushRecallReader
import XCTest

/// The payloads' bytes against `JSONEncoder`'s (keys sorted, `/` unescaped) over the same
/// payloads: the `Encodable` layout the builders once encoded through, kept here as the
/// reference. Both parse to the same object, and the bytes are the same.
final class RecallPayloadBytesTests: XCTestCase {
  struct Alert: Encodable { var body: String }

  struct APS: Encodable {
    var alert: Alert
    var badge: Int?
    var category: String?
    var mutableContent: Int?
    var sound: String?

    enum CodingKeys: String, CodingKey {
      case alert, badge, category, sound
      case mutableContent = "mutable-content"
    }
  }

  struct RC: Encodable {
    var cType: String
    var fId: String
    var tId: String
    var id: String
    var oName: String
    var sourceType: Int

    init(_ info: RCMessageInfo) {
      cType = info.conversationType
      fId = info.senderId
      tId = info.targetId
      id = info.messageId
      oName = info.objectName
      sourceType = info.sourceType
    }
  }

  struct Message: Encodable {
    var aps: APS
    var rc: RC
  }

  struct AppData: Encodable {
    var identifier: String
    enum CodingKeys: String, CodingKey { case identifier = "rc-dlt-identifier" }
  }

  struct Recall: Encodable {
    var appData: String
    var aps: APS
    var rc: RC
    var richMediaUri: String
  }

  static func encode<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func reference(_ payload: MessagePushPayload) throws -> String {
    try encode(
      Message(
        aps: APS(
          alert: Alert(body: payload.alertBody), badge: payload.badge, category: nil,
          mutableContent: payload.mutableContent ? 1 : nil, sound: payload.sound),
        rc: RC(payload.message)))
  }

  static func reference(_ payload: RecallCommandPayload) throws -> String {
    try encode(
      Recall(
        appData: try encode(AppData(identifier: payload.recalledMessageId)),
        aps: APS(
          alert: Alert(body: payload.alertBody), badge: payload.badge,
          category: RecallCommand.category, mutableContent: 1, sound: payload.sound),
        rc: RC(payload.command), richMediaUri: ""))
  }

  /// Characters a string field may hold: plain text, the ones JSON escapes (every control
  /// character, `"`, `\`), `/`, DEL, and Unicode of one to four UTF-8 bytes, U+2028 and a BOM.
  static let characters: [Character] =
    Array("aZ09 -_.:/\"\\\u{7F}é中\u{2028}\u{FEFF}😀")
    + (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }

  static func text(_ rng: inout SplitMix64) -> String {
    String(
      (0..<Int(rng.next() % 13)).map { _ in characters[Int(rng.next() % UInt64(characters.count))] }
    )
  }

  static func integer(_ rng: inout SplitMix64) -> Int {
    [0, 1, -1, Int.max, Int.min, Int(truncatingIfNeeded: rng.next()), Int(rng.next() % 100)][
      Int(rng.next() % 7)]
  }

  static func info(_ rng: inout SplitMix64) -> RCMessageInfo {
    RCMessageInfo(
      conversationType: text(&rng), senderId: text(&rng), targetId: text(&rng),
      messageId: text(&rng), objectName: text(&rng), sourceType: integer(&rng))
  }

  /// Both parse to the same object (`appData`'s text too), and the bytes are the same.
  func check(_ built: String, _ reference: String, seed: UInt64) throws {
    let parsed = try JSONSerialization.jsonObject(with: Data(built.utf8)) as? NSDictionary
    let expected = try JSONSerialization.jsonObject(with: Data(reference.utf8)) as? NSDictionary
    XCTAssertNotNil(parsed, "seed \(seed): \(built)")
    XCTAssertEqual(parsed, expected, "seed \(seed)")
    if let appData = parsed?["appData"] as? String,
      let expectedAppData = expected?["appData"] as? String
    {
      XCTAssertEqual(
        try JSONSerialization.jsonObject(with: Data(appData.utf8)) as? NSDictionary,
        try JSONSerialization.jsonObject(with: Data(expectedAppData.utf8)) as? NSDictionary,
        "seed \(seed)")
    }
    XCTAssertEqual(Array(built.utf8), Array(reference.utf8), "seed \(seed)")
  }

  func testPayloadsAreJSONEncodersBytes() throws {
    let baseSeed = SplitMix64.seed(default: 0x5EED_2026_1204)
    var withEscapes = 0
    for iteration in 0..<2_000 {
      let seed = baseSeed &+ UInt64(iteration)
      var rng = SplitMix64(seed: seed)
      let badge: Int? = rng.next() % 3 == 0 ? nil : Self.integer(&rng)
      let sound: String? = rng.next() % 3 == 0 ? nil : Self.text(&rng)
      let message = MessagePushPayload(
        alertBody: Self.text(&rng), badge: badge, sound: sound,
        mutableContent: rng.next() % 2 == 0, message: Self.info(&rng))
      let built = try message.jsonString()
      try check(built, try Self.reference(message), seed: seed)
      let recall = RecallCommandPayload(
        recalledMessageId: Self.text(&rng), command: Self.info(&rng), alertBody: Self.text(&rng),
        badge: badge, sound: sound)
      let recallBuilt = try recall.jsonString()
      try check(recallBuilt, try Self.reference(recall), seed: seed)
      if recallBuilt.contains("\\u00") { withEscapes += 1 }
    }
    // The strings did reach the escapes (so the comparison covered them).
    XCTAssertGreaterThan(withEscapes, 100)
  }
}

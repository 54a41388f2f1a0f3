import BatchEvaluation
import Foundation
import OfflinePush
import StrictJSON
import XCTest

/// `PushDecision`'s `Codable` form is the object `dnd eval` writes for a push query with
/// preferences, a conversation setting or a message: `JSONEncoder` (keys sorted) writes the
/// eval writer's bytes without the space after each `:` and `,`, and both forms of the eval's
/// answer (with and without `breakthrough`) decode to the decision.
final class PushDecisionWireTests: XCTestCase {
  /// Every decision shape: each breakthrough, each reason with no `until`, and each reason
  /// that may carry one with instants at the ends of the supported years and around zero.
  static var decisions: [PushDecision] {
    let untils: [Int64] = [-377_705_116_800, -1, 0, 1_767_254_400, 253_402_300_799]
    let withUntil: [SuppressionReason] = [.doNotDisturb, .conversationMuted, .notMentioned]
    return [.deliver] + Breakthrough.allCases.map(PushDecision.breakthrough)
      + SuppressionReason.allCases.map { .suppress($0, until: nil) }
      + withUntil.flatMap { reason in untils.map { .suppress(reason, until: $0) } }
  }

  /// The eval writer's line for an answer, newline dropped.
  func evalLine(_ answer: EvalAnswer) -> [UInt8] {
    var out = JSONWriter()
    answer.write(to: &out)
    XCTAssertEqual(out.bytes.last, UInt8(ascii: "\n"))
    return Array(out.bytes.dropLast())
  }

  /// The bytes without the space the eval writer puts after each `:` and `,` (no wire name
  /// holds a space, so no string is touched).
  func compact(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    for byte in bytes {
      if byte == UInt8(ascii: " "), let last = result.last,
        last == UInt8(ascii: ":") || last == UInt8(ascii: ",")
      {
        continue
      }
      result.append(byte)
    }
    return result
  }

  func testJSONEncoderWritesTheEvalWritersBytes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var spaced = 0
    for decision in Self.decisions {
      let line = evalLine(.policyPush(decision))
      spaced += line.filter { $0 == UInt8(ascii: " ") }.count
      let encoded = [UInt8](try encoder.encode(decision))
      XCTAssertEqual(
        String(decoding: encoded, as: UTF8.self),
        String(decoding: compact(line), as: UTF8.self), "\(decision)")
    }
    // The comparison removed spaces (so it compared the same text, not two empty strings).
    XCTAssertEqual(spaced, 7 * Self.decisions.count)
  }

  /// The one writer of a decision's object, without the eval line's spaces, writes
  /// `JSONEncoder`'s bytes (keys sorted); unsorted, `encode(to:)` writes the same keys.
  func testTheDecisionsWriterWritesJSONEncodersBytes() throws {
    let sorted = JSONEncoder()
    sorted.outputFormatting = [.sortedKeys]
    for decision in Self.decisions {
      var writer = JSONWriter()
      decision.write(to: &writer)
      XCTAssertEqual(
        String(decoding: writer.bytes, as: UTF8.self),
        String(decoding: try sorted.encode(decision), as: UTF8.self), "\(decision)")
      let written = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any]
      let encoded =
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(decision)) as? [String: Any]
      XCTAssertEqual(written.map { Set($0.keys) }, encoded.map { Set($0.keys) }, "\(decision)")
      XCTAssertEqual(written?.count, 4)
    }
  }

  func testTheWireFormRoundTripsAndBothEvalFormsDecode() throws {
    let decoder = JSONDecoder()
    for decision in Self.decisions {
      let encoded = try JSONEncoder().encode(decision)
      XCTAssertEqual(try decoder.decode(PushDecision.self, from: encoded), decision)
      let policyLine = Data(evalLine(.policyPush(decision)))
      XCTAssertEqual(try decoder.decode(PushDecision.self, from: policyLine), decision)
      // A push query without the policy values answers without `breakthrough`: it reads as
      // null, and a plain answer never has a breakthrough.
      if decision.breakthrough == nil {
        let plainLine = Data(evalLine(.push(decision)))
        XCTAssertFalse(String(decoding: plainLine, as: UTF8.self).contains("breakthrough"))
        XCTAssertEqual(try decoder.decode(PushDecision.self, from: plainLine), decision)
      }
    }
  }

  func testCombinationsNoDecisionHasAreRefusedAtTheirKey() throws {
    let refused: [(json: String, key: String)] = [
      (#"{"deliver": true, "reason": "doNotDisturb", "until": null}"#, "reason"),
      (#"{"deliver": true, "reason": null, "until": 5}"#, "until"),
      (#"{"deliver": false, "reason": null, "until": null}"#, "reason"),
      (#"{"deliver": false, "reason": "platformRule", "until": 5}"#, "until"),
      (#"{"deliver": false, "reason": "doNotDisturb", "breakthrough": "urgent"}"#, "breakthrough"),
      (#"{"deliver": false, "reason": "asleep"}"#, "reason"),
      (#"{"deliver": true, "breakthrough": "Mention"}"#, "breakthrough"),
    ]
    for (json, key) in refused {
      XCTAssertThrowsError(try JSONDecoder().decode(PushDecision.self, from: Data(json.utf8))) {
        guard case DecodingError.dataCorrupted(let context) = $0 else {
          return XCTFail("\(json): \($0)")
        }
        XCTAssertEqual(context.codingPath.map(\.stringValue), [key], json)
      }
    }
    XCTAssertThrowsError(
      try JSONDecoder().decode(PushDecision.self, from: Data(#"{"reason": null}"#.utf8)))
  }
}

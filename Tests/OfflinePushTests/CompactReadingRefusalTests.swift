import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import OfflinePush
import XCTest

/// The compact reading of a push rule hands every document it cannot read whole to the general
/// reader: a DND rule it fails to read is never taken as no DND rule. Outcomes are compared as
/// values (the rule, or the error's codes and key paths), never as texts.
final class CompactReadingRefusalTests: XCTestCase {
  /// The rule, or the codes and key paths of the error.
  enum Outcome: Equatable, CustomStringConvertible {
    case rule(OfflinePushRule)
    case refused([String])

    var description: String {
      switch self {
      case .rule(let rule): return "rule \(rule)"
      case .refused(let errors): return "refused \(errors)"
      }
    }
  }

  static func outcome(_ bytes: [UInt8]) -> Outcome {
    do throws(RuleError) {
      return .rule(try OfflinePushRule(jsonBytes: bytes))
    } catch {
      return .refused(error.errors.map { "\($0.code) \($0.keyPath)" })
    }
  }

  static func generalOutcome(_ bytes: [UInt8]) -> Outcome {
    bytes.withUnsafeBufferPointer { buffer in
      var rule = OfflinePushRule()
      do throws(RuleError) {
        try rule.readDocumentInGeneral(buffer)
        return .rule(rule)
      } catch {
        return .refused(error.errors.map { "\($0.code) \($0.keyPath)" })
      }
    }
  }

  /// Whether the compact reading took a document.
  static func compactTakes(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var rule = OfflinePushRule()
      return rule.readCompactDocument(buffer)
    }
  }

  static let head =
    #"{"onlinePlatforms":[],"notToReceiveOfflinePushPlatforms":[],"offlinePushEnabled":true,"#
    + #""messageOfflinePushEnabled":true,"callOfflinePushEnabled":true,"doNotDisturbRule":"#

  /// The DND rule's value missing, or an object the compact reading stops inside, at the end of
  /// a document whose outer `}` is there or missing: never a rule, and invalid JSON where the
  /// general reader says so.
  func testADNDRuleTheCompactReadingFailsIsNeverNoRule() {
    let full =
      #"{"enabled":true,"startHour":22,"startMinute":0,"endHour":8,"endMinute":0,"#
      + #""repeatMode":1,"customRepeatDays":0,"onceEndTimestamp":0,"timeZoneID":"UTC"}"#
    // Refused outright: each of these ends without closing the document.
    for dnd in [
      "", "}", #"{"enabled":true}"#, "{}", #"{"enabled":true,"startHour":22}"#,
      #"{"enabled":true,"startHour":}"#, #"{"enabled":}"#, full,
    ] {
      let document = Array((Self.head + dnd).utf8)
      let label = Self.head + dnd
      XCTAssertFalse(Self.compactTakes(document), label)
      guard case .refused(let errors) = Self.outcome(document) else {
        XCTFail("read: \(label) as \(Self.outcome(document))")
        continue
      }
      XCTAssertEqual(errors.first?.hasPrefix("invalidJSON"), true, "\(label): \(errors)")
      XCTAssertEqual(Self.outcome(document), Self.generalOutcome(document), label)
    }
    // With the outer `}`: the general reader's answer, never the compact reading's.
    for dnd in ["", #"{"enabled":true}"#, "{}", #"{"enabled":true,"startHour":22}"#] {
      let document = Array((Self.head + dnd + "}").utf8)
      let label = Self.head + dnd + "}"
      XCTAssertFalse(Self.compactTakes(document), label)
      XCTAssertEqual(Self.outcome(document), Self.generalOutcome(document), label)
      if dnd.isEmpty {
        XCTAssertEqual(
          Self.outcome(document), .refused(["invalidJSON "]), "\(label): the value is missing")
      } else {
        // A partial DND rule takes the defaults for what it leaves out.
        guard case .rule(let rule) = Self.outcome(document) else {
          XCTFail("refused: \(label)")
          continue
        }
        XCTAssertNotNil(rule.doNotDisturbRule, label)
      }
    }
    // The whole compact document is read by the compact reading, with its DND rule.
    let whole = Array((Self.head + full + "}").utf8)
    XCTAssertTrue(Self.compactTakes(whole))
    guard case .rule(let rule) = Self.outcome(whole) else { return XCTFail("refused: whole") }
    XCTAssertEqual(rule.doNotDisturbRule?.startHour, 22)
  }

  /// Seeded documents from `WireDocuments` (half of the push rules compact, the hostile
  /// ones with values removed and cuts right after an inner `}`): the public decoder, which
  /// tries the compact reading first, gives exactly what the general reader alone gives.
  func testGeneratedDocumentsReadAsTheGeneralReaderReadsThem() {
    let seed = SplitMix64.seed(default: 0xC0_7AC7_0FF)
    var rng = SplitMix64(seed: seed)
    var compact = 0
    var refused = 0
    var mismatches = 0
    let count = 20_000
    for index in 0..<count {
      let bytes = WireDocuments.document(using: &rng)
      if Self.compactTakes(bytes) { compact += 1 }
      let outcome = Self.outcome(bytes)
      if case .refused = outcome { refused += 1 }
      let general = Self.generalOutcome(bytes)
      if outcome != general {
        mismatches += 1
        if mismatches <= 5 {
          XCTFail(
            "[seed \(seed), document \(index)] \(String(decoding: bytes, as: UTF8.self)): "
              + "\(outcome), general reader \(general)")
        }
      }
    }
    print(
      "compact reading refusal [seed \(seed)]: \(count) documents, \(compact) taken by the "
        + "compact reading, \(refused) refused, \(mismatches) read differently")
    XCTAssertEqual(mismatches, 0, "[seed \(seed)]")
    // The compact reading was reached, and both outcomes were common.
    XCTAssertGreaterThan(compact, count / 100, "[seed \(seed)]")
    XCTAssertGreaterThan(refused, count / 10, "[seed \(seed)]")
    XCTAssertLessThan(refused, count * 9 / 10, "[seed \(seed)]")
  }
}

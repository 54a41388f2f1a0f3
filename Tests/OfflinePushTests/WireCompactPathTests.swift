import DNDKitTesting
import DNDSchedule
import Foundation
import OfflinePush
import XCTest

/// The compact reading of a rule document (every key in the wire's field order, no
/// whitespace, each value in its plainest form, read by a straight run of comparisons)
/// against the general reader it hands every other document to.
final class WireCompactPathTests: XCTestCase {
  /// What a document reads to: the rule or the error's text.
  func outcome(_ bytes: [UInt8], general: Bool) -> String {
    if general {
      return bytes.withUnsafeBufferPointer { buffer in
        var rule = OfflinePushRule()
        do throws(RuleError) {
          try rule.readDocumentInGeneral(buffer)
          return "\(rule)"
        } catch {
          return "error: \(error)"
        }
      }
    }
    do throws(RuleError) {
      return "\(try OfflinePushRule(jsonBytes: bytes))"
    } catch {
      return "error: \(error)"
    }
  }

  /// Whether the compact reading takes a document, and what it read then.
  func compact(_ bytes: [UInt8]) -> OfflinePushRule? {
    bytes.withUnsafeBufferPointer { buffer in
      var rule = OfflinePushRule()
      return rule.readCompactDocument(buffer) ? rule : nil
    }
  }

  /// A rule as the wire's writers write it: compact, keys in the field order. Written here
  /// from the field names, not by the library's writer (which sorts its keys).
  func compactDocument(
    online: [String], silenced: [String], switches: [String], rule: [String]?
  ) -> String {
    var text = #"{"onlinePlatforms":["# + online.joined(separator: ",") + "]"
    text += #","notToReceiveOfflinePushPlatforms":["# + silenced.joined(separator: ",") + "]"
    for (key, value) in zip(
      ["offlinePushEnabled", "messageOfflinePushEnabled", "callOfflinePushEnabled"], switches)
    {
      text += #",""# + key + #"":"# + value
    }
    if let rule {
      let keys = [
        "enabled", "startHour", "startMinute", "endHour", "endMinute", "repeatMode",
        "customRepeatDays", "onceEndTimestamp", "timeZoneID",
      ]
      text +=
        #","doNotDisturbRule":{"#
        + zip(keys, rule).map { #"""# + $0 + #"":"# + $1 }.joined(separator: ",") + "}"
    }
    return text + "}"
  }

  /// Seeded documents in the compact form, then each changed at random (a value replaced by
  /// another JSON value or near-value, a space, a byte dropped, the document cut, members
  /// swapped, a key repeated, bytes after it): the public decoder (the compact reading, then
  /// the general reader for what it does not take) and the general reader alone give the same
  /// rule or the same error. The unchanged documents must all take the compact reading, and
  /// give the rule they were written from.
  func testCompactReadingAgreesWithTheGeneralReader() throws {
    let seed = SplitMix64.seed(default: 0xC0_4AC7_D0C5)
    var rng = SplitMix64(seed: seed)
    let zones = [
      "Asia/Shanghai", "America/Los_Angeles", "UTC", "", "America/Argentina/ComodRivadavia",
      "Europe/Z\u{FC}rich", #"Asia\/Tokyo"#, #"Asia\u002FTokyo"#, "Etc/GMT+5",
    ]
    let oddValues = [
      "null", "true", "false", "0", "-0", "01", "1.0", "2e1", "-7", "999999999999999999",
      "9999999999999999999", "1e400", "\"x\"", "\"\"", "[]", "[1,2,3,4,5]", "[1,2,3,4]",
      "[ 1]", "{}", "{\"a\":1}", "tru", "nul", "\"\\u00e9\"", "\"\\ud800\"", " 5", "5 ",
    ]
    var compactTaken = 0
    var compared = 0
    for round in 0..<6_000 {
      func integer() -> String {
        String(
          Int.random(in: -2...2_000_000_000, using: &rng)
            % [24, 60, 128, 4_000_000_000][
              Int.random(in: 0..<4, using: &rng)])
      }
      func boolean() -> String { Bool.random(using: &rng) ? "true" : "false" }
      func platforms() -> [String] {
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in
          String([1, 2, 3, 4, 5, 6, 7, 9, 10, 32, 0, 99].randomElement(using: &rng)!)
        }
      }
      let zone = zones[Int.random(in: 0..<(round % 3 == 0 ? zones.count : 3), using: &rng)]
      let rule: [String]? =
        Int.random(in: 0..<5, using: &rng) == 0
        ? nil
        : [boolean()] + (0..<7).map { _ in integer() } + ["\"\(zone)\""]
      let document = compactDocument(
        online: platforms(), silenced: platforms(), switches: [boolean(), boolean(), boolean()],
        rule: rule)
      let bytes = Array(document.utf8)

      // Unchanged: the compact reading takes it when every value is in its plainest form,
      // and reads what was written.
      let plainZone = zone.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\\") }
      if let read = compact(bytes) {
        compactTaken += 1
        XCTAssertEqual(try OfflinePushRule(jsonBytes: bytes), read, "[seed \(seed)] \(document)")
      } else {
        XCTAssertFalse(plainZone || rule == nil, "[seed \(seed)] not taken: \(document)")
      }
      XCTAssertEqual(
        outcome(bytes, general: false), outcome(bytes, general: true),
        "[seed \(seed)] \(document)")

      // Changed.
      var changed = bytes
      switch Int.random(in: 0..<7, using: &rng) {
      case 0:  // a value replaced (after a colon, up to the next comma or brace)
        let colons = changed.indices.filter { changed[$0] == UInt8(ascii: ":") }
        let start = colons.randomElement(using: &rng)! + 1
        var end = start
        while end < changed.count, ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(changed[end]) {
          end += 1
        }
        changed.replaceSubrange(
          start..<end, with: Array(oddValues.randomElement(using: &rng)!.utf8))
      case 1:  // whitespace somewhere
        changed.insert(
          [0x20, 0x0A, 0x09].randomElement(using: &rng)!,
          at: Int.random(in: 0...changed.count, using: &rng))
      case 2:  // a byte dropped
        changed.remove(at: Int.random(in: 0..<changed.count, using: &rng))
      case 3:  // cut short
        changed.removeLast(Int.random(in: 1...changed.count, using: &rng))
      case 4:  // the two lists swapped: keys out of order
        let text = document.replacingFirst(#""onlinePlatforms""#, with: "\u{1}")
          .replacingFirst(#""notToReceiveOfflinePushPlatforms""#, with: #""onlinePlatforms""#)
          .replacingFirst("\u{1}", with: #""notToReceiveOfflinePushPlatforms""#)
        changed = Array(text.utf8)
      case 5:  // a key again, or one the rule does not know
        let extra = [
          #","offlinePushEnabled":true"#, #","unknown":[1,{"a":null}]"#, #","enabled":true"#,
          #","timeZoneID":"UTC""#,
        ].randomElement(using: &rng)!
        let braces = changed.indices.filter { changed[$0] == UInt8(ascii: "}") }
        changed.insert(contentsOf: Array(extra.utf8), at: braces.randomElement(using: &rng)!)
      default:  // bytes after the document
        changed += Array([" ", "\n", "x", "{}", " 1"].randomElement(using: &rng)!.utf8)
      }
      if let read = compact(changed) {
        compactTaken += 1
        XCTAssertEqual(
          "\(read)", outcome(changed, general: true),
          "[seed \(seed)] \(String(decoding: changed, as: UTF8.self))")
      }
      XCTAssertEqual(
        outcome(changed, general: false), outcome(changed, general: true),
        "[seed \(seed)] \(String(decoding: changed, as: UTF8.self))")
      compared += 2
    }
    // Both paths were exercised.
    XCTAssertGreaterThan(compactTaken, 3_000, "[seed \(seed)]")
    XCTAssertLessThan(compactTaken, compared - 3_000, "[seed \(seed)]")
  }
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}

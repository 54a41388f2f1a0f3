import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import Foundation
import OfflinePush
import XCTest

/// The wire writer against `JSONEncoder` with `.sortedKeys` (the reference): byte for byte the
/// same document for any value, and the reader reads it back to an equal value.
final class WireWriterTests: XCTestCase {
  /// Text that every escape rule touches: quotes, backslashes, slashes, every control
  /// character, DEL, and text outside ASCII (which is written as it is).
  static func text(using rng: inout SplitMix64) -> String {
    var scalars: [Unicode.Scalar] = []
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      let value: UInt32
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: value = UInt32.random(in: 0..<0x20, using: &rng)
      case 1: value = [0x22, 0x5C, 0x2F, 0x7F, 0x2028, 0xFEFF].randomElement(using: &rng) ?? 0x22
      case 2: value = UInt32.random(in: 0x80...0xD7FF, using: &rng)
      case 3: value = UInt32.random(in: 0x10000...0x10FFFF, using: &rng)
      default: value = UInt32.random(in: 0x20..<0x7F, using: &rng)
      }
      scalars.append(Unicode.Scalar(value) ?? "x")
    }
    return String(String.UnicodeScalarView(scalars))
  }

  static func integer(using rng: inout SplitMix64) -> Int {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return [Int.min, Int.max, 0, -1, 9, 10, 99, 100].randomElement(using: &rng) ?? 0
    case 1: return Int.random(in: Int.min...Int.max, using: &rng)
    default: return Int.random(in: -100...100_000, using: &rng)
    }
  }

  static func dndRule(using rng: inout SplitMix64) -> DoNotDisturbRule {
    DoNotDisturbRule(
      enabled: Bool.random(using: &rng), startHour: integer(using: &rng),
      startMinute: integer(using: &rng), endHour: integer(using: &rng),
      endMinute: integer(using: &rng), repeatMode: RepeatMode(rawValue: integer(using: &rng)),
      customRepeatDays: integer(using: &rng), onceEndTimestamp: Int64(integer(using: &rng)),
      timeZoneID: Bool.random(using: &rng) ? "Asia/Shanghai" : text(using: &rng))
  }

  func encoded<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Array(try encoder.encode(value))
  }

  func testWriterWritesWhatJSONEncoderWrites() throws {
    let seed = SplitMix64.seed(default: 0x3A1_7E5)
    var rng = SplitMix64(seed: seed)
    var cases = 0
    for _ in 0..<2_000 {
      let dnd = Self.dndRule(using: &rng)
      let platforms = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
        Platform(rawValue: Self.integer(using: &rng))
      }
      let rule = OfflinePushRule(
        onlinePlatforms: platforms, notToReceiveOfflinePushPlatforms: platforms.reversed(),
        offlinePushEnabled: Bool.random(using: &rng),
        messageOfflinePushEnabled: Bool.random(using: &rng),
        callOfflinePushEnabled: Bool.random(using: &rng),
        doNotDisturbRule: Bool.random(using: &rng) ? dnd : nil)
      let weekly = WeeklyScheduleRule(
        timeZoneID: Self.text(using: &rng),
        polarity: SchedulePolarity(rawValue: Self.text(using: &rng)),
        windows: (0..<Int.random(in: 0...3, using: &rng)).map { _ in
          .init(
            weekdays: (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.integer(using: &rng)
            },
            start: Self.text(using: &rng), end: Self.text(using: &rng))
        },
        snooze: Bool.random(using: &rng)
          ? .init(
            from: Int64(Self.integer(using: &rng)), until: Int64(Self.integer(using: &rng)))
          : nil)
      XCTAssertEqual(rule.jsonBytes(), try encoded(rule), "[seed \(seed)] \(rule)")
      XCTAssertEqual(dnd.jsonBytes(), try encoded(dnd), "[seed \(seed)] \(dnd)")
      XCTAssertEqual(weekly.jsonBytes(), try encoded(weekly), "[seed \(seed)] \(weekly)")
      XCTAssertEqual(try OfflinePushRule(jsonBytes: rule.jsonBytes()), rule, "[seed \(seed)]")
      XCTAssertEqual(try DoNotDisturbRule(jsonBytes: dnd.jsonBytes()), dnd, "[seed \(seed)]")
      XCTAssertEqual(
        try WeeklyScheduleRule(jsonBytes: weekly.jsonBytes()), weekly, "[seed \(seed)]")
      cases += 3
    }
    print("wire writer [seed \(seed)]: \(cases) values written as JSONEncoder writes them")
  }
}

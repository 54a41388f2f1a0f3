import DNDSchedule
import XCTest
import ZoneInfo

/// The weekly schedule's walks by marks go on through as many gaps as a crafted zone puts in
/// their way: a window swallowed by a clock gap four Mondays running is next quiet on the
/// fifth, and with send polarity the quiet block runs back across all four.
final class WeeklyGapWalkTests: XCTestCase {
  /// A TZif version 2 file with two types, UTC (0) and +02:00 (1), a transition to each in
  /// turn, and a footer that stays on UTC.
  static func tzif(transitions: [Int64]) -> [UInt8] {
    func u32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    func header(timecnt: Int, typecnt: Int, charcnt: Int) -> [UInt8] {
      Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + u32(0) + u32(0) + u32(0)
        + u32(UInt32(timecnt)) + u32(UInt32(typecnt)) + u32(UInt32(charcnt))
    }
    var bytes =
      header(timecnt: 0, typecnt: 1, charcnt: 4) + u32(0) + [0, 0] + Array("UTC\0".utf8)
    bytes += header(timecnt: transitions.count, typecnt: 2, charcnt: 8)
    for t in transitions { bytes += withUnsafeBytes(of: t.bigEndian, Array.init) }
    bytes += transitions.indices.map { UInt8(($0 + 1) % 2) }
    bytes += u32(0) + [0, 0] + u32(7_200) + [1, 4] + Array("UTC\0TWO\0".utf8)
    return bytes + Array("\nUTC0\n".utf8)
  }

  /// Four weeks from Monday 2026-01-05: each Monday at 01:30 UTC the clock jumps two hours
  /// (01:30 to 03:30), and each Wednesday at 12:00 UTC it goes back. A window Monday
  /// 02:00–03:00 lies in the gap each of those Mondays, so from any instant of those weeks the
  /// next quiet minute starts Monday 2026-02-02 02:00 UTC, five flips of the walk away.
  func testAWindowSwallowedByGapsFourWeeksRunningIsFoundOnTheFifth() throws {
    let monday: Int64 = 1_767_571_200  // 2026-01-05T00:00:00Z
    let week: Int64 = 604_800
    var transitions: [Int64] = []
    for k: Int64 in 0..<4 {
      let start = monday + k * week
      transitions += [start + 5_400, start + 2 * 86_400 + 43_200]
    }
    let zone = try Zone(identifier: "Test/Gaps", tzif: Self.tzif(transitions: transitions))
    let rule = WeeklyScheduleRule(
      timeZoneID: "Test/Gaps", windows: [.init(weekdays: [1], start: "02:00", end: "03:00")])
    let schedule = try WeeklySchedule(rule: rule, zone: zone)
    let fifth = monday + 4 * week + 7_200  // 2026-02-02T02:00:00Z
    // The gap's first instant reads 03:30.
    XCTAssertEqual(try zone.offset(at: monday + 5_400), 7_200)
    var asked = 0
    for t in stride(from: monday - 43_200, to: fifth, by: 7 * 3_600) {
      XCTAssertFalse(try schedule.contains(t), "\(t)")
      XCTAssertEqual(try schedule.nextChange(after: t), fifth, "\(t)")
      asked += 1
    }
    XCTAssertEqual(asked, 98)
    XCTAssertTrue(try schedule.contains(fifth))
    XCTAssertEqual(try schedule.nextChange(after: fifth), fifth + 3_600)

    // Sending only in that window: one quiet block from the last window before the gaps
    // (Monday 2025-12-29 03:00 UTC) to the fifth Monday's, found walking back through the
    // four gaps.
    var send = rule
    send.polarity = .send
    let sending = try WeeklySchedule(rule: send, zone: zone)
    let block = DoNotDisturbPeriod(start: monday - week + 10_800, end: fifth)
    for t in stride(from: monday - 43_200, to: fifth, by: 7 * 3_600) {
      XCTAssertEqual(try sending.blockContaining(t), block, "\(t)")
    }
  }
}

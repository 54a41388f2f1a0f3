import DNDTestSupport
import Foundation
import XCTest

/// The rule cache of `dnd eval` keeps no failure that depends on the file system: a zone that
/// was missing, however often its rule was asked for, and then appears is answered from, with
/// the cache and without. A zone once read is kept: its file removed, its rules still answer.
final class EvalZoneAppearsTests: XCTestCase {
  func testAZoneThatAppearsIsUsedByTheSameRuleText() throws {
    let line =
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "America/New_York"}, "at": 1773025200}"#
    for arguments in [["eval"], ["eval", "--no-cache"]] {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("dnd-zone-appears-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("America"), withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: root) }
      let dnd = try PipedDND(arguments, environment: ["TZDIR": root.path])
      // Three times: the cache stores a text the second time it sees it, and finds it the third.
      for time in 1...3 {
        dnd.send(line)
        let missing = try XCTUnwrap(dnd.reader.nextLine(timeout: 30), "\(arguments), time \(time)")
        XCTAssertTrue(
          missing.contains("\"invalidTimeZone\""), "\(arguments), time \(time): \(missing)")
      }
      try FileManager.default.copyItem(
        atPath: TestPaths.zoneinfo + "/America/New_York",
        toPath: root.appendingPathComponent("America/New_York").path)
      dnd.send(line)
      XCTAssertEqual(
        dnd.reader.nextLine(timeout: 30), "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}",
        "\(arguments)")
      XCTAssertEqual(try dnd.finish(), 0, "\(arguments)")
    }
  }

  func testAZoneOnceReadIsKeptAfterItsFileIsRemoved() throws {
    let line =
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "America/New_York"}, "at": 1773025200}"#
    let answer = "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}"
    for arguments in [["eval"], ["eval", "--no-cache"]] {
      let root = try scratchDirectory(prefix: "dnd-zone-removed")
      try FileManager.default.createDirectory(
        atPath: root + "/America", withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: TestPaths.zoneinfo + "/America/New_York", toPath: root + "/America/New_York")
      let dnd = try PipedDND(arguments, environment: ["TZDIR": root])
      for time in 1...5 {
        // Removed after the third answer: the zone read then keeps answering.
        if time == 4 { try FileManager.default.removeItem(atPath: root + "/America/New_York") }
        dnd.send(line)
        XCTAssertEqual(dnd.reader.nextLine(timeout: 30), answer, "\(arguments), time \(time)")
      }
      XCTAssertEqual(try dnd.finish(), 0, "\(arguments)")
    }
  }
}

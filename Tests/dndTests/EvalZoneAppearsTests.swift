import DNDTestSupport
import Foundation
import XCTest

/// The rule cache of `dnd eval` keeps no failure that depends on the file system: a zone that
/// was missing and then appears is answered from, with the cache and without.
final class EvalZoneAppearsTests: XCTestCase {
  func testAZoneThatAppearsIsUsedByTheSameRuleText() throws {
    let executable = try XCTUnwrap(DNDProcess.executable)
    let line =
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "America/New_York"}, "at": 1773025200}"#
    for arguments in [["eval"], ["eval", "--no-cache"]] {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("dnd-zone-appears-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("America"), withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: root) }
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.environment = ["TZDIR": root.path]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      defer {
        if process.isRunning { process.terminate() }
      }
      let reader = LineReader(output.fileHandleForReading)
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
      let missing = try XCTUnwrap(reader.nextLine(timeout: 30), "\(arguments)")
      XCTAssertTrue(missing.contains("\"invalidTimeZone\""), "\(arguments): \(missing)")
      try FileManager.default.copyItem(
        atPath: TestPaths.zoneinfo + "/America/New_York",
        toPath: root.appendingPathComponent("America/New_York").path)
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
      XCTAssertEqual(
        reader.nextLine(timeout: 30), "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}",
        "\(arguments)")
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0, "\(arguments)")
    }
  }
}

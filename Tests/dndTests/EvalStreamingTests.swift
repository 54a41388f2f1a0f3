import Foundation
import XCTest

/// `dnd eval` answers each line as soon as it is read, so a program can hold a conversation
/// with it through pipes.
final class EvalStreamingTests: XCTestCase {
  func testEachAnswerArrivesBeforeTheNextLineIsSent() throws {
    let executable = try XCTUnwrap(DNDProcess.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["eval"]
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
    let lines = [
      "{\"rule\": {\"enabled\": true, \"startHour\": 22, \"endHour\": 8, \"repeatMode\": 2, "
        + "\"timeZoneID\": \"America/New_York\"}, \"at\": 1773025200}",
      "not json",
      "{\"rule\": {}, \"at\": 0}",
    ]
    let expected = [
      "{\"inDoNotDisturb\": true, \"nextChange\": 1773057600}",
      "\"invalidJSON\"",
      "{\"inDoNotDisturb\": false, \"nextChange\": null}",
    ]
    for (line, answer) in zip(lines, expected) {
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
      let got = try XCTUnwrap(
        reader.nextLine(timeout: 20), "no answer to \(line) while stdin is open")
      XCTAssertTrue(got.contains(answer), got)
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }
}

/// Reads lines from a pipe on a background thread, with a timeout per line.
final class LineReader: @unchecked Sendable {
  private let handle: FileHandle
  private let lock = NSLock()
  private var buffer = Data()
  private let available = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    self.handle = handle
    let thread = Thread { [self] in
      while true {
        let chunk = self.handle.availableData
        self.lock.lock()
        self.buffer.append(chunk)
        self.lock.unlock()
        self.available.signal()
        if chunk.isEmpty { return }
      }
    }
    thread.start()
  }

  /// The next complete line, or nil if none arrives in time.
  func nextLine(timeout seconds: Double) -> String? {
    let deadline = DispatchTime.now() + seconds
    while true {
      lock.lock()
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = buffer[buffer.startIndex..<newline]
        buffer.removeSubrange(buffer.startIndex...newline)
        lock.unlock()
        return String(decoding: line, as: UTF8.self)
      }
      lock.unlock()
      if available.wait(timeout: deadline) == .timedOut { return nil }
    }
  }
}

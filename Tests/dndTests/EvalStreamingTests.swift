import Foundation
import XCTest

/// `dnd eval` answers each line as soon as it is read, so a program can hold a conversation
/// with it through pipes.
final class EvalStreamingTests: XCTestCase {
  func testEachAnswerArrivesBeforeTheNextLineIsSent() throws {
    let dnd = try PipedDND(["eval"])
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
      dnd.send(line)
      let got = try XCTUnwrap(
        dnd.reader.nextLine(timeout: 20), "no answer to \(line) while stdin is open")
      XCTAssertTrue(got.contains(answer), got)
    }
    XCTAssertEqual(try dnd.finish(), 0)
  }
}

/// `dnd` running with pipes on its standard input and output, for the tests that talk to it a
/// line at a time; terminated when it goes, if it still runs (a test that failed midway).
final class PipedDND {
  let process = Process()
  private let input = Pipe()
  /// Its answers, as they come.
  let reader: LineReader

  /// Starts `dnd` with arguments and, when given, this environment instead of the test's.
  init(_ arguments: [String], environment: [String: String]? = nil) throws {
    process.executableURL = try XCTUnwrap(DNDProcess.executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    reader = LineReader(output.fileHandleForReading)
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Writes a line to its standard input.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Closes its standard input and waits for it to exit.
  ///
  /// - Returns: Its exit status.
  func finish() throws -> Int32 {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
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

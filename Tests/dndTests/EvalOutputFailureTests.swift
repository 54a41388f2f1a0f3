import DNDTestSupport
import Foundation
import SystemInterface
import SystemTestBench
import XCTest

/// `dnd eval` and the descriptors it is given: a slow non-blocking pipe loses nothing, a write
/// that fails is reported with its cause and a non-zero exit, closed standard descriptors are
/// never reused by the tool's own files.
final class EvalOutputFailureTests: XCTestCase {
  static let dailyLine =
    #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "timeZoneID": "America/New_York"}, "at": 1773025200}"#

  /// A 1.5 MB first line, then short valid lines of several shapes (fast path and general).
  static func bulkInput(lines count: Int) -> Data {
    var text = "{\"rule\": {}, \"at\": 1, \"pad\": \"" + String(repeating: "x", count: 1_500_000)
    text += "\"}\n"
    let shapes = [
      dailyLine,
      #"{"rule": {"enabled": true, "startHour": 1, "endHour": 2, "repeatMode": 2}, "at": AT}"#,
      #"{"pushRule": {"messageOfflinePushEnabled": false}, "kind": "message", "platform": 2, "at": AT}"#,
      #"{"rule": {"startHour": 24}, "at": AT}"#,
    ]
    for index in 0..<count {
      text += shapes[index % shapes.count].replacingOccurrences(of: "AT", with: "\(index)") + "\n"
    }
    return Data(text.utf8)
  }

  /// Standard output a non-blocking pipe whose reader sleeps 10–100 µs between reads: every
  /// answer arrives whole and in order, and the exit status is 0. (Before, a write that got
  /// `EAGAIN` dropped the buffered answers and the run could still exit 0.)
  func testSlowNonBlockingPipeLosesNoAnswer() throws {
    let executable = try XCTUnwrap(DNDProcess.executable)
    let input = Self.bulkInput(lines: 6_000)
    let expected = try DNDProcess.run(["eval"], stdin: input)
    XCTAssertEqual(expected.status, 0)
    XCTAssertEqual(expected.lines.count, 6_001)

    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("dnd-nonblocking-\(UUID().uuidString)")
    try input.write(to: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    let flags = fcntl(ends[1], F_GETFL)
    XCTAssertEqual(fcntl(ends[1], F_SETFL, flags | O_NONBLOCK), 0)

    let process = Process()
    process.executableURL = executable
    process.arguments = ["eval"]
    process.standardInput = try FileHandle(forReadingFrom: scratch)
    process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    close(ends[1])

    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var rng = SystemRandomNumberGenerator()
    // Let the pipe fill first, so that writes surely meet EAGAIN, then read slowly.
    usleep(300_000)
    while true {
      let result = chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in try Syscalls.read(ends[0], into: buffer) }
      }
      guard case .success(let count) = result else {
        XCTFail("read: \(result)")
        break
      }
      if count == 0 { break }
      received += chunk[0..<count]
      usleep(UInt32.random(in: 10...100, using: &rng))
    }
    close(ends[0])
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(process.terminationStatus, 0, stderr)
    XCTAssertEqual(stderr, "")
    let answers = String(decoding: received, as: UTF8.self)
    XCTAssertEqual(answers.count, expected.stdout.count, "the same number of bytes")
    XCTAssertTrue(answers == expected.stdout, "every answer, whole and in order")
  }

  /// Runs `dnd eval` through `/bin/sh` with a redirection of its own, one valid line in.
  func runThroughShell(_ redirection: String) throws -> (status: Int32, stderr: String) {
    let executable = try XCTUnwrap(DNDProcess.executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "printf '%s\\n' \"$1\" | \"$0\" eval \(redirection)", executable.path, Self.dailyLine,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stderr)
  }

  /// A full device, a closed and a read-only standard output: the failure is named, the exit
  /// status is 1.
  func testFailedWritesAreReported() throws {
    let readOnly = FileManager.default.temporaryDirectory
      .appendingPathComponent("dnd-read-only-\(UUID().uuidString)")
    try Data().write(to: readOnly)
    defer { try? FileManager.default.removeItem(at: readOnly) }
    var cases = [
      (">&-", "Bad file descriptor"),
      ("1<\"\(readOnly.path)\"", "Bad file descriptor"),
    ]
    // A device that is always full exists on Linux (and Android), not on Darwin.
    let hasFullDevice = FileManager.default.fileExists(atPath: "/dev/full")
    if hasFullDevice { cases.append((">/dev/full", "No space left on device")) }
    for (redirection, cause) in cases {
      let result = try runThroughShell(redirection)
      XCTAssertEqual(result.status, 1, redirection)
      XCTAssertEqual(
        result.stderr, "dnd eval: error: cannot write answers: \(cause)\n", redirection)
    }
    if !hasFullDevice {
      throw XCTSkip(
        "the full-disk case needs /dev/full, which this system has not (the others ran)")
    }
  }

  /// A reader that has gone away, with SIGPIPE at its default disposition in `dnd eval`
  /// (which kills the process unless it is ignored): the tool still says "cannot write
  /// answers" with the cause and exits 1, rather than dying of the signal.
  func testReaderGoneWithDefaultSIGPIPEIsAReportedFailure() throws {
    let executable = try XCTUnwrap(DNDProcess.executable).path
    let scratch = NSTemporaryDirectory() + "dnd-sigpipe-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let input = scratch + "/in", errors = scratch + "/err"
    try Data(String(repeating: Self.dailyLine + "\n", count: 20_000).utf8)
      .write(to: URL(fileURLWithPath: input))
    let ends = try ChildProcesses.makePipe()
    // No reader, ever: the first write gets EPIPE (or the signal).
    Syscalls.closeDescriptor(ends.read)
    // SIGPIPE at its default in the child, whatever this test process does with it.
    let process = try ChildProcesses.spawn(
      executable, arguments: ["eval"], environment: ProcessInfo.processInfo.environment,
      streams: (
        .path(input, .readOnly), .descriptor(ends.write),
        .path(errors, [.writeOnly, .create, .truncate])
      ), closing: ends.write, defaultSignals: true)
    Syscalls.closeDescriptor(ends.write)
    let outcome = try ChildProcesses.wait(process)
    let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    XCTAssertEqual(outcome, .exited(1), "dnd eval ended with \(outcome): \(stderr)")
    XCTAssertEqual(stderr, "dnd eval: error: cannot write answers: Broken pipe\n")
  }

  /// A closed standard input is not replaced by the zone root (which was then read as input:
  /// `Is a directory`): reading it fails as reading a closed descriptor does.
  func testClosedStandardInputIsNotReused() throws {
    let executable = try XCTUnwrap(DNDProcess.executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\"$0\" eval <&-", executable.path]
    let errors = Pipe()
    let output = Pipe()
    process.standardError = errors
    process.standardOutput = output
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 1)
    XCTAssertEqual(stdout, "")
    XCTAssertEqual(stderr, "dnd eval: error: cannot read standard input: Bad file descriptor\n")
  }
}

import DNDTestSupport
import Foundation
import XCTest

/// Runs the built `dnd` executable as a separate process, the way users and other programs do.
enum DNDProcess {
  /// The result of one run.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the process ended by a signal (a crash) rather than by exiting.
    var crashed: Bool

    /// Standard output split into lines, without the final empty one.
    var lines: [String] {
      stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .dropLastIfEmpty()
    }
  }

  /// The package root, found from this file's path (Tests/dndTests/DNDProcess.swift).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The instant every run takes for "now" (`DND_NOW`) unless the test sets its own: Sunday
  /// 2026-03-08, 03:30 EDT in New York, the morning the clocks went forward. No test reads
  /// the wall clock.
  static let pinnedNow = "2026-03-08T07:30:00Z"

  /// The `dnd` executable: in the build products directory that holds the test bundle.
  static let executable: URL? = TestPaths.dndExecutable.map(URL.init(fileURLWithPath:))

  /// Runs `dnd` with arguments and standard input, from the package root by default, with
  /// this process's environment (or the one given) and `DND_NOW` set to ``pinnedNow`` unless
  /// that environment sets it (an empty value lets `dnd` read the clock).
  ///
  /// Standard input, output and error go through temporary files, so large inputs and
  /// outputs cannot deadlock on a pipe.
  static func run(
    _ arguments: [String], stdin: Data = Data(), directory: URL = packageRoot,
    environment: [String: String]? = nil
  ) throws -> Result {
    let executable = try XCTUnwrap(executable, "the dnd executable is not built next to the tests")
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("dnd-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputURL = scratch.appendingPathComponent("stdin")
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    try stdin.write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let input = try FileHandle(forReadingFrom: inputURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? input.close()
      try? output.close()
      try? error.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = environment ?? ProcessInfo.processInfo.environment
    if environment["DND_NOW"] == nil { environment["DND_NOW"] = pinnedNow }
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
      crashed: process.terminationReason == .uncaughtSignal)
  }

  /// Runs `dnd` with text on standard input.
  static func run(_ arguments: [String], input: String) throws -> Result {
    try run(arguments, stdin: Data(input.utf8))
  }
}

extension Array where Element == String {
  fileprivate func dropLastIfEmpty() -> [String] {
    last == "" ? Array(dropLast()) : self
  }
}

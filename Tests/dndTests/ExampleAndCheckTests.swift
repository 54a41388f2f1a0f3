import DNDTestSupport
import Foundation
import XCTest

/// `dnd` with no arguments (the README's first command) and `dnd check`.
final class ExampleAndCheckTests: XCTestCase {
  let example = DNDProcess.packageRoot.appendingPathComponent("Fixtures/cli/example-rule.json")
    .path

  /// "Now" is the instant in `DND_NOW` (DNDProcess pins it to 2026-03-08T07:30:00Z): the run
  /// says the same as one `--at` that instant, but for the label.
  func testNoArgumentsRunsTheExampleNow() throws {
    let result = try DNDProcess.run([])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    let text = result.stdout
    XCTAssertTrue(text.contains("22:00–08:00 daily in America/New_York"))
    XCTAssertTrue(text.contains("Now       2026-03-08T03:30:00-04:00 EDT (2026-03-08T07:30:00Z)"))
    let at = try DNDProcess.run(["--at", DNDProcess.pinnedNow]).stdout
    XCTAssertEqual(
      text,
      at.replacingOccurrences(of: "\nAt        ", with: "\nNow       ")
        .replacingOccurrences(of: "^ --at ", with: "^ now "))
    XCTAssertTrue(text.contains("Push      message to iPhoneOS, the user online on Win"))
    XCTAssertTrue(text.contains("suppress (platformRule)"))
    XCTAssertTrue(text.contains("suppress (callPushDisabled)"))
    XCTAssertTrue(text.contains("^ now "))
    let days = result.lines.filter { line in
      ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "].contains { line.hasPrefix($0) }
    }
    XCTAssertEqual(days.count, 7, "a week of timeline rows")
  }

  func testExampleAtAFixedInstantIsDeterministic() throws {
    let result = try DNDProcess.run(["example", "--at", "2026-03-08T07:30:00Z", "--ascii"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(
      result.stdout.contains("At        2026-03-08T03:30:00-04:00 EDT (2026-03-08T07:30:00Z)"))
    XCTAssertTrue(
      result.stdout.contains(
        "suppress (doNotDisturb) until 2026-03-08T08:00:00-04:00 EDT (2026-03-08T12:00:00Z)"))
    XCTAssertTrue(result.stdout.contains("^ 02:00 EST → 03:00 EDT: clocks go forward 1h"))
    XCTAssertEqual(result.stdout, try DNDProcess.run(["--at", "1772955000", "--ascii"]).stdout)
  }

  /// The "Next:" hints name the tool as it was started, so that they run from where the user
  /// is: `dnd` when found on the PATH, `./dnd` when started from its folder, the absolute
  /// path when started by one (as `swift run` does). Each printed command is then run as
  /// printed, from the same folder.
  func testNextHintsRunAsPrinted() throws {
    let executable = try XCTUnwrap(DNDProcess.executable)
    let folder = executable.deletingLastPathComponent()
    let cases: [(argv0: String, path: String?, expected: String)] = [
      ("dnd", folder.path, "dnd"),
      ("./dnd", nil, "./dnd"),
      (executable.path, nil, executable.path),
    ]
    for (argv0, path, expected) in cases {
      var environment = ProcessInfo.processInfo.environment
      if let path { environment["PATH"] = path + ":" + (environment["PATH"] ?? "") }
      let example = try runShell(
        "exec \(argv0) example --at 2026-03-08T07:30:00Z", in: folder, environment: environment)
      XCTAssertEqual(example.status, 0, argv0)
      let lines = example.stdout.split(separator: "\n").map(String.init)
      let next = try XCTUnwrap(lines.firstIndex(of: "Next:"), argv0)
      let hints = lines[(next + 1)...].map { $0.trimmingCharacters(in: .whitespaces) }
      XCTAssertEqual(hints.count, 4, argv0)
      for hint in hints {
        XCTAssertTrue(hint.hasPrefix(expected + " "), "\(argv0): \(hint)")
      }
      // The hints, run as printed, one after another in a scratch folder's shell: the
      // relative form from the executable's folder, the others from anywhere.
      let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("dnd-hints-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: scratch) }
      let script = hints.map { hint in
        argv0.hasPrefix("./")
          ? "(cd \(folder.path) && "
            + hint.replacingOccurrences(of: "rule.json", with: scratch.path + "/rule.json")
            .replacingOccurrences(of: "week.svg", with: scratch.path + "/week.svg") + ")"
          : hint
      }.joined(separator: " && ")
      let run = try runShell(script + " > /dev/null", in: scratch, environment: environment)
      XCTAssertEqual(run.status, 0, "\(argv0): \(script): \(run.stderr)")
      XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path + "/week.svg"), argv0)
    }
  }

  /// Runs a `/bin/sh -c` script in a folder.
  func runShell(_ script: String, in folder: URL, environment: [String: String]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }

  func testExampleJSONIsTheFixtureAndARule() throws {
    let result = try DNDProcess.run(["example", "--json"])
    XCTAssertEqual(result.status, 0)
    let fixture = try String(contentsOfFile: example, encoding: .utf8)
    XCTAssertEqual(result.stdout, fixture)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(fixture.utf8)))
  }

  func testCheckPushDuringDNDAcrossSpringForward() throws {
    let result = try DNDProcess.run([
      "check", "--rule", example, "--at", "2026-03-08T02:30:00-05:00", "--kind", "message",
      "--platform", "iPhoneOS", "--online", "Win",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let text = result.stdout
    XCTAssertTrue(text.contains("At        2026-03-08T03:30:00-04:00 EDT (2026-03-08T07:30:00Z)"))
    XCTAssertTrue(text.contains("DND       on, for another 4h 30m"))
    XCTAssertTrue(text.contains("from  2026-03-07T22:00:00-05:00 EST (2026-03-08T03:00:00Z)"))
    XCTAssertTrue(text.contains("until 2026-03-08T08:00:00-04:00 EDT (2026-03-08T12:00:00Z)"))
    XCTAssertTrue(
      text.contains("Decision  suppress (doNotDisturb) until 2026-03-08T08:00:00-04:00"))
    XCTAssertTrue(
      text.contains(
        "suppressed: do-not-disturb 22:00–08:00 daily in America/New_York until 2026-03-08 08:00"))
  }

  func testCheckEveryReason() throws {
    let at = "2026-06-11T16:00:00Z"  // noon in New York: outside the window
    let cases: [([String], String)] = [
      (["--kind", "message", "--platform", "2", "--online", "1"], "Decision  deliver"),
      (
        ["--kind", "message", "--platform", "iPadOS", "--online", "macOS,Web"],
        "Decision  suppress (platformRule)"
      ),
      (["--kind", "message", "--platform", "iPadOS", "--online", "none"], "Decision  deliver"),
      (["--kind", "call", "--platform", "android"], "Decision  suppress (callPushDisabled)"),
    ]
    for (extra, expected) in cases {
      let result = try DNDProcess.run(["check", "--rule", example, "--at", at] + extra)
      XCTAssertEqual(result.status, 0, "\(extra): \(result.stderr)")
      XCTAssertTrue(result.stdout.contains(expected), "\(extra): \(result.stdout)")
    }
    let off = #"{"offlinePushEnabled": false}"#
    let result = try DNDProcess.run(
      ["check", "--rule", "-", "--kind", "message", "--platform", "2"], input: off)
    XCTAssertTrue(result.stdout.contains("suppress (offlinePushDisabled)"), result.stdout)
    let messagesOff = #"{"messageOfflinePushEnabled": false}"#
    let second = try DNDProcess.run(
      ["check", "--rule", "-", "--kind", "message", "--platform", "2"], input: messagesOff)
    XCTAssertTrue(second.stdout.contains("suppress (messagePushDisabled)"), second.stdout)
  }

  /// `check` without `--at` decides at `DND_NOW`; a `DND_NOW` that is not an instant is an
  /// input error naming it.
  func testCheckWithoutAtDecidesAtTheInjectedNow() throws {
    let night = try DNDProcess.run(["check", "--rule", example])
    XCTAssertEqual(night.status, 0, night.stderr)
    XCTAssertTrue(night.stdout.contains("At        2026-03-08T03:30:00-04:00 EDT"), night.stdout)
    XCTAssertTrue(night.stdout.contains("DND       on, for another 4h 30m"), night.stdout)
    let noon = try DNDProcess.run(
      ["check", "--rule", example],
      environment: ["DND_NOW": "2026-06-11T16:00:00Z", "TZDIR": TestPaths.zoneinfo])
    XCTAssertTrue(noon.stdout.contains("DND       off; the next period starts in 10h"), noon.stdout)
    let bad = try DNDProcess.run(
      ["check", "--rule", example], environment: ["DND_NOW": "yesterday"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains(#"DND_NOW "yesterday" is not an instant"#), bad.stderr)
  }

  func testCheckWithoutKindGivesTheStateOnly() throws {
    let result = try DNDProcess.run(["check", "--rule", example, "--at", "1781193600"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("DND       off; the next period starts in 10h"))
    XCTAssertFalse(result.stdout.contains("Decision"))
  }

  func testCheckReadsABareDNDRuleFromStandardInputAndSavesOneOffRules() throws {
    let once =
      #"{"enabled": true, "startHour": 22, "endHour": 7, "repeatMode": 1, "timeZoneID": "Europe/Berlin"}"#
    let result = try DNDProcess.run(
      [
        "check", "--rule", "-", "--saved-at", "2026-06-10T12:00:00Z", "--at",
        "2026-06-10T21:00:00Z",
      ],
      input: once)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("22:00–07:00 once in Europe/Berlin"), result.stdout)
    XCTAssertTrue(result.stdout.contains("DND       on"), result.stdout)
    XCTAssertTrue(result.stdout.contains("until 2026-06-11T07:00:00+02:00 CEST"), result.stdout)
  }

  func testCheckAcceptsAnEvalQueryLineAsTheRule() throws {
    let line =
      #"{"rule": {"enabled": true, "startHour": 9, "endHour": 17, "repeatMode": 2, "timeZoneID": "Asia/Tokyo"}, "at": 0}"#
    let result = try DNDProcess.run(
      ["check", "--rule", "-", "--at", "2026-05-12T00:00:00Z"], input: line)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("09:00–17:00 daily in Asia/Tokyo"))
    XCTAssertTrue(result.stdout.contains("DND       on"))
  }

  /// `dnd check` reads its rule with the library's strict reader: its errors are the
  /// library's, with the key path (under the query key for a query line), and an explicit
  /// null rule in a query line is an error, not an absent rule.
  func testCheckErrorsAreTheLibrarys() throws {
    let cases: [(input: String, message: String)] = [
      (
        #"{"doNotDisturbRule": {"enabled": true, "timeZoneID": "\ud800"}}"#,
        #"rule in standard input: invalid JSON at doNotDisturbRule.timeZoneID: \ud800 is a lone surrogate escape, not a character"#
      ),
      (
        #"{"rule": {"startHour": 21.9999999999999999}, "at": 0}"#,
        "rule in standard input: invalid document at rule.startHour: 21.9999999999999999 is not an integer within 64 bits"
      ),
      (
        #"{"rule": null, "at": 0}"#,
        "rule in standard input: invalid document at rule: expected an object, found null"
      ),
      (
        #"{"enabled": true, "x": {"k": 1, "k": 2}}"#,
        "rule in standard input: invalid document at x.k: the key appears twice in one object"
      ),
    ]
    for (input, message) in cases {
      let result = try DNDProcess.run(["check", "--rule", "-", "--at", "0"], input: input)
      XCTAssertNotEqual(result.status, 0, input)
      XCTAssertTrue(result.stderr.contains(message), "\(input): \(result.stderr)")
    }
  }
}

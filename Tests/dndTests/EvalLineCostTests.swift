import BatchEvaluation
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import SystemInterface
import SystemTestBench
import XCTest
import ZoneInfo

/// What one `dnd eval` line may cost, as "The dnd tool" article states it: an answer line of
/// at most ``answerLimit`` bytes whatever the line, and peak resident memory that grows by at
/// most ``memoryMultiple`` times the line's bytes plus ``memoryConstant``. The worst line of
/// each wire type (each list past its maximum, every field wrong, megabyte strings) is held to
/// it through the library's `RuleError` and through the `dnd` binary, cached and `--no-cache`.
final class EvalLineCostTests: XCTestCase {
  /// The most bytes of an answer line, newline included.
  static let answerLimit = 16 * 1024
  /// Peak memory growth per byte of the line.
  static let memoryMultiple = 3
  /// Peak memory growth that does not depend on the line (buffers, a zone load, the answer).
  static let memoryConstant = 4 << 20

  /// `count` copies of `item`, comma-separated.
  static func list(_ item: String, _ count: Int) -> String {
    Array(repeating: item, count: count).joined(separator: ",")
  }

  /// `count` copies of a character, made at run time (a literal folded this large crashes
  /// the compiler).
  static func text(_ character: Character, _ count: Int) -> String {
    String(repeating: character, count: count)
  }

  /// A string that fills most of a line (`EvalStream.maximumLineLength`, 1 MiB).
  static let megabytes = text("x", 1_040_000)
  static let push = #""kind": "call", "platform": 1, "at": 0"#

  /// The worst lines, by wire type.
  static let worstLines: [(name: String, line: String)] = [
    (
      "push rule, 1 MiB of platforms",
      "{\"pushRule\": {\"onlinePlatforms\": [\(list("99", 346_000))]}, \(push)}"
    ),
    (
      "push rule, both lists at the maximum, every entry bad",
      "{\"pushRule\": {\"onlinePlatforms\": [\(list("-99999", 1_024))], "
        + "\"notToReceiveOfflinePushPlatforms\": [\(list("99999", 1_024))]}, \(push)}"
    ),
    (
      "query's own platforms, 1 MiB",
      "{\"pushRule\": {}, \(push), \"onlinePlatforms\": [\(list("7", 519_000))]}"
    ),
    (
      "DND rule, every field wrong, a 1 MiB zone",
      "{\"rule\": {\"enabled\": true, \"startHour\": 99, \"startMinute\": -1, \"endHour\": 24, "
        + "\"endMinute\": 60, \"repeatMode\": 9, \"customRepeatDays\": [\(list("8", 4_000))], "
        + "\"timeZoneID\": \"\(megabytes)\"}, \"at\": 0}"
    ),
    (
      "weekly schedule, 524,000 weekdays",
      "{\"schedule\": {\"polarity\": \"quiet\", \"windows\": [{\"weekdays\": ["
        + list("0", 524_000) + "], \"start\": \"08:00\", \"end\": \"09:00\"}]}, \"at\": 0}"
    ),
    (
      "weekly schedule, 5,000 bad windows",
      "{\"schedule\": {\"polarity\": \"quiet\", \"windows\": ["
        + list(#"{"weekdays": [0, 9], "start": "8", "end": "99:99"}"#, 5_000) + "]}, \"at\": 0}"
    ),
    (
      "weekly schedule, 4,096 bad windows",
      "{\"schedule\": {\"polarity\": \"loud\", \"windows\": ["
        + list(#"{"weekdays": [0, 9], "start": "8", "end": "99:99"}"#, 4_096)
        + "], \"snooze\": {\"from\": 9, \"until\": 1}}, \"at\": 0}"
    ),
    (
      "preferences, 1 MiB of senders",
      "{\"pushRule\": {}, \(push), \"preferences\": {\"breakthrough\": {\"senders\": ["
        + list(#""u""#, 259_000) + "]}}}"
    ),
    (
      "preferences, senders at the maximum, every one too long",
      "{\"pushRule\": {}, \(push), \"preferences\": {\"level\": \"loud\", \"breakthrough\": "
        + "{\"senders\": [\(list("\"" + text("s", 300) + "\"", 1_024))], "
        + "\"repeatCallSeconds\": -1}}}"
    ),
    (
      "conversation, a 1 MiB level",
      "{\"pushRule\": {}, \(push), \"conversation\": {\"level\": \"\(megabytes)\", "
        + "\"until\": -999999999999999}}"
    ),
    (
      "message, a 1 MiB sender",
      "{\"pushRule\": {}, \(push), \"message\": {\"sender\": \"\(megabytes)\", "
        + "\"previousCallAt\": 999999999999999}}"
    ),
    (
      "every field wrong",
      "{\"pushRule\": {\"onlinePlatforms\": [\(list("64", 1_024))], "
        + "\"notToReceiveOfflinePushPlatforms\": [\(list("-1", 1_024))], "
        + "\"doNotDisturbRule\": {\"enabled\": true, \"startHour\": 99, \"endHour\": 99, "
        + "\"repeatMode\": 9, \"timeZoneID\": \"\(text("z", 100_000))\"}}, "
        + "\(push), \"preferences\": {\"level\": \"\(text("l", 100_000))\", "
        + "\"breakthrough\": {\"senders\": [\(list("\"\"", 1_024))]}}, "
        + "\"conversation\": {\"level\": \"q\", \"until\": 999999999999999}, "
        + "\"message\": {\"sender\": \"\", \"previousCallAt\": -999999999999999}}"
    ),
  ]

  /// The worst document of each wire type through the library: decoding (and compiling what
  /// decodes) throws a `RuleError` whose description and JSON form are within
  /// ``answerLimit``, and that counts what it left out.
  func testEveryWireTypesWorstDocumentFailsWithinTheLimit() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let badWindow = #"{"weekdays": [0, 9], "start": "8", "end": "99:99"}"#
    let cases: [(name: String, run: () throws(RuleError) -> Void)] = [
      (
        "push rule, 1 MiB of platforms",
        { () throws(RuleError) in
          _ = try OfflinePushRule(
            jsonBytes: Array("{\"onlinePlatforms\": [\(Self.list("99", 346_000))]}".utf8))
        }
      ),
      (
        "push rule, every entry bad",
        { () throws(RuleError) in
          let rule = try OfflinePushRule(
            jsonBytes: Array(
              ("{\"onlinePlatforms\": [\(Self.list("-99999", 1_024))], "
                + "\"notToReceiveOfflinePushPlatforms\": [\(Self.list("99999", 1_024))]}").utf8))
          _ = try CompiledOfflinePushRule(rule: rule, zones: zones)
        }
      ),
      (
        "DND rule, a 1 MiB zone",
        { () throws(RuleError) in
          _ = try DoNotDisturbSchedule(
            jsonBytes: Array(
              ("{\"enabled\": true, \"startHour\": 99, \"endHour\": 24, \"repeatMode\": 9, "
                + "\"timeZoneID\": \"\(Self.megabytes)\"}").utf8), zones: zones)
        }
      ),
      (
        "weekly schedule, 524,000 weekdays",
        { () throws(RuleError) in
          _ = try WeeklySchedule(
            jsonBytes: Array(
              ("{\"polarity\": \"quiet\", \"windows\": [{\"weekdays\": ["
                + Self.list("0", 524_000) + "], \"start\": \"08:00\", \"end\": \"09:00\"}]}").utf8),
            zones: zones)
        }
      ),
      (
        "weekly schedule, 4,096 bad windows",
        { () throws(RuleError) in
          _ = try WeeklySchedule(
            jsonBytes: Array(
              ("{\"polarity\": \"quiet\", \"windows\": [\(Self.list(badWindow, 4_096))]}").utf8),
            zones: zones)
        }
      ),
      (
        "preferences, 1 MiB of senders",
        { () throws(RuleError) in
          _ = try PushPreferences(
            jsonBytes: Array(
              ("{\"breakthrough\": {\"senders\": [" + Self.list(#""u""#, 259_000) + "]}}").utf8))
        }
      ),
      (
        "preferences, every sender too long",
        { () throws(RuleError) in
          let senders = Self.list("\"" + Self.text("s", 300) + "\"", 1_024)
          _ = try CompiledPushPreferences(
            PushPreferences(
              jsonBytes: Array(("{\"breakthrough\": {\"senders\": [\(senders)]}}").utf8)))
        }
      ),
      (
        "conversation, a 1 MiB level",
        { () throws(RuleError) in
          _ = try ConversationSetting(
            jsonBytes: Array("{\"level\": \"\(Self.megabytes)\"}".utf8))
        }
      ),
      (
        "message, a 1 MiB sender",
        { () throws(RuleError) in
          _ = try PushMessage(
            jsonBytes: Array(
              "{\"sender\": \"\(Self.megabytes)\", \"previousCallAt\": \"\(Self.megabytes)\"}".utf8)
          )
        }
      ),
    ]
    for (name, run) in cases {
      do throws(RuleError) {
        try run()
        XCTFail("\(name): no error")
      } catch {
        let description = error.description.utf8.count
        let json = try JSONEncoder().encode(error).count
        print("line cost: library \(name): description \(description), JSON \(json) bytes")
        XCTAssertLessThanOrEqual(description, Self.answerLimit, name)
        XCTAssertLessThanOrEqual(json, Self.answerLimit, name)
        XCTAssertLessThanOrEqual(error.errors.count, RuleError.maximumReportedErrors, name)
      }
    }
  }

  /// An error line names at most `RuleError.maximumReportedErrors` fields and says how many
  /// more there were, in both evaluation paths: 100 bad windows (N + 68), exactly 32 (no
  /// count), 33 (one more), and a push rule's 2,048 bad platforms beside bad preferences,
  /// counted across the query's parts.
  func testAnErrorLineCountsTheErrorsItLeavesOut() throws {
    func schedule(_ windows: Int) -> String {
      "{\"schedule\": {\"polarity\": \"quiet\", \"windows\": ["
        + Self.list(#"{"weekdays": [1], "start": "25:00", "end": "09:00"}"#, windows)
        + "]}, \"at\": 0}"
    }
    let push =
      "{\"pushRule\": {\"onlinePlatforms\": [\(Self.list("99", 1_024))], "
      + "\"notToReceiveOfflinePushPlatforms\": [\(Self.list("-1", 1_024))]}, \(Self.push), "
      + "\"preferences\": {\"breakthrough\": {\"repeatCallSeconds\": -1}}, \"message\": {\"sender\": \"\"}}"
    let cases: [(line: String, shown: Int, more: Int)] = [
      (schedule(100), 32, 68), (schedule(32), 32, 0), (schedule(33), 32, 1),
      (push, 32, 2_048 + 2 - 32),
    ]
    for arguments in [["eval"], ["eval", "--no-cache"]] {
      let result = try DNDProcess.run(arguments, input: cases.map(\.line).joined(separator: "\n"))
      XCTAssertEqual(result.lines.count, cases.count, "\(arguments)")
      for (answer, expected) in zip(result.lines, cases) {
        let label = "\(arguments) \(expected.shown) + \(expected.more)"
        let more = "; and \(expected.more) more\"}}"
        XCTAssertEqual(answer.hasSuffix(more), expected.more > 0, "\(label): \(answer.suffix(80))")
        XCTAssertFalse(answer.contains("more; "), label)
        // The fields shown: one "KEYPATH = VALUE: REASON" each, separated by "; ".
        XCTAssertEqual(
          answer.components(separatedBy: " = ").count - 1, expected.shown, label)
        XCTAssertLessThanOrEqual(answer.utf8.count, Self.answerLimit, label)
      }
    }
  }

  /// Each worst line is an error line within the limit in both evaluation paths, cached and
  /// `--no-cache`.
  func testEveryWireTypesWorstLineAnswersWithinTheLimit() throws {
    for (name, line) in Self.worstLines {
      for arguments in [["eval"], ["eval", "--no-cache"]] {
        let result = try DNDProcess.run(arguments, input: line + "\n")
        XCTAssertEqual(result.status, 0, "\(name) \(arguments): \(result.stderr)")
        XCTAssertEqual(result.lines.count, 1, "\(name) \(arguments)")
        let answer = result.stdout.utf8.count
        // Within the longest line the tool reads, so that the line itself is answered.
        XCTAssertLessThanOrEqual(line.utf8.count, EvalStream.maximumLineLength, name)
        XCTAssertFalse(result.stdout.contains("the line is longer than"), name)
        XCTAssertTrue(result.stdout.hasPrefix("{\"error\": "), "\(name) \(arguments)")
        XCTAssertLessThanOrEqual(answer, Self.answerLimit, "\(name) \(arguments)")
        print("line cost: \(name) \(arguments): \(line.utf8.count) bytes -> answer \(answer)")
      }
    }
  }

  /// Peak resident memory of a `dnd eval` process grows by at most the stated multiple of
  /// each worst line's size (plus the constant), measured from the process's own peak after
  /// a small line to its peak after the worst one (Linux, from /proc).
  func testEveryWireTypesWorstLineStaysWithinTheMemoryMultiple() throws {
    if ProcessResources.isAddressSanitized {
      // The sanitized dnd's resident memory is AddressSanitizer's: its quarantine keeps freed
      // buffers out of reuse and its shadow adds an eighth, so a 1 MiB line grows it by
      // 90-200 MB whatever dnd keeps. The unsanitized run of the suite checks the bound.
      throw XCTSkip("peak memory under AddressSanitizer measures the sanitizer's allocator")
    }
    let executable = try XCTUnwrap(DNDProcess.executable).path
    let scratch = NSTemporaryDirectory() + "dnd-line-cost-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var environment = ProcessInfo.processInfo.environment
    environment["DND_NOW"] = DNDProcess.pinnedNow
    for (name, line) in Self.worstLines {
      for arguments in [["eval"], ["eval", "--no-cache"]] {
        let output = scratch + "/out"
        let ends = try ChildProcesses.makePipe()
        let process = try ChildProcesses.spawn(
          executable, arguments: arguments, environment: environment,
          streams: (
            .descriptor(ends.read), .path(output, [.writeOnly, .create, .truncate]),
            .path(scratch + "/err", [.writeOnly, .create, .truncate])
          ), closing: ends.write)
        Syscalls.closeDescriptor(ends.read)
        var closed = false
        defer {
          if !closed { Syscalls.closeDescriptor(ends.write) }
          _ = try? ChildProcesses.wait(process)
        }
        func send(_ text: String) throws {
          // The closure does not throw (a typed-throws closure here crashes the compiler).
          let failure: Errno? = Array((text + "\n").utf8).withUnsafeBytes { bytes in
            do throws(Errno) {
              try Syscalls.writeAll(ends.write, bytes)
              return nil
            } catch {
              return error
            }
          }
          if let failure { throw failure }
        }
        /// The process's peak once `count` answer lines are written.
        func peak(afterAnswers count: Int) throws -> Int? {
          let deadline = Date().addingTimeInterval(120)
          while Date() < deadline {
            let answers = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
            if answers.count(where: { $0 == UInt8(ascii: "\n") }) >= count {
              return ChildProcesses.memory(of: process)?.peak
            }
            usleep(5_000)
          }
          XCTFail("\(name) \(arguments): no answer in 120 s")
          return nil
        }
        // A small line of the same kind first: the zone database and caches are warm.
        try send(
          #"{"rule": {"enabled": true, "startHour": 1, "endHour": 2, "repeatMode": 2}, "at": 0}"#)
        guard let before = try peak(afterAnswers: 1) else {
          throw XCTSkip("no /proc/PID/status figures on this system")
        }
        try send(line)
        let after = try XCTUnwrap(try peak(afterAnswers: 2))
        Syscalls.closeDescriptor(ends.write)
        closed = true
        let bytes = line.utf8.count + 1
        let growth = after - before
        print(
          "line cost: \(name) \(arguments): \(bytes) bytes, peak \(before) -> \(after) "
            + "(+\(growth), \(Double(growth) / Double(bytes))x)")
        XCTAssertLessThanOrEqual(
          growth, Self.memoryMultiple * bytes + Self.memoryConstant,
          "\(name) \(arguments): \(bytes) bytes grew the peak by \(growth)")
      }
    }
  }
}

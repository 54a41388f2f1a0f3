import BatchEvaluation
import DNDKitTesting
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// Plumbing, not semantics: `dnd eval` on thousands of seeded random queries, checked against
/// the library's own API. The expected values come from the code under test, so this shows that
/// the JSON Lines path (parsing, rule cache, fast parser, answer writer) carries the library's
/// answers through unchanged; whether those answers are right is for the reference schedule
/// (ScheduleReferenceTests) and the hand-derived fixture tables.
final class EvalGeneratedTests: XCTestCase {
  static let zoneIDs = [
    "America/New_York", "Europe/Berlin", "Europe/Dublin", "Australia/Lord_Howe",
    "America/Santiago", "Asia/Kolkata", "Africa/Casablanca", "Pacific/Apia", "UTC", "",
    "Asia/Shanghai", "Mars/Phobos",
  ]

  /// Instants near 2026's transitions in the zones above, and a few far away.
  static let anchors: [Int64] = [
    1_772_953_200, 1_793_512_800, 1_774_746_000, 1_792_890_000, 1_775_315_000, 1_791_473_400,
    1_775_962_800, 1_788_148_800, 1_767_225_600, 0, -2_208_988_800, 4_102_444_800,
  ]

  struct Query {
    var line: String
    var expected: Expected
  }

  enum Expected: Equatable {
    case dnd(Bool, Int64?)
    case push(Bool, String?, Int64?)
    case error(String)
  }

  func testThousandsOfQueriesAgreeWithTheLibrary() throws {
    let zones = try ZoneDatabase(
      root: ZoneDatabase.environmentRoot(ProcessInfo.processInfo.environment["TZDIR"]))
    var random = SplitMix64(seed: 0xD0_D1_57_0B)
    var rules: [DoNotDisturbRule] = []
    for _ in 0..<150 { rules.append(Self.randomRule(&random)) }
    var queries: [Query] = []
    for _ in 0..<4000 {
      // Rules repeat (as they do on a server), so the cache is exercised.
      let rule = rules[Int.random(in: 0..<rules.count, using: &random)]
      let at = Self.randomInstant(&random)
      let savedAt = Int.random(in: 0..<10, using: &random) < 3 ? Self.randomInstant(&random) : nil
      if Bool.random(using: &random) {
        queries.append(dndQuery(rule, at: at, savedAt: savedAt, zones: zones, random: &random))
      } else {
        queries.append(pushQuery(rule, at: at, savedAt: savedAt, zones: zones, random: &random))
      }
    }
    let input = queries.map(\.line).joined(separator: "\n") + "\n"
    let result = try DNDProcess.run(["eval"], input: input)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.lines.count, queries.count)
    var mismatches = 0
    var kinds: [String: Int] = [:]
    for (query, answer) in zip(queries, result.lines) {
      let got = try Self.parse(answer)
      if case .error(let code) = query.expected { kinds[code, default: 0] += 1 }
      if case .dnd = query.expected { kinds["dnd", default: 0] += 1 }
      if case .push = query.expected { kinds["push", default: 0] += 1 }
      if got != query.expected {
        mismatches += 1
        if mismatches <= 5 {
          XCTFail("\(query.line)\n  expected \(query.expected)\n  got      \(answer)")
        }
      }
    }
    XCTAssertEqual(mismatches, 0)
    XCTAssertGreaterThan(kinds["dnd", default: 0], 1000, "\(kinds)")
    XCTAssertGreaterThan(kinds["push", default: 0], 1000, "\(kinds)")
    XCTAssertGreaterThan(kinds.count, 5, "several error codes are generated: \(kinds)")
    // The general parser, without caches, gives the same bytes.
    let general = try DNDProcess.run(["eval", "--no-cache"], input: input)
    XCTAssertEqual(general.stdout, result.stdout)
  }

  // MARK: Generators

  static func randomRule(_ random: inout SplitMix64) -> DoNotDisturbRule {
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    let rare = Int.random(in: 0..<20, using: &random) == 0
    return DoNotDisturbRule(
      enabled: Int.random(in: 0..<8, using: &random) != 0,
      startHour: rare ? pick([-1, 24, 99]) : Int.random(in: 0..<24, using: &random),
      startMinute: pick([0, 0, 15, 30, 45, 59]),
      endHour: Int.random(in: 0..<24, using: &random),
      endMinute: Int.random(in: 0..<25, using: &random) == 0 ? 60 : pick([0, 0, 30, 1]),
      repeatMode: RepeatMode(rawValue: pick([0, 1, 2, 2, 2, 3, 3, 3, 5])),
      customRepeatDays: Int.random(in: 0..<30, using: &random) == 0
        ? 200 : Int.random(in: 0...127, using: &random),
      onceEndTimestamp: Bool.random(using: &random) ? 0 : randomInstant(&random),
      timeZoneID: pick(zoneIDs))
  }

  static func randomInstant(_ random: inout SplitMix64) -> Int64 {
    switch Int.random(in: 0..<50, using: &random) {
    case 0: return 253_402_300_800
    case 1...15: return Int64.random(in: 0...4_102_444_800, using: &random)
    default:
      let anchor = anchors[Int.random(in: 0..<anchors.count, using: &random)]
      return anchor + Int64.random(in: -172_800...172_800, using: &random)
    }
  }

  /// JSON for a rule, with keys in a random order and random spacing.
  static func json(_ rule: DoNotDisturbRule, _ random: inout SplitMix64) -> String {
    var fields = [
      "\"enabled\": \(rule.enabled)", "\"startHour\": \(rule.startHour)",
      "\"startMinute\": \(rule.startMinute)", "\"endHour\": \(rule.endHour)",
      "\"endMinute\": \(rule.endMinute)", "\"repeatMode\": \(rule.repeatMode.rawValue)",
      "\"customRepeatDays\": \(rule.customRepeatDays)",
      "\"onceEndTimestamp\": \(rule.onceEndTimestamp)", "\"timeZoneID\": \"\(rule.timeZoneID)\"",
    ]
    if Int.random(in: 0..<4, using: &random) == 0 { fields.shuffle(using: &random) }
    let separator = Bool.random(using: &random) ? ", " : ","
    return "{" + fields.joined(separator: separator) + "}"
  }

  // MARK: Queries and their expected answers, from the library

  func dndQuery(
    _ rule: DoNotDisturbRule, at: Int64, savedAt: Int64?, zones: ZoneDatabase,
    random: inout SplitMix64
  ) -> Query {
    var line = "{\"rule\": \(Self.json(rule, &random)), \"at\": \(at)"
    if let savedAt { line += ", \"savedAt\": \(savedAt)" }
    line += "}"
    let prepared = Result { () throws(RuleError) in
      if let savedAt { return try rule.savedAndCompiled(at: savedAt, zones: zones).compiled }
      return try DoNotDisturbSchedule(rule: rule, zones: zones)
    }
    let expected = Self.expected(prepared, at: at) {
      .dnd(try $0.contains(at), try $0.nextChange(after: at))
    }
    return Query(line: line, expected: expected)
  }

  /// The expected answer from the library: saved and compiled as the server would (its one
  /// save-and-compile call when the query has `savedAt`), `at` checked, then asked.
  static func expected<Compiled>(
    _ prepared: Result<Compiled, RuleError>, at: Int64,
    ask: (Compiled) throws -> Expected
  ) -> Expected {
    var errors: [RuleFieldError] = []
    var compiled: Compiled?
    switch prepared {
    case .success(let ready): compiled = ready
    case .failure(let error): errors = error.errors
    }
    if !Zone.supportedInstants.contains(at) {
      errors.append(RuleFieldError(code: .invalidInstant, keyPath: "at", value: "", reason: ""))
    }
    guard errors.isEmpty, let compiled else { return .error(errors[0].code.rawValue) }
    return (try? ask(compiled)) ?? .error("invalidInstant")
  }

  func pushQuery(
    _ dnd: DoNotDisturbRule, at: Int64, savedAt: Int64?, zones: ZoneDatabase,
    random: inout SplitMix64
  ) -> Query {
    let platforms: [Platform] =
      [.win, .iPhoneOS, .android, .macOS, .iPadOS, .unknown]
      + [Platform(rawValue: 40)]
    func subset() -> [Platform] {
      platforms.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
    }
    let rule = OfflinePushRule(
      onlinePlatforms: subset(), notToReceiveOfflinePushPlatforms: subset(),
      offlinePushEnabled: Int.random(in: 0..<10, using: &random) != 0,
      messageOfflinePushEnabled: Int.random(in: 0..<6, using: &random) != 0,
      callOfflinePushEnabled: Int.random(in: 0..<6, using: &random) != 0,
      doNotDisturbRule: Int.random(in: 0..<8, using: &random) == 0 ? nil : dnd)
    let kind: PushKind = Bool.random(using: &random) ? .message : .call
    let target = platforms[Int.random(in: 0..<platforms.count, using: &random)]
    let online = subset()
    func list(_ values: [Platform]) -> String {
      "[" + values.map { String($0.rawValue) }.joined(separator: ", ") + "]"
    }
    var ruleJSON =
      "{\"onlinePlatforms\": \(list(rule.onlinePlatforms)), "
      + "\"notToReceiveOfflinePushPlatforms\": \(list(rule.notToReceiveOfflinePushPlatforms)), "
      + "\"offlinePushEnabled\": \(rule.offlinePushEnabled), "
      + "\"messageOfflinePushEnabled\": \(rule.messageOfflinePushEnabled), "
      + "\"callOfflinePushEnabled\": \(rule.callOfflinePushEnabled)"
    if let dnd = rule.doNotDisturbRule {
      ruleJSON += ", \"doNotDisturbRule\": \(Self.json(dnd, &random))"
    }
    ruleJSON += "}"
    var line =
      "{\"pushRule\": \(ruleJSON), \"kind\": \"\(kind.rawValue)\", "
      + "\"platform\": \(target.rawValue), \"onlinePlatforms\": \(list(online)), \"at\": \(at)"
    if let savedAt { line += ", \"savedAt\": \(savedAt)" }
    line += "}"
    let prepared = Result { () throws(RuleError) in
      if let savedAt {
        return try rule.savedAndCompiled(at: savedAt, zones: zones).compiled
      }
      return try CompiledOfflinePushRule(rule: rule, zones: zones)
    }
    let expected = Self.expected(prepared, at: at) {
      let decision = try $0.decide(kind: kind, target: target, online: PlatformSet(online), at: at)
      return .push(decision.delivers, decision.reason?.description, decision.until)
    }
    return Query(line: line, expected: expected)
  }

  /// An answer line as an ``Expected`` value.
  static func parse(_ line: String) throws -> Expected {
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    func instant(_ key: String) -> Int64? { (object[key] as? NSNumber)?.int64Value }
    if let error = object["error"] as? [String: Any] {
      return .error(error["code"] as? String ?? "?")
    }
    if let inDND = object["inDoNotDisturb"] as? Bool {
      XCTAssertEqual(object.count, 2, line)
      return .dnd(inDND, instant("nextChange"))
    }
    XCTAssertEqual(object.count, 3, line)
    return .push(
      try XCTUnwrap(object["deliver"] as? Bool, line), object["reason"] as? String,
      instant("until"))
  }
}

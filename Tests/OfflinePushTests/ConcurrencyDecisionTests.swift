import DNDKitTesting
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import SystemInterface
import XCTest
import ZoneInfo

/// Compiled rules shared by many threads and tasks: `contains`, `nextChange` and `decide`
/// answer exactly what a single thread computes, and compiling against one database from many
/// threads at once gives the same compiled rules. Run under
/// `swift test --sanitize=thread --filter Concurrency` to check for data races.
final class ConcurrencyDecisionTests: XCTestCase {
  static let seed: UInt64 = 0xC0_4C0D

  /// Rules in several zones, every repeat mode, with platform rules.
  static func rules(_ zones: ZoneDatabase) throws -> [OfflinePushRule] {
    let generators = Generators(zones: zones)
    var rng = SplitMix64(seed: seed)
    var rules: [OfflinePushRule] = []
    for index in 0..<24 {
      let id = Generators.notableZones[index % Generators.notableZones.count]
      var dnd = generators.rule(zoneID: id, using: &rng)
      if dnd.repeatMode.isOneOff {
        dnd = try dnd.saved(at: 1_773_025_200 + Int64(index) * 7_919, zones: zones)
      }
      rules.append(
        OfflinePushRule(
          onlinePlatforms: index % 3 == 0 ? [.win, .macOS, Platform(rawValue: 60)] : [],
          notToReceiveOfflinePushPlatforms: index % 3 == 0 ? [.iPhoneOS] : [],
          offlinePushEnabled: index % 11 != 5, messageOfflinePushEnabled: index % 7 != 3,
          callOfflinePushEnabled: index % 5 != 2, doNotDisturbRule: dnd))
    }
    return rules
  }

  /// Instants around the rules' windows and the zones' transitions.
  static let instants: [Int64] = {
    var rng = SplitMix64(seed: seed &+ 1)
    let base: [Int64] = [
      1_773_025_200, 1_773_039_600, 1_774_735_200, 1_792_000_000, 4_102_444_800,
      Zone.supportedInstants.lowerBound, Zone.supportedInstants.upperBound,
    ]
    return base + (0..<40).map { _ in Int64.random(in: 1_760_000_000...1_800_000_000, using: &rng) }
  }()

  /// One answer: DND state, next change, and the decisions for two targets.
  struct Answer: Equatable {
    var inDND: Bool
    var next: Int64?
    var decisions: [PushDecision]
  }

  static func answers(_ rule: CompiledOfflinePushRule) throws -> [Answer] {
    let online = PlatformSet([.win])
    return try instants.map { t in
      Answer(
        inDND: try rule.schedule.contains(t), next: try rule.schedule.nextChange(after: t),
        decisions: [
          try rule.decide(kind: .message, target: .iPhoneOS, online: online, at: t),
          try rule.decide(kind: .call, target: .android, online: PlatformSet(), at: t),
        ])
    }
  }

  /// Threads share compiled rules and evaluate all of them at every instant.
  func testThreadsShareCompiledRules() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let compiled = try Self.rules(zones).map { try CompiledOfflinePushRule(rule: $0, zones: zones) }
    let expected = try compiled.map(Self.answers)
    let threadCount = 8
    let results = ThreadResults<[[Answer]]>(count: threadCount)
    runThreads(threadCount) { thread in
      // Each thread walks the rules from a different place, so they meet on every rule.
      let order = compiled.indices.map { ($0 + thread * 3) % compiled.count }
      var mine = Array(repeating: [Answer](), count: compiled.count)
      for _ in 0..<2 {
        for index in order {
          mine[index] = (try? Self.answers(compiled[index])) ?? []
        }
      }
      results[thread] = mine
    }
    for thread in 0..<threadCount {
      XCTAssertEqual(results[thread], expected, "thread \(thread)")
    }
  }

  /// Tasks compile the same rules against one fresh database at once (loading their zones
  /// concurrently) and evaluate them.
  func testTasksCompileAndDecideAgainstOneDatabase() async throws {
    let reference = try ZoneDatabase(root: TestPaths.zoneinfo)
    let rules = try Self.rules(reference)
    let expected = try rules.map {
      try Self.answers(CompiledOfflinePushRule(rule: $0, zones: reference))
    }
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let results = try await withThrowingTaskGroup(of: (Int, [Answer]).self) { group in
      for round in 0..<3 {
        for (index, rule) in rules.enumerated() {
          group.addTask {
            _ = round
            let saved = try rule.saved(at: 1_773_025_200, zones: zones)
            _ = try CompiledOfflinePushRule(rule: saved, zones: zones)
            return (index, try Self.answers(CompiledOfflinePushRule(rule: rule, zones: zones)))
          }
        }
      }
      var collected: [(Int, [Answer])] = []
      for try await result in group { collected.append(result) }
      return collected
    }
    XCTAssertEqual(results.count, 3 * rules.count)
    for (index, answers) in results {
      XCTAssertEqual(answers, expected[index], "rule \(index)")
    }
  }

  /// Schedules compiled on one thread and evaluated on others, next to rules being compiled.
  func testSchedulesEvaluatedWhileOthersCompile() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let rules = try Self.rules(zones).compactMap(\.doNotDisturbRule)
    let schedules = try rules.map { try DoNotDisturbSchedule(rule: $0, zones: zones) }
    let expected = try schedules.map { schedule in
      try Self.instants.map { (try schedule.contains($0), try schedule.nextChange(after: $0)) }
    }
    let fresh = try ZoneDatabase(root: TestPaths.zoneinfo)
    let threadCount = 6
    let results = ThreadResults<Bool>(count: threadCount)
    runThreads(threadCount) { thread in
      var ok = true
      for (index, schedule) in schedules.enumerated() {
        if thread % 2 == 0 {
          // Compile against a fresh database (zone loads) while others evaluate.
          let again = try? DoNotDisturbSchedule(rule: rules[index], zones: fresh)
          ok = ok && again == schedule
        }
        for (position, t) in Self.instants.enumerated() {
          let answer = ((try? schedule.contains(t)), (try? schedule.nextChange(after: t)))
          ok =
            ok && answer.0 == expected[index][position].0 && answer.1 == expected[index][position].1
        }
      }
      results[thread] = ok
    }
    for thread in 0..<threadCount {
      XCTAssertEqual(results[thread], true, "thread \(thread)")
    }
  }
}

/// The saved fuzz findings of the `rule-json` target (Fixtures/fuzz-regressions/rule-json),
/// through the same API as the fuzz target: decode, validate, save, compile, decide.
final class RuleJSONRegressionTests: XCTestCase {
  func testRuleJSONFuzzRegressions() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let folder = TestPaths.fixtures + "/fuzz-regressions/rule-json"
    for (name, bytes) in try TestPaths.replayInputs(in: folder) {
      let data = Data(bytes)
      let probes: [Int64] = [
        Zone.supportedInstants.lowerBound, 0, 1_773_025_200, Zone.supportedInstants.upperBound,
      ]
      if let rule = try? DoNotDisturbRule(jsonBytes: data) {
        let valid = rule.validate(zones: zones).errors.isEmpty
        XCTAssertEqual((try? DoNotDisturbSchedule(rule: rule, zones: zones)) != nil, valid, name)
        for savedAt in probes {
          guard let saved = try? rule.saved(at: savedAt, zones: zones) else { continue }
          XCTAssertNoThrow(
            try DoNotDisturbSchedule(rule: saved, zones: zones), "\(name) \(savedAt)")
        }
      }
      guard let rule = try? OfflinePushRule(jsonBytes: data) else {
        continue
      }
      for savedAt in probes {
        let saved: OfflinePushRule
        do {
          saved = try rule.saved(at: savedAt, zones: zones)
        } catch {
          // A typed refusal is an answer; it must name the field.
          XCTAssertFalse(error.errors.isEmpty, "\(name) saved at \(savedAt)")
          continue
        }
        // A rule the save step accepted is a rule the server stores: it must compile.
        do {
          let compiled = try CompiledOfflinePushRule(rule: saved, zones: zones)
          for t in probes {
            _ = try compiled.decide(kind: .call, target: .iPhoneOS, online: PlatformSet(), at: t)
          }
        } catch {
          XCTFail("\(name): saved at \(savedAt), the stored rule fails: \(error)")
        }
      }
    }
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// Compiled rules are plain bytes that outlive the database and zones they were compiled
/// from, and the process-wide registries behind that grow only with data they have not seen.
final class RuleLifetimeTests: XCTestCase {
  /// Copying a rule or a schedule is a copy of bytes: no reference to count (the hot path's
  /// promise, which the disassembly in the README's performance section shows for a loop).
  func testCompiledValuesAreTriviallyCopyable() {
    XCTAssertTrue(_isPOD(CompiledOfflinePushRule.self))
    XCTAssertTrue(_isPOD(DoNotDisturbSchedule.self))
    XCTAssertLessThanOrEqual(MemoryLayout<CompiledOfflinePushRule>.stride, 72)
  }

  /// Rules compiled against a database (and a zone built from bytes) that is then dropped,
  /// with every `Zone` value from it, answer as rules compiled against a live one.
  func testRuleOutlivesItsDatabaseAndZones() throws {
    let seed = SplitMix64.seed(default: 0x11FE)
    var rng = SplitMix64(seed: seed)
    let live = try ZoneDatabase(root: TestPaths.zoneinfo)
    let generators = Generators(zones: live)
    var rules: [OfflinePushRule] = []
    for _ in 0..<200 {
      let dnd = generators.rule(
        zoneID: generators.zoneID(using: &rng), modes: [.daily, .custom], using: &rng)
      rules.append(
        OfflinePushRule(
          onlinePlatforms: [.win, Platform(rawValue: 90)],
          notToReceiveOfflinePushPlatforms: [.iPhoneOS, Platform(rawValue: 91)],
          doNotDisturbRule: dnd))
    }
    let bytes = try zoneFileBytes("America/Sao_Paulo")
    let bytesRule = DoNotDisturbRule(enabled: true, startHour: 23, endHour: 1, repeatMode: .daily)
    // Compiled in a scope that drops the database, its zones and the zone built from bytes.
    let (orphans, orphanSchedule): ([CompiledOfflinePushRule], DoNotDisturbSchedule) = try {
      let dropped = try ZoneDatabase(root: TestPaths.zoneinfo)
      let compiled = try rules.map { try CompiledOfflinePushRule(rule: $0, zones: dropped) }
      let zone = try Zone(identifier: "Test/Lifetime", tzif: bytes)
      return (compiled, try DoNotDisturbSchedule(rule: bytesRule, zone: zone))
    }()
    let reference = try rules.map { try CompiledOfflinePushRule(rule: $0, zones: live) }
    let referenceSchedule = try DoNotDisturbSchedule(
      rule: bytesRule, zone: Zone(identifier: "Test/Lifetime", tzif: bytes))
    let targets: [Platform] = [.iPhoneOS, .android, Platform(rawValue: 91)]
    for (orphan, expected) in zip(orphans, reference) {
      XCTAssertEqual(orphan, expected)
      XCTAssertEqual(orphan.hashValue, expected.hashValue)
      XCTAssertEqual(orphan.schedule.zone, expected.schedule.zone)
      for _ in 0..<20 {
        let t = generators.instant(in: expected.schedule.zone, using: &rng)
        let target = targets.randomElement(using: &rng) ?? .android
        let online = PlatformSet(
          [.win, .web, Platform(rawValue: 90)].filter { _ in rng.next() & 1 == 0 })
        XCTAssertEqual(
          try orphan.decide(kind: .message, target: target, online: online, at: t),
          try expected.decide(kind: .message, target: target, online: online, at: t),
          "\(expected.schedule) at \(t) [seed \(seed)]")
      }
    }
    XCTAssertEqual(orphanSchedule.zone.identifier, "Test/Lifetime")
    for _ in 0..<2_000 {
      let t = generators.instant(in: referenceSchedule.zone, using: &rng)
      XCTAssertEqual(try orphanSchedule.contains(t), try referenceSchedule.contains(t), "\(t)")
      XCTAssertEqual(
        try orphanSchedule.nextChange(after: t), try referenceSchedule.nextChange(after: t))
    }
  }

  /// Loading a zone again (another database, the same data) interns nothing new and yields
  /// equal rules; the same ID with other data is another table and an unequal rule.
  func testInterningSharesEqualDataAndSeparatesOtherData() throws {
    let rule = OfflinePushRule(
      doNotDisturbRule: DoNotDisturbRule(
        enabled: true, startHour: 22, endHour: 7, repeatMode: .daily,
        timeZoneID: "Europe/Berlin"))
    let first = try CompiledOfflinePushRule(
      rule: rule, zones: ZoneDatabase(root: TestPaths.zoneinfo))
    let before = Zone.internedTableCount
    for _ in 0..<20 {
      let again = try CompiledOfflinePushRule(
        rule: rule, zones: ZoneDatabase(root: TestPaths.zoneinfo))
      XCTAssertEqual(again, first)
      XCTAssertEqual(again.hashValue, first.hashValue)
    }
    XCTAssertEqual(Zone.internedTableCount, before)

    let dnd = DoNotDisturbRule(enabled: true, startHour: 22, endHour: 7, repeatMode: .daily)
    let berlin = try DoNotDisturbSchedule(
      rule: dnd, zone: Zone(identifier: "Test/Same", tzif: zoneFileBytes("Europe/Berlin")))
    let beforeOther = Zone.internedTableCount
    let tokyo = try DoNotDisturbSchedule(
      rule: dnd, zone: Zone(identifier: "Test/Same", tzif: zoneFileBytes("Asia/Tokyo")))
    XCTAssertEqual(Zone.internedTableCount, beforeOther + 1)
    XCTAssertNotEqual(berlin, tokyo)
    XCTAssertNotEqual(berlin.zone, tokyo.zone)
    let berlinAgain = try DoNotDisturbSchedule(
      rule: dnd, zone: Zone(identifier: "Test/Same", tzif: zoneFileBytes("Europe/Berlin")))
    XCTAssertEqual(berlinAgain, berlin)
    XCTAssertEqual(Zone.internedTableCount, beforeOther + 1)
  }

  /// Platform values outside 0…63 are interned by value: equal lists make equal rules with
  /// equal hashes, other lists unequal ones, and compiling again adds no entry.
  func testLargePlatformListsAreInternedByValue() throws {
    func compile(_ online: [Int], _ silenced: [Int]) throws -> CompiledOfflinePushRule {
      try CompiledOfflinePushRule(
        rule: OfflinePushRule(
          onlinePlatforms: online.map(Platform.init(rawValue:)),
          notToReceiveOfflinePushPlatforms: silenced.map(Platform.init(rawValue:))),
        zones: ZoneDatabase(root: TestPaths.zoneinfo))
    }
    let a = try compile([1, 640, 641], [2, 700])
    let count = CompiledOfflinePushRule.internedPlatformListCount
    let b = try compile([641, 640, 1, 640], [700, 2])
    XCTAssertEqual(CompiledOfflinePushRule.internedPlatformListCount, count)
    XCTAssertEqual(a, b)
    XCTAssertEqual(a.hashValue, b.hashValue)
    XCTAssertNotEqual(a, try compile([1, 640], [2, 700]))
    XCTAssertNotEqual(a, try compile([1, 640, 641], [2, 701]))
    XCTAssertNotEqual(a, try compile([1], [2]))
    let decisions: [(Int, [Int], Bool)] = [
      (700, [641], false), (700, [642], true), (2, [640], false), (2, [1], false),
      (2, [642], true), (701, [1], true), (3, [640], true),
    ]
    for (target, online, delivers) in decisions {
      let set = PlatformSet(online.map(Platform.init(rawValue:)))
      XCTAssertEqual(
        try a.decide(kind: .call, target: Platform(rawValue: target), online: set, at: 0).delivers,
        delivers, "\(target) \(online)")
    }
  }

  /// The bytes of a zone's TZif file in the test database.
  func zoneFileBytes(_ id: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.zoneinfo + "/" + id)))
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// Compiled rules are small values that outlive the database and zones they were compiled
/// from, and the process-wide registries behind that grow only with data they have not seen.
final class RuleLifetimeTests: XCTestCase {
  /// A compiled rule is plain bytes: the schedule, two platform masks and the switches, with
  /// no reference to count when it is copied out of a collection (the hot path's promise,
  /// which the disassembly in the README's performance section shows for a loop).
  func testCompiledValuesAreSmallAndTriviallyCopyable() {
    XCTAssertTrue(_isPOD(DoNotDisturbSchedule.self))
    XCTAssertTrue(_isPOD(CompiledOfflinePushRule.self))
    XCTAssertEqual(
      MemoryLayout<CompiledOfflinePushRule>.size,
      MemoryLayout<DoNotDisturbSchedule>.size + 2 * 8 + 1)
    XCTAssertLessThanOrEqual(MemoryLayout<CompiledOfflinePushRule>.stride, 64)
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
          onlinePlatforms: [.win, Platform(rawValue: 40)],
          notToReceiveOfflinePushPlatforms: [.iPhoneOS, Platform(rawValue: 41)],
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
    let targets: [Platform] = [.iPhoneOS, .android, Platform(rawValue: 41), Platform(rawValue: 91)]
    for (orphan, expected) in zip(orphans, reference) {
      XCTAssertEqual(orphan, expected)
      XCTAssertEqual(orphan.hashValue, expected.hashValue)
      XCTAssertEqual(orphan.schedule.zone, expected.schedule.zone)
      for _ in 0..<20 {
        let t = generators.instant(in: expected.schedule.zone, using: &rng)
        let target = targets.randomElement(using: &rng) ?? .android
        let online = PlatformSet(
          [.win, .web, Platform(rawValue: 40), Platform(rawValue: 90)].filter { _ in
            rng.next() & 1 == 0
          })
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

  /// Platform lists compare by the values they hold: equal sets make equal rules with equal
  /// hashes, other sets unequal ones; the rule decides by them, and a target or online value
  /// outside 0…63 (which no rule holds) matches neither list.
  func testPlatformListsCompareByValue() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    func compile(_ online: [Int], _ silenced: [Int]) throws -> CompiledOfflinePushRule {
      try CompiledOfflinePushRule(
        rule: OfflinePushRule(
          onlinePlatforms: online.map(Platform.init(rawValue:)),
          notToReceiveOfflinePushPlatforms: silenced.map(Platform.init(rawValue:))),
        zones: zones)
    }
    let a = try compile([1, 40, 63], [2, 50])
    let b = try compile([63, 40, 1, 40], [50, 2])
    XCTAssertEqual(a, b)
    XCTAssertEqual(a.hashValue, b.hashValue)
    XCTAssertNotEqual(a, try compile([1, 40], [2, 50]))
    XCTAssertNotEqual(a, try compile([1, 40, 63], [2, 51]))
    XCTAssertNotEqual(a, try compile([1], [2]))
    XCTAssertNotEqual(try compile([40], []), try compile([], [40]))
    let decisions: [(Int, [Int], Bool)] = [
      (50, [63], false), (50, [62], true), (2, [40], false), (2, [1], false),
      (2, [42], true), (51, [1], true), (3, [40], true), (2, [640, 104], true),
      (2, [640, 63], false), (700, [1], true), (-5, [1], true), (64, [1], true),
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

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
  /// Copying a schedule is a copy of bytes, and a rule is the schedule, its masks and
  /// switches, and one optional reference (nil unless it has platform values outside 0…63):
  /// no reference to count for the common rule (the hot path's promise, which the disassembly
  /// in the README's performance section shows for a loop).
  func testCompiledValuesAreSmallAndTheScheduleTriviallyCopyable() {
    XCTAssertTrue(_isPOD(DoNotDisturbSchedule.self))
    XCTAssertEqual(
      MemoryLayout<CompiledOfflinePushRule>.size,
      MemoryLayout<DoNotDisturbSchedule>.size + 2 * 8 + MemoryLayout<AnyObject?>.size + 1)
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

  /// Platform values outside 0…63 compare by value: equal lists make equal rules with equal
  /// hashes, other lists unequal ones; the rule decides by them.
  func testLargePlatformListsCompareByValue() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    func compile(_ online: [Int], _ silenced: [Int]) throws -> CompiledOfflinePushRule {
      try CompiledOfflinePushRule(
        rule: OfflinePushRule(
          onlinePlatforms: online.map(Platform.init(rawValue:)),
          notToReceiveOfflinePushPlatforms: silenced.map(Platform.init(rawValue:))),
        zones: zones)
    }
    let a = try compile([1, 640, 641], [2, 700])
    let b = try compile([641, 640, 1, 640], [700, 2])
    XCTAssertEqual(a, b)
    XCTAssertEqual(a.hashValue, b.hashValue)
    XCTAssertNotEqual(a, try compile([1, 640], [2, 700]))
    XCTAssertNotEqual(a, try compile([1, 640, 641], [2, 701]))
    XCTAssertNotEqual(a, try compile([1], [2]))
    XCTAssertNotEqual(try compile([640], []), try compile([], [640]))
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

  /// The storage of platform values outside 0…63 lives exactly as long as the rules holding
  /// it: copies share it, and it is released with the last of them, whoever compiled it.
  func testLargePlatformListsAreReleasedWithTheirLastRule() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let rule = OfflinePushRule(
      onlinePlatforms: [Platform(rawValue: 1 << 40)],
      notToReceiveOfflinePushPlatforms: [Platform(rawValue: -5), .android])
    let before = CompiledOfflinePushRule.livePlatformListCount
    var copies: [CompiledOfflinePushRule] = []
    do {
      let compiled = try CompiledOfflinePushRule(rule: rule, zones: zones)
      copies = Array(repeating: compiled, count: 100)
      XCTAssertEqual(CompiledOfflinePushRule.livePlatformListCount, before + 1)
      _ = try CompiledOfflinePushRule(rule: OfflinePushRule(onlinePlatforms: [.win]), zones: zones)
      XCTAssertEqual(CompiledOfflinePushRule.livePlatformListCount, before + 1)
    }
    XCTAssertEqual(CompiledOfflinePushRule.livePlatformListCount, before + 1)
    XCTAssertFalse(
      try copies[99].decide(
        kind: .message, target: Platform(rawValue: -5),
        online: PlatformSet([Platform(rawValue: 1 << 40)]), at: 0
      ).delivers)
    copies.removeLast(99)
    XCTAssertEqual(CompiledOfflinePushRule.livePlatformListCount, before + 1)
    copies.removeAll()
    XCTAssertEqual(CompiledOfflinePushRule.livePlatformListCount, before)
  }

  /// A server compiling the rules its clients send keeps constant memory when the rules go:
  /// rounds of rules with 256 distinct random 64-bit platform values each, each round dropped
  /// before the next, leave resident memory where the first round left it.
  func testDistinctLargePlatformValuesDoNotGrowMemory() throws {
    let seed = SplitMix64.seed(default: 0x1A26E)
    var rng = SplitMix64(seed: seed)
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    let count = 256
    func round(rules: Int) throws {
      var compiled: [CompiledOfflinePushRule] = []
      compiled.reserveCapacity(rules)
      for _ in 0..<rules {
        let values = (0..<count).map { _ in Platform(rawValue: Int(bitPattern: UInt(rng.next()))) }
        compiled.append(
          try CompiledOfflinePushRule(
            rule: OfflinePushRule(
              onlinePlatforms: Array(values[..<(count / 2)]),
              notToReceiveOfflinePushPlatforms: Array(values[(count / 2)...])),
            zones: zones))
      }
      XCTAssertEqual(compiled.count, rules)
    }
    let live = CompiledOfflinePushRule.livePlatformListCount
    try round(rules: 1_000)
    let settled = try ResidentMemory.bytes()
    for _ in 0..<6 { try round(rules: 1_000) }
    let grown = try ResidentMemory.bytes() - settled
    XCTAssertEqual(CompiledOfflinePushRule.livePlatformListCount, live, "seed \(seed)")
    // 6,000 rules of 256 distinct values: kept for ever, they took 36 MiB more.
    XCTAssertLessThan(
      grown, (8 << 20) + ResidentMemory.allocatorSlack,
      "resident memory grew by \(grown >> 20) MiB over 6,000 dropped rules (seed \(seed))")
    print("6,000 rules of 256 distinct large platform values: RSS grew \(grown >> 10) KiB")
  }

  /// The bytes of a zone's TZif file in the test database.
  func zoneFileBytes(_ id: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.zoneinfo + "/" + id)))
  }
}

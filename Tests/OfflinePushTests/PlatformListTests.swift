import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// Platform lists: the set against a plain `Set<Int>`, and the length limit of a rule's lists.
final class PlatformListTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  /// `PlatformSet` built at once or by `insert` answers `contains` and `intersects` as a
  /// `Set<Int>` does, for values inside and outside 0…63, duplicates included.
  func testSetAgreesWithAPlainSet() {
    let seed = SplitMix64.seed(default: 0x91A7_F0E5)
    var rng = SplitMix64(seed: seed)
    func values() -> [Int] {
      (0..<Int.random(in: 0...40, using: &rng)).map { _ in
        Bool.random(using: &rng)
          ? Int.random(in: -3...70, using: &rng) : Int.random(in: -1_000...1_000, using: &rng)
      }
    }
    for round in 0..<2_000 {
      let a = values()
      let b = values()
      let label = "[seed \(seed), round \(round)] \(a) \(b)"
      let built = PlatformSet(a.map(Platform.init(rawValue:)))
      var inserted = PlatformSet()
      for value in a { inserted.insert(Platform(rawValue: value)) }
      XCTAssertEqual(built, inserted, label)
      XCTAssertEqual(built.others, Array(Set(a.filter { !(0..<64).contains($0) })).sorted(), label)
      let other = PlatformSet(b.map(Platform.init(rawValue:)))
      XCTAssertEqual(built.intersects(other), !Set(a).isDisjoint(with: b), label)
      for probe in b + [0, 63, 64, -1] {
        XCTAssertEqual(built.contains(Platform(rawValue: probe)), a.contains(probe), label)
      }
    }
  }

  /// A list one past the limit, and one of 200,000 distinct values ≥ 64 (quadratic before),
  /// is a `tooManyPlatforms` error naming the field and the length, when saving and when
  /// compiling; both lists are checked.
  func testListPastTheLimitIsATypedError() throws {
    let limit = OfflinePushRule.maximumPlatformCount
    for count in [limit + 1, 200_000] {
      // Without a limit, 200,000 values would take minutes: stop at the first miss.
      guard count == limit + 1 || testRun?.hasSucceeded ?? true else { return }
      let long = (0..<count).map { Platform(rawValue: 64 + $0) }
      let cases: [(OfflinePushRule, String)] = [
        (OfflinePushRule(onlinePlatforms: long), "onlinePlatforms"),
        (
          OfflinePushRule(notToReceiveOfflinePushPlatforms: long),
          "notToReceiveOfflinePushPlatforms"
        ),
      ]
      for (rule, field) in cases {
        let expected = [
          RuleFieldError(
            code: .tooManyPlatforms, field: field, value: "\(count) entries",
            reason: "a platform list holds at most \(limit) entries")
        ]
        XCTAssertThrowsError(try CompiledOfflinePushRule(rule: rule, zones: zones), field) {
          XCTAssertEqual(($0 as? RuleValidationError)?.errors, expected, field)
        }
        XCTAssertThrowsError(try rule.saved(at: 1_767_225_600, zones: zones), field) {
          XCTAssertEqual(($0 as? RuleValidationError)?.errors, expected, field)
        }
      }
    }
    // With a DND error too, both are reported, the lists first (field order).
    var rule = OfflinePushRule(
      onlinePlatforms: (0...limit).map { Platform(rawValue: $0) },
      doNotDisturbRule: DoNotDisturbRule(startHour: 24))
    XCTAssertThrowsError(try CompiledOfflinePushRule(rule: rule, zones: zones)) {
      XCTAssertEqual(
        ($0 as? RuleValidationError)?.errors.map(\.field),
        ["onlinePlatforms", "doNotDisturbRule.startHour"])
    }
    rule.doNotDisturbRule = nil
    XCTAssertThrowsError(try rule.saved(at: 0, zones: zones))
  }

  /// Lists of exactly the limit compile, save and decide as the sets say.
  func testListsAtTheLimitWork() throws {
    let limit = OfflinePushRule.maximumPlatformCount
    // Online: 64, 66, …; silenced: 1 and 1,023 values from 1,000 on.
    let online = (0..<limit).map { Platform(rawValue: 64 + 2 * $0) }
    let silenced = [Platform.win] + (0..<(limit - 1)).map { Platform(rawValue: 1_000 + $0) }
    let rule = OfflinePushRule(onlinePlatforms: online, notToReceiveOfflinePushPlatforms: silenced)
    XCTAssertEqual(try rule.saved(at: 1_767_225_600, zones: zones), rule)
    let compiled = try CompiledOfflinePushRule(rule: rule, zones: zones)
    let onlineSet = PlatformSet(online)
    let silencedSet = PlatformSet(silenced)
    for target in [1, 2, 999, 1_000, 1_500, 2_022, 2_023] {
      for now in [[], [64], [65], [2_110], [2_111], [3, 5, 2_110]] {
        let nowSet = PlatformSet(now.map(Platform.init(rawValue:)))
        let expected =
          silencedSet.contains(Platform(rawValue: target)) && onlineSet.intersects(nowSet)
        XCTAssertEqual(
          try compiled.decide(
            kind: .message, target: Platform(rawValue: target), online: nowSet, at: 0),
          expected ? .suppress(.platformRule, until: nil) : .deliver, "\(target) \(now)")
      }
    }
  }
}

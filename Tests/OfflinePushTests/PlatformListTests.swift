import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// Platform lists: the set against a plain `Set<Int>`, and the length and value limits of a
/// rule's lists.
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
            code: .tooManyPlatforms, keyPath: field, value: "\(count) entries",
            reason: "a platform list holds at most \(limit) entries")
        ]
        XCTAssertThrowsError(try CompiledOfflinePushRule(rule: rule, zones: zones), field) {
          XCTAssertEqual(($0 as? RuleError)?.errors, expected, field)
        }
        XCTAssertThrowsError(try rule.saved(at: 1_767_225_600, zones: zones), field) {
          XCTAssertEqual(($0 as? RuleError)?.errors, expected, field)
        }
      }
    }
    // With a DND error too, both are reported, the lists first (field order).
    var rule = OfflinePushRule(
      onlinePlatforms: (0...limit).map { Platform(rawValue: $0) },
      doNotDisturbRule: DoNotDisturbRule(startHour: 24))
    XCTAssertThrowsError(try CompiledOfflinePushRule(rule: rule, zones: zones)) {
      XCTAssertEqual(
        ($0 as? RuleError)?.errors.map(\.keyPath),
        ["onlinePlatforms", "doNotDisturbRule.startHour"])
    }
    rule.doNotDisturbRule = nil
    XCTAssertThrowsError(try rule.saved(at: 0, zones: zones))
  }

  /// Lists of exactly the limit (values repeating over 0…63) compile, save and decide as the
  /// sets say.
  func testListsAtTheLimitWork() throws {
    let limit = OfflinePushRule.maximumPlatformCount
    // Online: the even values 0…62, over and over; silenced: 1, then 5…63 over and over.
    let online = (0..<limit).map { Platform(rawValue: 2 * $0 % 64) }
    let silenced = [Platform.win] + (0..<(limit - 1)).map { Platform(rawValue: 5 + $0 % 59) }
    let rule = OfflinePushRule(onlinePlatforms: online, notToReceiveOfflinePushPlatforms: silenced)
    XCTAssertEqual(try rule.saved(at: 1_767_225_600, zones: zones), rule)
    let compiled = try CompiledOfflinePushRule(rule: rule, zones: zones)
    let onlineValues = Set(online.map(\.rawValue))
    let silencedValues = Set(silenced.map(\.rawValue))
    for target in [-1, 0, 1, 2, 4, 5, 63, 64, 1_000] {
      for now in [[], [0], [1], [62], [63], [3, 5, 62], [64, 128]] {
        let expected = silencedValues.contains(target) && !onlineValues.isDisjoint(with: now)
        XCTAssertEqual(
          try compiled.decide(
            kind: .message, target: Platform(rawValue: target),
            online: PlatformSet(now.map(Platform.init(rawValue:))), at: 0),
          expected ? .suppress(.platformRule, until: nil) : .deliver, "\(target) \(now)")
      }
    }
  }

  /// A platform value outside 0…63 is an `invalidPlatform` error naming the entry's key path
  /// and the value, one for each such entry in field order, from every way a rule is saved or
  /// compiled (a stored rule loaded again gets the same error as the client who saved it); a
  /// rule whose values all lie in 0…63 is accepted. Lists of random values, some outside.
  func testPlatformValuesOutsideTheRangeAreATypedError() throws {
    let seed = SplitMix64.seed(default: 0x9A7F_0063)
    var rng = SplitMix64(seed: seed)
    func values() -> [Int] {
      (0..<Int.random(in: 0...6, using: &rng)).map { _ in
        switch rng.next() % 4 {
        case 0: Int(bitPattern: UInt(rng.next()))
        case 1: Int.random(in: -3...67, using: &rng)
        default: Int.random(in: 0...63, using: &rng)
        }
      }
    }
    let savedAt: Int64 = 1_767_225_600
    var refused = 0
    for round in 0..<1_000 {
      let online = values()
      let silenced = values()
      let rule = OfflinePushRule(
        onlinePlatforms: online.map(Platform.init(rawValue:)),
        notToReceiveOfflinePushPlatforms: silenced.map(Platform.init(rawValue:)),
        doNotDisturbRule: round % 2 == 0
          ? nil : DoNotDisturbRule(enabled: true, startHour: 22, endHour: 7, repeatMode: .daily))
      let label = "[seed \(seed), round \(round)] \(online) \(silenced)"
      // The expected errors, from the lists alone.
      var expected: [RuleFieldError] = []
      for (field, list) in [
        ("onlinePlatforms", online), ("notToReceiveOfflinePushPlatforms", silenced),
      ] {
        for (index, value) in list.enumerated() where value < 0 || value > 63 {
          expected.append(
            RuleFieldError(
              code: .invalidPlatform, keyPath: "\(field)[\(index)]", value: "\(value)",
              reason: "outside 0...63, the platform values a rule holds"))
        }
      }
      XCTAssertEqual(rule.validatePlatformLists(), expected, label)
      let attempts: [(String, () throws -> Void)] = [
        ("compile", { _ = try CompiledOfflinePushRule(rule: rule, zones: self.zones) }),
        ("save", { _ = try rule.saved(at: savedAt, zones: self.zones) }),
        ("save and compile", { _ = try rule.savedAndCompiled(at: savedAt, zones: self.zones) }),
      ]
      for (name, attempt) in attempts {
        if expected.isEmpty {
          XCTAssertNoThrow(try attempt(), "\(name) \(label)")
        } else {
          XCTAssertThrowsError(try attempt(), "\(name) \(label)") {
            XCTAssertEqual(($0 as? RuleError)?.errors, expected, "\(name) \(label)")
          }
        }
      }
      if !expected.isEmpty { refused += 1 }
    }
    // Both outcomes are exercised, so the comparison is not vacuous.
    XCTAssertGreaterThan(refused, 200, "seed \(seed)")
    XCTAssertLessThan(refused, 800, "seed \(seed)")
  }

  /// With a DND error too, a platform value's error comes first (field order), with the DND
  /// rule's under its key.
  func testPlatformValueErrorsComeBeforeTheDNDRule() throws {
    let rule = OfflinePushRule(
      notToReceiveOfflinePushPlatforms: [.android, Platform(rawValue: 64)],
      doNotDisturbRule: DoNotDisturbRule(startHour: 24))
    let expected = ["notToReceiveOfflinePushPlatforms[1]", "doNotDisturbRule.startHour"]
    XCTAssertThrowsError(try CompiledOfflinePushRule(rule: rule, zones: zones)) {
      XCTAssertEqual(($0 as? RuleError)?.errors.map(\.keyPath), expected)
    }
    XCTAssertThrowsError(try rule.saved(at: 0, zones: zones)) {
      XCTAssertEqual(($0 as? RuleError)?.errors.map(\.keyPath), expected)
    }
  }
}

import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// The platform limits at their edges: a list's length at N−1, N and N+1 of
/// `OfflinePushRule.maximumPlatformCount` beside an invalid list, and a device's platform at
/// 63, 64 and 65 against a rule's 64-bit masks, in the single decision and in both batches.
/// Errors are compared by code and key path, not by text.
final class PlatformBoundaryTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  /// The code and key path of each error a rule gets, from validation, compiling and saving
  /// (each must give the same list).
  func errors(_ rule: OfflinePushRule, _ label: String) -> [String] {
    let validated = rule.validatePlatformLists().map { "\($0.code) \($0.keyPath)" }
    for (name, attempt) in [
      ("compile", { _ = try CompiledOfflinePushRule(rule: rule, zones: self.zones) }),
      ("save", { _ = try rule.saved(at: 1_767_225_600, zones: self.zones) }),
    ] as [(String, () throws -> Void)] {
      do {
        try attempt()
        XCTAssertEqual(validated, [], "\(name) accepted \(label)")
      } catch let error as RuleError {
        XCTAssertEqual(
          error.errors.map { "\($0.code) \($0.keyPath)" }, validated, "\(name) \(label)")
      } catch {
        XCTFail("\(name) \(label): \(error)")
      }
    }
    return validated
  }

  /// A valid list of N−1, N or N+1 entries beside a list with an invalid value: only the
  /// N+1 list is too long, in either field; the other list's bad value is reported at its
  /// index whatever the length of its neighbour.
  func testAListAtTheLimitBesideAnInvalidListIsNotTooLong() {
    let limit = OfflinePushRule.maximumPlatformCount
    XCTAssertEqual(limit, 1_024)
    let bad = [Platform.android, Platform(rawValue: 64)]
    for count in [limit - 1, limit, limit + 1] {
      let long = (0..<count).map { Platform(rawValue: $0 % 64) }
      let tooLong = count > limit
      let online = errors(
        OfflinePushRule(onlinePlatforms: long, notToReceiveOfflinePushPlatforms: bad),
        "online \(count)")
      XCTAssertEqual(
        online,
        (tooLong ? ["tooManyPlatforms onlinePlatforms"] : [])
          + ["invalidPlatform notToReceiveOfflinePushPlatforms[1]"], "online \(count)")
      let silenced = errors(
        OfflinePushRule(onlinePlatforms: bad, notToReceiveOfflinePushPlatforms: long),
        "silenced \(count)")
      XCTAssertEqual(
        silenced,
        ["invalidPlatform onlinePlatforms[1]"]
          + (tooLong ? ["tooManyPlatforms notToReceiveOfflinePushPlatforms"] : []),
        "silenced \(count)")
      // The list at its length with its own bad value last: that value, at its index, unless
      // the list is too long (then the length alone).
      let lastBad = long.dropLast() + [Platform(rawValue: -1)]
      XCTAssertEqual(
        errors(OfflinePushRule(onlinePlatforms: Array(lastBad)), "last bad \(count)"),
        tooLong
          ? ["tooManyPlatforms onlinePlatforms"]
          : ["invalidPlatform onlinePlatforms[\(count - 1)]"],
        "last bad \(count)")
    }
  }

  /// A rule that silences platform p (while the user is online on Win) suppresses a device
  /// on p and on nothing else: devices on 63, 64 and 65 (and values far outside 0…63) are
  /// silenced only when their own value is in the list, never by a shift that wraps around
  /// 64. The single decision, the batch without preferences and the batch with them agree.
  func testADevicePastTheMaskIsNotSilencedByAWrappedBit() throws {
    let online = PlatformSet([.win])
    let targets = [0, 1, 2, 62, 63, 64, 65, 66, 127, 128, 129, -1, -64, Int.max, Int.min]
    let preferences = [try CompiledPushPreferences(PushPreferences())]
    let at: Int64 = 1_767_225_600
    var decisions: [PushDecision] = []
    for silenced in [[0], [1], [63], [0, 1, 63], [62]] {
      let rule = try CompiledOfflinePushRule(
        rule: OfflinePushRule(
          onlinePlatforms: [.win],
          notToReceiveOfflinePushPlatforms: silenced.map(Platform.init(rawValue:))),
        zones: zones)
      let recipients = targets.map {
        PushRecipient(ruleIndex: 0, target: Platform(rawValue: $0), online: online)
      }
      let expected = targets.map {
        silenced.contains($0) ? PushDecision.suppress(.platformRule, until: nil) : .deliver
      }
      let single = try targets.map {
        try rule.decide(kind: .message, target: Platform(rawValue: $0), online: online, at: at)
      }
      XCTAssertEqual(single, expected, "single, silenced \(silenced)")
      try CompiledOfflinePushRule.decide(
        kind: .message, at: at, rules: [rule], recipients: recipients, into: &decisions)
      XCTAssertEqual(decisions, expected, "batch, silenced \(silenced)")
      try CompiledOfflinePushRule.decide(
        kind: .call, at: at, message: PushMessage(), rules: [rule], preferences: preferences,
        recipients: recipients, into: &decisions)
      XCTAssertEqual(decisions, expected, "batch with preferences, silenced \(silenced)")
    }
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// The save step and the load step against their parts: decode, then `saved(at:)`, then
/// compile, on generated rules (valid, and made invalid one field or several at a time), from
/// every kind of bytes.
final class SaveAndCompileTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  var generators: Generators!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    generators = Generators(zones: zones)
  }

  /// A generated DND rule, sometimes broken: an hour out of range, an unknown zone, a custom
  /// rule with no weekday, a one-off end outside the supported years.
  func dndRule(using rng: inout SplitMix64) -> DoNotDisturbRule {
    var rule = generators.rule(zoneID: generators.zoneID(using: &rng), using: &rng)
    rule.enabled = Int.random(in: 0..<8, using: &rng) != 0
    if Int.random(in: 0..<4, using: &rng) == 0 { rule.onceEndTimestamp = 1_700_000_000 }
    if Int.random(in: 0..<8, using: &rng) == 0 {
      rule.startHour = [-1, 24, 99].randomElement(using: &rng) ?? 24
    }
    if Int.random(in: 0..<8, using: &rng) == 0 { rule.timeZoneID = "Nowhere/Atlantis" }
    if Int.random(in: 0..<10, using: &rng) == 0 {
      rule.repeatMode = .custom
      rule.customRepeatDays = 0
    }
    if Int.random(in: 0..<12, using: &rng) == 0 { rule.onceEndTimestamp = Int64.max }
    if Int.random(in: 0..<12, using: &rng) == 0 { rule.repeatMode = RepeatMode(rawValue: 7) }
    return rule
  }

  /// A save instant: mostly inside the supported years, sometimes at or past their ends.
  func savedAt(using rng: inout SplitMix64) -> Int64 {
    let range = Zone.supportedInstants
    switch Int.random(in: 0..<16, using: &rng) {
    case 0: return range.upperBound + 1
    case 1: return range.lowerBound - Int64.random(in: 1...86_400, using: &rng)
    case 2: return range.lowerBound
    case 3: return range.upperBound
    default: return Int64.random(in: 0...4_102_444_800, using: &rng)
    }
  }

  /// What a save step returns, comparable.
  struct Saved<Rule: Equatable, Compiled: Equatable>: Equatable {
    var rule: Rule
    var compiled: Compiled

    init(_ step: (rule: Rule, compiled: Compiled)) {
      (rule, compiled) = step
    }
  }

  /// The steps one after another, as a result.
  func stepByStep(_ json: [UInt8], savedAt: Int64) -> Result<
    Saved<OfflinePushRule, CompiledOfflinePushRule>, RuleError
  > {
    let rule: OfflinePushRule
    do { rule = try OfflinePushRule(jsonBytes: json) } catch { return .failure(error) }
    do {
      let saved = try rule.saved(at: savedAt, zones: zones)
      return .success(Saved((saved, try CompiledOfflinePushRule(rule: saved, zones: zones))))
    } catch {
      return .failure(error)
    }
  }

  /// The document's bytes as each kind of collection the byte initializers take.
  func byteForms(_ json: [UInt8]) -> [(kind: String, bytes: any Collection<UInt8>)] {
    [
      ("array", json), ("slice", ([0x20] + json + [0x20])[1...json.count]), ("Data", Data(json)),
      ("lazy", json.lazy.map { $0 }),
    ]
  }

  /// `OfflinePushRule.savedAndCompiled(jsonBytes:at:zones:)` gives what decode →
  /// `saved(at:)` → `CompiledOfflinePushRule(rule:zones:)` gives: the same saved and compiled
  /// rule, or the same typed error with the same fields in the same order, from every kind of
  /// bytes; `savedAndCompiled(at:zones:)` on the decoded rule agrees; and loading the stored
  /// rule's document gives the compiled rule back.
  func testPushCallEqualsTheSteps() throws {
    let seed = SplitMix64.seed(default: 0x5A7E_C0DE)
    var rng = SplitMix64(seed: seed)
    let platforms: [Platform] = [.win, .iPhoneOS, .android, .macOS, .web, Platform(rawValue: 59)]
    var outcomes = (compiled: 0, invalid: 0, undecodable: 0)
    for round in 0..<3_000 {
      var online = platforms.filter { _ in Bool.random(using: &rng) }
      switch Int.random(in: 0..<40, using: &rng) {
      case 0:
        online = (0...OfflinePushRule.maximumPlatformCount).map { Platform(rawValue: $0 % 64) }
      case 1...3: online.append(Platform(rawValue: 99))  // outside 0…63: invalidPlatform
      default: break
      }
      let rule = OfflinePushRule(
        onlinePlatforms: online,
        notToReceiveOfflinePushPlatforms: platforms.filter { _ in Bool.random(using: &rng) },
        offlinePushEnabled: Bool.random(using: &rng),
        messageOfflinePushEnabled: Bool.random(using: &rng),
        callOfflinePushEnabled: Bool.random(using: &rng),
        doNotDisturbRule: Int.random(in: 0..<6, using: &rng) == 0 ? nil : dndRule(using: &rng))
      let at = savedAt(using: &rng)
      var json = rule.jsonBytes()
      if Int.random(in: 0..<20, using: &rng) == 0 {
        json = Array(#"{"offlinePushEnabled": 1}"#.utf8)
      }
      let label =
        "[seed \(seed), round \(round)] saved at \(at): \(String(decoding: json, as: UTF8.self))"
      let expected = stepByStep(json, savedAt: at)
      for (kind, bytes) in byteForms(json) {
        let actual = Result { () throws(RuleError) in
          Saved(try OfflinePushRule.savedAndCompiled(jsonBytes: bytes, at: at, zones: zones))
        }
        XCTAssertEqual(actual, expected, "\(kind) \(label)")
      }
      switch expected {
      case .success(let saved):
        outcomes.compiled += 1
        let decoded = try OfflinePushRule(jsonBytes: json)
        XCTAssertEqual(Saved(try decoded.savedAndCompiled(at: at, zones: zones)), saved, label)
        XCTAssertEqual(
          try CompiledOfflinePushRule(jsonBytes: saved.rule.jsonBytes(), zones: zones),
          saved.compiled, label)
      case .failure(let error) where !error.errors[0].isDecodingError:
        outcomes.invalid += 1
        // A platform list past its maximum is refused as it is read: the rule does not
        // decode, with the same one error.
        guard let decoded = try? OfflinePushRule(jsonBytes: json) else {
          XCTAssertThrowsError(try OfflinePushRule(jsonBytes: json), label) {
            XCTAssertEqual($0 as? RuleError, error, label)
          }
          XCTAssertEqual(error.errors.map(\.code), [.tooManyPlatforms], label)
          continue
        }
        XCTAssertThrowsError(try decoded.savedAndCompiled(at: at, zones: zones), label) {
          XCTAssertEqual($0 as? RuleError, error, label)
        }
        // Every field once: no error is reported twice (as validating twice would).
        XCTAssertEqual(Set(error.errors).count, error.errors.count, label)
        // Every code is one a layer declares: DNDSchedule's, or the push rule's own.
        let declared = Set(RuleFieldError.Code.scheduleCodes + RuleFieldError.Code.offlinePushCodes)
        XCTAssertTrue(declared.isSuperset(of: error.errors.map(\.code)), label)
      case .failure(let error):
        // Only the generated `{"offlinePushEnabled": 1}` does not decode: a number where a
        // boolean belongs.
        XCTAssertEqual(error.errors.map(\.code), [.wrongType], label)
        outcomes.undecodable += 1
      }
    }
    // Each outcome is exercised, so the comparison is not vacuous.
    XCTAssertGreaterThan(outcomes.compiled, 500, "\(outcomes)")
    XCTAssertGreaterThan(outcomes.invalid, 500, "\(outcomes)")
    XCTAssertGreaterThan(outcomes.undecodable, 50, "\(outcomes)")
  }

  /// `DoNotDisturbRule.savedAndCompiled(jsonBytes:at:zones:)` and `savedAndCompiled(at:zones:)`
  /// give what decode → `saved(at:)` → `DoNotDisturbSchedule(rule:zones:)` gives, and loading
  /// the stored rule's document gives the schedule back.
  func testDoNotDisturbCallEqualsTheSteps() throws {
    let seed = SplitMix64.seed(default: 0xD0_0D1E)
    var rng = SplitMix64(seed: seed)
    var compiled = 0
    for round in 0..<3_000 {
      let rule = dndRule(using: &rng)
      let at = savedAt(using: &rng)
      let json = try JSONEncoder().encode(rule)
      let label = "[seed \(seed), round \(round)] saved at \(at): \(rule)"
      let expected = Result { () throws(RuleError) in
        let saved = try rule.saved(at: at, zones: zones)
        return Saved((saved, try DoNotDisturbSchedule(rule: saved, zones: zones)))
      }
      let byValue = Result { () throws(RuleError) in
        Saved(try rule.savedAndCompiled(at: at, zones: zones))
      }
      XCTAssertEqual(byValue, expected, label)
      for (kind, bytes) in byteForms([UInt8](json)) {
        let byDocument = Result { () throws(RuleError) in
          Saved(try DoNotDisturbRule.savedAndCompiled(jsonBytes: bytes, at: at, zones: zones))
        }
        XCTAssertEqual(byDocument, expected, "\(kind) \(label)")
      }
      if case .success(let saved) = expected {
        XCTAssertEqual(
          try DoNotDisturbSchedule(jsonBytes: saved.rule.jsonBytes(), zones: zones),
          saved.compiled, label)
      }
      if case .failure(let error) = expected {
        // A DND rule reports DNDSchedule's codes only.
        let declared = Set(RuleFieldError.Code.scheduleCodes)
        XCTAssertTrue(declared.isSuperset(of: error.errors.map(\.code)), label)
      }
      if case .success = expected { compiled += 1 }
    }
    XCTAssertGreaterThan(compiled, 1_000)
    XCTAssertLessThan(compiled, 2_900)
  }

  /// `WeeklySchedule(jsonBytes:zones:)` gives what decode → `WeeklySchedule(rule:zones:)`
  /// gives, for generated schedules, some with an unknown zone or a bad window.
  func testWeeklyCallEqualsTheSteps() throws {
    let seed = SplitMix64.seed(default: 0x3EE_C1A)
    var rng = SplitMix64(seed: seed)
    var compiled = 0
    for round in 0..<500 {
      var rule = generators.weeklyRule(zoneID: generators.zoneID(using: &rng), using: &rng)
      if Int.random(in: 0..<6, using: &rng) == 0 { rule.timeZoneID = "Etc/Nowhere" }
      if Int.random(in: 0..<6, using: &rng) == 0 { rule.windows[0].start = "24:00" }
      let json = try JSONEncoder().encode(rule)
      let label = "[seed \(seed), round \(round)] \(String(decoding: json, as: UTF8.self))"
      let expected = weeklyStepByStep(json)
      let actual = Result { () throws(RuleError) in
        try WeeklySchedule(jsonBytes: json, zones: zones)
      }
      XCTAssertEqual(actual, expected, label)
      for (kind, bytes) in byteForms([UInt8](json)) {
        let fromBytes = Result { () throws(RuleError) in
          try WeeklySchedule(jsonBytes: bytes, zones: zones)
        }
        XCTAssertEqual(fromBytes, expected, "\(kind) \(label)")
      }
      if case .success = expected { compiled += 1 }
    }
    XCTAssertGreaterThan(compiled, 200)
  }

  /// Decode, then compile, as a result.
  func weeklyStepByStep(_ json: Data) -> Result<WeeklySchedule, RuleError> {
    let rule: WeeklyScheduleRule
    do { rule = try WeeklyScheduleRule(jsonBytes: json) } catch {
      return .failure(error)
    }
    do { return .success(try WeeklySchedule(rule: rule, zones: zones)) } catch {
      return .failure(error)
    }
  }

  /// Errors come out once, typed and in field order: a bad document has a decoder's code and
  /// its key path; bad fields and a bad zone have validation codes, the zone's error once; the save
  /// instant keeps its own key `savedAt` (it is not a field of the DND rule), also for a rule
  /// with no DND rule.
  func testErrorsAreTypedAndListedOnce() throws {
    let document = Data(
      #"{"onlinePlatforms": [1], "doNotDisturbRule": {"enabled": true, "startHour": 24, "endHour": 8, "repeatMode": 2, "timeZoneID": "Mars/Olympus"}}"#
        .utf8)
    XCTAssertThrowsError(
      try OfflinePushRule.savedAndCompiled(jsonBytes: document, at: 1_772_942_400, zones: zones)
    ) {
      guard let error = $0 as? RuleError else { return XCTFail("\($0)") }
      XCTAssertEqual(
        error.errors.map(\.keyPath), ["doNotDisturbRule.startHour", "doNotDisturbRule.timeZoneID"])
      XCTAssertEqual(error.errors.map(\.code), [.invalidHour, .invalidTimeZone])
    }
    XCTAssertThrowsError(
      try CompiledOfflinePushRule(
        jsonBytes: Data(#"{"doNotDisturbRule": {"startHour": "22"}}"#.utf8), zones: zones)
    ) {
      guard let error = $0 as? RuleError else { return XCTFail("\($0)") }
      XCTAssertEqual(error.errors.map(\.keyPath), ["doNotDisturbRule.startHour"])
      XCTAssertEqual(error.errors.map(\.code), [.wrongType])
      XCTAssertEqual(
        "\($0)",
        "invalid document at doNotDisturbRule.startHour: expected an integer, found a string")
    }
    let late = Zone.supportedInstants.upperBound + 1
    let dnd = DoNotDisturbRule(enabled: true, startHour: 25, endHour: 8, repeatMode: .once)
    for rule in [OfflinePushRule(), OfflinePushRule(doNotDisturbRule: dnd)] {
      XCTAssertThrowsError(try rule.savedAndCompiled(at: late, zones: zones)) {
        let fields = ($0 as? RuleError)?.errors.map(\.keyPath)
        XCTAssertEqual(
          fields,
          rule.doNotDisturbRule == nil ? ["savedAt"] : ["doNotDisturbRule.startHour", "savedAt"])
      }
    }
    XCTAssertThrowsError(try dnd.savedAndCompiled(at: late, zones: zones)) {
      XCTAssertEqual(
        "\($0)",
        "invalid rule: startHour = 25: must be in 0...23; savedAt = \(late): outside the supported range of years -9999...9999"
      )
    }
  }

  /// Each layer's codes are distinct names, and no layer redeclares another's.
  func testEachLayerDeclaresItsOwnCodes() {
    let schedule = RuleFieldError.Code.scheduleCodes
    let push = RuleFieldError.Code.offlinePushCodes
    XCTAssertEqual(Set(schedule.map(\.rawValue)).count, schedule.count)
    XCTAssertEqual(Set(push.map(\.rawValue)).count, push.count)
    XCTAssertTrue(Set(schedule).isDisjoint(with: push))
    XCTAssertTrue(push.contains(.tooManyPlatforms))
    XCTAssertEqual(RuleFieldError.Code.tooManyPlatforms.rawValue, "tooManyPlatforms")
  }
}

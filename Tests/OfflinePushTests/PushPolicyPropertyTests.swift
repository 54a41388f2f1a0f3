import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// The whole push decision (levels, mentions, breakthroughs) against the reference, and the
/// invariants the semantics promise, over seeded generated cases.
final class PushPolicyPropertyTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try TestPaths.pinnedZones()
  }

  /// The library's decision for a case, its absent inputs passed as nil.
  func decide(_ rule: OfflinePushRule, _ query: PushQuery) throws -> PushDecision {
    try CompiledOfflinePushRule(rule: rule, zones: zones).decide(
      kind: query.kind, target: query.target, online: PlatformSet(query.online),
      at: query.instant, preferences: try query.preferences.map { try CompiledPushPreferences($0) },
      conversation: query.conversation, message: query.message)
  }

  /// Generated policy cases, each passed to `body`; returns how many.
  func forEachCase(seed: UInt64, count: Int, _ body: (PushCase) throws -> Void) throws -> Int {
    let generators = Generators(zones: zones)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<count {
      let id = generators.zoneID(using: &rng)
      try body(try generators.policyCase(zoneID: id, using: &rng))
    }
    return count
  }

  func testTheDecisionAgreesWithTheReference() throws {
    let seed = SplitMix64.seed(default: 0x9_011C)
    let check = ReferenceCheck(zones: zones, seed: seed, cases: 3_000)
    let failure = try check.firstCounterexample(policyDecides: decide)
    XCTAssertNil(failure, "\(failure.map(String.init(describing:)) ?? "")")
  }

  /// Every outcome of the semantics appears among the generated cases, so that agreeing with
  /// the reference means something for each.
  func testTheGeneratedCasesReachEveryOutcome() throws {
    var reasons = Set<SuppressionReason>()
    var breakthroughs = Set<Breakthrough>()
    var expiredConversations = 0
    _ = try forEachCase(seed: 0x9_011D, count: 4_000) { pushCase in
      let answer = try ReferencePushDecision.policyDecision(for: pushCase, zones: zones)
      if let reason = answer.reason { reasons.insert(reason) }
      if let breakthrough = answer.breakthrough { breakthroughs.insert(breakthrough) }
      if let until = pushCase.query.conversation?.until, until <= pushCase.query.instant {
        expiredConversations += 1
      }
    }
    XCTAssertEqual(reasons, Set(SuppressionReason.allCases))
    XCTAssertEqual(breakthroughs, Set(Breakthrough.allCases))
    XCTAssertGreaterThan(expiredConversations, 100)
  }

  /// Taking every breakthrough away changes nothing unless the answer was a do-not-disturb
  /// suppression: a breakthrough lifts do-not-disturb only.
  func testABreakthroughOnlyEverLiftsDoNotDisturb() throws {
    var lifted = 0
    let count = try forEachCase(seed: SplitMix64.seed(default: 0x9_011E), count: 3_000) {
      pushCase in
      let with = try decide(pushCase.rule, pushCase.query)
      var query = pushCase.query
      query.preferences?.breakthrough = .init()
      let without = try decide(pushCase.rule, query)
      XCTAssertNil(without.breakthrough)
      if let reason = without.reason, reason != .doNotDisturb {
        XCTAssertEqual(with, without, "\(pushCase.query)")
      }
      if let breakthrough = with.breakthrough {
        lifted += 1
        XCTAssertEqual(without.reason, .doNotDisturb, "\(breakthrough) \(pushCase.query)")
        XCTAssertEqual(with, .breakthrough(breakthrough))
      } else {
        XCTAssertEqual(with, without, "\(pushCase.query)")
      }
    }
    XCTAssertGreaterThan(lifted, 50, "of \(count)")
  }

  /// A conversation setting from its `until` on answers exactly as no setting.
  func testAConversationSettingPastItsUntilBehavesAsAbsent() throws {
    var expired = 0
    _ = try forEachCase(seed: SplitMix64.seed(default: 0x9_011F), count: 3_000) { pushCase in
      guard let until = pushCase.query.conversation?.until, until <= pushCase.query.instant else {
        return
      }
      expired += 1
      var query = pushCase.query
      query.conversation = nil
      XCTAssertEqual(
        try decide(pushCase.rule, pushCase.query), try decide(pushCase.rule, query),
        "\(pushCase.query)")
    }
    XCTAssertGreaterThan(expired, 200)
  }

  /// A call answers the same whatever the levels: no conversation setting and level `all`
  /// give the same decision.
  func testCallsIgnoreLevels() throws {
    var calls = 0
    _ = try forEachCase(seed: SplitMix64.seed(default: 0x9_0120), count: 3_000) { pushCase in
      var query = pushCase.query
      query.kind = .call
      calls += 1
      let answer = try decide(pushCase.rule, query)
      XCTAssertNotEqual(answer.reason, .conversationMuted)
      XCTAssertNotEqual(answer.reason, .notMentioned)
      query.conversation = nil
      query.preferences?.level = .all
      XCTAssertEqual(answer, try decide(pushCase.rule, query), "\(query)")
    }
    XCTAssertEqual(calls, 3_000)
  }

  /// With the policy values nil (the rule alone, the branch that folds away for a plain
  /// caller), the decision is the reference's rule-only decision, and the one the general path
  /// gives for the same values stated as their defaults (preferences with level `all` and no
  /// breakthrough, no conversation setting), with or without the case's message: a message
  /// alone changes nothing.
  func testWithoutThePolicyValuesTheDecisionIsTheRulesAlone() throws {
    var suppressed = 0
    var delivered = 0
    _ = try forEachCase(seed: SplitMix64.seed(default: 0x9_0121), count: 2_000) { pushCase in
      var query = pushCase.query
      let compiled = try CompiledOfflinePushRule(rule: pushCase.rule, zones: zones)
      let online = PlatformSet(query.online)
      let plain = try compiled.decide(
        kind: query.kind, target: query.target, online: online, at: query.instant)
      let general = try compiled.decide(
        kind: query.kind, target: query.target, online: online, at: query.instant,
        preferences: CompiledPushPreferences(), conversation: nil,
        message: query.message ?? PushMessage())
      let messageOnly = try compiled.decide(
        kind: query.kind, target: query.target, online: online, at: query.instant,
        message: query.message)
      query.preferences = nil
      query.conversation = nil
      query.message = nil
      let reference = try ReferencePushDecision.decision(
        for: PushCase(rule: pushCase.rule, savedAt: pushCase.savedAt, query: query),
        zones: zones)
      XCTAssertEqual(plain, reference, "\(query)")
      XCTAssertEqual(general, plain, "\(query)")
      XCTAssertEqual(messageOnly, plain, "\(query)")
      XCTAssertNil(plain.breakthrough)
      if plain.delivers { delivered += 1 } else { suppressed += 1 }
    }
    XCTAssertGreaterThan(suppressed, 200)
    XCTAssertGreaterThan(delivered, 200)
  }

  /// The explanation's decision is the decision, and it names the breakthrough.
  func testTheExplanationDecidesAsDecideAndNamesTheBreakthrough() throws {
    var named = 0
    _ = try forEachCase(seed: SplitMix64.seed(default: 0x9_0122), count: 1_500) { pushCase in
      let query = pushCase.query
      let compiled = try CompiledOfflinePushRule(rule: pushCase.rule, zones: zones)
      let preferences = try CompiledPushPreferences(query.preferences ?? .init())
      let message = query.message ?? .init()
      let explanation = try compiled.explain(
        kind: query.kind, target: query.target, online: PlatformSet(query.online),
        at: query.instant, preferences: preferences, conversation: query.conversation,
        message: message)
      let answer = try decide(pushCase.rule, query)
      XCTAssertEqual(explanation.decision, answer)
      let text = explanation.description
      switch answer.breakthrough {
      case .prioritySender?:
        named += 1
        XCTAssertTrue(text.hasSuffix("is a priority sender"), text)
        XCTAssertTrue(text.hasPrefix("deliver: do-not-disturb "), text)
      case .repeatCaller?: XCTAssertTrue(text.contains("a repeat call within"), text)
      case .urgent?: XCTAssertTrue(text.hasSuffix("marked it time-sensitive"), text)
      case .mention?: XCTAssertTrue(text.hasSuffix("the message mentions the user"), text)
      case nil: break
      }
    }
    XCTAssertGreaterThan(named, 10)
  }
}

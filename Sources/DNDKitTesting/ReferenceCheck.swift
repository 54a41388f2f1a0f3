import DNDSchedule
import OfflinePush
import ZoneInfo

/// A property check of a caller's do-not-disturb or push logic against the reference model,
/// over seeded generated cases: rules of every repeat mode in zones with notable transitions,
/// instants near those transitions, half the time a window that starts or ends at the
/// wall-clock reading of the nearest one, and a quarter of the time an instant on the edge of
/// a do-not-disturb period.
///
/// It reports the first case where the function disagrees with the reference, shrunk to the
/// simplest rule that still fails (daily before custom, fewer weekdays, whole hours, switches
/// on, no platform rule) and to the failing instant nearest a transition, with the seed that
/// replays the run. It needs no test framework: use it from XCTest (the
/// `DNDKitTestingXCTest` module wraps it in an assertion) or from Swift Testing:
///
/// ```swift
/// let check = ReferenceCheck(zones: try ZoneDatabase(), seed: 0x5EED)
/// let failure = try check.firstCounterexample { rule, instant in
///   try myService.isQuiet(rule, at: instant)
/// }
/// #expect(failure == nil, "\(failure!)")
/// ```
public struct ReferenceCheck: Sendable {
  /// The database zones come from.
  public var zones: ZoneDatabase
  /// The seed of the run; print it to replay.
  public var seed: UInt64
  /// How many cases to generate.
  public var cases: Int
  /// The zones to draw from; nil for ``Generators/zoneID(using:)``'s mix (notable zones half
  /// the time).
  public var zoneIDs: [String]?
  /// The repeat modes of the generated rules.
  public var modes: [RepeatMode]

  /// Creates a check.
  ///
  /// - Parameters:
  ///   - zones: The database (the one the function under test uses).
  ///   - seed: The seed; a test's fixed default, or a seed to replay.
  ///   - cases: How many cases to generate.
  ///   - zoneIDs: The zones to draw from (for example ``Generators/zoneIDs(with:years:)``),
  ///     or nil for the default mix.
  ///   - modes: The repeat modes to draw from.
  public init(
    zones: ZoneDatabase, seed: UInt64, cases: Int = 500, zoneIDs: [String]? = nil,
    modes: [RepeatMode] = [.daily, .custom, .once, .unknown]
  ) {
    self.zones = zones
    self.seed = seed
    self.cases = cases
    self.zoneIDs = zoneIDs
    self.modes = modes
  }

  /// Checks a do-not-disturb predicate against ``ReferenceSchedule``.
  ///
  /// - Parameter inDoNotDisturb: The function under test: whether a stored rule (one-off
  ///   rules already saved, as a server stores them) is in do-not-disturb at an instant.
  /// - Returns: The first disagreement, shrunk; nil when every case agrees.
  /// - Throws: What the function throws, or `ZoneError` when a zone does not load.
  public func firstCounterexample(
    _ inDoNotDisturb: (DoNotDisturbRule, Int64) throws -> Bool
  ) throws -> Counterexample? {
    try search(
      property: .doNotDisturb,
      expected: { pushCase in
        guard let rule = pushCase.rule.doNotDisturbRule,
          let reference = try ReferencePushDecision.referenceSchedule(
            rule, savedAt: pushCase.savedAt, zones: zones)
        else { return false }
        return try reference.contains(pushCase.query.instant)
      },
      actual: { pushCase in
        guard let rule = pushCase.rule.doNotDisturbRule else { return false }
        return try inDoNotDisturb(rule, pushCase.query.instant)
      },
      describe: { $0 ? "in do-not-disturb" : "not in do-not-disturb" }, holds: { $0 })
  }

  /// Checks whether pushes go out against ``ReferencePushDecision``.
  ///
  /// - Parameter delivers: The function under test: whether the push a query describes goes
  ///   out under a stored rule.
  /// - Returns: The first disagreement, shrunk; nil when every case agrees.
  /// - Throws: What the function throws, or `ZoneError` when a zone does not load.
  public func firstCounterexample(
    delivers: (OfflinePushRule, PushQuery) throws -> Bool
  ) throws -> Counterexample? {
    try search(
      property: .delivers,
      expected: { try ReferencePushDecision.decision(for: $0, zones: zones).delivers },
      actual: { try delivers($0.rule, $0.query) },
      describe: { $0 ? "deliver" : "suppress" }, holds: { $0 })
  }

  /// Checks whole push decisions (the reason for a suppression, and until when
  /// do-not-disturb holds) against ``ReferencePushDecision``.
  ///
  /// - Parameter decides: The function under test: the decision for a query under a stored
  ///   rule.
  /// - Returns: The first disagreement, shrunk; nil when every case agrees.
  /// - Throws: What the function throws, or `ZoneError` when a zone does not load.
  public func firstCounterexample(
    decides: (OfflinePushRule, PushQuery) throws -> PushDecision
  ) throws -> Counterexample? {
    try search(
      property: .decision,
      expected: { try ReferencePushDecision.decision(for: $0, zones: zones) },
      actual: { try decides($0.rule, $0.query) },
      describe: { decision in
        guard case .suppress(let reason, let until) = decision else { return "deliver" }
        return "suppress (\(reason))" + (until.map { " until \($0)" } ?? "")
      }, holds: \.delivers)
  }

  /// Checks the whole push decision with preferences, conversation settings and messages
  /// (``Generators/policyInputs(at:using:)`` added to every query) against
  /// ``ReferencePushDecision/policyDecision(for:zones:)``: the reason, `until` and the
  /// breakthrough.
  ///
  /// - Parameter policyDecides: The function under test: the decision for a query (its
  ///   `preferences`, `conversation` and `message` included) under a stored rule.
  /// - Returns: The first disagreement, shrunk; nil when every case agrees.
  /// - Throws: What the function throws, or `ZoneError` when a zone does not load.
  public func firstCounterexample(
    policyDecides: (OfflinePushRule, PushQuery) throws -> PushDecision
  ) throws -> Counterexample? {
    try search(
      property: .policyDecision,
      expected: { try ReferencePushDecision.policyDecision(for: $0, zones: zones) },
      actual: { try policyDecides($0.rule, $0.query) },
      describe: { answer in
        guard case .suppress(let reason, let until) = answer else {
          return "deliver" + (answer.breakthrough.map { " (breakthrough \($0))" } ?? "")
        }
        return "suppress (\(reason))" + (until.map { " until \($0)" } ?? "")
      }, holds: \.delivers)
  }

  /// What is compared with the reference.
  enum Property {
    /// The do-not-disturb state alone.
    case doNotDisturb
    /// Whether the push goes out.
    case delivers
    /// The whole push decision.
    case decision
    /// The whole decision with preferences, conversation settings and messages.
    case policyDecision
  }

  func search<Answer: Equatable>(
    property: Property, expected: (PushCase) throws -> Answer,
    actual: (PushCase) throws -> Answer, describe: (Answer) -> String,
    holds: (Answer) -> Bool
  ) throws -> Counterexample? {
    let generators = Generators(zones: zones)
    var rng = SplitMix64(seed: seed)
    for index in 0..<cases {
      let id = zoneIDs?.randomElement(using: &rng) ?? generators.zoneID(using: &rng)
      var pushCase = try generators.pushCase(zoneID: id, modes: modes, using: &rng)
      if property == .doNotDisturb {
        // The state alone: a rule always present, nothing else that could suppress.
        if pushCase.rule.doNotDisturbRule == nil {
          let drawn = generators.rule(zoneID: id, modes: modes, using: &rng)
          pushCase.rule.doNotDisturbRule = try drawn.saved(at: pushCase.savedAt, zones: zones)
        }
        pushCase.rule = OfflinePushRule(doNotDisturbRule: pushCase.rule.doNotDisturbRule)
      }
      try moveToAnEdge(&pushCase, using: &rng)
      if property == .policyDecision { generators.addPolicyInputs(to: &pushCase, using: &rng) }
      guard try actual(pushCase) != expected(pushCase) else { continue }
      let fails = { (trial: PushCase) throws -> Bool in try actual(trial) != expected(trial) }
      let shrunk = try shrink(pushCase, property: property, fails: fails)
      let wanted = try expected(shrunk)
      return Counterexample(
        seed: seed, caseNumber: index + 1, cases: cases, property: property, original: pushCase,
        shrunk: shrunk, expected: holds(wanted), expectedAnswer: describe(wanted),
        actualAnswer: describe(try actual(shrunk)), zones: zones)
    }
    return nil
  }

  /// A quarter of the time, moves the query to the first second of a nearby reference period,
  /// or to its last second, or to the first second after it: the exact edges, which random
  /// instants almost never hit (an end taken as inclusive differs there alone).
  func moveToAnEdge(_ pushCase: inout PushCase, using rng: inout SplitMix64) throws {
    guard Int.random(in: 0..<4, using: &rng) == 0, let dnd = pushCase.rule.doNotDisturbRule,
      let reference = try ReferencePushDecision.referenceSchedule(
        dnd, savedAt: pushCase.savedAt, zones: zones),
      let period = try reference.periods(around: pushCase.query.instant, daysAfter: 1)
        .randomElement(using: &rng)
    else { return }
    let edge = Bool.random(using: &rng) ? period.start : period.end
    let instant = edge - Int64.random(in: 0...1, using: &rng)
    guard instant >= pushCase.savedAt, Zone.supportedInstants.contains(instant) else { return }
    pushCase.query.instant = instant
  }

  /// The simplest failing case reachable by simplifying one thing at a time, at the failing
  /// instant nearest a transition.
  func shrink(
    _ failing: PushCase, property: Property, fails: (PushCase) throws -> Bool
  ) throws -> PushCase {
    var current = failing
    // Each step simplifies one thing; 200 is far more than a case has things to simplify.
    var budget = SearchBudget(steps: 200)
    search: while budget.spend() {
      for candidate in simpler(current, property: property) {
        if let found = try failingInstant(of: candidate, near: current.query.instant, fails) {
          current = found
          continue search
        }
      }
      break
    }
    // Last, the failing instant nearest a transition for the simplest rule.
    if let nearest = try failingInstant(of: current, near: current.query.instant, fails) {
      current = nearest
    }
    return current
  }

  /// Cases one simplification away: switches on, platform lists empty, no rule; daily
  /// instead of custom, one weekday fewer, whole hours.
  func simpler(_ pushCase: PushCase, property: Property) -> [PushCase] {
    var rules: [OfflinePushRule] = []
    let rule = pushCase.rule
    if property != .doNotDisturb {
      var next = rule
      if !rule.offlinePushEnabled {
        next.offlinePushEnabled = true
        rules.append(next)
      }
      for flag in [\OfflinePushRule.messageOfflinePushEnabled, \.callOfflinePushEnabled]
      where !rule[keyPath: flag] {
        next = rule
        next[keyPath: flag] = true
        rules.append(next)
      }
      for list in [\OfflinePushRule.onlinePlatforms, \.notToReceiveOfflinePushPlatforms]
      where !rule[keyPath: list].isEmpty {
        next = rule
        next[keyPath: list] = []
        rules.append(next)
      }
      if rule.doNotDisturbRule != nil {
        next = rule
        next.doNotDisturbRule = nil
        rules.append(next)
      }
    }
    if let dnd = rule.doNotDisturbRule {
      var variants: [DoNotDisturbRule] = []
      if dnd.repeatMode == .custom {
        var daily = dnd
        daily.repeatMode = .daily
        daily.customRepeatDays = 0
        variants.append(daily)
        for bit in 0..<7
        where dnd.customRepeatDays >> bit & 1 == 1 && dnd.customRepeatDays != 1 << bit {
          var fewer = dnd
          fewer.customRepeatDays &= ~(1 << bit)
          variants.append(fewer)
        }
      }
      if dnd.startMinute != 0 {
        var whole = dnd
        whole.startMinute = 0
        variants.append(whole)
      }
      if dnd.endMinute != 0 {
        var whole = dnd
        whole.endMinute = 0
        variants.append(whole)
      }
      for variant in variants {
        guard let saved = try? variant.saved(at: pushCase.savedAt, zones: zones) else { continue }
        var next = rule
        next.doNotDisturbRule = saved
        rules.append(next)
      }
    }
    var query = pushCase.query
    var cases = rules.map { PushCase(rule: $0, savedAt: pushCase.savedAt, query: query) }
    if property != .doNotDisturb && !query.online.isEmpty {
      query.online = []
      cases.append(PushCase(rule: rule, savedAt: pushCase.savedAt, query: query))
    }
    return cases
  }

  /// The instants worth trying near `t`: `t`, the seconds around each transition within three
  /// days and around each reference period boundary; the failing one nearest a transition.
  func failingInstant(
    of pushCase: PushCase, near t: Int64, _ fails: (PushCase) throws -> Bool
  ) throws -> PushCase? {
    let zone = try zones.zone(zoneID(of: pushCase))
    let window = (t - 3 * 86_400)..<(t + 3 * 86_400)
    guard Zone.supportedInstants.contains(window.lowerBound),
      Zone.supportedInstants.contains(window.upperBound)
    else {
      return try fails(pushCase) ? pushCase : nil
    }
    let transitions = try zone.transitions(in: window).map(\.instant)
    var candidates = [t]
    for anchor in transitions {
      for delta: Int64 in [0, -1, 1, -60, 60, -1_800, 1_800, -3_600, 3_600] {
        candidates.append(anchor + delta)
      }
    }
    if let dnd = pushCase.rule.doNotDisturbRule,
      let reference = try ReferencePushDecision.referenceSchedule(
        dnd, savedAt: pushCase.savedAt, zones: zones)
    {
      for period in try reference.periods(around: t, daysAfter: 3) {
        for edge in [period.start, period.end] where window.contains(edge) {
          candidates += [edge - 1, edge, edge + 1]
        }
      }
    }
    func distance(_ instant: Int64) -> Int64 {
      transitions.map { abs($0 - instant) }.min() ?? abs(instant - t)
    }
    let ordered = Set(candidates).filter { $0 >= pushCase.savedAt }.sorted {
      (distance($0), abs($0 - t), $0) < (distance($1), abs($1 - t), $1)
    }
    for instant in ordered {
      var trial = pushCase
      trial.query.instant = instant
      if try fails(trial) { return trial }
    }
    return nil
  }

  func zoneID(of pushCase: PushCase) -> String {
    let id = pushCase.rule.doNotDisturbRule?.timeZoneID ?? ""
    return id.isEmpty ? "UTC" : id
  }
}

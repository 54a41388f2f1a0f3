import DNDSchedule
import OfflinePush
import StrictJSON
import ZoneInfo

/// Answers `dnd eval` lines: the fast parser and the rule caches for the common shape, the
/// general parser for everything else, one shared evaluation step.
public struct EvalEngine {
  /// A decoded rule and its compiled form, cached by the rule's JSON text.
  struct Entry<Rule: EvalRule> {
    var rule: Rule
    var compiled: Result<Rule.Compiled, RuleError>
  }

  let evaluation: EvalEvaluation
  /// Whether to try the fast parser and the caches first.
  let usesFastPath: Bool
  private var dndRules = EvalRuleCache<Entry<DoNotDisturbRule>>()
  private var pushRules = EvalRuleCache<Entry<OfflinePushRule>>()
  /// Whether DND and push rules go through their cache or are read in place.
  private var dndReading = EvalRuleReading()
  private var pushReading = EvalRuleReading()

  /// An engine answering from a time zone database.
  ///
  /// - Parameters:
  ///   - zones: Where rules' zones are loaded from.
  ///   - usesFastPath: Whether to try the fast parser and the rule caches first; false
  ///     decodes every line with the general parser and compiles every rule afresh.
  public init(zones: ZoneDatabase, usesFastPath: Bool = true) {
    self.init(zones: zones, usesFastPath: usesFastPath, ruleCacheBudget: nil)
  }

  /// An engine whose rule caches each keep at most `ruleCacheBudget` bytes (nil: the
  /// default, 32 MiB each), for tests of the bound, and whose fast path gets rules as
  /// `ruleReading` says (tests force the cache or the reading in place).
  package init(
    zones: ZoneDatabase, usesFastPath: Bool = true, ruleCacheBudget: Int?,
    ruleReading: EvalRuleReading.Policy = .adaptive
  ) {
    evaluation = EvalEvaluation(zones: zones)
    self.usesFastPath = usesFastPath
    dndReading = EvalRuleReading(policy: ruleReading)
    pushReading = EvalRuleReading(policy: ruleReading)
    if let ruleCacheBudget {
      dndRules = EvalRuleCache(byteBudget: ruleCacheBudget)
      pushRules = EvalRuleCache(byteBudget: ruleCacheBudget)
    }
  }

  /// Answers one line (without its newline).
  public mutating func answer(_ line: UnsafeBufferPointer<UInt8>) -> EvalAnswer {
    if usesFastPath, let answer = fastAnswer(line) { return answer }
    return generalAnswer(line)
  }

  /// The answer through the general parser (the strict reader); decides every error.
  package func generalAnswer(_ line: UnsafeBufferPointer<UInt8>) -> EvalAnswer {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      return .error(EvalError(code: .invalidJSON, message: "invalid JSON: empty line"))
    }
    let query: EvalQuery
    do {
      query = try EvalQuery(line: line)
    } catch {
      return .error(error)
    }
    switch query.question {
    case .dnd(let rule):
      return evaluation.answerDND(rule: rule, compiled: nil, at: query.at, savedAt: query.savedAt)
    case .push(let rule, let kind, let platform, let online):
      if let policy = query.policy {
        return evaluation.answerPush(
          rule: rule, kind: kind, platform: platform, online: PlatformSet(online),
          at: query.at, savedAt: query.savedAt, policy: policy)
      }
      return evaluation.answerPush(
        rule: rule, compiled: nil, kind: kind, platform: platform, online: PlatformSet(online),
        at: query.at, savedAt: query.savedAt)
    case .schedule(let rule):
      return evaluation.answerSchedule(rule: rule, at: query.at)
    }
  }

  /// The answer through the fast parser and the caches, or nil to use the general parser.
  package mutating func fastAnswer(_ line: UnsafeBufferPointer<UInt8>) -> EvalAnswer? {
    var parser = EvalFastParser(line)
    var inPlace = EvalFastParser.RulesInPlace(
      readsRules: dndReading.readsInPlace, readsPushRules: pushReading.readsInPlace)
    guard let fields = parser.fields(readingInPlace: &inPlace), let atRange = fields.at,
      let at = parser.integer(atRange)
    else { return nil }
    var savedAt: Int64?
    if let range = fields.savedAt {
      guard let value = parser.integer(range) else { return nil }
      savedAt = value
    }
    // Every known field must have the plain form of its type, whatever the question.
    if let range = fields.kind, !parser.isPlainString(range) { return nil }
    var platform: Platform?
    if let range = fields.platform {
      guard let value = parser.integer(range) else { return nil }
      platform = Platform(rawValue: Int(value))
    }
    var online = PlatformSet()
    if let range = fields.onlinePlatforms {
      guard let value = parser.platforms(range) else { return nil }
      online = value
    }
    switch (fields.rule, fields.pushRule) {
    case (let range?, nil):
      guard line[range.lowerBound] == UInt8(ascii: "{") else { return nil }
      let ruleBytes = UnsafeBufferPointer(rebasing: line[range])
      if let rule = inPlace.rule.take() {
        // Read in place: compiled once for this line (saved first when it says so), as the
        // general parser does.
        dndReading.readInPlace(ruleBytes)
        return evaluation.answerDND(rule: rule, compiled: nil, at: at, savedAt: savedAt)
      }
      guard
        let entry = Self.entry(ruleBytes, in: &dndRules, counting: &dndReading, evaluation.zones)
      else {
        return nil
      }
      return evaluation.answerDND(
        rule: entry.rule, compiled: entry.compiled, at: at, savedAt: savedAt)
    case (nil, let range?):
      guard line[range.lowerBound] == UInt8(ascii: "{"), let kindRange = fields.kind,
        let kind = parser.kind(kindRange), let platform
      else { return nil }
      let ruleBytes = UnsafeBufferPointer(rebasing: line[range])
      if let rule = inPlace.pushRule.take() {
        pushReading.readInPlace(ruleBytes)
        return evaluation.answerPush(
          rule: rule, compiled: nil, kind: kind, platform: platform, online: online, at: at,
          savedAt: savedAt)
      }
      guard
        let entry = Self.entry(
          ruleBytes, in: &pushRules, counting: &pushReading, evaluation.zones)
      else {
        return nil
      }
      return evaluation.answerPush(
        rule: entry.rule, compiled: entry.compiled, kind: kind, platform: platform,
        online: online, at: at, savedAt: savedAt)
    default:
      return nil
    }
  }

  /// The cached rule for this JSON text, decoding and compiling it on a miss; nil when it
  /// does not decode. The hit or miss is counted in `reading`.
  private static func entry<Rule: EvalRule & EvalWireRule & EvalCacheCost>(
    _ bytes: UnsafeBufferPointer<UInt8>, in cache: inout EvalRuleCache<Entry<Rule>>,
    counting reading: inout EvalRuleReading, _ zones: ZoneDatabase
  ) -> Entry<Rule>? {
    let hash = EvalRuleCache<Entry<Rule>>.hash(bytes)
    if let entry = cache.lookup(bytes, hash: hash) {
      reading.lookedUp(hit: true)
      return entry
    }
    reading.lookedUp(hit: false)
    // The strict reader, in one pass; a rule it refuses is the general parser's to report.
    guard let rule = Rule(wireBytes: bytes) else { return nil }
    let entry = Entry(
      rule: rule,
      compiled: Result { () throws(RuleError) in try rule.compiled(zones: zones) })
    // A zone that failed to load may appear in the file system later: such a failure is not
    // kept, so the cached and the uncached modes agree.
    if case .failure(let error) = entry.compiled,
      error.errors.contains(where: { $0.code == .invalidTimeZone })
    {
      return entry
    }
    // A rule seen for the first time is likely never seen again (a day's pushes are mostly
    // distinct users' rules): it is stored when it comes back.
    guard cache.admits(hash: hash) else { return entry }
    var cost = rule.heapBytes
    if case .failure(let error) = entry.compiled {
      // The messages name each field and its value.
      cost += error.errors.reduce(0) { $0 + $1.description.utf8.count + 64 }
    }
    cache.insert(bytes, hash: hash, entry: entry, cost: cost)
    return entry
  }
}

/// A rule the fast path reads with the strict byte reader.
protocol EvalWireRule {
  /// The rule read from its JSON text, or nil when the text is refused.
  init?(wireBytes: UnsafeBufferPointer<UInt8>)
}

extension DoNotDisturbRule: EvalWireRule {
  init?(wireBytes: UnsafeBufferPointer<UInt8>) {
    guard let rule = try? DoNotDisturbRule(jsonBytes: wireBytes) else {
      return nil
    }
    self = rule
  }
}

extension OfflinePushRule: EvalWireRule {
  init?(wireBytes: UnsafeBufferPointer<UInt8>) {
    guard let rule = try? OfflinePushRule(jsonBytes: wireBytes) else {
      return nil
    }
    self = rule
  }
}

import DNDSchedule
import OfflinePush
import ZoneInfo

extension FixtureVerifier {
  /// A whole-decision row (`policy-cases.tsv`): the decision with preferences, conversation
  /// setting and message, from the library and from ``ReferencePushDecision``, each of which
  /// must be the row's `expect`.
  ///
  /// `rule` is a daily window `HH:MM-HH:MM` in the row's zone (or `off`), with `message-off`
  /// and `platform-rule` (`onlinePlatforms [1]` silencing `[2]`) as options; the target is
  /// platform 2; `online` is `-` or a comma-separated list; `preferences`, `conversation` and
  /// `message` are wire forms or `-`; `expect` is `deliver [BREAKTHROUGH]` or
  /// `suppress REASON UNTIL` (`-` for a null until).
  func verifyPolicyRow(_ row: FixtureTable.Row) -> String? {
    guard let pushCase = Self.policyCase(row) else { return "unparseable row" }
    do {
      let query = pushCase.query
      let library = try CompiledOfflinePushRule(rule: pushCase.rule, zones: zones).decide(
        kind: query.kind, target: query.target, online: PlatformSet(query.online),
        at: query.instant, preferences: query.preferences.map(CompiledPushPreferences.init),
        conversation: query.conversation, message: query.message)
      let reference = try ReferencePushDecision.policyDecision(for: pushCase, zones: zones)
      var problems: [String] = []
      if Self.text(library) != row["expect"] { problems.append("library \(Self.text(library))") }
      if Self.text(reference) != row["expect"] {
        problems.append("reference \(Self.text(reference))")
      }
      return problems.isEmpty
        ? nil
        : problems.joined(separator: "; ") + ", expected "
          + row["expect"]
    } catch {
      return "error: \(error)"
    }
  }

  /// The row's rule, saved at its instant, and its query, the wire values decoded as a
  /// client's would be.
  static func policyCase(_ row: FixtureTable.Row) -> PushCase? {
    guard let at = Int64(row["at"]), let kind = PushKind(rawValue: row["kind"]) else {
      return nil
    }
    let words = row["rule"].split(separator: " ")
    var rule = OfflinePushRule()
    if let first = words.first, first != "off" {
      let window = first.split(separator: "-").map {
        $0.split(separator: ":").compactMap { Int($0) }
      }
      guard window.count == 2, window.allSatisfy({ $0.count == 2 }) else { return nil }
      rule.doNotDisturbRule = DoNotDisturbRule(
        enabled: true, startHour: window[0][0], startMinute: window[0][1],
        endHour: window[1][0], endMinute: window[1][1], repeatMode: .daily,
        timeZoneID: row["zone"])
    }
    if words.contains("message-off") { rule.messageOfflinePushEnabled = false }
    if words.contains("platform-rule") {
      rule.onlinePlatforms = [Platform(rawValue: 1)]
      rule.notToReceiveOfflinePushPlatforms = [Platform(rawValue: 2)]
    }
    let online =
      row["online"] == "-"
      ? []
      : row["online"].split(separator: ",").compactMap {
        Int($0)
      }
    func decoded<T>(_ text: String, _ decode: ([UInt8]) throws(RuleError) -> T) -> T?? {
      if text == "-" { return .some(nil) }
      return (try? decode(Array(text.utf8))).map { .some($0) }
    }
    guard let preferences = decoded(row["preferences"], PushPreferences.init(jsonBytes:)),
      let conversation = decoded(row["conversation"], ConversationSetting.init(jsonBytes:)),
      let message = decoded(row["message"], PushMessage.init(jsonBytes:))
    else { return nil }
    let query = PushQuery(
      kind: kind, target: Platform(rawValue: 2), online: online.map(Platform.init(rawValue:)),
      instant: at, preferences: preferences, conversation: conversation, message: message)
    return PushCase(rule: rule, savedAt: at, query: query)
  }

  /// `deliver [breakthrough]` or `suppress REASON UNTIL`, as the table writes answers.
  static func text(_ answer: PushDecision) -> String {
    switch answer {
    case .deliver: return "deliver"
    case .breakthrough(let breakthrough): return "deliver \(breakthrough)"
    case .suppress(let reason, let until):
      return "suppress \(reason) " + (until.map(String.init) ?? "-")
    }
  }
}

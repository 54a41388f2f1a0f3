import DNDKitTesting
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// `Fixtures/policy-cases.tsv`: hand-derived whole decisions (derivation in
/// `Fixtures/README-policy.md`), checked against the library and the reference alike.
final class PolicyFixtureTests: XCTestCase {
  struct Row {
    var line: Int
    var id: String
    var pushCase: PushCase
    var expected: String
  }

  /// The table's rows, its wire values decoded as a client's would be.
  func rows() throws -> [Row] {
    let text = try String(
      contentsOfFile: TestPaths.fixtures + "/policy-cases.tsv", encoding: .utf8)
    var rows: [Row] = []
    var header = true
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    where !line.hasPrefix("#") && !line.isEmpty {
      if header {
        XCTAssertEqual(
          line,
          "id\tzone\trule\tkind\tonline\tat\tpreferences\tconversation\tmessage\texpect")
        header = false
        continue
      }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      XCTAssertEqual(fields.count, 10, "line \(offset + 1)")
      guard fields.count == 10, let at = Int64(fields[5]), let kind = PushKind(rawValue: fields[3])
      else { continue }
      let words = fields[2].split(separator: " ")
      var rule = OfflinePushRule()
      if words.first != "off" {
        let window = words[0].split(separator: "-").map {
          $0.split(separator: ":").compactMap { Int($0) }
        }
        rule.doNotDisturbRule = DoNotDisturbRule(
          enabled: true, startHour: window[0][0], startMinute: window[0][1],
          endHour: window[1][0], endMinute: window[1][1], repeatMode: .daily,
          timeZoneID: fields[1])
      }
      if words.contains("message-off") { rule.messageOfflinePushEnabled = false }
      if words.contains("platform-rule") {
        rule.onlinePlatforms = [Platform(rawValue: 1)]
        rule.notToReceiveOfflinePushPlatforms = [Platform(rawValue: 2)]
      }
      let online = fields[4] == "-" ? [] : fields[4].split(separator: ",").compactMap { Int($0) }
      func decoded<T>(_ text: String, _ decode: ([UInt8]) throws(RuleDecodingError) -> T)
        throws -> T?
      {
        text == "-" ? nil : try decode(Array(text.utf8))
      }
      let query = PushQuery(
        kind: kind, target: Platform(rawValue: 2), online: online.map(Platform.init(rawValue:)),
        instant: at, preferences: try decoded(fields[6], PushPreferences.init(jsonBytes:)),
        conversation: try decoded(fields[7], ConversationSetting.init(jsonBytes:)),
        message: try decoded(fields[8], PushMessage.init(jsonBytes:)))
      rows.append(
        Row(
          line: offset + 1, id: fields[0],
          pushCase: PushCase(rule: rule, savedAt: at, query: query), expected: fields[9]))
    }
    return rows
  }

  /// `deliver [breakthrough]` or `suppress REASON UNTIL`, as the table writes answers.
  static func text(_ answer: PushPolicyDecision) -> String {
    switch answer.decision {
    case .deliver: return "deliver" + (answer.breakthrough.map { " \($0)" } ?? "")
    case .suppress(let reason, let until):
      return "suppress \(reason) " + (until.map(String.init) ?? "-")
    }
  }

  func testEveryRowAgreesWithTheLibraryAndTheReference() throws {
    let zones = try TestPaths.pinnedZones()
    let rows = try rows()
    XCTAssertGreaterThanOrEqual(rows.count, 40)
    XCTAssertEqual(Set(rows.map(\.id)).count, rows.count, "ids are unique")
    for row in rows {
      let query = row.pushCase.query
      let library = try CompiledOfflinePushRule(rule: row.pushCase.rule, zones: zones).decide(
        kind: query.kind, target: query.target, online: PlatformSet(query.online),
        at: query.instant, preferences: CompiledPushPreferences(query.preferences ?? .init()),
        conversation: query.conversation, message: query.message ?? .init())
      XCTAssertEqual(Self.text(library), row.expected, "policy-cases.tsv:\(row.line): \(row.id)")
      let reference = try ReferencePushDecision.policyDecision(for: row.pushCase, zones: zones)
      XCTAssertEqual(
        Self.text(reference), row.expected, "policy-cases.tsv:\(row.line): \(row.id) (reference)")
    }
    // Every reason but the master and call switches, and every breakthrough, appear.
    let expected = Set(rows.map { $0.expected.split(separator: " ").dropFirst().first ?? "" })
    for name in [
      "prioritySender", "repeatCaller", "urgent", "mention", "doNotDisturb",
      "conversationMuted", "notMentioned", "messagePushDisabled", "platformRule",
    ] {
      XCTAssertTrue(expected.contains(Substring(name)), name)
    }
  }
}

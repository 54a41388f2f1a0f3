import DNDKitTesting
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// `Fixtures/policy-cases.tsv`: hand-derived whole decisions (derivation in
/// `Fixtures/README-policy.md`), checked against the library and the reference alike.
final class PolicyFixtureTests: XCTestCase {
  func testEveryRowAgreesWithTheLibraryAndTheReference() throws {
    let zones = try TestPaths.pinnedZones()
    let table = try FixtureTable(contentsOf: TestPaths.fixtures + "/policy-cases.tsv")
    XCTAssertEqual(
      table.columns,
      [
        "id", "zone", "rule", "kind", "online", "at", "preferences", "conversation", "message",
        "expect",
      ])
    XCTAssertGreaterThanOrEqual(table.rows.count, 40)
    XCTAssertEqual(Set(table.rows.map { $0["id"] }).count, table.rows.count, "ids are unique")
    let report = FixtureVerifier(zones: zones).verify(table)
    for failure in report.failures { XCTFail("\(failure)") }
    XCTAssertEqual(report.passed, table.rows.count)
    // Every reason but the master and call switches, and every breakthrough, appear.
    let named = Set(table.rows.compactMap { $0["expect"].split(separator: " ").dropFirst().first })
    for name in [
      "prioritySender", "repeatCaller", "urgent", "mention", "doNotDisturb", "conversationMuted",
      "notMentioned", "messagePushDisabled", "platformRule",
    ] {
      XCTAssertTrue(named.contains(Substring(name)), name)
    }
  }

  /// A wrong expectation is reported with the row and both answers.
  func testAWrongRowFails() throws {
    let zones = try TestPaths.pinnedZones()
    let text =
      "id\tzone\trule\tkind\tonline\tat\tpreferences\tconversation\tmessage\texpect\n"
      + "wrong\tUTC\t22:00-08:00\tmessage\t-\t1767225600\t-\t-\t{\"sender\": \"bob\"}\tdeliver\n"
    let report = FixtureVerifier(zones: zones).verify(try FixtureTable(text: text, path: "t.tsv"))
    XCTAssertEqual(report.passed, 0)
    XCTAssertEqual(
      report.failures.map(\.description),
      [
        "t.tsv:2: wrong: library suppress doNotDisturb 1767254400; reference suppress "
          + "doNotDisturb 1767254400, expected deliver"
      ])
  }
}

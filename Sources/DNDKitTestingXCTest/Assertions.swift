import DNDKitTesting
import DNDSchedule
import Foundation
import OfflinePush
import XCTest
import ZoneInfo

/// Checks every row of a fixture table (the `dnd-cases.tsv` or `zone-transitions.tsv` format)
/// against DNDKit, and against a function of yours when you pass one, failing the test once
/// per wrong row with the row's line, id and what differed, such as
/// `quiet-hours.tsv:14: lh-fold: state off, expected dnd`.
///
/// A table that cannot be read, has an unknown header or has no rows fails too, so that a
/// moved or empty file cannot pass.
///
/// ```swift
/// func testOurEdgeCases() throws {
///   let url = try XCTUnwrap(Bundle.module.url(forResource: "quiet-hours", withExtension: "tsv"))
///   assertFixtureTable(url, zones: try ZoneDatabase()) { rule, instant in
///     try service.isQuiet(rule, at: instant)
///   }
/// }
/// ```
///
/// - Parameters:
///   - url: The table's file URL.
///   - zones: The tzdata its expectations were derived from.
///   - file: The file to report failures in (the caller's by default).
///   - line: The line to report failures at.
///   - inDoNotDisturb: Your function, asked each row's rule and instant; nil checks DNDKit
///     alone.
/// - Returns: The rows passed and failed; nil when the table could not be read.
@discardableResult
public func assertFixtureTable(
  _ url: URL, zones: ZoneDatabase, file: StaticString = #filePath, line: UInt = #line,
  inDoNotDisturb: ((DoNotDisturbRule, Int64) throws -> Bool)? = nil
) -> FixtureVerifier.Report? {
  checkFixtureTable(url, zones: zones, inDoNotDisturb: inDoNotDisturb) {
    XCTFail($0, file: file, line: line)
  }
}

/// ``assertFixtureTable(_:zones:file:line:inDoNotDisturb:)`` with the failure messages sent
/// to `fail`, so that tests can check the messages themselves.
package func checkFixtureTable(
  _ url: URL, zones: ZoneDatabase, inDoNotDisturb: ((DoNotDisturbRule, Int64) throws -> Bool)?,
  fail: (String) -> Void
) -> FixtureVerifier.Report? {
  let table: FixtureTable
  do {
    table = try FixtureTable(contentsOf: url.path)
  } catch {
    fail("\(error)")
    return nil
  }
  let report = FixtureVerifier(zones: zones).verify(table, inDoNotDisturb: inDoNotDisturb)
  for failure in report.failures { fail(failure.description) }
  if table.rows.isEmpty { fail("\(url.path): the table has no rows") }
  return report
}

/// Checks a do-not-disturb predicate against the reference schedule over generated cases
/// (see `ReferenceCheck`), failing the test with the shrunk counterexample and
/// the seed when they disagree.
///
/// - Parameters:
///   - check: The run: database, seed, number of cases, zones and modes.
///   - file: The file to report failures in.
///   - line: The line to report failures at.
///   - inDoNotDisturb: The function under test.
public func assertAgreesWithReference(
  _ check: ReferenceCheck, file: StaticString = #filePath, line: UInt = #line,
  _ inDoNotDisturb: (DoNotDisturbRule, Int64) throws -> Bool
) {
  do {
    if let counterexample = try check.firstCounterexample(inDoNotDisturb) {
      XCTFail("\n" + counterexample.description, file: file, line: line)
    }
  } catch {
    XCTFail("seed \(check.seed): \(error)", file: file, line: line)
  }
}

/// Checks a push decision against the reference decision over generated cases (see
/// `DNDKitTesting/ReferenceCheck`), failing the test with the shrunk counterexample and the
/// seed when they disagree.
///
/// - Parameters:
///   - check: The run: database, seed, number of cases, zones and modes.
///   - file: The file to report failures in.
///   - line: The line to report failures at.
///   - delivers: The function under test: whether the push goes out.
public func assertAgreesWithReference(
  _ check: ReferenceCheck, file: StaticString = #filePath, line: UInt = #line,
  delivers: (OfflinePushRule, PushQuery) throws -> Bool
) {
  do {
    if let counterexample = try check.firstCounterexample(delivers: delivers) {
      XCTFail("\n" + counterexample.description, file: file, line: line)
    }
  } catch {
    XCTFail("seed \(check.seed): \(error)", file: file, line: line)
  }
}

/// Checks whole push decisions (reason and `until` included) against the reference decision
/// over generated cases (see `ReferenceCheck`), failing the test with the shrunk
/// counterexample and the seed when they disagree.
///
/// - Parameters:
///   - check: The run: database, seed, number of cases, zones and modes.
///   - file: The file to report failures in.
///   - line: The line to report failures at.
///   - decides: The function under test: the decision for a query under a stored rule.
public func assertAgreesWithReference(
  _ check: ReferenceCheck, file: StaticString = #filePath, line: UInt = #line,
  decides: (OfflinePushRule, PushQuery) throws -> PushDecision
) {
  do {
    if let counterexample = try check.firstCounterexample(decides: decides) {
      XCTFail("\n" + counterexample.description, file: file, line: line)
    }
  } catch {
    XCTFail("seed \(check.seed): \(error)", file: file, line: line)
  }
}

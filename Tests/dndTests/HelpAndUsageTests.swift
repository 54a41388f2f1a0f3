import Foundation
import XCTest

@testable import dnd

/// `--help` everywhere, usage errors on standard error with exit status 2, never a crash.
final class HelpAndUsageTests: XCTestCase {
  static let subcommands = [
    "example", "check", "timeline", "eval", "verify", "zones", "zone", "recall",
  ]

  func testTopLevelHelp() throws {
    for flag in ["--help", "-h", "help"] {
      let result = try DNDProcess.run([flag])
      XCTAssertEqual(result.status, 0, flag)
      XCTAssertTrue(result.stdout.contains("Usage: dnd"), flag)
      for name in Self.subcommands {
        XCTAssertTrue(result.stdout.contains("  \(name) "), "\(flag) lists \(name)")
      }
      XCTAssertEqual(result.stderr, "", flag)
    }
  }

  /// `dnd --version` prints the tool's version, a semantic version that is the latest release
  /// in CHANGELOG.md (its first `## [x.y.z] - date` heading).
  func testVersionIsTheChangelogsLatestRelease() throws {
    let result = try DNDProcess.run(["--version"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "dnd \(DNDTool.version)\n")
    XCTAssertEqual(result.stderr, "")
    let parts = DNDTool.version.split(separator: ".", omittingEmptySubsequences: false)
    XCTAssertEqual(parts.count, 3, DNDTool.version)
    XCTAssertTrue(parts.allSatisfy { UInt($0) != nil }, DNDTool.version)
    XCTAssertTrue(try DNDProcess.run(["--help"]).stdout.contains("dnd --version"))
    let changelog = try String(
      contentsOf: DNDProcess.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let latest = changelog.split(separator: "\n").first {
      $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
    }
    let heading = try XCTUnwrap(latest, "CHANGELOG.md has no release heading")
    XCTAssertTrue(heading.hasPrefix("## [\(DNDTool.version)] - "), "\(heading)")
  }

  func testEverySubcommandHasHelp() throws {
    for name in Self.subcommands {
      for flag in ["--help", "-h"] {
        let result = try DNDProcess.run([name, flag])
        XCTAssertEqual(result.status, 0, "\(name) \(flag)")
        XCTAssertTrue(
          result.stdout.hasPrefix("Usage: dnd"), "\(name) \(flag): \(result.stdout.prefix(80))")
        XCTAssertTrue(result.stdout.contains("Exit status"), "\(name) \(flag) states exit codes")
        XCTAssertEqual(result.stderr, "")
      }
      let viaHelp = try DNDProcess.run(["help", name])
      XCTAssertEqual(viaHelp.status, 0)
      XCTAssertEqual(viaHelp.stdout, try DNDProcess.run([name, "--help"]).stdout)
    }
  }

  func testHelpWinsOverOtherArguments() throws {
    let result = try DNDProcess.run(["check", "--rule", "/nonexistent", "--help"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.hasPrefix("Usage: dnd check"))
  }

  func testUnknownSubcommand() throws {
    let result = try DNDProcess.run(["frobnicate"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.contains("unknown subcommand \"frobnicate\""), result.stderr)
  }

  func testUsageErrorsExitTwoWithMessageOnStandardError() throws {
    let example = DNDProcess.packageRoot.appendingPathComponent("Fixtures/cli/example-rule.json")
      .path
    let cases: [([String], String)] = [
      (["check", "--bogus"], "unknown option \"--bogus\""),
      (["check"], "needs --rule"),
      (["check", "--rule"], "--rule needs a value"),
      (["check", "--rule", example, "--rule", example], "more than once"),
      (["check", "--rule", example, "extra"], "unexpected argument \"extra\""),
      (["check", "--rule", example, "--kind", "sms", "--platform", "2"], "--kind \"sms\""),
      (["check", "--rule", example, "--kind", "call"], "needs --platform"),
      (["check", "--rule", example, "--platform", "2"], "--platform needs --kind"),
      (["check", "--rule", example, "--kind", "call", "--platform", "Amiga"], "\"Amiga\""),
      (["check", "--rule", example, "--at", "yesterday"], "--at \"yesterday\""),
      (["check", "--rule", example, "--at", "2026-03-08T07:30:00"], "no UTC offset"),
      (["check", "--rule", example, "--at", "2026-02-30T07:30:00Z"], "day = 30"),
      (["check", "--rule", example, "--at", "99999999999999"], "outside the supported"),
      (["check", "--rule", "/nonexistent/rule.json"], "no such file"),
      (["timeline", "--rule", example, "--days", "0"], "--days \"0\""),
      (["timeline", "--rule", example, "--from", "2026-13-01"], "month = 13"),
      (["timeline", "--rule", example, "--ascii=yes"], "takes no value"),
      (["eval", "--fast"], "unknown option \"--fast\""),
      (["zone"], "needs a zone ID"),
      (["zone", "Mars/Olympus_Mons"], "unknown time zone ID \"Mars/Olympus_Mons\""),
      (["zone", "../../etc/passwd"], "invalid time zone ID"),
      (["zone", "UTC", "--year", "twenty"], "--year \"twenty\""),
      (["zones", "extra"], "unexpected argument"),
      (["verify", "/nonexistent.tsv"], "no such file or directory"),
      (["recall"], "needs --id"),
      (["recall", "--id", "x", "--only", "both"], "--only \"both\""),
    ]
    for (arguments, message) in cases {
      let result = try DNDProcess.run(arguments)
      XCTAssertFalse(result.crashed, "\(arguments)")
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertEqual(result.stdout, "", "\(arguments)")
      XCTAssertTrue(
        result.stderr.contains(message), "\(arguments): expected \(message) in \(result.stderr)")
      XCTAssertTrue(result.stderr.hasPrefix("dnd"), "\(arguments): \(result.stderr)")
    }
  }

  func testBadRulesExitTwoNamingTheFieldAndValue() throws {
    let cases: [(String, [String])] = [
      (#"{"enabled": true, "startHour": "22", "repeatMode": 2}"#, ["startHour", "integer"]),
      (
        #"{"enabled": true, "startHour": 25, "endMinute": 75, "repeatMode": 2}"#,
        ["startHour = 25", "endMinute = 75"]
      ),
      (
        #"{"enabled": true, "repeatMode": 2, "timeZoneID": "Mars/Base"}"#,
        ["timeZoneID", "Mars/Base"]
      ),
      (
        #"{"doNotDisturbRule": {"enabled": true, "repeatMode": 9}}"#,
        ["doNotDisturbRule.repeatMode = 9"]
      ),
      (#"{"onlinePlatforms": ["Win"]}"#, ["onlinePlatforms[0]"]),
      (#"{"enabled": true, "repeatMode": 1}"#, ["onceEndTimestamp", "--saved-at"]),
      ("{\"enabled\": tru", ["invalid JSON"]),
      ("[1, 2]", ["invalid document: expected an object, found an array"]),
      (String(repeating: "[", count: 100_000), ["invalid JSON"]),
    ]
    for (rule, fragments) in cases {
      let result = try DNDProcess.run(["check", "--rule", "-"], input: rule)
      XCTAssertFalse(result.crashed, rule)
      XCTAssertEqual(result.status, 2, "\(rule.prefix(80)): \(result.stdout)")
      for fragment in fragments {
        XCTAssertTrue(
          result.stderr.contains(fragment), "\(rule.prefix(80)): \(fragment) in \(result.stderr)")
      }
    }
  }

  func testUnknownKeysInARuleAreWarnedAbout() throws {
    let result = try DNDProcess.run(
      ["check", "--rule", "-", "--at", "0"],
      input: #"{"enabled": true, "startHuor": 22, "repeatMode": 2}"#)
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stderr.contains("warning: ignoring unknown key \"startHuor\""))
  }

  /// The system database chosen explicitly (without it dnd falls back to its bundled
  /// snapshot, see VerifyZonesRecallTests).
  func testMissingTimeZoneDatabaseIsAnInputError() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TZDIR"] = "/nonexistent/zoneinfo"
    let result = try DNDProcess.run(["zones", "--tzdata", "system"], environment: environment)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("/nonexistent/zoneinfo"), result.stderr)
    XCTAssertTrue(result.stderr.contains("TZDIR"), result.stderr)
  }
}

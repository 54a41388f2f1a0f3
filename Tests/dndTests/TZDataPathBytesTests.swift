import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo
import ZoneInfoBundle

/// `TZDIR`, `--tzdata`, `--from`, `--out` and the names of a listing are the bytes the system
/// gave: a directory whose name is not UTF-8 is read, one that cannot be used is refused for
/// its real reason, and every message names a path with escapes (`\xFF`), never with a
/// replacement character. An explicit `--tzdata` that cannot be opened is one error and exit
/// status 2, not answers from other data or none.
final class TZDataPathBytesTests: XCTestCase {
  /// One run of `dnd` through `/bin/sh`.
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// A scratch folder holding `r\xFF`, a zoneinfo root with version 2099z and the zone
  /// `Europe/Berlin` only; nil (and the test skipped) where the file system refuses a name
  /// that is not UTF-8.
  private func scratchWithRoot() throws -> String {
    let scratch = try scratchDirectory(prefix: "dnd-path-bytes")
    let made = try run(
      #"R="$S/r$(printf '\377')" && mkdir -p "$R/Europe" && printf '2099z\n' >"$R/+VERSION" "#
        + #"&& cp "$Z/Europe/Berlin" "$R/Europe/Berlin""#, in: scratch, dnd: false)
    if made.status != 0 {
      throw XCTSkip("this file system refuses names that are not UTF-8: \(made.stderr)")
    }
    return scratch
  }

  /// Runs a POSIX shell script in which `$DND` is the `dnd` executable, `$S` the scratch
  /// folder and `$Z` the system tzdata, with `TZDIR` unset unless the script sets it:
  /// `$(printf '\377')` spells a byte that a Swift string cannot hold, in an argument or a
  /// variable alike.
  private func run(_ script: String, in scratch: String, input: String = "", dnd: Bool = true)
    throws -> Run
  {
    let executable = try XCTUnwrap(TestPaths.dndExecutable, "dnd is not built next to the tests")
    try Data(input.utf8).write(to: URL(fileURLWithPath: scratch + "/stdin"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"exec <"$S/stdin" >"$S/stdout" 2>"$S/stderr"; unset TZDIR; "# + script,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["DND"] = dnd ? executable : "/bin/false"
    environment["S"] = scratch
    environment["Z"] = TestPaths.zoneinfo
    environment["DND_NOW"] = "2026-03-08T07:30:00Z"
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    let read = { (name: String) in
      String(
        decoding: (try? Data(contentsOf: URL(fileURLWithPath: scratch + "/" + name))) ?? Data(),
        as: UTF8.self)
    }
    let result = Run(
      status: process.terminationStatus, stdout: read("stdout"), stderr: read("stderr"))
    XCTAssertFalse(result.stdout.contains("\u{FFFD}"), result.stdout)
    XCTAssertFalse(result.stderr.contains("\u{FFFD}"), result.stderr)
    return result
  }

  /// The repro: `TZDIR` naming an existing directory whose name has the byte 0xFF is read
  /// (its version and its one zone), with nothing on standard error.
  func testTZDIRThatIsNotUTF8IsRead() throws {
    let scratch = try scratchWithRoot()
    let zones = try run(#"TZDIR="$S/r$(printf '\377')" exec "$DND" zones"#, in: scratch)
    XCTAssertEqual(zones.status, 0, zones.stderr)
    XCTAssertEqual(zones.stderr, "")
    XCTAssertEqual(zones.stdout, "tzdata 2099z at \(scratch)/r\\xFF\nEurope/Berlin\n")
  }

  /// An unusable `TZDIR` falls back to the bundled snapshot, as documented, and the note says
  /// why truthfully: the root named with escapes, the system's reason.
  func testUnusableTZDIRFallsBackAndSaysWhy() throws {
    let scratch = try scratchWithRoot()
    let version = try ZoneBundle.embedded().version
    let missing = try run(#"TZDIR="$S/r$(printf '\376')" exec "$DND" zones"#, in: scratch)
    XCTAssertEqual(missing.status, 0, missing.stderr)
    XCTAssertEqual(missing.stdout.split(separator: "\n").first, "bundled tzdata \(version)")
    XCTAssertEqual(
      missing.stderr,
      "dnd: note: TZDIR: time zone database at \(scratch)/r\\xFE is unavailable: No such file "
        + "or directory; install tzdata (apt-get install tzdata, apk add tzdata) or point TZDIR "
        + "at a zoneinfo directory; answering from bundled tzdata \(version)\n")
    let file = try run(
      #"printf x >"$S/f$(printf '\377')"; TZDIR="$S/f$(printf '\377')" exec "$DND" zones"#,
      in: scratch)
    XCTAssertEqual(file.status, 0, file.stderr)
    XCTAssertTrue(
      file.stderr.hasPrefix(
        "dnd: note: TZDIR: time zone database at \(scratch)/f\\xFF is unavailable: not a "
          + "directory"), file.stderr)
  }

  /// `--tzdata` naming the directory answers from it: a rule in Europe/Berlin is evaluated,
  /// not refused as an invalid time zone; in both forms of the option.
  func testTZDataThatIsNotUTF8IsRead() throws {
    let scratch = try scratchWithRoot()
    let line =
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "#
      + #""timeZoneID": "Europe/Berlin"}, "at": 1773025200}"#
    for form in [#"--tzdata "$S/r$(printf '\377')""#, #"--tzdata="$S/r$(printf '\377')""#] {
      let eval = try run(#"exec "$DND" "# + form + " eval", in: scratch, input: line + "\n")
      XCTAssertEqual(eval.status, 0, eval.stderr)
      XCTAssertEqual(eval.stderr, "", form)
      // 03:00 UTC on 2026-03-09 is 04:00 in Berlin: inside 22:00–08:00, until 07:00 UTC.
      XCTAssertEqual(eval.stdout, #"{"inDoNotDisturb": true, "nextChange": 1773039600}"# + "\n")
      let zones = try run(#"exec "$DND" zones "# + form, in: scratch)
      XCTAssertEqual(zones.stdout.split(separator: "\n").first, "tzdata 2099z at \(scratch)/r\\xFF")
    }
  }

  /// `--tzdata` (a PATH, or `system` with an unusable `TZDIR`) that cannot be opened is one
  /// error naming the option, the root with escapes and the real reason, with exit status 2
  /// and nothing on standard output, in every subcommand that answers from tzdata: no stream
  /// of per-rule `invalidTimeZone` answers.
  func testUnusableTZDataIsOneErrorAndExitTwo() throws {
    let scratch = try scratchWithRoot()
    let reason =
      "is unavailable: No such file or directory; install tzdata (apt-get install tzdata, apk "
      + "add tzdata) or point TZDIR at a zoneinfo directory"
    let line =
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "#
      + #""timeZoneID": "UTC"}, "at": 1773025200}"#
    let choices = [
      (#"--tzdata "$S/r$(printf '\376')""#, "--tzdata: time zone database at \(scratch)/r\\xFE"),
      (
        #"--tzdata system"#,
        "--tzdata system: time zone database at \(scratch)/r\\xFE"
      ),
    ]
    for (option, named) in choices {
      for command in ["eval", "verify", "zones", "check --rule -", "zone Europe/Berlin"] {
        let result = try run(
          #"TZDIR="$S/r$(printf '\376')" exec "$DND" "# + command + " " + option, in: scratch,
          input: line + "\n")
        let name = command.split(separator: " ").first.map(String.init) ?? command
        XCTAssertEqual(result.status, 2, "\(command) \(option): \(result.stdout)")
        XCTAssertEqual(result.stdout, "", "\(command) \(option)")
        XCTAssertEqual(result.stderr, "dnd \(name): error: \(named) \(reason)\n", command)
      }
    }
    let notADirectory = try run(
      #"printf x >"$S/f"; exec "$DND" --tzdata "$S/f" eval"#, in: scratch, input: line + "\n")
    XCTAssertEqual(notADirectory.status, 2)
    XCTAssertEqual(notADirectory.stdout, "")
    XCTAssertTrue(
      notADirectory.stderr.hasPrefix(
        "dnd eval: error: --tzdata: time zone database at \(scratch)/f is unavailable: not a "
          + "directory"), notADirectory.stderr)
  }

  /// `dnd bundle` reads `--from` and writes `--out` by their bytes, names them with escapes,
  /// and names an entry of the listing whose name is not UTF-8 by its real bytes (0xff, not
  /// the 0xef of a replacement character); a write that fails says why.
  func testBundleFromAndOutAreBytes() throws {
    let scratch = try scratchWithRoot()
    let bundled = try run(
      #"R="$S/r$(printf '\377')"; cp "$Z/UTC" "$R/$(printf '\377\376')"; "#
        + #"exec "$DND" bundle --from "$R" --out "$S/o$(printf '\377').bin""#, in: scratch)
    XCTAssertEqual(bundled.status, 0, bundled.stderr)
    XCTAssertEqual(
      bundled.stderr,
      #"dnd bundle: note: left out "\xFF\xFE": not a zone ID: non-ASCII byte 0xff at offset 0"#
        + "\n")
    XCTAssertTrue(
      bundled.stdout.hasPrefix(
        "Wrote \(scratch)/o\\xFF.bin: tzdata 2099z from \(scratch)/r\\xFF, 1 zone IDs, a "),
      bundled.stdout)
    let written = try run(#"test -s "$S/o$(printf '\377').bin""#, in: scratch, dnd: false)
    XCTAssertEqual(written.status, 0, "the snapshot is at the name's exact bytes")
    let failed = try run(
      #"exec "$DND" bundle --from "$S/r$(printf '\377')" --out "$S/n$(printf '\377')/x.bin""#,
      in: scratch)
    XCTAssertEqual(failed.status, 2)
    XCTAssertTrue(
      failed.stderr.hasSuffix(
        "dnd bundle: error: --out \"\(scratch)/n\\xFF/x.bin\": cannot write: No such file or "
          + "directory\n"), failed.stderr)
  }
}

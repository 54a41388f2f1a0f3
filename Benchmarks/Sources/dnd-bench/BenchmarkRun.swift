import DNDSchedule
import Foundation
import OfflinePush
import ZoneInfo

/// One run's settings and the fixtures its sections share: the database, the push rule of the
/// decision cases and its New York instants.
struct BenchmarkRun {
  /// Fewer calls and rounds.
  let quick: Bool
  /// Print one JSON object instead of the table.
  let json: Bool
  let rounds: Int
  /// Passes over the instants per round.
  let repeats: Int
  let instantCount = 4_096
  let root: String
  let zones: ZoneDatabase
  let pushRule: OfflinePushRule
  let compiled: CompiledOfflinePushRule
  let nyInstants: [Int64]
  let online = PlatformSet([.web])

  init(quick: Bool, json: Bool, root: String) {
    self.quick = quick
    self.json = json
    rounds = quick ? 5 : 15
    repeats = quick ? 16 : 64
    self.root = root
    do { zones = try ZoneDatabase(root: root) } catch { fail("\(error)") }
    pushRule = OfflinePushRule(
      onlinePlatforms: [.win, .macOS], notToReceiveOfflinePushPlatforms: [.iPhoneOS],
      doNotDisturbRule: DoNotDisturbRule(
        enabled: true, startHour: 22, endHour: 8, repeatMode: .daily,
        timeZoneID: "America/New_York"))
    do { compiled = try CompiledOfflinePushRule(rule: pushRule, zones: zones) } catch {
      fail("\(error)")
    }
    nyInstants = benchmarkInstants(
      zone: compiled.schedule.zone, count: instantCount, seed: 0xDEC1DE, range: 0...4_102_444_800)
  }

  /// Prints a line of the table (not with `--json`).
  func log(_ line: String) {
    if !json { print(line) }
  }
}

/// Stops the benchmark with a message on standard error and exit status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("dnd-bench: " + message + "\n").utf8))
  exit(1)
}

extension Bool {
  /// 1 or 0, without a branch.
  var bit: UInt8 { unsafeBitCast(self, to: UInt8.self) }
}

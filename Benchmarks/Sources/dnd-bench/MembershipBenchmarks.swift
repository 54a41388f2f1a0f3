import DNDSchedule
import Foundation
import ZoneInfo

/// A membership case: a zone and the years its instants are drawn from.
struct MembershipCase {
  var name: String
  var zoneID: String
  var range: ClosedRange<Int64>

  static let all = [
    MembershipCase(
      name: "America/New_York", zoneID: "America/New_York", range: 0...10_413_792_000),
    MembershipCase(
      name: "Australia/Lord_Howe", zoneID: "Australia/Lord_Howe", range: 0...10_413_792_000),
    MembershipCase(name: "UTC", zoneID: "UTC", range: 0...10_413_792_000),
    // 2300 is inside the table (the footer's transitions are tabulated up to 2500, past 2050
    // on first need); 2600 is past it, where the footer rule is evaluated for each call.
    MembershipCase(
      name: "New York in 2300 (footer, tabulated)", zoneID: "America/New_York",
      range: 10_413_792_000...10_445_328_000),
    MembershipCase(
      name: "New York in 2600 (footer, evaluated)", zoneID: "America/New_York",
      range: 19_880_899_200...19_912_435_200),
  ]

  /// The case's schedule (22:00–08:00 daily in its zone) and its instants.
  func setUp(_ run: BenchmarkRun) -> (DoNotDisturbSchedule, [Int64]) {
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: zoneID)
    let schedule: DoNotDisturbSchedule
    do { schedule = try DoNotDisturbSchedule(rule: rule, zones: run.zones) } catch {
      fail("\(error)")
    }
    let instants = benchmarkInstants(
      zone: schedule.zone, count: run.instantCount, seed: 0xBE7C4, range: range)
    return (schedule, instants)
  }
}

/// The instants of the floor loop.
func floorInstants(_ run: BenchmarkRun) -> [Int64] {
  benchmarkInstants(
    zone: Zone.utc, count: run.instantCount, seed: 0xF1008, range: 0...10_413_792_000)
}

/// Times membership in every case against the Foundation baseline, then the floor; exits 1 if
/// the two disagree on any instant.
func measureMembership(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
  let repeats = run.repeats
  var rows: [(String, Timing, Timing)] = []
  var disagreements = 0
  run.log(
    "DND membership, rule 22:00–08:00 daily        DNDKit median (best)   Foundation median    ratio"
  )
  for benchmarkCase in MembershipCase.all {
    let (schedule, instants) = benchmarkCase.setUp(run)
    let baseline = FoundationBaseline(
      zoneID: benchmarkCase.zoneID, startMinute: 22 * 60, endMinute: 8 * 60)
    // Check every instant first: the fast path and the baseline must agree.
    for t in instants where (try? schedule.contains(t)) != baseline.contains(t) {
      disagreements += 1
      FileHandle.standardError.write(Data("disagreement: \(benchmarkCase.zoneID) at \(t)\n".utf8))
    }
    // The passes `--count-loops` counts (every instant was checked above, so none throws).
    let (ours, _) = Timing.measure(calls: instants.count * repeats, rounds: run.rounds) {
      instants.withUnsafeBufferPointer { buffer in
        var count = 0
        for _ in 0..<repeats {
          count &+= InstructionCountLoops.countedMembershipPass(schedule, buffer)
        }
        return count
      }
    }
    let foundationRepeats = max(1, repeats / 16)
    let (theirs, _) = Timing.measure(
      calls: instants.count * foundationRepeats, rounds: max(3, run.rounds / 3)
    ) {
      var count = 0
      for _ in 0..<foundationRepeats {
        for t in instants where baseline.contains(t) { count += 1 }
      }
      return count
    }
    rows.append((benchmarkCase.name, ours, theirs))
    let name = benchmarkCase.name.padding(toLength: 46, withPad: " ", startingAt: 0)
    run.log(
      "\(name) \(format(ours.median)) (\(format(ours.best)))".padding(
        toLength: 70, withPad: " ", startingAt: 0)
        + "\(format(theirs.median))".padding(toLength: 21, withPad: " ", startingAt: 0)
        + "\(Int((theirs.median / ours.median).rounded()))×")
  }
  if disagreements > 0 { fail("\(disagreements) instants where DNDKit and Foundation disagree") }

  // The hardware floor: the same loop with the bare arithmetic of a fixed-offset window and
  // no zone look-up at all.
  let floorInstants = floorInstants(run)
  let (floor, _) = Timing.measure(calls: run.instantCount * repeats, rounds: run.rounds) {
    var count = 0
    for _ in 0..<repeats {
      for t in floorInstants {
        let local = t &- 18_000
        let second = local - (local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) &* 86_400
        count &+= Int(truncatingIfNeeded: (second >= 79_200 || second < 28_800).bit)
      }
    }
    return count
  }
  results.floorArithmeticNs = floor.median
  run.log(
    "Bare arithmetic, no zone (hardware floor)      \(format(floor.median)) (\(format(floor.best)))"
  )

  let newYork = rows[0]
  results.membershipNs = newYork.1.median
  results.membershipBestNs = newYork.1.best
  results.foundationCalendarNs = newYork.2.median
  results.speedupVsFoundation = newYork.2.median / newYork.1.median
  results.membershipByCase = Dictionary(
    uniqueKeysWithValues: rows.map {
      (
        $0.0,
        BenchmarkResults.MembershipCase(
          medianNs: $0.1.median, bestNs: $0.1.best, foundationNs: $0.2.median,
          speedup: $0.2.median / $0.1.median)
      )
    })
}

import DNDSchedule
import OfflinePush

/// Times the push decision and `nextChange(after:)` on the run's compiled rule, and counts the
/// heap allocations of hot-path calls.
///
/// - Returns: A checksum of the allocation loop's answers, printed so that it is kept.
func measureDecision(_ run: BenchmarkRun, into results: inout BenchmarkResults) -> Int {
  let repeats = run.repeats
  let compiled = run.compiled
  let nyInstants = run.nyInstants
  let online = run.online
  let (decision, _) = Timing.measure(calls: run.instantCount * repeats, rounds: run.rounds) {
    nyInstants.withUnsafeBufferPointer { buffer in
      var count = 0
      for _ in 0..<repeats {
        count &+= InstructionCountLoops.countedDecisionPass(compiled, buffer, online)
      }
      return count
    }
  }
  results.decisionNs = decision.median
  run.log("")
  run.log(
    "Push decision (switches + platforms + DND)     \(format(decision.median)) (\(format(decision.best)))"
  )

  let nextRepeats = max(1, repeats / 8)
  let (nextChange, _) = Timing.measure(calls: run.instantCount * nextRepeats, rounds: run.rounds) {
    var sum = 0
    for _ in 0..<nextRepeats {
      for t in nyInstants { sum &+= Int((try? compiled.schedule.nextChange(after: t)) ?? 0) }
    }
    return sum
  }
  results.nextChangeNs = nextChange.median
  run.log(
    "nextChange(after:)                            \(format(nextChange.median)) (\(format(nextChange.best)))"
  )

  // The weekly schedule beside the ZIM daily rule, on the New York membership case's instants.
  let (zim, zimInstants) = MembershipCase.all[0].setUp(run)
  let weekly = WeeklyScheduleCase.run(
    zim: zim, zones: run.zones, instants: zimInstants, rounds: run.rounds, repeats: repeats,
    into: &results)
  if weekly.disagreements > 0 {
    fail("\(weekly.disagreements) instants where the weekly schedule and the ZIM rule disagree")
  }
  run.log("")
  for line in weekly.lines { run.log(line) }

  // Allocations on the hot path: count malloc calls over a million decisions.
  let allocationCalls = 1_000_000
  var sink = 0
  let allocationsBefore = AllocationCount.now
  for i in 0..<allocationCalls {
    let t = nyInstants[i & (run.instantCount - 1)]
    if let d = try? compiled.decide(kind: .call, target: .android, online: online, at: t),
      d.delivers
    {
      sink &+= 1
    }
    if (try? compiled.schedule.contains(t)) == true { sink &+= 1 }
  }
  let allocationsPerCall = AllocationCount.perCall(
    from: allocationsBefore, calls: 2 * allocationCalls)
  results.allocationsPerCall = allocationsPerCall
  run.log(
    "Heap allocations per hot-path call            "
      + "\(AllocationCount.describe(allocationsPerCall)) (malloc interposed, "
      + "\(2 * allocationCalls) calls)"
  )
  return sink
}

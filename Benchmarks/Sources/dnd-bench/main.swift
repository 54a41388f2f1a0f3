import Foundation
import ZoneInfo

// dnd-bench: DNDKit's hot path against Foundation, in one process. See README "Performance"
// and Benchmarks/NOTES.md. One file per concern: membership (and the floor), the decision
// (and the weekly schedule beside it), thread scaling, zone loading, compile and the cold
// path, the server workload and fan-out; the figures are collected in BenchmarkResults and
// ServerResults, which --json prints as one object.

let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(
    """
    usage: swift run -c release --package-path Benchmarks dnd-bench [--quick] [--json] [--server] [--wire] [--count-loops]
      --quick        fewer calls and rounds (finishes in well under 20 s)
      --json         print one JSON object with the figures instead of the table
      --server       only the server workload and the fan-out (for profiling them alone)
      --wire         only the wire cases: decoding, document to compiled rule, dnd eval on
                     distinct rules, encoding
      --count-loops  only run the membership, decision, whole-decision, sender look-up
                     and weekly-schedule loops and the server's (200,000 decisions over 10,000 users, 20 fan-outs),
                     untimed, for callgrind (see Benchmarks/NOTES.md)
    Exits 1 if DNDKit and the Foundation baseline disagree on any instant timed, or if a
    fan-out batch's answers differ from one decision per recipient.
    """)
  exit(0)
}
let run = BenchmarkRun(
  quick: arguments.contains("--quick"), json: arguments.contains("--json"),
  root: ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 }
    ?? ZoneDatabase.defaultRoot)

if arguments.contains("--count-loops") {
  let (schedule, instants) = MembershipCase.all[0].setUp(run)
  print(
    InstructionCountLoops.run(
      schedule: schedule, membershipInstants: instants, rule: run.compiled,
      decisionInstants: run.nyInstants, online: run.online))
  print(countPolicyDecisionLoops(run))
  print(SenderLookUpBenchmark.countLoops())
  do {
    print(
      try WeeklyScheduleCase.countLoops(
        zones: run.zones, id: schedule.zone.identifier, instants: instants))
  } catch {
    fail("\(error)")
  }
  do { print(try ServerWorkload.countLoops(zones: run.zones)) } catch { fail("\(error)") }
  exit(0)
}

if arguments.contains("--server") {
  let server = ServerBenchmark.run(
    zones: run.zones, quick: run.quick, rounds: run.rounds, log: { run.log($0) }, fail: fail)
  if run.json { printJSON(server) }
  exit(0)
}

if arguments.contains("--wire") {
  let wire = measureWire(run)
  if run.json { printJSON(wire) }
  exit(0)
}

var results = BenchmarkResults()
run.log(
  "DNDKit benchmark (\(run.quick ? "quick" : "full"), \(run.rounds) rounds × \(run.instantCount * run.repeats) calls)"
)
run.log("tzdata \(run.zones.version() ?? "?") at \(run.root)")
run.log("")
measureMembership(run, into: &results)
let sink = measureDecision(run, into: &results)
measurePolicyDecision(run, into: &results)
SenderLookUpBenchmark.measure(run, into: &results)
measureThreadScaling(run, into: &results)
measureZoneLoading(run, into: &results)
measureCompileAndColdPath(run, into: &results)
// The server workload (a million users' rules, random reads) and the group fan-out.
let wire = measureWire(run)
let server = ServerBenchmark.run(
  zones: run.zones, quick: run.quick, rounds: run.rounds, log: { run.log($0) }, fail: fail)

if run.json {
  printJSON(BenchmarkReport(results: results, server: server, wire: wire))
} else {
  print("")
  print("checksum \(sink) \(timingChecksum)")
}

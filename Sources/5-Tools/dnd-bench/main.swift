import CAllocationCounter
import DNDSchedule
import Dispatch
import Foundation
import OfflinePush
import ZoneInfo

// dnd-bench: DNDKit's hot path against Foundation, in one process. See README "Performance" and Benchmarks/NOTES.md.

let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(
    """
    usage: swift run -c release dnd-bench [--quick] [--json] [--count-loops]
      --quick        fewer calls and rounds (finishes in well under 20 s)
      --json         print one JSON object with the figures instead of the table
      --count-loops  only run the membership and decision loops, untimed, for callgrind
                     (see README, "Performance")
    Exits 1 if DNDKit and the Foundation baseline disagree on any instant timed, or if a
    fan-out batch's answers differ from one decision per recipient.
    """)
  exit(0)
}
let quick = arguments.contains("--quick")
let json = arguments.contains("--json")
let rounds = quick ? 5 : 15
let instantCount = 4_096
let repeats = quick ? 16 : 64  // passes over the instants per round
let root = ZoneDatabase.environmentRoot(ProcessInfo.processInfo.environment["TZDIR"])

extension Bool {
  /// 1 or 0, without a branch.
  var bit: UInt8 { unsafeBitCast(self, to: UInt8.self) }
}

func log(_ line: String) {
  if !json { print(line) }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("dnd-bench: " + message + "\n").utf8))
  exit(1)
}

let zones: ZoneDatabase
do { zones = try ZoneDatabase(root: root) } catch { fail("\(error)") }

struct Case {
  var name: String
  var zoneID: String
  var range: ClosedRange<Int64>
}
let cases = [
  Case(name: "America/New_York", zoneID: "America/New_York", range: 0...10_413_792_000),
  Case(name: "Australia/Lord_Howe", zoneID: "Australia/Lord_Howe", range: 0...10_413_792_000),
  Case(name: "UTC", zoneID: "UTC", range: 0...10_413_792_000),
  // 2300 is inside the table (the footer's transitions are tabulated up to 2500, past 2050 on
  // first need); 2600 is past it, where the footer rule is evaluated for each call.
  Case(
    name: "New York in 2300 (footer, tabulated)", zoneID: "America/New_York",
    range: 10_413_792_000...10_445_328_000),
  Case(
    name: "New York in 2600 (footer, evaluated)", zoneID: "America/New_York",
    range: 19_880_899_200...19_912_435_200),
]

/// A case's schedule (22:00–08:00 daily in its zone) and its instants.
func membershipSetUp(_ benchmarkCase: Case) -> (DoNotDisturbSchedule, [Int64]) {
  let rule = DoNotDisturbRule(
    enabled: true, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: benchmarkCase.zoneID)
  let schedule: DoNotDisturbSchedule
  do { schedule = try DoNotDisturbSchedule(rule: rule, zones: zones) } catch { fail("\(error)") }
  let instants = benchmarkInstants(
    zone: schedule.zone, count: instantCount, seed: 0xBE7C4, range: benchmarkCase.range)
  return (schedule, instants)
}

// The push decision case: a compiled rule and its instants.
let pushRule = OfflinePushRule(
  onlinePlatforms: [.win, .macOS], notToReceiveOfflinePushPlatforms: [.iPhoneOS],
  doNotDisturbRule: DoNotDisturbRule(
    enabled: true, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: "America/New_York"))
let compiled: CompiledOfflinePushRule
do { compiled = try CompiledOfflinePushRule(rule: pushRule, zones: zones) } catch {
  fail("\(error)")
}
let nyInstants = benchmarkInstants(
  zone: compiled.schedule.zone, count: instantCount, seed: 0xDEC1DE, range: 0...4_102_444_800)
let online = PlatformSet([.web])

if arguments.contains("--count-loops") {
  let (schedule, instants) = membershipSetUp(cases[0])
  print(
    InstructionCountLoops.run(
      schedule: schedule, membershipInstants: instants, rule: compiled,
      decisionInstants: nyInstants, online: online))
  exit(0)
}

var results: [String: Any] = [:]
var membershipRows: [(String, Timing, Timing)] = []
var disagreements = 0

log(
  "DNDKit benchmark (\(quick ? "quick" : "full"), \(rounds) rounds × \(instantCount * repeats) calls)"
)
log("tzdata \(zones.version() ?? "?") at \(root)")
log("")
log(
  "DND membership, rule 22:00–08:00 daily        DNDKit median (best)   Foundation median    ratio")

for benchmarkCase in cases {
  let (schedule, instants) = membershipSetUp(benchmarkCase)
  let baseline = FoundationBaseline(
    zoneID: benchmarkCase.zoneID, startMinute: 22 * 60, endMinute: 8 * 60)
  // Check every instant first: the fast path and the baseline must agree.
  for t in instants where (try? schedule.contains(t)) != baseline.contains(t) {
    disagreements += 1
    FileHandle.standardError.write(Data("disagreement: \(benchmarkCase.zoneID) at \(t)\n".utf8))
  }
  // The passes `--count-loops` counts (every instant was checked above, so none throws).
  let (ours, _) = Timing.measure(calls: instants.count * repeats, rounds: rounds) {
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
    calls: instants.count * foundationRepeats, rounds: max(3, rounds / 3)
  ) {
    var count = 0
    for _ in 0..<foundationRepeats {
      for t in instants where baseline.contains(t) { count += 1 }
    }
    return count
  }
  membershipRows.append((benchmarkCase.name, ours, theirs))
  let name = benchmarkCase.name.padding(toLength: 46, withPad: " ", startingAt: 0)
  log(
    "\(name) \(format(ours.median)) (\(format(ours.best)))".padding(
      toLength: 70, withPad: " ", startingAt: 0)
      + "\(format(theirs.median))".padding(toLength: 21, withPad: " ", startingAt: 0)
      + "\(Int((theirs.median / ours.median).rounded()))×")
}
if disagreements > 0 { fail("\(disagreements) instants where DNDKit and Foundation disagree") }

// The hardware floor: the same loop with the bare arithmetic of a fixed-offset window and
// no zone look-up at all.
let floorInstants = benchmarkInstants(
  zone: Zone.utc, count: instantCount, seed: 0xF1008, range: 0...10_413_792_000)
let (floor, _) = Timing.measure(calls: instantCount * repeats, rounds: rounds) {
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
results["floorArithmeticNs"] = floor.median
log(
  "Bare arithmetic, no zone (hardware floor)      \(format(floor.median)) (\(format(floor.best)))")

let newYork = membershipRows[0]
results["membershipNs"] = newYork.1.median
results["membershipBestNs"] = newYork.1.best
results["foundationCalendarNs"] = newYork.2.median
results["speedupVsFoundation"] = newYork.2.median / newYork.1.median
results["membershipByCase"] = Dictionary(
  uniqueKeysWithValues: membershipRows.map {
    (
      $0.0,
      [
        "medianNs": $0.1.median, "bestNs": $0.1.best, "foundationNs": $0.2.median,
        "speedup": $0.2.median / $0.1.median,
      ]
    )
  })

// Push decision on a compiled rule (set up with the cases above).
let (decision, _) = Timing.measure(calls: instantCount * repeats, rounds: rounds) {
  nyInstants.withUnsafeBufferPointer { buffer in
    var count = 0
    for _ in 0..<repeats {
      count &+= InstructionCountLoops.countedDecisionPass(compiled, buffer, online)
    }
    return count
  }
}
results["decisionNs"] = decision.median
log("")
log(
  "Push decision (switches + platforms + DND)     \(format(decision.median)) (\(format(decision.best)))"
)

// nextChange.
let nextRepeats = max(1, repeats / 8)
let (nextChange, _) = Timing.measure(calls: instantCount * nextRepeats, rounds: rounds) {
  var sum = 0
  for _ in 0..<nextRepeats {
    for t in nyInstants { sum &+= Int((try? compiled.schedule.nextChange(after: t)) ?? 0) }
  }
  return sum
}
results["nextChangeNs"] = nextChange.median
log(
  "nextChange(after:)                            \(format(nextChange.median)) (\(format(nextChange.best)))"
)

// The weekly schedule beside the ZIM daily rule, on the New York membership case's instants.
let weekly = WeeklyScheduleCase.run(
  zim: membershipSetUp(cases[0]).0, instants: membershipSetUp(cases[0]).1, rounds: rounds,
  repeats: repeats)
if weekly.disagreements > 0 {
  fail("\(weekly.disagreements) instants where the weekly schedule and the ZIM rule disagree")
}
for (key, value) in weekly.results { results[key] = value }
log("")
for line in weekly.lines { log(line) }

// Allocations on the hot path: count malloc calls over a million decisions.
let allocationCalls = 1_000_000
var sink = 0
let allocationsBefore = dndkit_allocation_count()
for i in 0..<allocationCalls {
  let t = nyInstants[i & (instantCount - 1)]
  if let d = try? compiled.decide(kind: .call, target: .android, online: online, at: t), d.delivers
  {
    sink &+= 1
  }
  if (try? compiled.schedule.contains(t)) == true { sink &+= 1 }
}
let allocationsAfter = dndkit_allocation_count()
let allocationsPerCall = Double(allocationsAfter - allocationsBefore) / Double(2 * allocationCalls)
results["allocationsPerCall"] = allocationsPerCall
log(
  "Heap allocations per hot-path call            \(allocationsPerCall) (malloc interposed, \(2 * allocationCalls) calls)"
)

// Two threads on shared compiled rules versus one.
func throughput(threads: Int, calls: Int, _ body: @Sendable @escaping (Int) -> Int) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  DispatchQueue.concurrentPerform(iterations: threads) { thread in
    _ = body(thread)
  }
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
  return Double(threads * calls) / elapsed
}
let threadCalls = quick ? 4_000_000 : 16_000_000
let sharedSchedule = compiled.schedule
let sharedInstants = nyInstants
let ourWork: @Sendable (Int) -> Int = { _ in
  var count = 0
  do {
    for i in 0..<threadCalls {
      count &+= Int(truncatingIfNeeded: try sharedSchedule.contains(sharedInstants[i & 4095]).bit)
    }
  } catch {
    return -1
  }
  return count
}
// The machine's own scaling, measured alongside: the bare arithmetic of the floor loop, which
// shares nothing between threads. On a VM whose two vCPUs may share a physical core, this is
// the ceiling for any code.
let sharedFloorInstants = floorInstants
let floorWork: @Sendable (Int) -> Int = { _ in
  var count = 0
  for i in 0..<threadCalls {
    let local = sharedFloorInstants[i & 4095] &- 18_000
    let second = local - (local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) &* 86_400
    count &+= Int(truncatingIfNeeded: (second >= 79_200 || second < 28_800).bit)
  }
  return count
}
_ = throughput(threads: 1, calls: threadCalls / 4, ourWork)
var scalings: [Double] = []
var floorScalings: [Double] = []
for _ in 0..<3 {
  let one = throughput(threads: 1, calls: threadCalls, ourWork)
  let two = throughput(threads: 2, calls: threadCalls, ourWork)
  scalings.append(two / one)
  let floorOne = throughput(threads: 1, calls: threadCalls, floorWork)
  let floorTwo = throughput(threads: 2, calls: threadCalls, floorWork)
  floorScalings.append(floorTwo / floorOne)
}
scalings.sort()
floorScalings.sort()
let scaling = scalings[1]
let floorScaling = floorScalings[1]
let sharedBaseline = FoundationBaseline(
  zoneID: "America/New_York", startMinute: 1320, endMinute: 480)
let foundationCalls = quick ? 20_000 : 100_000
let theirWork: @Sendable (Int) -> Int = { _ in
  var count = 0
  for i in 0..<foundationCalls where sharedBaseline.contains(sharedInstants[i & 4095]) {
    count += 1
  }
  return count
}
let foundationScaling =
  throughput(threads: 2, calls: foundationCalls, theirWork)
  / throughput(threads: 1, calls: foundationCalls, theirWork)
results["twoThreadScaling"] = scaling
results["foundationTwoThreadScaling"] = foundationScaling
results["floorTwoThreadScaling"] = floorScaling
log(
  "Two threads / one thread, shared rules        \(String(format1: scaling))×   (Foundation \(String(format1: foundationScaling))×, bare arithmetic \(String(format1: floorScaling))×)"
)

// Zone loading: one zone, then every zone, each from a fresh database (no cache).
let loadRounds = quick ? 50 : 200
var loadSamples: [Double] = []
for _ in 0..<loadRounds {
  guard let fresh = try? ZoneDatabase(root: root) else { fail("cannot open \(root)") }
  let start = DispatchTime.now().uptimeNanoseconds
  _ = try? fresh.zone("America/New_York")
  loadSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
}
loadSamples.sort()
results["zoneLoadMicros"] = loadSamples[loadSamples.count / 2] / 1_000
// Loading builds a zone's table to 2050; the first question past that builds the rest (once
// per zone). Timed on a freshly loaded zone: its first answer for an instant in 2300.
var extensionSamples: [Double] = []
var extensionAllocations: UInt = 0
for _ in 0..<loadRounds {
  // A schedule compiled on a freshly loaded zone, asked about 2299-12-31 23:00 in New York.
  let rule = DoNotDisturbRule(
    enabled: true, startHour: 22, endHour: 8, repeatMode: .daily, timeZoneID: "America/New_York")
  guard let fresh = try? ZoneDatabase(root: root),
    let schedule = try? DoNotDisturbSchedule(rule: rule, zones: fresh)
  else { fail("cannot load America/New_York from \(root)") }
  let allocationsBefore = dndkit_allocation_count()
  let start = DispatchTime.now().uptimeNanoseconds
  let inside = try? schedule.contains(10_413_806_400)
  let elapsed = DispatchTime.now().uptimeNanoseconds - start
  extensionAllocations += dndkit_allocation_count() - allocationsBefore
  extensionSamples.append(Double(elapsed))
  if inside != true { fail("America/New_York in 2300: DND answer \(String(describing: inside))") }
}
extensionSamples.sort()
results["zoneExtensionMicros"] = extensionSamples[extensionSamples.count / 2] / 1_000
// The extension is part of a hot-path call, so it must not allocate either.
let allocationsPerExtension = Double(extensionAllocations) / Double(loadRounds)
results["allocationsPerExtension"] = allocationsPerExtension
let ids = zones.identifiers()
var allSamples: [Double] = []
for _ in 0..<(quick ? 3 : 7) {
  guard let fresh = try? ZoneDatabase(root: root) else { fail("cannot open \(root)") }
  let start = DispatchTime.now().uptimeNanoseconds
  for id in ids { _ = try? fresh.zone(id) }
  allSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
}
allSamples.sort()
results["allZonesLoadMillis"] = allSamples[allSamples.count / 2] / 1_000_000
results["zoneCount"] = ids.count
log("")
log("Zone load (America/New_York, fresh database)  \(format(loadSamples[loadSamples.count / 2]))")
let extensionMedian = format(extensionSamples[extensionSamples.count / 2])
log(
  "First answer past 2050 (builds rest of table)  \(extensionMedian), "
    + "\(allocationsPerExtension) allocations")
log(
  "All \(ids.count) zones, fresh database             \(format(allSamples[allSamples.count / 2]))")

// Rule compile (zone cached) and memory per compiled rule.
let compileCalls = quick ? 20_000 : 100_000
let (compile, _) = Timing.measure(calls: compileCalls, rounds: rounds) {
  var count = 0
  for _ in 0..<compileCalls {
    if let rule = try? CompiledOfflinePushRule(rule: pushRule, zones: zones),
      rule.schedule.zone.identifier.utf8.count > 0
    {
      count += 1
    }
  }
  return count
}
results["compileNs"] = compile.median
results["bytesPerCompiledRule"] = MemoryLayout<CompiledOfflinePushRule>.stride
results["bytesPerCompiledSchedule"] = MemoryLayout<DoNotDisturbSchedule>.stride
log("Rule compile (zone cached)                    \(format(compile.median))")
log(
  "Bytes per compiled rule                       \(MemoryLayout<CompiledOfflinePushRule>.stride) (schedule alone \(MemoryLayout<DoNotDisturbSchedule>.stride); zone tables shared)"
)

// Cold path: JSON → decode → validate → compile → decide, and JSONDecoder's share.
let coldJSON = Data(
  #"{"onlinePlatforms":[1,4],"notToReceiveOfflinePushPlatforms":[2],"offlinePushEnabled":true,"messageOfflinePushEnabled":true,"callOfflinePushEnabled":true,"doNotDisturbRule":{"enabled":true,"startHour":22,"startMinute":0,"endHour":8,"endMinute":0,"repeatMode":2,"customRepeatDays":0,"onceEndTimestamp":0,"timeZoneID":"America/New_York"}}"#
    .utf8)
let coldCalls = quick ? 5_000 : 20_000
let (cold, decodeOnly, _) = Timing.measurePair(
  calls: coldCalls, rounds: rounds,
  {
    var count = 0
    for i in 0..<coldCalls {
      guard let rule = try? OfflinePushRule(jsonData: coldJSON),
        let compiled = try? CompiledOfflinePushRule(rule: rule, zones: zones),
        let d = try? compiled.decide(
          kind: .message, target: .iPhoneOS, online: online, at: nyInstants[i & 4095])
      else { continue }
      if d.delivers { count += 1 }
    }
    return count
  },
  {
    // The same decoding step alone (OfflinePushRule(jsonData:) wraps JSONDecoder).
    var count = 0
    for _ in 0..<coldCalls
    where (try? OfflinePushRule(jsonData: coldJSON)) != nil {
      count += 1
    }
    return count
  })
// The decoding step timed alone is within noise of the whole path, so its share is taken as
// what the path spends outside compile and decide (both timed above, far more precisely).
let decoderShare = max(0, cold.median - (compile.median + decision.median)) / cold.median
results["coldPathNs"] = cold.median
results["coldPathDecodeAloneNs"] = decodeOnly.median
results["coldPathJSONDecoderShare"] = decoderShare
log(
  "Cold path (JSON → decide)                     \(format(cold.median)), "
    + "\(String(format1: 100 * decoderShare))% in JSONDecoder (decoding alone "
    + "\(format(decodeOnly.median)))")

// The server workload (a million users' rules, random reads) and the group fan-out.
let server = ServerBenchmark.run(zones: zones, quick: quick, rounds: rounds, log: log, fail: fail)
if let data = try? JSONEncoder().encode(server),
  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
{
  results.merge(object) { _, new in new }
}

if json {
  let data =
    (try? JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])) ?? Data()
  print(String(decoding: data, as: UTF8.self))
} else {
  print("")
  print("checksum \(sink) \(timingChecksum)")
}

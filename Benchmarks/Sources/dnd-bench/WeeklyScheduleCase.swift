@_spi(Benchmark) import DNDSchedule
import ZoneInfo

/// The weekly schedule beside the ZIM rule it generalizes: membership of the same window
/// (22:00–08:00 every day) and of a five-window schedule with a snooze, each timed in
/// alternating rounds with the ZIM daily rule's membership on the same instants, so that the
/// ratio holds however the machine's speed drifts; allocations and bytes per compiled schedule.
enum WeeklyScheduleCase {
  /// One pass of weekly membership tests, summed without a branch on the answer.
  @inline(never)
  static func weeklyMembershipPass(
    _ schedule: WeeklySchedule, _ instants: UnsafeBufferPointer<Int64>
  ) -> Int {
    var count = 0
    for t in instants {
      count &+= Int(truncatingIfNeeded: ((try? schedule.contains(t)) ?? false).bit)
    }
    return count
  }

  /// The one-window schedule (22:00–08:00 every day) and the five-window one with a snooze,
  /// in the zone `id` of `zones`.
  static func schedules(zones: ZoneDatabase, id: String) throws -> (
    oneWindow: WeeklySchedule, fiveWindows: WeeklySchedule
  ) {
    let oneWindow = try WeeklySchedule(
      rule: WeeklyScheduleRule(
        timeZoneID: id, polarity: .quiet,
        windows: [.init(weekdays: Array(1...7), start: "22:00", end: "08:00")]),
      zones: zones)
    let fiveWindows = try WeeklySchedule(
      rule: WeeklyScheduleRule(
        timeZoneID: id, polarity: .quiet,
        windows: [
          .init(weekdays: [1, 2, 3, 4, 5], start: "22:00", end: "07:00"),
          .init(weekdays: [1, 2, 3, 4, 5], start: "12:00", end: "13:00"),
          .init(weekdays: [1, 3, 5], start: "15:30", end: "16:15"),
          .init(weekdays: [2, 4], start: "18:00", end: "19:00"),
          .init(weekdays: [6, 7], start: "00:00", end: "00:00"),
        ], snooze: .init(from: 1_767_225_600, until: 1_767_229_200)),
      zones: zones)
    return (oneWindow, fiveWindows)
  }

  /// Runs `InstructionCountLoops.passes` passes of the one-window schedule's membership over
  /// the membership case's instants, untimed, for `dnd-bench --count-loops` (callgrind:
  /// `*weeklyMembershipPass*`, divided by the passes × the instants).
  ///
  /// - Parameters:
  ///   - zones: The database the membership case's zone comes from.
  ///   - id: The membership case's zone.
  ///   - instants: Its instants.
  /// - Returns: A line saying how many calls the loop made, with a checksum.
  static func countLoops(zones: ZoneDatabase, id: String, instants: [Int64]) throws -> String {
    let schedule = try schedules(zones: zones, id: id).oneWindow
    var checksum = 0
    instants.withUnsafeBufferPointer { buffer in
      for _ in 0..<InstructionCountLoops.passes {
        checksum &+= weeklyMembershipPass(schedule, buffer)
      }
    }
    return "counted loops: weekly membership \(InstructionCountLoops.passes) × "
      + "\(instants.count) calls (checksum \(checksum))"
  }

  /// Runs the case.
  ///
  /// - Parameters:
  ///   - zim: The ZIM daily rule 22:00–08:00 of the membership case.
  ///   - zones: The database its zone comes from.
  ///   - instants: Its instants.
  ///   - rounds: Timed rounds.
  ///   - repeats: Passes over the instants per round.
  ///   - results: Where the figures go.
  /// - Returns: Lines for the table, and how many instants the one-window schedule and the
  ///   ZIM rule disagree on (must be 0).
  static func run(
    zim: DoNotDisturbSchedule, zones: ZoneDatabase, instants: [Int64], rounds: Int, repeats: Int,
    into results: inout BenchmarkResults
  ) -> (lines: [String], disagreements: Int) {
    let oneWindow: WeeklySchedule
    let fiveWindows: WeeklySchedule
    do {
      (oneWindow, fiveWindows) = try schedules(zones: zones, id: zim.zone.identifier)
    } catch {
      return (["weekly schedule: \(error)"], 1)
    }
    var disagreements = 0
    for t in instants where (try? zim.contains(t)) != (try? oneWindow.contains(t)) {
      disagreements += 1
    }
    var lines: [String] = []
    instants.withUnsafeBufferPointer { buffer in
      let cases:
        [(
          String, WritableKeyPath<BenchmarkResults, Double?>,
          WritableKeyPath<BenchmarkResults, Double?>, WeeklySchedule
        )] = [
          ("same window, one a day", \.weeklyOneWindowNs, \.weeklyOneWindowVsZIM, oneWindow),
          (
            "5 windows, ≤ 4 a day, snooze", \.weeklyFiveWindowsNs, \.weeklyFiveWindowsVsZIM,
            fiveWindows
          ),
        ]
      for (name, timeKey, ratioKey, schedule) in cases {
        let (ours, zimTiming, _) = Timing.measurePair(
          calls: buffer.count * repeats, rounds: rounds,
          {
            var count = 0
            for _ in 0..<repeats { count &+= weeklyMembershipPass(schedule, buffer) }
            return count
          },
          {
            var count = 0
            for _ in 0..<repeats {
              count &+= InstructionCountLoops.countedMembershipPass(zim, buffer)
            }
            return count
          })
        let ratio = ours.median / zimTiming.median
        results[keyPath: timeKey] = ours.median
        results[keyPath: ratioKey] = ratio
        lines.append(
          "Weekly, \(name)".padding(toLength: 46, withPad: " ", startingAt: 0)
            + "\(format(ours.median)) (\(format(ours.best)))".padding(
              toLength: 24, withPad: " ", startingAt: 0)
            + "ZIM \(format(zimTiming.median))".padding(toLength: 21, withPad: " ", startingAt: 0)
            + "\(String(format1: ratio))× ZIM")
      }
      let calls = 1_000_000
      var sink = 0
      let before = AllocationCount.now
      for i in 0..<calls where (try? fiveWindows.contains(buffer[i % buffer.count])) == true {
        sink &+= 1
      }
      let allocations = AllocationCount.perCall(from: before, calls: calls)
      timingChecksum &+= sink
      results.weeklyAllocationsPerCall = allocations
      results.weeklyBytes = Double(fiveWindows.byteCount)
      lines.append(
        "Weekly: allocations per call: \(AllocationCount.describe(allocations)); \(fiveWindows.byteCount) bytes per compiled "
          + "schedule (\(MemoryLayout<WeeklySchedule>.size) inline)")
    }
    return (lines, disagreements)
  }
}

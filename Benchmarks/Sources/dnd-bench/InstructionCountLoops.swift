import DNDSchedule
import OfflinePush
import ZoneInfo

/// The benchmark's membership and decision passes, which the timed cases run and which
/// `dnd-bench --count-loops` runs alone so that callgrind can count their instructions per
/// call (unlike a clock, the same figure on every run of the same binary).
///
/// Each pass is one function that does nothing but the calls, so that
/// `valgrind --tool=callgrind --toggle-collect='*countedMembershipPass*'` (or
/// `*countedDecisionPass*`) counts exactly them: the total divided by
/// ``passes`` × the number of instants is the figure per call.
enum InstructionCountLoops {
  /// Passes over the instants per loop.
  static let passes = 100

  /// One pass of membership tests, summed without a branch on the answer, so that the loop
  /// measures the call and not a mispredicted `if`.
  @inline(never)
  static func countedMembershipPass(
    _ schedule: DoNotDisturbSchedule, _ instants: UnsafeBufferPointer<Int64>
  ) -> Int {
    var count = 0
    for t in instants {
      count &+= Int(truncatingIfNeeded: ((try? schedule.contains(t)) ?? false).bit)
    }
    return count
  }

  /// One pass of push decisions, summed without a branch on the answer.
  @inline(never)
  static func countedDecisionPass(
    _ rule: CompiledOfflinePushRule, _ instants: UnsafeBufferPointer<Int64>, _ online: PlatformSet
  ) -> Int {
    var count = 0
    for t in instants {
      let decision = try? rule.decide(kind: .message, target: .android, online: online, at: t)
      count &+= Int(truncatingIfNeeded: (decision?.delivers ?? false).bit)
    }
    return count
  }

  /// Runs ``passes`` passes of each loop.
  ///
  /// - Parameters:
  ///   - schedule: The membership case's compiled schedule.
  ///   - membershipInstants: Its instants.
  ///   - rule: The decision case's compiled rule.
  ///   - decisionInstants: Its instants.
  ///   - online: The online platforms for the decisions.
  /// - Returns: A line saying how many calls each loop made, with a checksum.
  static func run(
    schedule: DoNotDisturbSchedule, membershipInstants: [Int64], rule: CompiledOfflinePushRule,
    decisionInstants: [Int64], online: PlatformSet
  ) -> String {
    var checksum = 0
    membershipInstants.withUnsafeBufferPointer { instants in
      for _ in 0..<passes { checksum &+= countedMembershipPass(schedule, instants) }
    }
    decisionInstants.withUnsafeBufferPointer { instants in
      for _ in 0..<passes { checksum &+= countedDecisionPass(rule, instants, online) }
    }
    return "counted loops: membership \(passes) × \(membershipInstants.count) calls, "
      + "decision \(passes) × \(decisionInstants.count) calls (checksum \(checksum))"
  }
}

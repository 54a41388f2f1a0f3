import CAllocationCounter
import DNDSchedule
import OfflinePush

/// Times the whole decision (preferences with 100 priority senders, a mentions-only
/// conversation setting, a message) beside today's decision on the same rule and instants,
/// in alternating rounds, and counts its heap allocations.
///
/// The sender is not a priority sender but mentions the user, so every decision inside
/// do-not-disturb looks the sender up in the table and then reaches the mention breakthrough:
/// the longest path.
func measurePolicyDecision(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
  let compiled = run.compiled
  let instants = run.nyInstants
  let online = run.online
  let repeats = run.repeats
  let preferences: CompiledPushPreferences
  do {
    preferences = try CompiledPushPreferences(
      PushPreferences(
        breakthrough: .init(
          senders: (0..<100).map { "user-\($0 * 7_919)" }, mentions: true, urgent: true,
          repeatCallSeconds: 900)))
  } catch {
    fail("preferences: \(error)")
  }
  let conversation = ConversationSetting(level: .mentions, until: 4_102_444_800)
  let message = PushMessage(sender: "user-not-listed-4242", mentioned: true)
  let (today, policy, _) = Timing.measurePair(
    calls: run.instantCount * repeats, rounds: run.rounds,
    {
      instants.withUnsafeBufferPointer { buffer in
        var count = 0
        for _ in 0..<repeats {
          count &+= InstructionCountLoops.countedDecisionPass(compiled, buffer, online)
        }
        return count
      }
    },
    {
      instants.withUnsafeBufferPointer { buffer in
        var count = 0
        for _ in 0..<repeats {
          count &+= policyDecisionPass(
            compiled, buffer, online, preferences, conversation, message)
        }
        return count
      }
    })
  results.policyDecisionNs = policy.median
  results.policyDecisionVsToday = policy.median / today.median
  run.log("")
  run.log(
    "Whole decision (100 senders, conversation, message) \(format(policy.median)) "
      + "(\(format(policy.best))), \(String(format1: policy.median / today.median))x today's "
      + "\(format(today.median)) in the same rounds")

  let calls = 1_000_000
  var sink = 0
  let before = dndkit_allocation_count()
  for i in 0..<calls {
    let t = instants[i & (run.instantCount - 1)]
    if let answer = try? compiled.decide(
      kind: .message, target: .android, online: online, at: t, preferences: preferences,
      conversation: conversation, message: message), answer.breakthrough != nil
    {
      sink &+= 1
    }
  }
  let allocations = Double(dndkit_allocation_count() - before) / Double(calls)
  results.policyAllocationsPerCall = allocations
  timingChecksum &+= sink
  run.log(
    "Whole decision: \(allocations) allocations per call (\(calls) calls, \(sink) lifted)")
}

/// One pass of whole decisions, summed without a branch on the answer.
@inline(never)
func policyDecisionPass(
  _ rule: CompiledOfflinePushRule, _ instants: UnsafeBufferPointer<Int64>, _ online: PlatformSet,
  _ preferences: CompiledPushPreferences, _ conversation: ConversationSetting,
  _ message: PushMessage
) -> Int {
  var count = 0
  for t in instants {
    let answer = try? rule.decide(
      kind: .message, target: .android, online: online, at: t, preferences: preferences,
      conversation: conversation, message: message)
    count &+= Int(truncatingIfNeeded: (answer?.delivers ?? false).bit)
  }
  return count
}

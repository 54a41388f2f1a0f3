import DNDSchedule
import OfflinePush

/// Times the whole decision (preferences with 100 priority senders, a mentions-only
/// conversation setting, a message) beside today's decision on the same rule and instants,
/// in alternating rounds, and counts its heap allocations.
///
/// Every message passes the conversation's level (it mentions the user or everyone), so every
/// decision reaches do-not-disturb as today's does; inside it, a third come from a priority
/// sender, a third from other senders mention the user (the mention breakthrough, after the
/// table says no) and a third mention everyone (no breakthrough: suppressed until the block's
/// end). Senders are short IDs (stored in the string) and long ones (on the heap), listed or
/// not, in a seeded random order independent of the instants'.
func measurePolicyDecision(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
  let compiled = run.compiled
  let instants = run.nyInstants
  let online = run.online
  let repeats = run.repeats
  let (preferences, messages) = policyWorkload(instantCount: instants.count)
  let conversation = policyConversation
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
            compiled, buffer, online, preferences, conversation, messages)
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
  let before = AllocationCount.now
  for i in 0..<calls {
    let t = instants[i & (run.instantCount - 1)]
    if let answer = try? compiled.decide(
      kind: .message, target: .android, online: online, at: t, preferences: preferences,
      conversation: conversation, message: messages[(i / policyInstantsPerMessage) % messages.count]
    ),
      answer.breakthrough != nil
    {
      sink &+= 1
    }
  }
  let allocations = AllocationCount.perCall(from: before, calls: calls)
  results.policyAllocationsPerCall = allocations
  timingChecksum &+= sink
  run.log(
    "Whole decision: allocations per call: \(AllocationCount.describe(allocations)) "
      + "(\(calls) calls, \(sink) lifted)")
}

/// The whole decision's conversation setting: mentions only, until 2100 (past every instant).
let policyConversation = ConversationSetting(level: .mentions, until: 4_102_444_800)

/// How many instants in a row each message is decided for, as a server decides one message
/// for each of its recipients. (A message copied out of an array for every decision would add
/// a retain and a release of its sender to each: the caller's copy, not the decision's work.)
let policyInstantsPerMessage = 8

/// The whole decision's preferences (100 priority senders, half short IDs and half long) and
/// its messages, one for each ``policyInstantsPerMessage`` of the instants (see
/// ``measurePolicyDecision(_:into:)``).
func policyWorkload(instantCount: Int) -> (CompiledPushPreferences, [PushMessage]) {
  // Short IDs fit in a `String` itself; long ones (36 bytes, a UUID's length) live on the heap.
  func id(_ n: Int, long: Bool) -> String {
    long ? "user-\(n)-" + String(repeating: "x", count: 31 - String(n).count) : "user-\(n)"
  }
  let senders = (0..<100).map { id($0 * 7_919, long: $0 % 2 == 1) }
  let preferences: CompiledPushPreferences
  do {
    preferences = try CompiledPushPreferences(
      PushPreferences(
        breakthrough: .init(senders: senders, mentions: true, urgent: true, repeatCallSeconds: 900)
      ))
  } catch {
    fail("preferences: \(error)")
  }
  var random = BenchmarkRandom(seed: 0x5E4D_E125)
  let messages = (0..<instantCount / policyInstantsPerMessage).map { _ -> PushMessage in
    switch random.below(3) {
    case 0:
      return PushMessage(sender: senders[random.below(senders.count)], mentioned: true)
    case 1:
      return PushMessage(
        sender: id(random.below(1_000_000), long: random.below(2) == 1), mentioned: true)
    default:
      return PushMessage(
        sender: id(random.below(1_000_000), long: random.below(2) == 1), mentionAll: true)
    }
  }
  return (preferences, messages)
}

/// One pass of whole decisions, summed without a branch on the answer: each message in turn
/// for the next ``policyInstantsPerMessage`` instants.
@inline(never)
func policyDecisionPass(
  _ rule: CompiledOfflinePushRule, _ instants: UnsafeBufferPointer<Int64>, _ online: PlatformSet,
  _ preferences: CompiledPushPreferences, _ conversation: ConversationSetting,
  _ messages: [PushMessage]
) -> Int {
  var count = 0
  var start = 0
  for message in messages {
    // The message as the optional the call takes, made once for its recipients: making an
    // optional of a message copies it (the caller's copy, not the decision's work).
    let asked: PushMessage? = message
    for t in instants[start..<min(start + policyInstantsPerMessage, instants.count)] {
      let answer = try? rule.decide(
        kind: .message, target: .android, online: online, at: t, preferences: preferences,
        conversation: conversation, message: asked)
      count &+= Int(truncatingIfNeeded: (answer?.delivers ?? false).bit)
    }
    start += policyInstantsPerMessage
  }
  return count
}

/// Runs `InstructionCountLoops.passes` passes of ``policyDecisionPass`` over the whole
/// decision's workload, untimed, for `dnd-bench --count-loops` (callgrind counts them with
/// `--toggle-collect='*policyDecisionPass*'`: the total divided by the passes × the instants
/// is the figure per call, beside `countedDecisionPass`'s for today's decision).
///
/// - Parameter run: The run's settings and instants.
/// - Returns: A line saying how many calls the loop made, with a checksum.
func countPolicyDecisionLoops(_ run: BenchmarkRun) -> String {
  let (preferences, messages) = policyWorkload(instantCount: run.instantCount)
  let conversation = policyConversation
  var checksum = 0
  run.nyInstants.withUnsafeBufferPointer { instants in
    for _ in 0..<InstructionCountLoops.passes {
      checksum &+= policyDecisionPass(
        run.compiled, instants, run.online, preferences, conversation, messages)
    }
  }
  return "counted loops: whole decision \(InstructionCountLoops.passes) × "
    + "\(run.nyInstants.count) calls (checksum \(checksum))"
}

@_spi(Benchmark) import OfflinePush

/// The priority-sender look-up as a decision asks it (the filter with the message's cached
/// hash, then the table), over the most senders a list holds (1,024 IDs of 16 bytes): random
/// IDs against IDs crafted to share one hash, the worst case a client can list, since the hash
/// is not keyed. Listed senders and unlisted ones are asked apart: unlisted random senders
/// mostly stop at the filter, unlisted crafted ones (the same hash) search the whole run.
///
/// Each pass is one function, so that callgrind counts it alone
/// (`--toggle-collect='*SenderLookUpPass*'`, or `callgrind_annotate --inclusive=yes`): each is
/// `InstructionCountLoops.passes` × ``queryCount`` calls under `--count-loops`.
enum SenderLookUpBenchmark {
  /// Messages asked per pass, listed or not as the pass says.
  static let queryCount = 4_096

  /// A table and the messages to ask it: from listed senders and from unlisted ones.
  struct Workload {
    var preferences: CompiledPushPreferences
    var listed: [PushMessage]
    var unlisted: [PushMessage]
  }

  /// The random or the crafted workload (seeded, the same on every run).
  static func workload(crafted: Bool) -> Workload {
    var random = BenchmarkRandom(seed: crafted ? 0xC011_1DE5 : 0x5E_4DE5)
    let count = PushPreferences.maximumSenderCount
    let ids: [String]
    if crafted {
      ids = CompiledPushPreferences.senderIDsSharingOneHash(count: 2 * count, using: &random)
    } else {
      let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
      var unique: Set<String> = []
      while unique.count < 2 * count {
        unique.insert("u" + String((0..<15).map { _ in alphabet[random.below(alphabet.count)] }))
      }
      ids = unique.sorted().shuffled(using: &random)
    }
    let listedIDs = Array(ids.prefix(count))
    let unlistedIDs = Array(ids.dropFirst(count))
    let preferences: CompiledPushPreferences
    do {
      preferences = try CompiledPushPreferences(
        PushPreferences(breakthrough: .init(senders: listedIDs)))
    } catch {
      fail("sender table: \(error)")
    }
    func messages(_ pool: [String]) -> [PushMessage] {
      (0..<queryCount).map { _ in PushMessage(sender: pool[random.below(pool.count)]) }
    }
    return Workload(
      preferences: preferences, listed: messages(listedIDs), unlisted: messages(unlistedIDs))
  }

  /// One pass of look-ups, counted without a branch on the answer. Each of the four passes
  /// below multiplies its count by its own odd number, so that the compiler does not merge
  /// them into one function, which callgrind could not tell apart.
  @inline(__always)
  static func pass(
    _ preferences: CompiledPushPreferences, _ messages: UnsafeBufferPointer<PushMessage>
  ) -> Int {
    var count = 0
    for index in messages.indices {
      count &+= Int(truncatingIfNeeded: preferences.decisionListsSender(of: messages[index]).bit)
    }
    return count
  }

  @inline(never)
  static func randomListedSenderLookUpPass(
    _ preferences: CompiledPushPreferences, _ messages: UnsafeBufferPointer<PushMessage>
  ) -> Int { pass(preferences, messages) &* 1 }

  @inline(never)
  static func randomUnlistedSenderLookUpPass(
    _ preferences: CompiledPushPreferences, _ messages: UnsafeBufferPointer<PushMessage>
  ) -> Int { pass(preferences, messages) &* 3 }

  @inline(never)
  static func craftedListedSenderLookUpPass(
    _ preferences: CompiledPushPreferences, _ messages: UnsafeBufferPointer<PushMessage>
  ) -> Int { pass(preferences, messages) &* 5 }

  @inline(never)
  static func craftedUnlistedSenderLookUpPass(
    _ preferences: CompiledPushPreferences, _ messages: UnsafeBufferPointer<PushMessage>
  ) -> Int { pass(preferences, messages) &* 7 }

  /// The four passes over both workloads, each as a closure of `repeats` passes, in the order
  /// random listed, random unlisted, crafted listed, crafted unlisted; a closure exits 1 if its
  /// passes do not find every listed sender or find an unlisted one.
  static func passes(repeats: Int) -> [(name: String, body: () -> Int)] {
    let random = workload(crafted: false)
    let crafted = workload(crafted: true)
    typealias Pass = (CompiledPushPreferences, UnsafeBufferPointer<PushMessage>) -> Int
    // The last number: what a pass returns for each message (its multiplier if listed).
    let cases: [(String, CompiledPushPreferences, [PushMessage], Pass, Int)] = [
      ("random, listed", random.preferences, random.listed, randomListedSenderLookUpPass, 1),
      ("random, unlisted", random.preferences, random.unlisted, randomUnlistedSenderLookUpPass, 0),
      ("crafted, listed", crafted.preferences, crafted.listed, craftedListedSenderLookUpPass, 5),
      (
        "crafted, unlisted", crafted.preferences, crafted.unlisted,
        craftedUnlistedSenderLookUpPass, 0
      ),
    ]
    return cases.map { name, preferences, messages, pass, perMessage in
      let expected = repeats * perMessage * messages.count
      return (
        name,
        {
          let found = messages.withUnsafeBufferPointer { buffer in
            var count = 0
            for _ in 0..<repeats { count &+= pass(preferences, buffer) }
            return count
          }
          // Every listed sender found, no unlisted one.
          if found != expected { fail("sender look-up, \(name): \(found), not \(expected)") }
          return found
        }
      )
    }
  }

  /// Runs `InstructionCountLoops.passes` passes of each, untimed, for `--count-loops`.
  ///
  /// - Returns: A line saying how many calls each pass made, with a checksum.
  static func countLoops() -> String {
    let passes = passes(repeats: InstructionCountLoops.passes)
    let checksum = passes.reduce(0) { $0 &+ $1.body() }
    return "counted loops: sender look-ups \(passes.count) × \(InstructionCountLoops.passes) × "
      + "\(queryCount) calls (checksum \(checksum))"
  }

  /// Times the four passes in one run, crafted against random in alternating rounds.
  static func measure(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
    let passes = passes(repeats: run.repeats)
    let calls = queryCount * run.repeats
    let (randomListed, craftedListed, _) = Timing.measurePair(
      calls: calls, rounds: run.rounds, passes[0].body, passes[2].body)
    let (randomUnlisted, craftedUnlisted, _) = Timing.measurePair(
      calls: calls, rounds: run.rounds, passes[1].body, passes[3].body)
    results.senderLookUpCraftedVsRandomListed = craftedListed.median / randomListed.median
    results.senderLookUpCraftedVsRandomUnlisted = craftedUnlisted.median / randomUnlisted.median
    run.log("")
    run.log(
      "Sender look-up, 1,024 listed: listed sender \(format(randomListed.median)) random, "
        + "\(format(craftedListed.median)) crafted to share one hash "
        + "(\(String(format1: results.senderLookUpCraftedVsRandomListed))x); unlisted "
        + "\(format(randomUnlisted.median)) random, \(format(craftedUnlisted.median)) crafted "
        + "(\(String(format1: results.senderLookUpCraftedVsRandomUnlisted))x)")
  }
}

import DNDSchedule
import OfflinePush

/// A server's request loops, in a module of their own as a server's code is: they read a
/// user's compiled rule out of a `ContiguousArray` and decide with `rules[i].decide(…)`, seeing
/// of DNDKit only what any client module sees (its public, inlinable API), so that a copy the
/// rule's type makes its users pay for shows in `dnd-bench`'s figures.
///
/// Each pass is one function that does nothing but its calls, for the clock and for
/// `valgrind --tool=callgrind --toggle-collect='*ServerLoops*decisionPass*'` (see
/// `Benchmarks/NOTES.md`).
package enum ServerLoops {
  /// The target of request `i`: iPhoneOS, Android, iPhoneOS, Android, Web, iPadOS, Windows,
  /// macOS by its low three bits (a byte table in a constant, so that the loop reads no array).
  @inline(__always)
  package static func target(_ i: Int) -> Platform {
    Platform(
      rawValue: Int(truncatingIfNeeded: (0x0401_0906_0302_0302 as UInt64) >> UInt64((i & 7) * 8))
        & 0xFF)
  }

  /// Decides for requests `from..<from + calls` (wrapping): the server's loop.
  ///
  /// - Returns: A checksum of the answers, so that no decision is optimized away.
  @inline(never)
  package static func decisionPass(
    _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: ServerRequests,
    online: PlatformSet, from: Int, calls: Int
  ) -> Int {
    var checksum = 0
    let count = requests.users.count
    var i = from % count
    for _ in 0..<calls {
      let decision = try? rules[Int(requests.users[i])].decide(
        kind: i & 8 == 0 ? .message : .call, target: target(i), online: online,
        at: requests.instants[i])
      checksum &+= Int(truncatingIfNeeded: decision?.until ?? 1)
      i = i &+ 1 == count ? 0 : i &+ 1
    }
    return checksum
  }

  /// The DND membership test alone on the same reads: a loop a third the size of the
  /// decision's, which shows how the cost grows with the work done per read.
  @inline(never)
  package static func membershipPass(
    _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: ServerRequests, from: Int,
    calls: Int
  ) -> Int {
    var checksum = 0
    let count = requests.users.count
    var i = from % count
    for _ in 0..<calls {
      let inside = try? rules[Int(requests.users[i])].schedule.contains(requests.instants[i])
      checksum &+= inside == true ? 1 : 3
      i = i &+ 1 == count ? 0 : i &+ 1
    }
    return checksum
  }

  /// The floor: the same reads of the same rules at the same positions, with no decision.
  /// It reads each rule's first and last eight bytes, so it touches every cache line the rule
  /// occupies, as a decision does.
  @inline(never)
  package static func floorPass(
    _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: ServerRequests, from: Int,
    calls: Int
  ) -> Int {
    rules.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      let raw = UnsafeRawPointer(base)
      let stride = MemoryLayout<CompiledOfflinePushRule>.stride
      var checksum = 0
      let count = requests.users.count
      var i = from % count
      for _ in 0..<calls {
        let rule = raw + Int(requests.users[i]) &* stride
        let words =
          rule.load(as: UInt64.self) ^ rule.load(fromByteOffset: stride - 8, as: UInt64.self)
        checksum &+= Int(truncatingIfNeeded: words) &+ Int(truncatingIfNeeded: requests.instants[i])
        i = i &+ 1 == count ? 0 : i &+ 1
      }
      return checksum
    }
  }

  /// A message to many recipients decided one `rules[i].decide(…)` each, as a server without
  /// the batch call would.
  ///
  /// - Parameter decisions: Receives one decision a recipient (`deliver` where a decision
  ///   throws); its count must be the recipients'.
  @inline(never)
  package static func oneByOnePass(
    kind: PushKind, at instant: Int64, rules: ContiguousArray<CompiledOfflinePushRule>,
    recipients: [PushRecipient], into decisions: inout [PushDecision]
  ) {
    for (i, recipient) in recipients.enumerated() {
      decisions[i] =
        (try? rules[recipient.ruleIndex].decide(
          kind: kind, target: recipient.target, online: recipient.online, at: instant))
        ?? .deliver
    }
  }

  /// The same message through the batch call.
  ///
  /// - Throws: `FanOutError` from the batch call.
  @inline(never)
  package static func batchPass(
    kind: PushKind, at instant: Int64, rules: ContiguousArray<CompiledOfflinePushRule>,
    recipients: [PushRecipient], into decisions: inout [PushDecision]
  ) throws(FanOutError) {
    try CompiledOfflinePushRule.decide(
      kind: kind, at: instant, rules: rules, recipients: recipients, into: &decisions)
  }
}

/// A server's requests: a user (an index into the rules) and an instant each, in storage that
/// the passes read without bounds checks or reference counting, as the floor does.
package struct ServerRequests: @unchecked Sendable {
  /// Request *i*'s user.
  package let users: UnsafeMutableBufferPointer<UInt32>
  /// Request *i*'s instant, UNIX seconds.
  package let instants: UnsafeMutableBufferPointer<Int64>

  /// Requests from the users' indices and instants, which must be as many.
  ///
  /// - Parameters:
  ///   - users: Each request's user.
  ///   - instants: Each request's instant.
  package init(users: [UInt32], instants: [Int64]) {
    precondition(users.count == instants.count, "a user and an instant a request")
    self.users = .allocate(capacity: users.count)
    self.instants = .allocate(capacity: instants.count)
    _ = self.users.initialize(from: users)
    _ = self.instants.initialize(from: instants)
  }
}

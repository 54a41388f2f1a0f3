import DNDSchedule
import Dispatch
import Foundation
import OfflinePush
import ServerLoops
import ZoneInfo

/// The server workload's figures, under the keys of the benchmark's JSON.
struct ServerResults: Codable {
  var serverUsers: Int
  var serverDecisionNs: Double
  var serverFloorNs: Double
  var serverRatioToFloor: Double
  /// The DND membership test alone on the same reads, and its ratio to the same floor.
  var serverMembershipNs: Double
  var serverMembershipRatioToFloor: Double
  var serverSmallUsers: Int
  var serverSmallDecisionNs: Double
  var serverSmallFloorNs: Double
  var serverSmallRatioToFloor: Double
  var serverTwoThreadScaling: Double
  var serverFloorTwoThreadScaling: Double
  var serverSmallTwoThreadScaling: Double
  var serverSmallFloorTwoThreadScaling: Double
  /// All cores, measured only on machines with more than two.
  var serverAllCoresScaling: Double?
  var serverFloorAllCoresScaling: Double?
  var cores: Int
  var fanOutRecipients: Int
  var fanOutPerRecipientNs: Double
  var fanOutOneByOneNs: Double
  var fanOutSpeedupVsSingle: Double
  /// Resident bytes per rule of the million, measured (nil where /proc is unavailable).
  var serverRuleBytes: Double?
}

enum ServerBenchmark {
  /// Measures the server workload and the fan-out; exits through `fail` when a batch's answers
  /// differ from one-by-one decisions.
  static func run(
    zones: ZoneDatabase, quick: Bool, rounds: Int, log: (String) -> Void,
    fail: (String) -> Never
  ) -> ServerResults {
    let users = 1_000_000
    let smallUsers = 10_000
    let pool: [CompiledOfflinePushRule]
    do { pool = try ServerWorkload.pool(zones: zones, seed: 0x5E4E_4001) } catch {
      fail("\(error)")
    }
    let residentBefore = ServerWorkload.residentBytes()
    let rules = ServerWorkload.rules(count: users, from: pool, seed: 0x5E4E_4002)
    let residentAfter = ServerWorkload.residentBytes()
    let ruleBytes = residentBefore.flatMap { before in
      residentAfter.map { Double($0 - before) / Double(users) }
    }
    let small = ServerWorkload.rules(count: smallUsers, from: pool, seed: 0x5E4E_4003)
    let requestCount = quick ? 1 << 18 : 1 << 20
    let requests = ServerWorkload.requests(count: requestCount, users: users, seed: 0x5E4E_4004)
    let smallRequests = ServerWorkload.requests(
      count: requestCount, users: smallUsers, seed: 0x5E4E_4005)
    let online = PlatformSet([.win])
    let cores = ProcessInfo.processInfo.activeProcessorCount

    func measure(
      _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: ServerRequests
    )
      -> (
        decision: Double, floor: Double, membership: Double, membershipFloor: Double,
        two: Double, floorTwo: Double, all: Double?, floorAll: Double?
      )
    {
      let (decision, floor, _) = Timing.measurePair(
        calls: requestCount, rounds: rounds,
        {
          ServerLoops.decisionPass(rules, requests, online: online, from: 0, calls: requestCount)
        },
        { ServerLoops.floorPass(rules, requests, from: 0, calls: requestCount) })
      let (membership, membershipFloor, _) = Timing.measurePair(
        calls: requestCount, rounds: rounds,
        { ServerLoops.membershipPass(rules, requests, from: 0, calls: requestCount) },
        { ServerLoops.floorPass(rules, requests, from: 0, calls: requestCount) })
      let decide: @Sendable (Int, Int) -> Int = {
        ServerLoops.decisionPass(rules, requests, online: online, from: $0, calls: $1)
      }
      let read: @Sendable (Int, Int) -> Int = {
        ServerLoops.floorPass(rules, requests, from: $0, calls: $1)
      }
      func scaling(_ threads: Int, _ pass: @Sendable @escaping (Int, Int) -> Int) -> Double {
        let calls = requestCount / 2
        return ServerWorkload.throughput(
          threads: threads, calls: calls, requestCount: requestCount, pass)
          / ServerWorkload.throughput(threads: 1, calls: calls, requestCount: requestCount, pass)
      }
      // Decision and floor alternate, so that a change of the machine's speed affects both.
      let two = scaling(2, decide)
      let floorTwo = scaling(2, read)
      let all = cores > 2 ? scaling(cores, decide) : nil
      let floorAll = cores > 2 ? scaling(cores, read) : nil
      return (
        decision.median, floor.median, membership.median, membershipFloor.median, two, floorTwo,
        all, floorAll
      )
    }
    let big = measure(rules, requests)
    let little = measure(small, smallRequests)
    log("")
    log("Server workload (a random user's rule from a ContiguousArray, a random instant in a week)")
    log(
      "  \(users) users: decision \(format(big.decision)), floor (the same reads) "
        + "\(format(big.floor)), ratio \(String(format1: big.decision / big.floor))×; two threads "
        + "\(String(format1: big.two))× (floor \(String(format1: big.floorTwo))×)")
    log(
      "    membership test alone on the same reads: \(format(big.membership)), ratio "
        + "\(String(format1: big.membership / big.membershipFloor))× (its floor "
        + "\(format(big.membershipFloor)))")
    log(
      "  \(smallUsers) users: decision \(format(little.decision)), floor \(format(little.floor)), "
        + "ratio \(String(format1: little.decision / little.floor))×; two threads "
        + "\(String(format1: little.two))× (floor \(String(format1: little.floorTwo))×)")
    if let all = big.all, let floorAll = big.floorAll {
      log("  all \(cores) cores: \(String(format1: all))× (floor \(String(format1: floorAll))×)")
    }
    if let ruleBytes { log("  resident bytes per rule: \(String(format1: ruleBytes))") }

    let fanOut = FanOutBenchmark.run(rules: rules, quick: quick, rounds: rounds, fail: fail)
    log(
      "Fan-out, \(fanOut.recipients) recipients at one instant: \(format(fanOut.batch)) a "
        + "recipient batched, \(format(fanOut.oneByOne)) one by one "
        + "(\(String(format1: fanOut.oneByOne / fanOut.batch))×); answers equal")
    return ServerResults(
      serverUsers: users, serverDecisionNs: big.decision, serverFloorNs: big.floor,
      serverRatioToFloor: big.decision / big.floor, serverMembershipNs: big.membership,
      serverMembershipRatioToFloor: big.membership / big.membershipFloor,
      serverSmallUsers: smallUsers,
      serverSmallDecisionNs: little.decision, serverSmallFloorNs: little.floor,
      serverSmallRatioToFloor: little.decision / little.floor,
      serverTwoThreadScaling: big.two, serverFloorTwoThreadScaling: big.floorTwo,
      serverSmallTwoThreadScaling: little.two, serverSmallFloorTwoThreadScaling: little.floorTwo,
      serverAllCoresScaling: big.all, serverFloorAllCoresScaling: big.floorAll, cores: cores,
      fanOutRecipients: fanOut.recipients, fanOutPerRecipientNs: fanOut.batch,
      fanOutOneByOneNs: fanOut.oneByOne, fanOutSpeedupVsSingle: fanOut.oneByOne / fanOut.batch,
      serverRuleBytes: ruleBytes)
  }
}

/// One message to 10,000 recipients, random users of the million, at one random instant of the
/// week: one `decide` per recipient against one batch call, each on cold caches.
enum FanOutBenchmark {
  static let recipientCount = 10_000

  /// A message's recipients: random users, targets and online sets.
  static func recipients(
    rules: ContiguousArray<CompiledOfflinePushRule>, using rng: inout BenchmarkRandom
  ) -> [PushRecipient] {
    let onlineSets = [
      PlatformSet(), PlatformSet([.win]), PlatformSet([.web]), PlatformSet([.macOS]),
    ]
    return (0..<recipientCount).map { i in
      PushRecipient(
        ruleIndex: rng.below(rules.count), target: ServerLoops.target(rng.below(8)),
        online: onlineSets[i & 3])
    }
  }

  static func run(
    rules: ContiguousArray<CompiledOfflinePushRule>, quick: Bool, rounds: Int,
    fail: (String) -> Never
  ) -> (recipients: Int, batch: Double, oneByOne: Double) {
    var rng = BenchmarkRandom(seed: 0xFA_2017)
    // Groups of recipients, one per round, so that no round finds another's rules in cache.
    let groups = (0..<rounds).map { _ in recipients(rules: rules, using: &rng) }
    let instants = (0..<rounds).map { _ in ServerWorkload.weekStart + Int64(rng.below(7 * 86_400)) }
    var batched: [PushDecision] = []
    var single = [PushDecision](repeating: .deliver, count: recipientCount)
    // Larger than the last-level cache: written between timings to evict the rules.
    let evictionBytes = 64 << 20
    let eviction = UnsafeMutableRawPointer.allocate(byteCount: evictionBytes, alignment: 64)
    defer { eviction.deallocate() }
    var batchTimes: [Double] = []
    var singleTimes: [Double] = []
    for round in 0..<rounds {
      let recipients = groups[round]
      let instant = instants[round]
      eviction.initializeMemory(
        as: UInt8.self, repeating: UInt8(round & 0xFF), count: evictionBytes)
      var start = DispatchTime.now().uptimeNanoseconds
      ServerLoops.oneByOnePass(
        kind: .message, at: instant, rules: rules, recipients: recipients, into: &single)
      singleTimes.append(
        Double(DispatchTime.now().uptimeNanoseconds - start) / Double(recipientCount))
      eviction.initializeMemory(
        as: UInt8.self, repeating: UInt8(round & 0xFF) ^ 1, count: evictionBytes)
      start = DispatchTime.now().uptimeNanoseconds
      do {
        try ServerLoops.batchPass(
          kind: .message, at: instant, rules: rules, recipients: recipients, into: &batched)
      } catch {
        fail("fan-out: \(error)")
      }
      batchTimes.append(
        Double(DispatchTime.now().uptimeNanoseconds - start) / Double(recipientCount))
      if batched != single {
        let first = zip(batched, single).enumerated().first { $0.element.0 != $0.element.1 }
        fail(
          "fan-out differs from one-by-one decisions at instant \(instant), recipient "
            + "\(first?.offset ?? -1): \(String(describing: first?.element))")
      }
    }
    batchTimes.sort()
    singleTimes.sort()
    timingChecksum &+= batched.count &+ single.count
    return (recipientCount, batchTimes[rounds / 2], singleTimes[rounds / 2])
  }
}

import DNDSchedule
import Dispatch
import Foundation
import OfflinePush
import ServerLoops
import ZoneInfo

/// The server workload: every user's compiled rule in one `ContiguousArray`, a random user and
/// a random instant within one week per request, and beside each case its floor, the same
/// reads of the same array at the same positions with no decision.
enum ServerWorkload {
  /// The 16 populous zones that hold three quarters of the users; the rest are spread over
  /// every zone.
  static let populousZones = [
    "Asia/Shanghai", "Asia/Kolkata", "America/New_York", "America/Sao_Paulo", "Asia/Jakarta",
    "Europe/Berlin", "Asia/Tokyo", "Europe/London", "America/Los_Angeles", "America/Chicago",
    "Europe/Moscow", "Africa/Lagos", "America/Mexico_City", "Europe/Paris", "Asia/Dubai",
    "Australia/Sydney",
  ]
  /// The first instant of the requests' week: 2026-06-01T00:00:00Z.
  static let weekStart: Int64 = 1_780_272_000
  /// A random stored rule as users set them: most with every switch on, some with a platform
  /// rule, most with a daily DND window, some custom days, a few one-off, a fifth none.
  static func randomRule(zoneIDs: [String], using rng: inout BenchmarkRandom) -> OfflinePushRule {
    let zone =
      rng.below(4) == 0 ? zoneIDs[rng.below(zoneIDs.count)] : populousZones[rng.below(16)]
    let mode: RepeatMode
    switch rng.below(20) {
    case 0..<12: mode = .daily
    case 12..<15: mode = .custom
    case 15: mode = .once
    default: mode = .daily
    }
    let dnd = DoNotDisturbRule(
      enabled: rng.below(5) != 0, startHour: rng.below(24), startMinute: rng.below(4) * 15,
      endHour: rng.below(24), endMinute: rng.below(4) * 15, repeatMode: mode,
      customRepeatDays: mode == .custom ? 1 + rng.below(127) : 0, timeZoneID: zone)
    let platformRule = rng.below(10) < 3
    let switches = rng.below(20)
    return OfflinePushRule(
      onlinePlatforms: platformRule ? [.win, .macOS] : [],
      notToReceiveOfflinePushPlatforms: platformRule ? [.iPhoneOS, .android] : [],
      offlinePushEnabled: switches != 0, messageOfflinePushEnabled: switches != 1,
      callOfflinePushEnabled: switches != 2, doNotDisturbRule: dnd)
  }

  /// Distinct compiled rules that users' rules are drawn from (compiling a million would time
  /// the compiler, not the workload).
  static func pool(zones: ZoneDatabase, seed: UInt64) throws -> [CompiledOfflinePushRule] {
    var rng = BenchmarkRandom(seed: seed)
    let zoneIDs = zones.identifiers()
    var pool: [CompiledOfflinePushRule] = []
    for _ in 0..<16_384 {
      let saved = try randomRule(zoneIDs: zoneIDs, using: &rng).savedAndCompiled(
        at: weekStart + Int64(rng.below(7 * 86_400)), zones: zones)
      pool.append(saved.compiled)
    }
    return pool
  }

  /// `count` users' rules, each drawn at random from the pool.
  static func rules(count: Int, from pool: [CompiledOfflinePushRule], seed: UInt64)
    -> ContiguousArray<CompiledOfflinePushRule>
  {
    var rng = BenchmarkRandom(seed: seed)
    return ContiguousArray(unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      for i in 0..<count { (base + i).initialize(to: pool[rng.below(pool.count)]) }
      initialized = count
    }
  }

  /// Requests: a random user and a random instant within the week, target and online set
  /// drawn by the pass from the low bits of the request's index.
  static func requests(count: Int, users userCount: Int, seed: UInt64) -> ServerRequests {
    var rng = BenchmarkRandom(seed: seed)
    var users: [UInt32] = []
    var instants: [Int64] = []
    for _ in 0..<count {
      users.append(UInt32(rng.below(userCount)))
      instants.append(weekStart + Int64(rng.below(7 * 86_400)))
    }
    return ServerRequests(users: users, instants: instants)
  }

  /// The server loops alone, untimed, for callgrind (`dnd-bench --count-loops`): 200,000
  /// decisions (and as many membership tests) on random rules of 10,000 users, and 20 fan-outs
  /// to 10,000 recipients, one by one and batched.
  ///
  /// - Returns: A line saying how many calls each loop made, with a checksum.
  static func countLoops(zones: ZoneDatabase) throws -> String {
    let users = 10_000
    let calls = 200_000
    let pool = try pool(zones: zones, seed: 0x5E4E_4001)
    let rules = rules(count: users, from: pool, seed: 0x5E4E_4003)
    let requests = requests(count: calls, users: users, seed: 0x5E4E_4005)
    var checksum = ServerLoops.decisionPass(
      rules, requests, online: PlatformSet([.win]), from: 0, calls: calls)
    checksum &+= ServerLoops.membershipPass(rules, requests, from: 0, calls: calls)
    let groups = 20
    var rng = BenchmarkRandom(seed: 0xFA_2017)
    var single = [PushDecision](repeating: .deliver, count: FanOutBenchmark.recipientCount)
    var batched: [PushDecision] = []
    for _ in 0..<groups {
      let recipients = FanOutBenchmark.recipients(rules: rules, using: &rng)
      let instant = weekStart + Int64(rng.below(7 * 86_400))
      ServerLoops.oneByOnePass(
        kind: .message, at: instant, rules: rules, recipients: recipients, into: &single)
      try ServerLoops.batchPass(
        kind: .message, at: instant, rules: rules, recipients: recipients, into: &batched)
      guard batched == single else { throw FanOutMismatch(instant: instant) }
      checksum &+= single.count { $0.delivers }
    }
    return "counted loops: server \(calls) decisions and membership tests over \(users) users, "
      + "fan-out \(groups) × \(FanOutBenchmark.recipientCount) recipients one by one and "
      + "batched (checksum \(checksum))"
  }

  /// A fan-out batch that answered otherwise than one decision a recipient.
  struct FanOutMismatch: Error {
    let instant: Int64
  }

  /// Calls per nanosecond of `threads` threads each running `pass` over its own part of the
  /// requests (the median of three runs).
  static func throughput(
    threads: Int, calls: Int, requestCount: Int, _ pass: @Sendable @escaping (Int, Int) -> Int
  ) -> Double {
    var samples: [Double] = []
    for _ in 0..<3 {
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let checksum = pass(thread * requestCount / threads, calls)
        if checksum == 42 { print("") }
      }
      samples.append(
        Double(threads * calls) / Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    samples.sort()
    return samples[1]
  }

  /// The process's resident memory, from `/proc/self/statm` (proc(5): "size resident …", in
  /// pages); nil where there is no such file (Darwin), so that the figure is printed as not
  /// measured rather than as 0.
  static func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

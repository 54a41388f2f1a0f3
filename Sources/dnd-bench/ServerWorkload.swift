import DNDSchedule
import Dispatch
import OfflinePush
import SystemInterface
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
  /// The target of request `i`: iPhoneOS, Android, iPhoneOS, Android, Web, iPadOS, Windows,
  /// macOS by its low three bits (a byte table in a constant, so that the loop reads no array).
  @inline(__always)
  static func target(_ i: Int) -> Platform {
    Platform(
      rawValue: Int(truncatingIfNeeded: (0x0401_0906_0302_0302 as UInt64) >> UInt64((i & 7) * 8))
        & 0xFF)
  }

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
      let stored = try randomRule(zoneIDs: zoneIDs, using: &rng).saved(
        at: weekStart + Int64(rng.below(7 * 86_400)), zones: zones)
      pool.append(try CompiledOfflinePushRule(rule: stored, zones: zones))
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
  /// drawn by the pass from the low bits of the instant's index.
  struct Requests: @unchecked Sendable {
    let users: UnsafeMutableBufferPointer<UInt32>
    let instants: UnsafeMutableBufferPointer<Int64>

    init(count: Int, users userCount: Int, seed: UInt64) {
      var rng = BenchmarkRandom(seed: seed)
      users = .allocate(capacity: count)
      instants = .allocate(capacity: count)
      for i in 0..<count {
        users[i] = UInt32(rng.below(userCount))
        instants[i] = ServerWorkload.weekStart + Int64(rng.below(7 * 86_400))
      }
    }
  }

  /// Decides for requests `from..<from + calls` (wrapping): the server's loop.
  @inline(never)
  static func decisionPass(
    _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: Requests,
    online: PlatformSet, from: Int, calls: Int
  ) -> Int {
    var checksum = 0
    let count = requests.users.count
    var i = from % count
    for _ in 0..<calls {
      let rule = rules[Int(requests.users[i])]
      let decision = try? rule.decide(
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
  static func membershipPass(
    _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: Requests, from: Int, calls: Int
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
  static func floorPass(
    _ rules: ContiguousArray<CompiledOfflinePushRule>, _ requests: Requests, from: Int, calls: Int
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

  /// The process's resident memory; nil where the platform gives no way to read it.
  static func residentBytes() -> Int? { ProcessResources.residentMemoryBytes }
}

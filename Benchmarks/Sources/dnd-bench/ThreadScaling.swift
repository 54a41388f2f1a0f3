import Dispatch

/// Calls per nanosecond of `threads` threads each running `body(thread)`.
func throughput(threads: Int, calls: Int, _ body: @Sendable @escaping (Int) -> Int) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  DispatchQueue.concurrentPerform(iterations: threads) { thread in
    _ = body(thread)
  }
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
  return Double(threads * calls) / elapsed
}

/// Two threads on shared compiled rules against one, beside the machine's own scaling (the
/// floor's bare arithmetic) and Foundation's.
func measureThreadScaling(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
  let threadCalls = run.quick ? 4_000_000 : 16_000_000
  let sharedSchedule = run.compiled.schedule
  let sharedInstants = run.nyInstants
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
  // The machine's own scaling, measured alongside: the bare arithmetic of the floor loop,
  // which shares nothing between threads. On a VM whose two vCPUs may share a physical core,
  // this is the ceiling for any code.
  let sharedFloorInstants = floorInstants(run)
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
  let foundationCalls = run.quick ? 20_000 : 100_000
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
  results.twoThreadScaling = scaling
  results.foundationTwoThreadScaling = foundationScaling
  results.floorTwoThreadScaling = floorScaling
  run.log(
    "Two threads / one thread, shared rules        \(String(format1: scaling))×   (Foundation \(String(format1: foundationScaling))×, bare arithmetic \(String(format1: floorScaling))×)"
  )
}

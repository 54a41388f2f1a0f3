import Dispatch

/// Every timed body's checksum ends up here and is printed: a result nobody reads would let
/// the optimizer delete the work being timed.
nonisolated(unsafe) var timingChecksum = 0

/// Median and best of several timed rounds, in nanoseconds per call.
struct Timing {
  var median: Double
  var best: Double

  /// Runs `body` (which makes `calls` calls and returns a checksum) for warm-up and then
  /// `rounds` timed rounds.
  static func measure(calls: Int, rounds: Int, _ body: () -> Int) -> (Timing, Int) {
    var checksum = body()  // warm-up
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = DispatchTime.now().uptimeNanoseconds
      checksum &+= body()
      let end = DispatchTime.now().uptimeNanoseconds
      samples.append(Double(end - start) / Double(calls))
    }
    samples.sort()
    timingChecksum &+= checksum
    return (Timing(median: samples[samples.count / 2], best: samples[0]), checksum)
  }
}

extension Timing {
  /// Times two bodies in alternating rounds, so that a change in the machine's speed during
  /// the run (frequent on shared VMs) affects both alike; for ratios between them.
  static func measurePair(
    calls: Int, rounds: Int, _ first: () -> Int, _ second: () -> Int
  ) -> (Timing, Timing, Int) {
    var checksum = first() &+ second()  // warm-up
    var samples: ([Double], [Double]) = ([], [])
    for _ in 0..<rounds {
      var start = DispatchTime.now().uptimeNanoseconds
      checksum &+= first()
      samples.0.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls))
      start = DispatchTime.now().uptimeNanoseconds
      checksum &+= second()
      samples.1.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls))
    }
    samples.0.sort()
    samples.1.sort()
    timingChecksum &+= checksum
    return (
      Timing(median: samples.0[rounds / 2], best: samples.0[0]),
      Timing(median: samples.1[rounds / 2], best: samples.1[0]), checksum
    )
  }
}

/// Formats nanoseconds with a sensible precision.
func format(_ ns: Double) -> String {
  if ns >= 1_000_000 { return String(format1: ns / 1_000_000) + " ms" }
  if ns >= 1_000 { return String(format1: ns / 1_000) + " µs" }
  return String(format1: ns) + " ns"
}

extension String {
  init(format1 value: Double) {
    let scaled = (value * 10).rounded() / 10
    self = scaled == scaled.rounded() ? String(Int(scaled)) + ".0" : String(scaled)
  }
}

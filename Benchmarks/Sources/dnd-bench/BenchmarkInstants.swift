import ZoneInfo

/// SplitMix64, for the benchmark's reproducible instants and data.
struct BenchmarkRandom: RandomNumberGenerator {
  var state: UInt64

  init(state: UInt64) { self.state = state }

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in 0..<n.
  mutating func below(_ n: Int) -> Int { Int(truncatingIfNeeded: next() % UInt64(n)) }
}

/// A fixed set of instants: half spread over 1970–2300, half within a day of a transition.
func benchmarkInstants(zone: Zone, count: Int, seed: UInt64, range: ClosedRange<Int64>)
  -> [Int64]
{
  var rng = BenchmarkRandom(state: seed)
  let transitions = (try? zone.transitions(in: range.lowerBound..<range.upperBound)) ?? []
  return (0..<count).map { i in
    if i % 2 == 1, let transition = transitions.randomElement(using: &rng) {
      return transition.instant + Int64.random(in: -86_400...86_400, using: &rng)
    }
    return Int64.random(in: range, using: &rng)
  }
}

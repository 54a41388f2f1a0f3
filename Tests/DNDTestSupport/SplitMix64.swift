import Foundation

/// A small, fast, seedable random number generator (Steele, Lea & Flood's SplitMix64), as in
/// swift-algorithms' test utilities. Property tests print their seed on failure; set
/// `DNDKIT_SEED` to replay one, or `DNDKIT_RANDOM_SEED=1` locally to explore new seeds. CI
/// uses the fixed default seeds.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  ///
  /// - Parameter seed: Any 64-bit value.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  ///
  /// - Returns: A random value.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed a property test should use: `DNDKIT_SEED` if set, a fresh random seed if
  /// `DNDKIT_RANDOM_SEED=1` (never in CI), else the test's fixed default.
  ///
  /// - Parameter fixed: The test's fixed default seed.
  /// - Returns: The seed to use; print it in failure messages.
  public static func seed(default fixed: UInt64) -> UInt64 {
    let environment = ProcessInfo.processInfo.environment
    if let text = environment["DNDKIT_SEED"], let seed = UInt64(text) { return seed }
    if environment["DNDKIT_RANDOM_SEED"] == "1" && environment["CI"] == nil {
      return UInt64.random(in: 0...UInt64.max)
    }
    return fixed
  }
}

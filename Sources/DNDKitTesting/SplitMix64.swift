/// A small, fast, seedable random number generator (Steele, Lea & Flood's SplitMix64), as in
/// swift-algorithms' test utilities.
///
/// Every generator in this module draws from one, so a seed names a whole run: print it when
/// a property fails, and pass it back to replay the run. The library never picks a seed or
/// reads one from the environment; the test does (the `DNDKitTestingXCTest` module's
/// `SplitMix64.seed(default:)` reads `DNDKIT_SEED`).
///
/// ```swift
/// var rng = SplitMix64(seed: 0x5EED)
/// let hour = Int.random(in: 0..<24, using: &rng)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  ///
  /// - Parameter seed: Any 64-bit value; the same seed gives the same sequence on every
  ///   platform.
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
}

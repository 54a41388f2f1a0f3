import DNDKitTesting
import Foundation

extension SplitMix64 {
  /// The seed a property test should use, read at the test's edge: `DNDKIT_SEED` when set (to
  /// replay a failure), a fresh random seed when `DNDKIT_RANDOM_SEED=1` and `CI` is not set (to
  /// explore locally), else the test's fixed default (what CI runs).
  ///
  /// Print the seed in every failure message so that a failure can be replayed.
  ///
  /// - Parameter fixed: The test's fixed default seed.
  /// - Returns: The seed to use.
  public static func seed(default fixed: UInt64) -> UInt64 {
    seed(default: fixed, environment: ProcessInfo.processInfo.environment)
  }

  /// The seed for an explicit environment; see ``seed(default:)``.
  ///
  /// - Parameters:
  ///   - fixed: The test's fixed default seed.
  ///   - environment: The variables to read.
  /// - Returns: The seed to use.
  public static func seed(default fixed: UInt64, environment: [String: String]) -> UInt64 {
    if let text = environment["DNDKIT_SEED"], let seed = parseSeed(text) { return seed }
    if environment["DNDKIT_RANDOM_SEED"] == "1" && environment["CI"] == nil {
      return UInt64.random(in: 0...UInt64.max)
    }
    return fixed
  }

  /// A seed written in decimal or as `0x` hexadecimal, as failure messages print it.
  static func parseSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      return UInt64(text.dropFirst(2).filter { $0 != "_" }, radix: 16)
    }
    return UInt64(text)
  }
}

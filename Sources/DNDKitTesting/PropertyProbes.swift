import ZoneInfo

/// Instants at which ``PropertyChecks`` probe a zone or a schedule: fixed boundaries (the
/// supported range, 32-bit time, the 2501 end of the fattened tables, New Year around the
/// epoch) and a few derived from the input's bytes.
public struct PropertyProbes: Sendable {
  /// In-range instants, ascending.
  public let instants: [Int64]
  /// A third of them, for the slower schedule checks.
  public let sample: [Int64]
  /// A number drawn from the input, to pick among alternatives.
  public let choice: Int

  /// Instants every operation must refuse with `ZoneError.instantOutOfRange`.
  public static let outOfRange: [Int64] = [
    .min, .max, Zone.supportedInstants.lowerBound - 1, Zone.supportedInstants.upperBound + 1,
  ]

  static let fixed: [Int64] = [
    Zone.supportedInstants.lowerBound, Zone.supportedInstants.lowerBound + 1,
    -62_135_596_800, -2_208_988_800, -2_147_483_649, -2_147_483_648, -1, 0, 1,
    1_700_000_000, 1_773_025_200, 2_147_483_647, 2_147_483_648, 4_102_444_800,
    16_756_761_599, 16_756_761_600, 16_756_761_601, 100_000_000_000,
    Zone.supportedInstants.upperBound - 1, Zone.supportedInstants.upperBound,
  ]

  /// Probes for an input.
  ///
  /// - Parameters:
  ///   - bytes: The input; its FNV-1a hash picks the extra instants.
  ///   - extra: How many instants to derive.
  public init(_ bytes: UnsafeBufferPointer<UInt8>, extra: Int = 4) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    var derived: [Int64] = []
    let span = UInt64(Zone.supportedInstants.upperBound - Zone.supportedInstants.lowerBound)
    for index in 0..<extra {
      hash = (hash ^ UInt64(index)) &* 0x9E37_79B9_7F4A_7C15
      // Half near 1900–2100, half anywhere in the supported range.
      if index % 2 == 0 {
        derived.append(-2_208_988_800 + Int64(hash % 6_311_433_600))
      } else {
        derived.append(Zone.supportedInstants.lowerBound + Int64(hash % span))
      }
    }
    instants = (PropertyProbes.fixed + derived).sorted()
    sample = instants.enumerated().filter { $0.offset % 3 == Int(hash % 3) }.map(\.element)
    choice = Int(truncatingIfNeeded: hash >> 33)
  }
}

/// A set of platforms as a bitmask: membership and intersection are single instructions for
/// the wire values 0…63; larger (future) values live in a rarely used side list.
public struct PlatformSet: Sendable, Hashable {
  /// Bit *n* set when platform *n* (0…63) is in the set.
  public private(set) var mask: UInt64
  /// Members outside 0…63, sorted; empty in practice, and then not allocated.
  public private(set) var others: [Int]

  /// An empty set.
  public init() {
    mask = 0
    others = []
  }

  /// A set of platforms.
  ///
  /// - Parameter platforms: The members; duplicates are ignored.
  public init<S: Sequence>(_ platforms: S) where S.Element == Platform {
    self.init()
    for platform in platforms { insert(platform) }
  }

  /// Adds a platform.
  ///
  /// - Parameter platform: The platform.
  public mutating func insert(_ platform: Platform) {
    if (0..<64).contains(platform.rawValue) {
      mask |= 1 << UInt64(platform.rawValue)
    } else if !others.contains(platform.rawValue) {
      others.append(platform.rawValue)
      others.sort()
    }
  }

  /// Whether a platform is in the set.
  ///
  /// - Parameter platform: The platform.
  /// - Returns: Membership.
  /// - Complexity: O(1) for values 0…63.
  @inline(__always)
  public func contains(_ platform: Platform) -> Bool {
    if (0..<64).contains(platform.rawValue) { return mask >> UInt64(platform.rawValue) & 1 == 1 }
    return others.contains(platform.rawValue)
  }

  /// Whether the two sets share a member.
  ///
  /// - Parameter other: Another set.
  /// - Returns: True when the intersection is non-empty.
  @inline(__always)
  public func intersects(_ other: PlatformSet) -> Bool {
    if mask & other.mask != 0 { return true }
    if others.isEmpty || other.others.isEmpty { return false }
    return others.contains { other.others.contains($0) }
  }
}

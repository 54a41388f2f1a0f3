/// A set of platforms as a bitmask: membership and intersection are single instructions for
/// the wire values 0…63; larger (future) values live in a rarely used sorted side list.
///
/// The online platforms a decision is asked with; a compiled rule's own lists are plain masks,
/// since a rule holds values 0…63 only, and a value outside them here matches none of them.
public struct PlatformSet: Sendable, Hashable {
  /// Bit *n* set when platform *n* (0…63) is in the set.
  @usableFromInline package private(set) var mask: UInt64
  /// Members outside 0…63, sorted, without duplicates; empty in practice, and then not
  /// allocated.
  package private(set) var others: [Int]

  /// An empty set.
  public init() {
    mask = 0
    others = []
  }

  /// A set of platforms.
  ///
  /// - Parameter platforms: The members; duplicates are ignored.
  /// - Complexity: O(*n* log *n*) in the number of members outside 0…63, O(*n*) otherwise.
  public init<S: Sequence>(_ platforms: S) where S.Element == Platform {
    self.init()
    for platform in platforms {
      if (0..<64).contains(platform.rawValue) {
        mask |= 1 << UInt64(platform.rawValue)
      } else {
        others.append(platform.rawValue)
      }
    }
    guard others.count > 1 else { return }
    // Sorting once and dropping repeats keeps a long list O(n log n), not O(n²).
    others.sort()
    var kept = 1
    for index in 1..<others.count where others[index] != others[kept - 1] {
      others[kept] = others[index]
      kept += 1
    }
    others.removeLast(others.count - kept)
  }

  /// Adds a platform. Package access: a program builds a set in one go with ``init(_:)``.
  ///
  /// - Parameter platform: The platform.
  /// - Complexity: O(1) for values 0…63; O(*n*) for others (an insertion into the sorted
  ///   list).
  package mutating func insert(_ platform: Platform) {
    if (0..<64).contains(platform.rawValue) {
      mask |= 1 << UInt64(platform.rawValue)
      return
    }
    guard !Self.sortedList(others, contains: platform.rawValue) else { return }
    others.insert(
      platform.rawValue, at: others.firstIndex { $0 > platform.rawValue } ?? others.count)
  }

  /// Whether a platform is in the set.
  ///
  /// - Parameter platform: The platform.
  /// - Returns: Membership.
  /// - Complexity: O(1) for values 0…63, O(log *n*) for others.
  @inline(__always)
  public func contains(_ platform: Platform) -> Bool {
    if (0..<64).contains(platform.rawValue) { return mask >> UInt64(platform.rawValue) & 1 == 1 }
    return Self.sortedList(others, contains: platform.rawValue)
  }

  /// Whether the two sets share a member. Package access: decisions compare the online set
  /// with a rule's lists themselves, and a program asks ``contains(_:)``.
  ///
  /// - Parameter other: Another set.
  /// - Returns: True when the intersection is non-empty.
  /// - Complexity: O(1) for values 0…63; O(*n* + *m*) over the two sorted lists of others.
  @inline(__always)
  package func intersects(_ other: PlatformSet) -> Bool {
    if mask & other.mask != 0 { return true }
    if others.isEmpty || other.others.isEmpty { return false }
    return Self.sortedListsShareAValue(others, other.others)
  }

  /// Whether a sorted list holds a value: a binary search.
  @usableFromInline
  static func sortedList<C: RandomAccessCollection>(_ sorted: C, contains value: Int) -> Bool
  where C.Element == Int, C.Index == Int {
    var low = sorted.startIndex
    var high = sorted.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.endIndex && sorted[low] == value
  }

  /// Whether two sorted lists share a value: one merge walk, O(*n* + *m*).
  @usableFromInline
  static func sortedListsShareAValue<A: RandomAccessCollection, B: RandomAccessCollection>(
    _ a: A, _ b: B
  ) -> Bool where A.Element == Int, A.Index == Int, B.Element == Int, B.Index == Int {
    var left = a.startIndex
    var right = b.startIndex
    while left < a.endIndex, right < b.endIndex {
      if a[left] == b[right] { return true }
      if a[left] < b[right] { left += 1 } else { right += 1 }
    }
    return false
  }
}

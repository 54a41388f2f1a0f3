import Synchronization

extension CompiledOfflinePushRule {
  /// A rule's platform values outside 0…63 (its masks hold the rest), in storage of its own
  /// that lives as long as the last copy of a rule holding it: the memory a client's values
  /// take follows the rules' lifetime, as an `Array`'s does. A rule without such values holds
  /// none and counts no references.
  ///
  /// Sendable: the lists are immutable.
  @usableFromInline
  final class LargePlatforms: Sendable, Hashable {
    /// `onlinePlatforms` values outside 0…63, sorted, without duplicates.
    let online: [Int]
    /// `notToReceiveOfflinePushPlatforms` values outside 0…63, sorted, without duplicates.
    let silenced: [Int]

    /// How many lists are alive in the process, for tests of their release.
    static let liveCount = Atomic<Int>(0)

    /// Storage for two lists of values outside 0…63.
    ///
    /// - Parameters:
    ///   - online: `onlinePlatforms` values outside 0…63, sorted.
    ///   - silenced: `notToReceiveOfflinePushPlatforms` values outside 0…63, sorted.
    init(online: [Int], silenced: [Int]) {
      self.online = online
      self.silenced = silenced
      Self.liveCount.add(1, ordering: .relaxed)
    }

    deinit {
      Self.liveCount.subtract(1, ordering: .relaxed)
    }

    /// Equal lists: rules compare by the values they hold, not by storage identity.
    @usableFromInline
    static func == (lhs: LargePlatforms, rhs: LargePlatforms) -> Bool {
      lhs === rhs || (lhs.online == rhs.online && lhs.silenced == rhs.silenced)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
      hasher.combine(online)
      hasher.combine(silenced)
    }

    /// Whether the platform rule silences a target, given the rule's masks for 0…63.
    @usableFromInline @inline(never)
    func silences(
      target: Platform, online other: PlatformSet, onlineMask: UInt64, silencedMask: UInt64
    )
      -> Bool
    {
      let raw = target.rawValue
      let silenced =
        (0..<64).contains(raw)
        ? silencedMask >> UInt64(raw) & 1 == 1
        : PlatformSet.sortedList(self.silenced, contains: raw)
      guard silenced else { return false }
      if onlineMask & other.mask != 0 { return true }
      return PlatformSet.sortedListsShareAValue(online, other.others)
    }
  }
}

extension CompiledOfflinePushRule {
  /// How many rules' lists of platform values outside 0…63 are alive in the process (copies
  /// of one compiled rule share one), for tests that they are released with the rules.
  package static var livePlatformListCount: Int {
    LargePlatforms.liveCount.load(ordering: .relaxed)
  }
}

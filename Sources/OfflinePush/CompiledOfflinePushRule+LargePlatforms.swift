import ZoneInfo

extension CompiledOfflinePushRule {
  /// A rule's platform values outside 0…63 (its masks hold the rest), interned for the rest of
  /// the process: equal lists share one entry, which is never freed, so a rule refers to it
  /// with a plain pointer and copying the rule counts no references. Only lists not seen
  /// before add an entry.
  ///
  /// Sendable without checking: the lists are written once, before any rule can see them, and
  /// never changed or freed.
  @usableFromInline
  struct LargePlatforms: @unchecked Sendable, Hashable {
    /// The interned lists; equal lists have the same entry, so the pointer's identity is the
    /// lists' equality.
    let lists: UnsafePointer<Lists>

    /// The sorted values of the two lists, in storage that is never freed.
    struct Lists {
      let online: UnsafeBufferPointer<Int>
      let silenced: UnsafeBufferPointer<Int>
    }

    /// The interned entry for two lists of values outside 0…63.
    ///
    /// - Parameters:
    ///   - online: `onlinePlatforms` values outside 0…63, sorted.
    ///   - silenced: `notToReceiveOfflinePushPlatforms` values outside 0…63, sorted.
    init(online: [Int], silenced: [Int]) {
      self = LargePlatformsRegistry.intern(Key(online: online, silenced: silenced))
    }

    fileprivate init(lists: UnsafePointer<Lists>) {
      self.lists = lists
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
        : PlatformSet.sortedList(lists.pointee.silenced, contains: raw)
      guard silenced else { return false }
      if onlineMask & other.mask != 0 { return true }
      return PlatformSet.sortedListsShareAValue(lists.pointee.online, other.others)
    }

    /// What an entry is looked up by.
    struct Key: Hashable, Sendable {
      let online: [Int]
      let silenced: [Int]
    }
  }
}

/// The process-wide registry of interned platform lists: it only grows, and only with lists it
/// has not seen.
enum LargePlatformsRegistry {
  typealias LargePlatforms = CompiledOfflinePushRule.LargePlatforms

  static let entries = Locked<[LargePlatforms.Key: LargePlatforms]>([:])

  /// The entry for two lists, created on first sight.
  static func intern(_ key: LargePlatforms.Key) -> LargePlatforms {
    entries.withLock { entries in
      if let found = entries[key] { return found }
      let lists = UnsafeMutablePointer<LargePlatforms.Lists>.allocate(capacity: 1)
      lists.initialize(
        to: .init(online: permanentCopy(key.online), silenced: permanentCopy(key.silenced)))
      let entry = LargePlatforms(lists: lists)
      entries[key] = entry
      return entry
    }
  }

  /// A copy of values in storage that is never freed.
  private static func permanentCopy(_ values: [Int]) -> UnsafeBufferPointer<Int> {
    let storage = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, values.count))
    _ = storage.initialize(from: values)
    return UnsafeBufferPointer(rebasing: storage[0..<values.count])
  }

  /// How many lists are interned, for tests of the registry's growth.
  static var count: Int { entries.withLock { $0.count } }
}

extension CompiledOfflinePushRule {
  /// How many distinct lists of platform values outside 0…63 the process has interned, for
  /// tests of the registry's growth.
  package static var internedPlatformListCount: Int { LargePlatformsRegistry.count }
}

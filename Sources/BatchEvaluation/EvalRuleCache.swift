import DNDSchedule
import OfflinePush
import SystemInterface

/// Compiled rules of `dnd eval` keyed by the exact bytes of the rule's JSON text, so a rule
/// that repeats is decoded and compiled once.
///
/// A lookup hashes the bytes in place and compares them with the stored copy: no allocation
/// on a hit. The cache holds at most ``capacity`` rules and at most ``byteBudget`` bytes of
/// them (the text, the decoded rule and its compiled form, as ``insert(_:hash:entry:cost:)``
/// is told), and starts over when either would be exceeded: a stream of distinct rules runs
/// in memory bounded by the budget, however large each rule.
struct EvalRuleCache<Entry> {
  private struct Slot {
    var key: [UInt8]
    var entry: Entry
  }

  /// The most rules kept.
  static var capacity: Int { 100_000 }
  /// The most bytes kept by default: 32 MiB (each of `dnd eval`'s two caches, 64 MiB in all),
  /// which at the usual few hundred bytes a rule is about what ``capacity`` rules take, and 32
  /// rules of the longest line.
  static var defaultByteBudget: Int { 32 << 20 }

  /// The most bytes kept.
  let byteBudget: Int
  /// The hashes of texts seen once and not stored, one per slot of a table of fixed size
  /// (128 KiB): a text is stored the second time it is seen, so that a stream of distinct
  /// rules, each seen once, costs no copy in the cache, and a repeating rule is decoded one
  /// more time. A collision only delays a store; a lookup still compares the bytes.
  private var seenOnce = [Int](repeating: 0, count: 1 << 14)
  private var slots: [Int: [Slot]] = [:]
  private(set) var count = 0
  /// The bytes the stored entries are charged, their keys included.
  private(set) var bytes = 0

  /// An empty cache.
  ///
  /// - Parameter byteBudget: The most bytes kept.
  init(byteBudget: Int = Self.defaultByteBudget) {
    self.byteBudget = byteBudget
  }

  /// The hash of some bytes, to pass to ``lookup(_:hash:)`` and ``insert(_:hash:entry:cost:)``.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }

  /// The entry stored for exactly these bytes.
  func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Entry? {
    guard let bucket = slots[hash] else { return nil }
    for slot in bucket where slot.key.count == bytes.count {
      let equal = slot.key.withUnsafeBufferPointer { stored in
        guard let a = stored.baseAddress, let b = bytes.baseAddress else { return true }
        return RawMemory.equal(a, b, count: bytes.count)
      }
      if equal { return slot.entry }
    }
    return nil
  }

  /// Whether a text that missed should be stored now: the second time its hash is seen.
  ///
  /// - Parameter hash: ``hash(_:)`` of the text.
  /// - Returns: True when the same hash was seen last in one of its two slots.
  mutating func admits(hash: Int) -> Bool {
    // Two slots a hash, so that two texts sharing one slot, seen in turn, are still stored.
    let first = hash & (seenOnce.count - 1)
    let second = (hash >> 32) & (seenOnce.count - 1)
    if seenOnce[first] == hash || seenOnce[second] == hash { return true }
    seenOnce[first] = hash
    seenOnce[second] = hash
    return false
  }

  /// Stores an entry for these bytes; an entry over the whole budget is not stored.
  ///
  /// - Parameters:
  ///   - bytes: The key.
  ///   - hash: ``hash(_:)`` of the key.
  ///   - entry: What to store.
  ///   - cost: The heap bytes the entry holds beyond its slot (its decoded rule's lists and
  ///     strings, its compiled form's storage); the key and the slot are added here.
  mutating func insert(
    _ bytes: UnsafeBufferPointer<UInt8>, hash: Int, entry: Entry, cost: Int
  ) {
    // The key's copy, the slot, and the dictionary's and bucket array's share of it.
    let charge = bytes.count + cost + MemoryLayout<Slot>.stride + 64
    guard charge <= byteBudget else { return }
    if count >= Self.capacity || self.bytes + charge > byteBudget {
      slots.removeAll(keepingCapacity: true)
      count = 0
      self.bytes = 0
    }
    slots[hash, default: []].append(Slot(key: Array(bytes), entry: entry))
    count += 1
    self.bytes += charge
  }
}

/// The heap bytes a decoded rule and its compiled form hold, for the cache's budget.
protocol EvalCacheCost {
  /// An upper bound on the bytes the rule and its compiled form hold outside their inline
  /// storage.
  var heapBytes: Int { get }
}

extension DoNotDisturbRule: EvalCacheCost {
  var heapBytes: Int { timeZoneID.utf8.count }
}

extension OfflinePushRule: EvalCacheCost {
  /// Each platform value is 8 bytes in the decoded list and at most 8 more in the compiled
  /// rule's storage of values outside 0…63.
  var heapBytes: Int {
    16 * (onlinePlatforms.count + notToReceiveOfflinePushPlatforms.count)
      + (doNotDisturbRule?.heapBytes ?? 0)
  }
}

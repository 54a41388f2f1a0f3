#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compiled rules of `dnd eval` keyed by the exact bytes of the rule's JSON text, so a rule
/// that repeats is decoded and compiled once.
///
/// A lookup hashes the bytes in place and compares them with the stored copy: no allocation
/// on a hit. The cache holds at most ``capacity`` rules and starts over when full.
struct EvalRuleCache<Entry> {
  private struct Slot {
    var key: [UInt8]
    var entry: Entry
  }

  /// The most rules kept.
  static var capacity: Int { 100_000 }

  private var slots: [Int: [Slot]] = [:]
  private(set) var count = 0

  /// The hash of some bytes, to pass to ``lookup(_:hash:)`` and ``insert(_:hash:entry:)``.
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
        return memcmp(a, b, bytes.count) == 0
      }
      if equal { return slot.entry }
    }
    return nil
  }

  /// Stores an entry for these bytes.
  mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int, entry: Entry) {
    if count >= Self.capacity {
      slots.removeAll(keepingCapacity: true)
      count = 0
    }
    slots[hash, default: []].append(Slot(key: Array(bytes), entry: entry))
    count += 1
  }
}

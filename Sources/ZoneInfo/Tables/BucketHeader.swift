/// What precedes a zone table's first bucket entry: the table and how many entries loading
/// wrote. A compiled rule holds the entries' address (``InternedZone``), so that the hot path
/// reaches an entry in one step from the rule, and finds the rest here when it needs it.
///
/// Two entry-sized slots come before the first entry: at `entries - 1` this header, at
/// `entries - 2` the count of published entries (an ``AtomicWord``, read only past the loaded
/// entries), so that a rule reaches that count in one load too.
@usableFromInline
struct BucketHeader {
  /// The table, unretained: it owns the memory this header is in.
  @usableFromInline let table: UnsafeMutableRawPointer
  /// ``ZoneTable/loadedBucketCount``.
  @usableFromInline let loadedCount: UInt64

  init(table: UnsafeMutableRawPointer, loadedCount: UInt64) {
    self.table = table
    self.loadedCount = loadedCount
  }

  /// The header of the entries at `entries`.
  @inlinable @inline(__always)
  static func of(_ entries: UnsafePointer<HighWaterBucket>) -> BucketHeader {
    UnsafeRawPointer(entries - 1).load(as: BucketHeader.self)
  }

  /// The slots allocated in front of the first entry.
  static let slotsBeforeEntries = 2

  /// The count of published entries of the entries at `entries`.
  @inlinable @inline(__always)
  static func publishedCount(_ entries: UnsafePointer<HighWaterBucket>) -> AtomicWord {
    AtomicWord(existingAt: publishedCountSlot(entries))
  }

  /// Where the count of published entries sits: the slot before the header's.
  @inlinable @inline(__always)
  static func publishedCountSlot(_ entries: UnsafePointer<HighWaterBucket>)
    -> UnsafeMutableRawPointer
  {
    UnsafeMutableRawPointer(mutating: entries - 2)
  }

  /// Whether both fit the slots in front of the entries, as `ZoneTable` lays them.
  static var fitsItsSlot: Bool {
    MemoryLayout<BucketHeader>.size <= MemoryLayout<HighWaterBucket>.stride
      && MemoryLayout<UInt64>.size <= MemoryLayout<HighWaterBucket>.stride
      && MemoryLayout<HighWaterBucket>.alignment % MemoryLayout<UInt64>.alignment == 0
      && MemoryLayout<HighWaterBucket>.alignment % MemoryLayout<BucketHeader>.alignment == 0
  }
}

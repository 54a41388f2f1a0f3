/// What precedes a zone table's first bucket entry: the table and how many entries loading
/// wrote. A compiled rule holds the entries' address (``InternedZone``), so that the hot path
/// reaches an entry in one step from the rule, and finds the rest here when it needs it.
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
}

import SystemInterface

/// A zone whose tables are kept for the rest of the process, reached without reference
/// counting: what a compiled schedule holds, so that reading a rule from a collection and
/// deciding on it touches no reference count.
///
/// Interning a zone registers its tables once in a process-wide registry, keyed by the zone's
/// ID and a fingerprint of its data, and returns the registered tables: identical data maps to
/// one table, so loading a zone again, from another database or after tzdata is reloaded,
/// adds nothing; only data not seen before adds a table (as Go's zone cache and java.time's
/// `ZoneRules` keep the zones they have loaded). The registry is taken only here, at compile
/// time; the hot path reads the tables through an unretained reference, which stays valid
/// because the registry never lets go.
///
/// It holds the address of the table's bucket entries rather than of the table, so that the
/// hot path reaches an entry in one load from the rule instead of two; the table and the count
/// of entries written at load sit just before the first entry (``BucketHeader``). Sendable,
/// though it holds a pointer: what it points to is never freed, and readers read only entries
/// that are published.
@usableFromInline
package struct InternedZone: @unchecked Sendable, Hashable {
  @usableFromInline let entries: UnsafePointer<HighWaterBucket>

  /// The interned table.
  @inlinable @inline(__always)
  var table: Unmanaged<ZoneTable> { .fromOpaque(BucketHeader.of(entries).table) }

  /// Interns a zone's tables.
  ///
  /// - Parameter zone: The zone.
  /// - Complexity: A lock and a dictionary look-up; O(*n*) in the zone's intervals the first
  ///   time a table is seen.
  package init(_ zone: Zone) {
    entries = UnsafePointer(ZoneTableRegistry.intern(zone.table).highWaterBuckets)
  }

  /// The zone, as a value that holds its tables like any other.
  package var zone: Zone { Zone(table: table.takeUnretainedValue()) }

  // Off the hot path and not measured: `takeUnretainedValue()` would do as well here.
  /// The zone's ID.
  package var identifier: String { table._withUnsafeGuaranteedRef { $0.identifier } }

  /// Equal when the zones are (one table for equal data, so usually by identity).
  @usableFromInline
  package static func == (lhs: InternedZone, rhs: InternedZone) -> Bool {
    lhs.entries == rhs.entries || lhs.zone == rhs.zone
  }

  /// Hashes as ``Zone`` does: the ID.
  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
  }

  /// ``Zone/wallClock(unchecked:)``.
  @inlinable @inline(__always)
  package func wallClock(unchecked instant: Int64) -> (local: Int64, highWater: Int64) {
    // Pays: `takeUnretainedValue()` adds a retain/release pair (callgrind, with the two below:
    // a decision 99.3 -> 112.4 instructions, the whole decision 161.4 -> 173.5).
    table._withUnsafeGuaranteedRef { $0.wallClock(at: instant) }
  }

  /// ``Zone/highWater(unchecked:)``.
  @inlinable @inline(__always)
  package func highWater(unchecked instant: Int64) -> Int64 {
    // Pays: see wallClock(unchecked:) (a retain/release pair otherwise).
    table._withUnsafeGuaranteedRef { $0.highWater(at: instant) }
  }

  /// ``Zone/tabulatedHighWater(_:)``.
  @inlinable @inline(__always)
  package func tabulatedHighWater(_ instant: Int64) -> Int64? {
    tabulatedEntry(instant)?.highWater(at: instant)
  }

  /// ``Zone/tabulatedSpan(_:)``.
  @inlinable @inline(__always)
  package func tabulatedSpan(_ instant: Int64) -> WallClockSpan? {
    tabulatedEntry(instant)?.span(at: instant)
  }

  /// ``ZoneTable/tabulatedEntry(at:)``, from the entries' address.
  @inlinable @inline(__always)
  func tabulatedEntry(_ instant: Int64) -> HighWaterBucket? {
    ZoneTable.tabulatedEntry(
      at: instant, entries: entries, loadedCount: BucketHeader.of(entries).loadedCount
    ) { bucket in bucket < BucketHeader.publishedCount(entries).loadAcquiring() }
  }

  /// ``Zone/wallClockSpan(unchecked:)``.
  @inlinable @inline(__always)
  package func wallClockSpan(unchecked instant: Int64) -> WallClockSpan {
    // Pays: see wallClock(unchecked:) (a retain/release pair otherwise).
    table._withUnsafeGuaranteedRef { $0.wallClockSpan(at: instant) }
  }

  /// The identity of the zone's tables: equal for every rule compiled in the same zone (from
  /// the same data), so that a batch can share one look-up among them.
  @inlinable @inline(__always)
  package var tableIdentity: UnsafeMutableRawPointer { UnsafeMutableRawPointer(mutating: entries) }
}

/// The process-wide registry of interned zone tables. It only grows, and only with data it
/// has not seen: a table is added when no registered table has the same ID and data.
enum ZoneTableRegistry {
  struct Tables: Sendable {
    /// Registered tables by fingerprint (ID and data); a list, as fingerprints can collide.
    /// The registry keeps every one alive.
    var byFingerprint: [Int: [ZoneTable]] = [:]
  }

  static let tables = Locked(Tables())

  /// The registered table equivalent to `table`, registering `table` when there is none.
  static func intern(_ table: ZoneTable) -> ZoneTable {
    // Compiling a rule interns its zone's table each time: a table remembers the registered
    // one, so that the common case takes no lock and hashes nothing.
    if let known = UnsafeRawPointer(bitPattern: UInt(table.registeredTable.loadAcquiring())) {
      return Unmanaged<ZoneTable>.fromOpaque(known).takeUnretainedValue()
    }
    let fingerprint = table.fingerprint
    return tables.withLock { tables in
      let registered: ZoneTable
      if let found = tables.byFingerprint[fingerprint]?.first(where: {
        $0 === table || $0.isEquivalent(to: table)
      }) {
        registered = found
      } else {
        tables.byFingerprint[fingerprint, default: []].append(table)
        registered = table
      }
      table.registeredTable.storeReleasing(
        UInt64(UInt(bitPattern: Unmanaged.passUnretained(registered).toOpaque())))
      return registered
    }
  }

  /// How many tables are registered, for tests.
  static var count: Int { tables.withLock { $0.byFingerprint.values.reduce(0) { $0 + $1.count } } }
}

extension ZoneTable {
  /// A hash of what ``isEquivalent(to:)`` compares: equivalent tables have equal fingerprints.
  var fingerprint: Int {
    var hasher = Hasher()
    let loaded = extents[0]
    hasher.combine(identifier)
    hasher.combine(loaded.count)
    hasher.combine(loaded.footerStart)
    hasher.combine(footer)
    hasher.combine(names)
    for i in 0..<loaded.count {
      hasher.combine(columns.starts[i])
      hasher.combine(columns.offsets[i])
      hasher.combine(columns.abbreviations[i])
    }
    return hasher.finalize()
  }
}

extension Zone {
  /// How many zone tables the process has interned, for tests of the registry's growth.
  package static var internedTableCount: Int { ZoneTableRegistry.count }
}

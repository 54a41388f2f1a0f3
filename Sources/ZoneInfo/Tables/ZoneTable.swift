import SystemInterface

/// The lookup tables of one zone, shared by every `Zone` value and compiled rule that uses it.
///
/// Local time is a piecewise function of the instant: a run of *intervals*, each with one
/// offset, from the TZif transitions, extended ("fattened") with the footer rule's transitions
/// up to ``fattenedHorizon`` so that slim and fat files read alike and common instants never
/// reach the footer. Past `footerStart` the footer rule is evaluated directly.
///
/// Loading builds the table up to ``loadedHorizon`` (2050); the part from there to 2501 is
/// built the first time an answer needs it, as java.time's `ZoneRules` derives the years past
/// its stored transitions on demand. Both parts are exact, so answers do not depend on
/// whether the extension has happened; the extension only appends to buffers sized for the
/// whole table at load, which no reader reads before it is published (release/acquire).
///
/// The hot-path arrays live in manually allocated buffers: no bounds checks, no reference
/// counting of array storage, no exclusivity checks.
@usableFromInline
final class ZoneTable: @unchecked Sendable {
  /// 2501-01-01T00:00:00Z: the table holds every transition before this instant.
  static let fattenedHorizon: Int64 = 16_756_761_600
  /// 2050-01-01T00:00:00Z: loading builds the table up to here; the rest on first need.
  static let loadedHorizon: Int64 = 2_524_608_000
  /// 1800-01-01T00:00:00Z: footers after an earlier last transition are not fattened (real
  /// tzdata has none; a hostile file could ask for billions of years).
  static let fatteningFloor: Int64 = -5_364_662_400
  /// The last year whose footer changes can fall before ``fattenedHorizon`` (a change's
  /// instant lies within eight days of its local date).
  static let fattenedHorizonYear: Int64 = 2501
  /// The year that begins at ``loadedHorizon``.
  static let loadedHorizonYear: Int64 = 2050

  /// How much of the table is built: the loaded part, or the whole.
  struct Extent {
    /// Number of intervals; at least 1.
    var count: Int
    /// Instants at or after this are computed from `footer`.
    var footerStart: Int64
    /// The wall-clock high-water mark at `footerStart`.
    var tableEndPeak: Int64
    /// Number of bucket entries: buckets wholly before `footerStart` and the horizon.
    var bucketCount: UInt64
  }

  // The hot path's two fields come first, so that they share a cache line with nothing but
  // the object's header: placed after the large fields below, they shared one with whatever
  // the allocator put next, and two threads reading them ran at 1.1–1.5× one thread.
  /// Per 2^23 s bucket from 1970, the wall clock in one entry, for membership tests: see
  /// ``HighWaterBucket``. Sized for the whole table.
  ///
  /// One ``BucketHeader`` sits just before the first entry, the published count before it, so that a compiled rule can hold
  /// the entries' address itself (``InternedZone``) and still find the table and the count.
  @usableFromInline let highWaterBuckets: UnsafeMutablePointer<HighWaterBucket>
  /// How many entries of `highWaterBuckets` loading wrote (those before 2050): a constant, so
  /// the hot path reads it with a plain load that a loop can hoist.
  @usableFromInline let loadedBucketCount: UInt64
  let identifier: String
  /// The intervals, sized for the whole table; `starts[0]` is `Int64.min`. The builder keeps
  /// an `Int64.max` sentinel after the last interval it built, for its own walks.
  let columns: IntervalColumns
  /// The distinct abbreviations.
  let names: [String]
  let footer: POSIXTimeZone?
  /// The footer as integers, for the hot path.
  let footerClock: FooterClock
  /// `extents[0]` is the table as loaded; `extents[1]` the whole table, written when it is
  /// extended (a copy of `extents[0]` when nothing was deferred).
  let extents: UnsafeMutablePointer<Extent>
  /// 1 once `extents[1]` and the intervals and entries it counts are written; 0 before.
  let stage: AtomicWord
  /// The address of the registered table with this table's data (see `ZoneTableRegistry`),
  /// this one's own when it is the registered one; 0 until it is interned. Set under the
  /// registry's lock and never changed after: interning the table again takes no lock and
  /// hashes nothing. Registered tables are never freed, so the address stays valid.
  let registeredTable: AtomicWord
  /// General-path answers at or after this instant need the whole table: it is the start of
  /// the loaded part's last interval (so no segment ends at the loaded horizon), or
  /// `Int64.max` when nothing was deferred.
  let extensionThreshold: Int64
  /// The footer's changes past ``loadedHorizon``, until they are built.
  let deferred: FatteningPlan?
  /// Serializes the one extension; never taken once it is done.
  let extensionLock = Locked(())

  init(identifier: String, contents: TZifContents) {
    self.identifier = identifier
    let clock = FooterClock(contents.footer)
    var names: [String] = []
    let typeNames = contents.types.map { ZoneTable.index(of: $0.abbreviation, in: &names) }
    let transitions = contents.transitions
    // The footer's changes from the year before the file's last transition to the horizon;
    // each year adds at most two intervals, so the columns below never need to grow.
    var plan: FatteningPlan?
    if let footer = contents.footer, let rule = footer.daylight, let last = transitions.last,
      last >= ZoneTable.fatteningFloor && last < ZoneTable.fattenedHorizon
    {
      let firstYear =
        CivilCalendar.date(dayNumber: floorDivide(last + Int64(footer.standardOffset), 86_400))
        .year - 1
      plan = FatteningPlan(
        clock: clock, firstYear: firstYear,
        years: Int(ZoneTable.fattenedHorizonYear - firstYear + 1),
        standard: (
          footer.standardOffset, ZoneTable.index(of: footer.standardAbbreviation, in: &names)
        ),
        daylight: (rule.offset, ZoneTable.index(of: rule.abbreviation, in: &names)))
    }
    let columns = IntervalColumns(capacity: transitions.count + 2 + 2 * (plan?.years ?? 0))
    var builder = IntervalBuilder(columns)
    let type0 = contents.types[0]
    builder.append(
      start: Int64.min, offset: type0.offset, isDaylight: type0.isDaylight,
      abbreviation: typeNames[0])
    // Per type, the fields an interval copies, so that the loop copies no strings.
    let typeFields = contents.types.indices.map { i in
      (
        offset: contents.types[i].offset, isDaylight: contents.types[i].isDaylight,
        name: typeNames[i]
      )
    }
    for (t, typeIndex) in zip(transitions, contents.transitionTypes) {
      let type = typeFields[Int(typeIndex)]
      builder.append(
        start: t, offset: type.offset, isDaylight: type.isDaylight, abbreviation: type.name)
    }
    var footerStart = Int64.max
    if let footer = contents.footer, footer.daylight == nil {
      // A footer without daylight time is one constant type: extend the table with it.
      builder.append(
        start: transitions.last.map { $0 == .max ? $0 : $0 + 1 } ?? .min,
        offset: footer.standardOffset, isDaylight: footer.constantIsDaylight,
        abbreviation: ZoneTable.index(of: footer.standardAbbreviation, in: &names))
    } else if contents.footer != nil, let last = transitions.last {
      if let plan {
        builder.fatten(plan, after: last, horizon: ZoneTable.loadedHorizon)
        // Past the loaded horizon, or past the file's own last transition when that is later.
        footerStart = max(ZoneTable.loadedHorizon, last + 1)
      } else {
        // A last transition before 1800 (a "big bang" entry alone) or past the horizon: the
        // footer governs from it on, evaluated directly.
        footerStart = last == Int64.max ? last : last + 1
      }
    } else if contents.footer != nil {
      // RFC 8536 §3.2: with no transitions the footer, when present, governs every instant.
      footerStart = Int64.min
    }
    self.footer = contents.footer
    self.footerClock = clock
    self.names = names
    self.columns = columns
    let loaded = ZoneTable.finish(builder, from: 0, footerStart: footerStart)
    let totalBuckets = UInt64(ZoneTable.fattenedHorizon >> Int64(HighWaterBucket.shift))
    // Two slots more, in front: the published count and the header (see BucketHeader).
    precondition(BucketHeader.fitsItsSlot, "the bucket header's layout outgrew its slot")
    let slots = BucketHeader.slotsBeforeEntries
    highWaterBuckets =
      UnsafeMutablePointer<HighWaterBucket>.allocate(
        capacity: slots + Int(plan == nil ? max(1, loaded.bucketCount) : totalBuckets)) + slots
    ZoneTable.fillHighWaterBuckets(
      highWaterBuckets, from: 0, to: Int(loaded.bucketCount), columns: columns)
    extents = .allocate(capacity: 2)
    extents.initialize(repeating: loaded, count: 2)
    loadedBucketCount = loaded.bucketCount
    _ = AtomicWord(
      at: BucketHeader.publishedCountSlot(highWaterBuckets), initialValue: loaded.bucketCount)
    stage = .allocated(0)
    registeredTable = .allocated(0)
    deferred = plan
    extensionThreshold = plan == nil ? Int64.max : columns.starts[loaded.count - 1]
    UnsafeMutableRawPointer(highWaterBuckets - 1).storeBytes(
      of: BucketHeader(
        table: Unmanaged.passUnretained(self).toOpaque(), loadedCount: loaded.bucketCount),
      as: BucketHeader.self)
  }

  deinit {
    columns.deallocate()
    (highWaterBuckets - BucketHeader.slotsBeforeEntries).deallocate()
    extents.deallocate()
    stage.deallocate()
    registeredTable.deallocate()
  }
}

extension ZoneTable {
  /// How many entries of `highWaterBuckets` readers may use; raised once, with release
  /// ordering, when the table is extended. Read only for instants past the loaded entries. It
  /// lives in front of the entries (see ``BucketHeader``), where a compiled rule reads it too.
  @inlinable @inline(__always)
  var publishedBucketCount: AtomicWord { BucketHeader.publishedCount(highWaterBuckets) }
}

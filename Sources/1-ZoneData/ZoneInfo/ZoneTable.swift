import Synchronization

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
  @usableFromInline let highWaterBuckets: UnsafeMutablePointer<HighWaterBucket>
  /// How many entries of `highWaterBuckets` loading wrote (those before 2050): a constant, so
  /// the hot path reads it with a plain load that a loop can hoist.
  @usableFromInline let loadedBucketCount: UInt64
  /// How many entries of `highWaterBuckets` readers may use; raised once, with release
  /// ordering, when the table is extended. Read only for instants past the loaded entries.
  @usableFromInline let publishedBucketCount: Atomic<UInt64>
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
  let stage: Atomic<Int>
  /// General-path answers at or after this instant need the whole table: it is the start of
  /// the loaded part's last interval (so no segment ends at the loaded horizon), or
  /// `Int64.max` when nothing was deferred.
  let extensionThreshold: Int64
  /// The footer's changes past ``loadedHorizon``, until they are built.
  let deferred: FatteningPlan?
  /// Serializes the one extension; never taken once it is done.
  let extensionLock = Locked(())

  /// The index of a name in a list, appending it when new.
  static func index(of name: String, in names: inout [String]) -> UInt16 {
    if let found = names.firstIndex(of: name) { return UInt16(truncatingIfNeeded: found) }
    names.append(name)
    return UInt16(truncatingIfNeeded: names.count - 1)
  }

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
    highWaterBuckets = .allocate(
      capacity: Int(plan == nil ? max(1, loaded.bucketCount) : totalBuckets))
    ZoneTable.fillHighWaterBuckets(
      highWaterBuckets, from: 0, to: Int(loaded.bucketCount), columns: columns)
    extents = .allocate(capacity: 2)
    extents.initialize(repeating: loaded, count: 2)
    loadedBucketCount = loaded.bucketCount
    publishedBucketCount = Atomic(loaded.bucketCount)
    stage = Atomic(0)
    deferred = plan
    extensionThreshold = plan == nil ? Int64.max : columns.starts[loaded.count - 1]
  }

  /// Computes the marks of the intervals from `first` on and the extent they make up.
  private static func finish(_ builder: IntervalBuilder, from first: Int, footerStart: Int64)
    -> Extent
  {
    let peak = builder.finish(peaksFrom: first)
    let count = builder.count
    let lastOffset = Int64(builder.columns.offsets[count - 1])
    let tableEndPeak =
      footerStart == Int64.min || footerStart == Int64.max
      ? peak : max(peak, saturatingAdd(footerStart - 1, lastOffset))
    let horizon = min(footerStart, ZoneTable.fattenedHorizon)
    // Only buckets that end before the footer takes over: the entries know nothing of it.
    let bucketCount = horizon > 0 ? UInt64(horizon >> Int64(HighWaterBucket.shift)) : 0
    return Extent(
      count: count, footerStart: footerStart, tableEndPeak: tableEndPeak,
      bucketCount: bucketCount)
  }

  /// The extent to answer an instant with on the general path: the whole table when the
  /// instant lies past the loaded part's last interval, building it first if need be.
  @inline(__always)
  func extent(covering t: Int64) -> Extent {
    let stage = self.stage.load(ordering: .acquiring)
    if stage == 0 && t >= extensionThreshold { return extend() }
    return extents[stage]
  }

  /// Builds the table from the loaded horizon to ``fattenedHorizon`` and publishes it; a no-op
  /// once done (or when nothing was deferred).
  ///
  /// - Returns: The whole table's extent.
  @discardableResult @inline(never)
  func extend() -> Extent {
    guard let deferred else { return extents[0] }
    return extensionLock.withLock { _ in extend(with: deferred) }
  }

  /// ``extend()``'s work, under its lock.
  private func extend(with deferred: FatteningPlan) -> Extent {
    if stage.load(ordering: .acquiring) == 1 { return extents[1] }
    let loaded = extents[0]
    var builder = IntervalBuilder(columns, count: loaded.count)
    // Every change appended here is later than every loaded interval's start, so the loaded
    // intervals, which readers may be reading, are never rewritten.
    let last = columns.starts[loaded.count - 1]
    builder.fatten(
      deferred.starting(atYear: ZoneTable.loadedHorizonYear - 1),
      after: max(last, loaded.footerStart - 1), horizon: ZoneTable.fattenedHorizon)
    let whole = ZoneTable.finish(
      builder, from: loaded.count, footerStart: ZoneTable.fattenedHorizon)
    ZoneTable.fillHighWaterBuckets(
      highWaterBuckets, from: Int(loaded.bucketCount), to: Int(whole.bucketCount),
      columns: columns)
    extents[1] = whole
    publishedBucketCount.store(whole.bucketCount, ordering: .releasing)
    stage.store(1, ordering: .releasing)
    return whole
  }

  /// Encodes the one-entry buckets `from..<to` in one walk over buckets and intervals
  /// together. A run of buckets inside one interval shares the entry of its first bucket
  /// (whose transition then lies at or before every later bucket of the run); buckets with a
  /// transition are encoded one by one, and those with two take the general path.
  private static func fillHighWaterBuckets(
    _ buckets: UnsafeMutablePointer<HighWaterBucket>, from: Int, to n: Int,
    columns: IntervalColumns
  ) {
    let (starts, offsets, peaks) = (columns.starts, columns.offsets, columns.peaks)
    let shift = Int64(HighWaterBucket.shift)
    var first = 0
    var b = from
    while b < n {
      let bucketStart = Int64(b) << shift
      let bucketEnd = bucketStart + (1 << shift)
      // The interval in force at the bucket's start; the sentinel after the last start stops
      // the walk. Usually zero or one step: the first is taken without a branch, since which
      // of the two it is cannot be predicted.
      first &+= starts[first &+ 1] <= bucketStart ? 1 : 0
      while starts[first &+ 1] <= bucketStart { first &+= 1 }
      let next = starts[first + 1]
      if next >= bucketEnd {
        let entry = HighWaterBucket.encode(
          bucketStart: bucketStart, offset: offsets[first], peak: peaks[first])
        // Up to the bucket of the next transition (past `b`, as `next >= bucketEnd`).
        let runEnd = entry.isDescribed ? min(n, Int(min(next >> shift, Int64(n)))) : b + 1
        while b < runEnd {
          buckets[b] = entry
          b += 1
        }
        continue
      }
      // `next` is a real start, so `first + 2` is at most the sentinel's index.
      let afterNext = starts[first + 2]
      buckets[b] =
        afterNext < bucketEnd
        ? .general
        : HighWaterBucket.encode(
          bucketStart: bucketStart, transition: next, before: offsets[first],
          after: offsets[first + 1], peakBefore: peaks[first], peakAfter: peaks[first + 1])
      b += 1
    }
  }

  deinit {
    columns.deallocate()
    highWaterBuckets.deallocate()
    extents.deallocate()
  }

  /// The interval containing `t`, for `t < footerStart`: the last start at or before `t`
  /// (`columns.starts[0]` is `Int64.min`). Only the general path searches; see ``HighWaterBucket``.
  func intervalIndex(_ t: Int64, in extent: Extent) -> Int {
    // Branch-light binary search.
    var base = 0
    var n = extent.count
    while n > 1 {
      let half = n >> 1
      if columns.starts[base + half] <= t { base += half }
      n -= half
    }
    return base
  }

  /// The local wall-clock reading at `t` and its high-water mark (the highest reading shown at
  /// or before `t`, which differs from the reading only in the repeated half of a fold).
  @inlinable @inline(__always)
  func wallClock(at t: Int64) -> (local: Int64, highWater: Int64) {
    if let entry = tabulatedEntry(at: t) {
      let span = entry.span(at: t)
      return (t &+ span.offset, span.highWater)
    }
    return intervalWallClock(at: t)
  }

  /// ``wallClock(at:)`` from the intervals and the footer, without the bucket entries.
  @usableFromInline @inline(never)
  func intervalWallClock(at t: Int64) -> (local: Int64, highWater: Int64) {
    let extent = extent(covering: t)
    if t < extent.footerStart {
      let i = intervalIndex(t, in: extent)
      let local = t + Int64(columns.offsets[i])
      return (local, max(local, columns.peaks[i]))
    }
    return footerWallClock(at: t, extent: extent)
  }

  /// The wall clock's high-water mark at `t`: one load and a few instructions for 1970 to the
  /// horizon, the general look-up elsewhere.
  @inlinable @inline(__always)
  func highWater(at t: Int64) -> Int64 {
    if let entry = tabulatedEntry(at: t) { return entry.highWater(at: t) }
    return generalHighWater(at: t)
  }

  /// The bucket entry for `t` when the table describes its bucket: then `t` lies between 1970
  /// and the horizon, so a caller that gets one needs no range check.
  @inlinable @inline(__always)
  func tabulatedEntry(at t: Int64) -> HighWaterBucket? {
    // A negative instant wraps to a huge bucket number and is not described.
    let bucket = UInt64(bitPattern: t) &>> HighWaterBucket.shift
    guard bucket < loadedBucketCount || isPublished(bucket) else { return nil }
    let entry = highWaterBuckets[Int(bucket)]
    return entry.isDescribed ? entry : nil
  }

  /// Whether an entry past the loaded ones has been published by the extension (acquire, so
  /// that the entry's contents are visible once its count is).
  @inlinable @inline(__always)
  func isPublished(_ bucket: UInt64) -> Bool {
    bucket < publishedBucketCount.load(ordering: .acquiring)
  }

  @usableFromInline @inline(never)
  func generalHighWater(at t: Int64) -> Int64 {
    intervalWallClock(at: t).highWater
  }

  @inline(never)
  func footerWallClock(at t: Int64, extent: Extent) -> (local: Int64, highWater: Int64) {
    if let fast = footerClock.wallClock(at: t) {
      let peak = footerPeak(
        lastChange: fast.lastChange, offsetBefore: fast.offsetBefore, extent: extent)
      return (fast.local, max(fast.local, peak))
    }
    guard let footer else { return (t, t) }
    let local = t + Int64(footer.state(at: t).offset)
    // The last *effective* change: with rules whose changes swap order in some years, the
    // latest yearly event can leave the offset as it was.
    let previous = footer.previousEvent(atOrBefore: t)
    let peak = footerPeak(
      lastChange: previous?.instant ?? .min, offsetBefore: Int64(previous?.offsetBefore ?? 0),
      extent: extent)
    return (local, max(local, peak))
  }

  /// The high-water mark before the footer's last change: the clock showed up to one second
  /// before it at the old offset (and up to the table's end before the footer took over).
  func footerPeak(lastChange: Int64, offsetBefore: Int64, extent: Extent) -> Int64 {
    let tableEndPeak = extent.tableEndPeak
    return lastChange == .min ? tableEndPeak : max(tableEndPeak, lastChange - 1 + offsetBefore)
  }

  /// The wall clock at `t` with the offset in force and the end of the run of instants over
  /// which the high-water mark advances in step with the instant (`highWater(s) = s + offset`
  /// for `t <= s < spanEnd`). `spanEnd == t` when that cannot be promised cheaply (a fold's
  /// repeated half, or the footer rule).
  @inlinable @inline(__always)
  func wallClockSpan(at t: Int64) -> (highWater: Int64, offset: Int64, spanEnd: Int64) {
    if let entry = tabulatedEntry(at: t) { return entry.span(at: t) }
    return generalWallClockSpan(at: t)
  }

  @usableFromInline @inline(never)
  func generalWallClockSpan(at t: Int64) -> (highWater: Int64, offset: Int64, spanEnd: Int64) {
    let extent = extent(covering: t)
    let footerStart = extent.footerStart
    if t < footerStart {
      let i = intervalIndex(t, in: extent)
      let offset = Int64(columns.offsets[i])
      let local = t + offset
      let end = i + 1 < extent.count ? min(columns.starts[i + 1], footerStart) : footerStart
      return local >= columns.peaks[i] ? (local, offset, end) : (columns.peaks[i], offset, t)
    }
    let clock = footerWallClock(at: t, extent: extent)
    return (clock.highWater, clock.local - t, t)
  }

  /// A maximal run of instants with one offset: `[start, end)`.
  struct Segment {
    var start: Int64
    var end: Int64
    var offset: Int32
    var isDaylight: Bool
    var abbreviation: String
    /// Highest wall-clock reading before `start`.
    var peak: Int64
  }

  /// The segment containing `t`.
  func segment(containing t: Int64) -> Segment {
    let extent = extent(covering: t)
    let footerStart = extent.footerStart
    if t < footerStart {
      let i = intervalIndex(t, in: extent)
      let end = i + 1 < extent.count ? min(columns.starts[i + 1], footerStart) : footerStart
      return Segment(
        start: columns.starts[i], end: end, offset: columns.offsets[i],
        isDaylight: columns.isDaylight[i],
        abbreviation: names[Int(columns.abbreviations[i])], peak: columns.peaks[i])
    }
    guard let footer else {
      return Segment(
        start: footerStart, end: .max, offset: 0, isDaylight: false, abbreviation: "UTC",
        peak: extent.tableEndPeak)
    }
    let state = footer.state(at: t)
    // The segment runs between effective changes: yearly events that cancel (daylight time
    // all year) do not split it.
    let previous = footer.previousEvent(atOrBefore: t)
    let peak = footerPeak(
      lastChange: previous?.instant ?? .min, offsetBefore: Int64(previous?.offsetBefore ?? 0),
      extent: extent)
    return Segment(
      start: max(previous?.instant ?? footerStart, footerStart),
      end: footer.nextEvent(after: t)?.instant ?? .max,
      offset: state.offset, isDaylight: state.isDaylight,
      abbreviation: footer.abbreviation(isDaylight: state.isDaylight), peak: peak)
  }
}

/// Adds, clamping to the `Int64` range instead of trapping.
@inline(__always)
func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
  let (sum, overflow) = a.addingReportingOverflow(b)
  if overflow { return b > 0 ? .max : .min }
  return sum
}

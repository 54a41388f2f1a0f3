/// The immutable lookup tables of one zone, shared by every `Zone` value and compiled rule
/// that uses it.
///
/// Local time is a piecewise function of the instant: a run of *intervals*, each with one
/// offset, from the TZif transitions, extended ("fattened") with the footer rule's transitions
/// up to ``fattenedHorizon`` so that slim and fat files read alike and common instants never
/// reach the footer. Past `footerStart` the footer rule is evaluated directly.
///
/// The hot-path arrays live in manually allocated buffers: no bounds checks, no reference
/// counting of array storage, no exclusivity checks. The class is immutable after `init`.
@usableFromInline
final class ZoneTable: @unchecked Sendable {
  /// 2501-01-01T00:00:00Z: the table holds every transition before this instant.
  static let fattenedHorizon: Int64 = 16_756_761_600
  /// 1800-01-01T00:00:00Z: footers after an earlier last transition are not fattened (real
  /// tzdata has none; a hostile file could ask for billions of years).
  static let fatteningFloor: Int64 = -5_364_662_400
  /// The last year whose footer changes can fall before ``fattenedHorizon`` (a change's
  /// instant lies within eight days of its local date).
  static let fattenedHorizonYear: Int64 = 2501

  let identifier: String
  /// Number of intervals; at least 1.
  let count: Int
  /// `starts[i]` is the first instant of interval `i`; `starts[0]` is `Int64.min`, and
  /// `starts[count]` is `Int64.max` (a sentinel).
  let starts: UnsafeMutablePointer<Int64>
  /// UTC offset of each interval, seconds east.
  let offsets: UnsafeMutablePointer<Int32>
  /// The highest wall-clock reading (local seconds) shown before each interval began.
  let peaks: UnsafeMutablePointer<Int64>
  /// Whether each interval is daylight time.
  let isDaylight: UnsafeMutablePointer<Bool>
  /// Per interval, an index into `names`.
  let abbreviationIndexes: UnsafeMutablePointer<UInt16>
  /// The distinct abbreviations.
  let names: [String]
  /// Instants at or after this are computed from `footer`.
  let footerStart: Int64
  let footer: POSIXTimeZone?
  /// The footer as integers, for the hot path.
  let footerClock: FooterClock
  /// The wall-clock high-water mark at `footerStart`.
  let tableEndPeak: Int64
  /// Per 2^23 s bucket from 1970, the wall clock in one entry, for membership tests: see
  /// ``HighWaterBucket``.
  @usableFromInline let highWaterBuckets: UnsafeMutablePointer<HighWaterBucket>
  /// Number of entries in `highWaterBuckets`: buckets wholly before the footer and the horizon.
  @usableFromInline let highWaterBucketCount: UInt64

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
    // The footer's first fattened year and how many years follow it up to the horizon; each
    // adds at most two intervals, so the columns below never need to grow.
    var fattenFrom: Int64 = 0
    var fattenYears = 0
    if let footer = contents.footer, footer.daylight != nil, let last = transitions.last,
      last >= ZoneTable.fatteningFloor && last < ZoneTable.fattenedHorizon
    {
      fattenFrom =
        CivilCalendar.date(dayNumber: floorDivide(last + Int64(footer.standardOffset), 86_400))
        .year - 1
      fattenYears = Int(ZoneTable.fattenedHorizonYear - fattenFrom + 1)
    }
    var columns = IntervalColumns(capacity: transitions.count + 2 + 2 * fattenYears)
    let type0 = contents.types[0]
    columns.append(
      start: Int64.min, offset: type0.offset, isDaylight: type0.isDaylight,
      abbreviation: typeNames[0])
    // Per type, the fields an interval copies, so that the loop copies no strings.
    let typeOffsets = contents.types.map(\.offset)
    let typeIsDaylight = contents.types.map(\.isDaylight)
    for (t, typeIndex) in zip(transitions, contents.transitionTypes) {
      let type = Int(typeIndex)
      columns.append(
        start: t, offset: typeOffsets[type], isDaylight: typeIsDaylight[type],
        abbreviation: typeNames[type])
    }
    var footerStart = Int64.max
    if let footer = contents.footer, footer.daylight == nil {
      // A footer without daylight time is one constant type: extend the table with it.
      columns.append(
        start: transitions.last.map { $0 == .max ? $0 : $0 + 1 } ?? .min,
        offset: footer.standardOffset, isDaylight: footer.constantIsDaylight,
        abbreviation: ZoneTable.index(of: footer.standardAbbreviation, in: &names))
    } else if let footer = contents.footer, let rule = footer.daylight {
      if let last = transitions.last {
        if fattenYears > 0 {
          let standard = ZoneTable.index(of: footer.standardAbbreviation, in: &names)
          let daylight = ZoneTable.index(of: rule.abbreviation, in: &names)
          columns.fatten(
            after: last, firstYear: fattenFrom, years: fattenYears, clock: clock,
            standard: (footer.standardOffset, standard), daylight: (rule.offset, daylight))
          footerStart = ZoneTable.fattenedHorizon
        } else {
          // A last transition before 1800 (a "big bang" entry alone) or past the horizon: the
          // footer governs from it on, evaluated directly.
          footerStart = last == Int64.max ? last : last + 1
        }
      } else {
        // RFC 8536 §3.2: with no transitions the footer, when present, governs every instant.
        footerStart = Int64.min
      }
    }
    self.footer = contents.footer
    self.footerClock = clock
    self.footerStart = footerStart
    columns.finish()
    count = columns.count
    starts = columns.starts
    offsets = columns.offsets
    isDaylight = columns.isDaylight
    abbreviationIndexes = columns.abbreviations
    peaks = .allocate(capacity: count)
    var peak = Int64.min
    peaks[0] = peak
    for i in 1..<count {
      peak = max(peak, saturatingAdd(starts[i] - 1, Int64(offsets[i - 1])))
      peaks[i] = peak
    }
    self.names = names
    let lastOffset = Int64(offsets[count - 1])
    tableEndPeak =
      footerStart == Int64.min || footerStart == Int64.max
      ? peak : max(peak, saturatingAdd(footerStart - 1, lastOffset))
    let horizon = min(footerStart, ZoneTable.fattenedHorizon)
    // Only buckets that end before the footer takes over: the entries know nothing of it.
    highWaterBucketCount = horizon > 0 ? UInt64(horizon >> Int64(HighWaterBucket.shift)) : 0
    highWaterBuckets = .allocate(capacity: max(1, Int(highWaterBucketCount)))
    ZoneTable.fillHighWaterBuckets(
      highWaterBuckets, count: Int(highWaterBucketCount), starts: starts,
      offsets: offsets, peaks: peaks)
  }

  /// Encodes the one-entry buckets in one walk over buckets and intervals together. A run of
  /// buckets inside one interval shares the entry of its first bucket (whose transition then
  /// lies at or before every later bucket of the run); buckets with a transition are encoded
  /// one by one, and those with two take the general path.
  private static func fillHighWaterBuckets(
    _ buckets: UnsafeMutablePointer<HighWaterBucket>, count n: Int,
    starts: UnsafeMutablePointer<Int64>, offsets: UnsafeMutablePointer<Int32>,
    peaks: UnsafeMutablePointer<Int64>
  ) {
    let shift = Int64(HighWaterBucket.shift)
    var first = 0
    var b = 0
    while b < n {
      let bucketStart = Int64(b) << shift
      let bucketEnd = bucketStart + (1 << shift)
      // The interval in force at the bucket's start; the sentinel after the last start stops
      // the walk.
      while starts[first &+ 1] <= bucketStart { first &+= 1 }
      let next = starts[first + 1]
      if next >= bucketEnd {
        let entry = HighWaterBucket.encode(
          bucketStart: bucketStart, offset: offsets[first], peak: peaks[first])
        // Up to the bucket of the next transition (past `b`, as `next >= bucketEnd`).
        let runEnd = entry.isDescribed ? min(n, Int(min(next >> shift, Int64(n)))) : b + 1
        (buckets + b).initialize(repeating: entry, count: runEnd - b)
        b = runEnd
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
    starts.deallocate()
    offsets.deallocate()
    peaks.deallocate()
    isDaylight.deallocate()
    abbreviationIndexes.deallocate()
    highWaterBuckets.deallocate()
  }

  /// The interval containing `t`, for `t < footerStart`: the last start at or before `t`
  /// (`starts[0]` is `Int64.min`). Only the general path searches; see ``HighWaterBucket``.
  func intervalIndex(_ t: Int64) -> Int {
    // Branch-light binary search.
    var base = 0
    var n = count
    while n > 1 {
      let half = n >> 1
      if starts[base + half] <= t { base += half }
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
    if t < footerStart {
      let i = intervalIndex(t)
      let local = t + Int64(offsets[i])
      return (local, max(local, peaks[i]))
    }
    return footerWallClock(at: t)
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
    guard bucket < highWaterBucketCount else { return nil }
    let entry = highWaterBuckets[Int(bucket)]
    return entry.isDescribed ? entry : nil
  }

  @usableFromInline @inline(never)
  func generalHighWater(at t: Int64) -> Int64 {
    intervalWallClock(at: t).highWater
  }

  @usableFromInline @inline(never)
  func footerWallClock(at t: Int64) -> (local: Int64, highWater: Int64) {
    if let fast = footerClock.wallClock(at: t) {
      let peak = footerPeak(lastChange: fast.lastChange, offsetBefore: fast.offsetBefore)
      return (fast.local, max(fast.local, peak))
    }
    guard let footer else { return (t, t) }
    let local = t + Int64(footer.state(at: t).offset)
    // The last *effective* change: with rules whose changes swap order in some years, the
    // latest yearly event can leave the offset as it was.
    let previous = footer.previousEvent(atOrBefore: t)
    let peak = footerPeak(
      lastChange: previous?.instant ?? .min, offsetBefore: Int64(previous?.offsetBefore ?? 0))
    return (local, max(local, peak))
  }

  /// The high-water mark before the footer's last change: the clock showed up to one second
  /// before it at the old offset (and up to the table's end before the footer took over).
  func footerPeak(lastChange: Int64, offsetBefore: Int64) -> Int64 {
    lastChange == .min ? tableEndPeak : max(tableEndPeak, lastChange - 1 + offsetBefore)
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
    if t < footerStart {
      let i = intervalIndex(t)
      let offset = Int64(offsets[i])
      let local = t + offset
      let end = i + 1 < count ? min(starts[i + 1], footerStart) : footerStart
      return local >= peaks[i] ? (local, offset, end) : (peaks[i], offset, t)
    }
    let clock = footerWallClock(at: t)
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
    if t < footerStart {
      let i = intervalIndex(t)
      let end = i + 1 < count ? min(starts[i + 1], footerStart) : footerStart
      return Segment(
        start: starts[i], end: end, offset: offsets[i], isDaylight: isDaylight[i],
        abbreviation: names[Int(abbreviationIndexes[i])], peak: peaks[i])
    }
    guard let footer else {
      return Segment(
        start: footerStart, end: .max, offset: 0, isDaylight: false, abbreviation: "UTC",
        peak: tableEndPeak)
    }
    let state = footer.state(at: t)
    // The segment runs between effective changes: yearly events that cancel (daylight time
    // all year) do not split it.
    let previous = footer.previousEvent(atOrBefore: t)
    let peak = footerPeak(
      lastChange: previous?.instant ?? .min, offsetBefore: Int64(previous?.offsetBefore ?? 0))
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

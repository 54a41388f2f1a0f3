extension ZoneTable {
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
    return generalWallClock(at: t)
  }

  /// ``wallClock(at:)`` from the intervals and the footer, without the bucket entries.
  @usableFromInline @inline(never)
  func generalWallClock(at t: Int64) -> (local: Int64, highWater: Int64) {
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
    ZoneTable.tabulatedEntry(
      at: t, entries: highWaterBuckets, loadedCount: loadedBucketCount
    ) { isPublished($0) }
  }

  /// ``tabulatedEntry(at:)`` given the entries' address and the count written at load, for a
  /// caller that holds those rather than the table (``InternedZone``); `isPublished` (the
  /// table's) is asked only past the loaded entries.
  @inlinable @inline(__always)
  static func tabulatedEntry(
    at t: Int64, entries: UnsafePointer<HighWaterBucket>, loadedCount: UInt64,
    isPublished: (UInt64) -> Bool
  ) -> HighWaterBucket? {
    // A negative instant wraps to a huge bucket number and is not described.
    let bucket = UInt64(bitPattern: t) &>> HighWaterBucket.shift
    guard bucket < loadedCount || isPublished(bucket) else { return nil }
    let entry = entries[Int(bucket)]
    return entry.isDescribed ? entry : nil
  }

  /// Whether an entry past the loaded ones has been published by the extension (acquire, so
  /// that the entry's contents are visible once its count is).
  @inlinable @inline(__always)
  func isPublished(_ bucket: UInt64) -> Bool {
    bucket < publishedBucketCount.loadAcquiring()
  }

  @usableFromInline @inline(never)
  func generalHighWater(at t: Int64) -> Int64 {
    generalWallClock(at: t).highWater
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
  func wallClockSpan(at t: Int64) -> WallClockSpan {
    if let entry = tabulatedEntry(at: t) { return entry.span(at: t) }
    return generalWallClockSpan(at: t)
  }

  @usableFromInline @inline(never)
  func generalWallClockSpan(at t: Int64) -> WallClockSpan {
    let extent = extent(covering: t)
    let footerStart = extent.footerStart
    if t < footerStart {
      let i = intervalIndex(t, in: extent)
      let offset = Int64(columns.offsets[i])
      let local = t + offset
      let end = i + 1 < extent.count ? min(columns.starts[i + 1], footerStart) : footerStart
      return local >= columns.peaks[i]
        ? WallClockSpan(highWater: local, offset: offset, spanEnd: end)
        : WallClockSpan(highWater: columns.peaks[i], offset: offset, spanEnd: t)
    }
    let clock = footerWallClock(at: t, extent: extent)
    return WallClockSpan(highWater: clock.highWater, offset: clock.local - t, spanEnd: t)
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

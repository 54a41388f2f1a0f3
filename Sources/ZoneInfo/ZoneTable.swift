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
final class ZoneTable: @unchecked Sendable {
  /// 2101-01-01T00:00:00Z: the table holds every transition before this instant.
  static let fattenedHorizon: Int64 = 4_133_980_800
  /// Buckets of 2^20 s (about 12 days) index the intervals from 1970 to the horizon.
  static let bucketShift: Int64 = 20

  let identifier: String
  /// Number of intervals; at least 1.
  let count: Int
  /// `starts[i]` is the first instant of interval `i`; `starts[0]` is `Int64.min`.
  let starts: UnsafeMutablePointer<Int64>
  /// UTC offset of each interval, seconds east.
  let offsets: UnsafeMutablePointer<Int32>
  /// The highest wall-clock reading (local seconds) shown before each interval began.
  let peaks: UnsafeMutablePointer<Int64>
  let isDaylight: [Bool]
  let abbreviations: [String]
  /// Instants at or after this are computed from `footer`.
  let footerStart: Int64
  let footer: POSIXTimeZone?
  /// The wall-clock high-water mark at `footerStart`.
  let tableEndPeak: Int64
  /// `bucketIndex[(t - 0) >> bucketShift]` = interval containing the bucket's first instant.
  let buckets: UnsafeMutablePointer<UInt16>?
  let bucketCount: Int64

  struct Interval {
    var start: Int64
    var offset: Int32
    var isDaylight: Bool
    var abbreviation: String
  }

  init(identifier: String, contents: TZifContents) {
    self.identifier = identifier
    var intervals: [Interval] = []
    let type0 = contents.types[0]
    intervals.append(
      Interval(
        start: Int64.min, offset: type0.offset, isDaylight: type0.isDaylight,
        abbreviation: type0.abbreviation))
    for (t, typeIndex) in zip(contents.transitions, contents.transitionTypes) {
      let type = contents.types[Int(typeIndex)]
      ZoneTable.append(
        Interval(start: t, offset: type.offset, isDaylight: type.isDaylight,
                 abbreviation: type.abbreviation), to: &intervals)
    }
    var footerStart = Int64.max
    if let footer = contents.footer {
      if let last = contents.transitions.last {
        if last < ZoneTable.fattenedHorizon {
          var cursor = last
          while let event = footer.nextEvent(after: cursor), event.instant < ZoneTable.fattenedHorizon
          {
            ZoneTable.append(
              Interval(
                start: event.instant, offset: event.offsetAfter, isDaylight: event.isDaylightAfter,
                abbreviation: footer.abbreviation(isDaylight: event.isDaylightAfter)),
              to: &intervals)
            cursor = event.instant
          }
          footerStart = ZoneTable.fattenedHorizon
        } else {
          footerStart = last == Int64.max ? last : last + 1
        }
      } else {
        // RFC 8536 §3.2: with no transitions the footer, when present, governs every instant.
        footerStart = Int64.min
      }
    }
    self.footer = contents.footer
    self.footerStart = footerStart
    count = intervals.count
    starts = .allocate(capacity: count)
    offsets = .allocate(capacity: count)
    peaks = .allocate(capacity: count)
    var peak = Int64.min
    for (i, interval) in intervals.enumerated() {
      if i > 0 {
        peak = max(peak, saturatingAdd(interval.start - 1, Int64(intervals[i - 1].offset)))
      }
      starts[i] = interval.start
      offsets[i] = interval.offset
      peaks[i] = peak
    }
    isDaylight = intervals.map(\.isDaylight)
    abbreviations = intervals.map(\.abbreviation)
    let lastOffset = Int64(intervals[intervals.count - 1].offset)
    tableEndPeak =
      footerStart == Int64.min || footerStart == Int64.max
      ? peak : max(peak, saturatingAdd(footerStart - 1, lastOffset))
    // Interval indexes fit the bucket entries only for tables below 65,536 intervals.
    let horizon = min(footerStart, ZoneTable.fattenedHorizon)
    if count < Int(UInt16.max), horizon > 0 {
      let n = (horizon >> ZoneTable.bucketShift) + 1
      let table = UnsafeMutablePointer<UInt16>.allocate(capacity: Int(n))
      var index = 0
      for b in 0..<n {
        let bucketStart = b << ZoneTable.bucketShift
        while index + 1 < count && starts[index + 1] <= bucketStart { index += 1 }
        table[Int(b)] = UInt16(index)
      }
      buckets = table
      bucketCount = n
    } else {
      buckets = nil
      bucketCount = 0
    }
  }

  deinit {
    starts.deallocate()
    offsets.deallocate()
    peaks.deallocate()
    buckets?.deallocate()
  }

  /// Appends an interval unless it changes nothing (TZif files may repeat a type).
  private static func append(_ interval: Interval, to intervals: inout [Interval]) {
    if let last = intervals.last, last.offset == interval.offset,
      last.isDaylight == interval.isDaylight, last.abbreviation == interval.abbreviation
    {
      return
    }
    intervals.append(interval)
  }

  /// The interval containing `t`, for `t < footerStart`.
  @inline(__always)
  func intervalIndex(_ t: Int64) -> Int {
    if let buckets, t >= 0 {
      let b = t >> ZoneTable.bucketShift
      if b < bucketCount {
        var index = Int(buckets[Int(b)])
        while index + 1 < count && starts[index + 1] <= t { index += 1 }
        return index
      }
    }
    // Branch-light binary search for the last start <= t; starts[0] is Int64.min.
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
  @inline(__always)
  func wallClock(at t: Int64) -> (local: Int64, highWater: Int64) {
    if t < footerStart {
      let i = intervalIndex(t)
      let local = t + Int64(offsets[i])
      return (local, max(local, peaks[i]))
    }
    return footerWallClock(at: t)
  }

  @inline(never)
  func footerWallClock(at t: Int64) -> (local: Int64, highWater: Int64) {
    guard let footer else { return (t, t) }
    let state = footer.state(at: t)
    let local = t + Int64(state.offset)
    var peak = tableEndPeak
    if state.lastChange != Int64.min {
      peak = max(peak, state.lastChange - 1 + Int64(state.offsetBeforeLastChange))
    }
    return (local, max(local, peak))
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
        abbreviation: abbreviations[i], peak: peaks[i])
    }
    guard let footer else {
      return Segment(
        start: footerStart, end: .max, offset: 0, isDaylight: false, abbreviation: "UTC",
        peak: tableEndPeak)
    }
    let state = footer.state(at: t)
    var peak = tableEndPeak
    if state.lastChange != Int64.min {
      peak = max(peak, state.lastChange - 1 + Int64(state.offsetBeforeLastChange))
    }
    return Segment(
      start: max(state.lastChange, footerStart), end: footer.nextEvent(after: t)?.instant ?? .max,
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

extension ZoneTable {
  /// The index of a name in a list, appending it when new.
  static func index(of name: String, in names: inout [String]) -> UInt16 {
    if let found = names.firstIndex(of: name) { return UInt16(truncatingIfNeeded: found) }
    names.append(name)
    return UInt16(truncatingIfNeeded: names.count - 1)
  }

  /// Computes the marks of the intervals from `first` on and the extent they make up.
  static func finish(_ builder: IntervalBuilder, from first: Int, footerStart: Int64)
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

  /// Encodes the one-entry buckets `from..<to` in one walk over buckets and intervals
  /// together. A run of buckets inside one interval shares the entry of its first bucket
  /// (whose transition then lies at or before every later bucket of the run); buckets with a
  /// transition are encoded one by one, and those with two take the general path.
  static func fillHighWaterBuckets(
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
}

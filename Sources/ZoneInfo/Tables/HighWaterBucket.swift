/// One 2^23-second bucket (about 97 days) of a zone's wall clock in 16 bytes, so that the
/// membership test reads one entry instead of walking intervals.
///
/// An entry describes a bucket with at most one transition (at `transition`; the bucket's
/// start when there is none) and no fold carried in from an earlier bucket. Other buckets
/// hold ``general`` and take the interval look-up. Every entry is checked against the exact
/// intervals when it is built, so the fast answer cannot differ from the general one.
@usableFromInline
struct HighWaterBucket {
  /// The bucket's transition, or its first instant when it has none (so never negative:
  /// buckets start in 1970); `Int64.min` marks a bucket the entry cannot describe, which a
  /// sign test finds.
  @usableFromInline var transition: Int64
  /// The UTC offset before `transition`.
  @usableFromInline var before: Int32
  /// The UTC offset from `transition` on.
  @usableFromInline var after: Int32

  @usableFromInline
  init(transition: Int64, before: Int32, after: Int32) {
    self.transition = transition
    self.before = before
    self.after = after
  }

  /// The entry of a bucket the fast path cannot describe.
  @inlinable static var general: HighWaterBucket {
    HighWaterBucket(transition: .min, before: 0, after: 0)
  }

  /// log2 of the bucket length in seconds.
  @inlinable static var shift: UInt64 { 23 }

  /// Whether this entry describes its bucket (rather than sending it to the general path).
  @inlinable var isDescribed: Bool { transition >= 0 }

  /// The high-water mark at an instant in this entry's bucket.
  @inlinable @inline(__always)
  func highWater(at t: Int64) -> Int64 {
    // The high-water half of `span(at:)`. LLVM makes the side of the transition a branch (well
    // predicted: most buckets have none) and the fold a conditional move; mask arithmetic
    // like `span(at:)`'s measured no faster here.
    let isAfter = t >= transition
    let local = t &+ Int64(isAfter ? after : before)
    let foldPeak = isAfter ? transition &- 1 &+ Int64(before) : Int64.min
    return local > foldPeak ? local : foldPeak
  }

  /// The high-water mark at an instant in this entry's bucket, the offset in force, and the
  /// end of the run over which the high-water mark is the instant plus that offset (the
  /// instant itself in a fold's repeated half, where no such run starts).
  ///
  /// Selects the side of the transition by masks rather than a branch: which side a random
  /// instant falls on is unpredictable, and a mispredicted branch costs more than this whole
  /// body. A fold's repeated half (an hour a year) takes a branch, predicted not taken. Every
  /// quantity is within ±2^40, so no subtraction overflows.
  @inlinable @inline(__always)
  func span(at t: Int64) -> WallClockSpan {
    let isBefore = (t &- transition) &>> 63  // all ones before the transition, else zero
    let before = Int64(self.before)
    let after = Int64(self.after)
    let offset = after ^ ((after ^ before) & isBefore)
    let local = t &+ offset
    // After a transition the clock has shown up to one second before it at the old offset;
    // a reading below that is in a fold's repeated half, where that reading is the high-water
    // mark. Before the transition the sign bit makes the bound unreachable.
    let foldPeak = (transition &- 1 &+ before) | (isBefore & Int64.min)
    if local < foldPeak { return WallClockSpan(highWater: foldPeak, offset: offset, spanEnd: t) }
    let bucketEnd = (t | ((1 << Int64(HighWaterBucket.shift)) &- 1)) &+ 1
    // The run ends at the transition, or at the bucket's end: the next transition, if any, is
    // no earlier.
    return WallClockSpan(
      highWater: local, offset: offset, spanEnd: bucketEnd ^ ((bucketEnd ^ transition) & isBefore))
  }

  // Over a part [partStart, …) of a bucket with one offset, the entry's high-water mark is
  // max(t + offset, entryPeak) and the exact one max(t + offset, exactPeak). They agree on the
  // whole part when the peaks are equal or neither exceeds the part's first reading.
  private static func agrees(partStart: Int64, offset: Int32, entryPeak: Int64, exactPeak: Int64)
    -> Bool
  {
    entryPeak == exactPeak || max(entryPeak, exactPeak) <= partStart + Int64(offset)
  }

  /// The entry for a bucket with no transition, or ``general``.
  ///
  /// - Parameters:
  ///   - bucketStart: The bucket's first instant (a multiple of 2^23, not negative).
  ///   - offset: The offset in force over the whole bucket.
  ///   - peak: The exact high-water mark before the interval in force began.
  /// - Returns: An entry whose transition is `bucketStart`; it also describes every later
  ///   bucket of the same interval, as the peak only falls further behind the clock.
  static func encode(bucketStart: Int64, offset: Int32, peak: Int64) -> HighWaterBucket {
    let entryPeak = bucketStart - 1 + Int64(offset)
    guard agrees(partStart: bucketStart, offset: offset, entryPeak: entryPeak, exactPeak: peak)
    else { return general }
    return HighWaterBucket(transition: bucketStart, before: offset, after: offset)
  }

  /// The entry for a bucket with exactly one transition, or ``general``.
  ///
  /// - Parameters:
  ///   - bucketStart: The bucket's first instant (a multiple of 2^23, not negative).
  ///   - transition: The bucket's transition.
  ///   - before, after: The offsets in force before and from the transition.
  ///   - peakBefore, peakAfter: The exact high-water marks before the two intervals began.
  static func encode(
    bucketStart: Int64, transition: Int64, before: Int32, after: Int32, peakBefore: Int64,
    peakAfter: Int64
  ) -> HighWaterBucket {
    guard
      agrees(partStart: bucketStart, offset: before, entryPeak: .min, exactPeak: peakBefore),
      agrees(
        partStart: transition, offset: after, entryPeak: transition - 1 + Int64(before),
        exactPeak: peakAfter)
    else { return general }
    return HighWaterBucket(transition: transition, before: before, after: after)
  }
}

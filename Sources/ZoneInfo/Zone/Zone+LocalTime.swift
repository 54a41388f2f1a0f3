extension Zone {
  /// How far around a local reading to look for the transitions that affect it. Real offsets
  /// are within ±26 h, and no transition moves the clock by more than a day.
  static let searchRadius: Int64 = 3 * 86_400

  /// The instants at which the wall clock shows a local date-time: none in a gap, one, or two
  /// in a fold.
  ///
  /// - Parameter local: A wall-clock reading.
  /// - Returns: ``LocalInstants``.
  /// - Complexity: O(1) segments examined, each an O(log *n*) lookup at worst.
  public func instants(for local: LocalDateTime) -> LocalInstants {
    instants(forLocalSeconds: local.localSeconds)
  }

  package func instants(forLocalSeconds local: Int64) -> LocalInstants {
    var found: [Int64] = []
    var skippedAt: Int64?
    var segment = table.segment(containing: local - Zone.searchRadius)
    var previousOffset: Int32?
    while true {
      let t = local - Int64(segment.offset)
      if t >= segment.start && t < segment.end { found.append(t) }
      if let before = previousOffset, skippedAt == nil,
        local - Int64(before) >= segment.start, t < segment.start
      {
        skippedAt = segment.start
      }
      if segment.end == .max || segment.end > local + Zone.searchRadius { break }
      previousOffset = segment.offset
      segment = table.segment(containing: segment.end)
    }
    switch found.count {
    case 0: return .skipped(transition: skippedAt ?? local)
    case 1: return .unique(found[0])
    default: return .repeated(earlier: found[0], later: found[found.count - 1])
    }
  }

  /// The first instant at which the wall clock shows `local` or a later reading: the reading
  /// itself when it occurs, its first occurrence in a fold, the transition in a gap.
  ///
  /// This is the *mark* of the DND semantics. Equivalently, the least instant whose
  /// high-water mark (see ``wallClock(unchecked:)``) is at least `local`.
  package func firstInstant(atOrAfterLocalSeconds local: Int64) -> Int64 {
    var segment = table.segment(containing: local - Zone.searchRadius)
    while true {
      if segment.peak >= local { return segment.start }
      let t = local - Int64(segment.offset)
      if t < segment.start { return segment.start }
      if t < segment.end { return t }
      if segment.end == .max { return t }
      segment = table.segment(containing: segment.end)
    }
  }
}

extension Zone {
  /// The first instant at which the wall clock shows `local` or a later reading: the *mark*
  /// of the do-not-disturb semantics, one instant for every reading.
  ///
  /// The gap/fold policy is *first at or after*: a reading that occurs once gives that
  /// instant; a reading in a fold (shown twice) gives its earlier occurrence; a reading in a
  /// gap (never shown) gives the transition instant, the first instant showing a later
  /// reading. For America/New_York, 2026-03-08T02:30 (skipped) gives 07:00Z (03:00 EDT) and
  /// 2026-11-01T01:30 (repeated) gives 05:30Z (01:30 EDT). ``instants(for:)`` gives every
  /// instant of a reading instead.
  ///
  /// - Parameter local: A wall-clock reading.
  /// - Returns: UNIX seconds.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)`` when the instant falls outside
  ///   ``supportedInstants``: a reading within three days of year -9999's start or 9999's end.
  /// - Complexity: O(1) segments examined, each an O(log *n*) lookup at worst.
  public func firstInstant(atOrAfter local: LocalDateTime) throws(ZoneError) -> Int64 {
    let seconds = local.localSeconds
    // The look-up reads the zone up to three days either side of the reading, so readings
    // that close to the supported range's ends are refused rather than half answered.
    guard seconds - Zone.searchRadius >= Zone.supportedInstants.lowerBound,
      seconds + Zone.searchRadius <= Zone.supportedInstants.upperBound
    else { throw .instantOutOfRange(seconds) }
    return firstInstant(atOrAfterLocalSeconds: seconds)
  }

  /// The first instant of the local date on which an instant falls: its midnight, or, when
  /// the clock skips midnight, the first instant after the gap (the first-at-or-after policy of
  /// ``firstInstant(atOrAfter:)``).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: UNIX seconds, at or before `instant`.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``, also within three days of the ends of
  ///   ``supportedInstants``.
  public func startOfDay(containing instant: Int64) throws(ZoneError) -> Int64 {
    let local = try localDateTime(at: instant)
    return try firstInstant(
      atOrAfter: LocalDateTime(localSeconds: local.dayNumber * secondsPerDay))
  }
}

extension Zone {
  /// An instant as ISO 8601 on this zone's wall clock, with its offset:
  /// `2026-03-09T08:00:00+08:00` (or `Z` in UTC).
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The formatted reading.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  package func iso8601(_ instant: Int64) throws(ZoneError) -> String {
    let offset = try offset(at: instant)
    let local = LocalDateTime(localSeconds: instant + Int64(offset))
    return local.description + Zone.formatOffset(offset, utcAsZ: true)
  }

  /// A UTC offset as `+HH:MM`, or `+HH:MM:SS` when it has seconds (LMT).
  ///
  /// - Parameters:
  ///   - offset: Seconds east of UTC.
  ///   - utcAsZ: Whether to write zero as `Z`.
  /// - Returns: The formatted offset.
  package static func formatOffset(_ offset: Int32, utcAsZ: Bool = false) -> String {
    if offset == 0 && utcAsZ { return "Z" }
    let magnitude = Int(offset.magnitude)
    var text =
      (offset < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
    if magnitude % 60 != 0 { text += ":" + pad(magnitude % 60, 2) }
    return text
  }
}

extension Zone {
  /// The first transition strictly after an instant.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The transition, or nil when the zone never changes again (no footer rule, or
  ///   one without daylight time, and no later table entry).
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  public func nextTransition(after instant: Int64) throws(ZoneError) -> ZoneTransition? {
    try Zone.checkSupported(instant)
    var current = table.segment(containing: instant)
    while current.end != .max && current.end <= Zone.supportedInstants.upperBound {
      let next = table.segment(containing: current.end)
      if next.offset != current.offset || next.isDaylight != current.isDaylight
        || next.abbreviation != current.abbreviation
      {
        return ZoneTransition(
          instant: current.end, offsetBefore: current.offset, offsetAfter: next.offset,
          isDaylightSavingTimeAfter: next.isDaylight, abbreviationBefore: current.abbreviation,
          abbreviationAfter: next.abbreviation)
      }
      current = next
    }
    return nil
  }

  /// The last transition at or before an instant.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The transition whose instant is `<= instant`, or nil before the first one.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  public func previousTransition(atOrBefore instant: Int64) throws(ZoneError) -> ZoneTransition? {
    try Zone.checkSupported(instant)
    var current = table.segment(containing: instant)
    while current.start != .min && current.start > Zone.supportedInstants.lowerBound {
      let before = table.segment(containing: current.start - 1)
      if before.offset != current.offset || before.isDaylight != current.isDaylight
        || before.abbreviation != current.abbreviation
      {
        return ZoneTransition(
          instant: current.start, offsetBefore: before.offset, offsetAfter: current.offset,
          isDaylightSavingTimeAfter: current.isDaylight, abbreviationBefore: before.abbreviation,
          abbreviationAfter: current.abbreviation)
      }
      current = before
    }
    return nil
  }

  /// The transitions in a half-open range of instants.
  ///
  /// - Parameter range: UNIX seconds, `lowerBound` inclusive.
  /// - Returns: The transitions in order.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)`` if a bound is out of range.
  public func transitions(in range: Range<Int64>) throws(ZoneError) -> [ZoneTransition] {
    guard !range.isEmpty else { return [] }
    try Zone.checkSupported(range.lowerBound)
    try Zone.checkSupported(range.upperBound - 1)
    var result: [ZoneTransition] = []
    var cursor = range.lowerBound - 1
    if cursor < Zone.supportedInstants.lowerBound { cursor = Zone.supportedInstants.lowerBound }
    if let first = try previousTransition(atOrBefore: range.lowerBound),
      first.instant == range.lowerBound
    {
      result.append(first)
      cursor = range.lowerBound
    }
    while let next = try nextTransition(after: cursor), next.instant < range.upperBound {
      result.append(next)
      cursor = next.instant
    }
    return result
  }
}

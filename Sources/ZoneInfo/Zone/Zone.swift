/// An IANA time zone: maps instants (UNIX seconds) to UTC offsets and wall-clock readings,
/// and wall-clock readings back to instants.
///
/// A `Zone` is a small value over tables shared by every copy; it is `Sendable` and takes no
/// lock, except once: the tables are built to 2050 when the zone is created, and the first
/// answer that needs a later instant (before 2501) builds the rest under a per-zone lock.
/// Answers never depend on whether that has happened. Obtain one from
/// ``ZoneDatabase/zone(_:)``, or build one from TZif
/// bytes you pinned yourself with ``init(identifier:tzif:)``.
///
/// Every operation accepts instants in ``supportedInstants`` (years -9999 through 9999, as
/// in jiff) and throws ``ZoneError/instantOutOfRange(_:)`` outside it rather than trapping.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline let table: ZoneTable

  /// The instants every operation accepts: -9999-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
  @inlinable public static var supportedInstants: ClosedRange<Int64> {
    -377_705_116_800...253_402_300_799
  }

  /// Coordinated Universal Time, built in: it needs no database.
  public static let utc: Zone = {
    let contents = TZifContents(
      version: 2, transitions: [], transitionTypes: [],
      types: [.init(offset: 0, isDaylight: false, abbreviation: "UTC")], footer: nil)
    return Zone(table: ZoneTable(identifier: "UTC", contents: contents))
  }()

  init(table: ZoneTable) {
    self.table = table
  }

  /// Creates a zone from the bytes of a TZif file (RFC 8536, versions 1 to 4).
  ///
  /// - Parameters:
  ///   - identifier: The ID to report for this zone; it is not used to find any file.
  ///   - tzif: The file's bytes.
  /// - Throws: ``ZoneError/malformedTZif(zone:reason:)`` or
  ///   ``ZoneError/malformedPOSIXTimeZone(_:reason:)`` for corrupt or hostile data.
  /// - Complexity: O(*n*) in the number of transitions.
  public init(identifier: String, tzif: [UInt8]) throws(ZoneError) {
    let contents = try TZifParser.parse(tzif, zone: identifier)
    self.init(table: ZoneTable(identifier: identifier, contents: contents))
  }

  /// Creates a zone that follows a POSIX TZ rule at every instant, such as
  /// `CET-1CEST,M3.5.0,M10.5.0/3`.
  ///
  /// - Parameter posixTZ: The rule; its standard and daylight offsets apply for all time.
  /// - Throws: ``ZoneError/malformedPOSIXTimeZone(_:reason:)``.
  public init(posixTZ: String) throws(ZoneError) {
    let footer = try POSIXTimeZone(parsing: posixTZ)
    let contents = TZifContents(
      version: 2, transitions: [], transitionTypes: [],
      types: [
        .init(
          offset: footer.standardOffset, isDaylight: footer.constantIsDaylight,
          abbreviation: footer.standardAbbreviation)
      ], footer: footer)
    self.init(table: ZoneTable(identifier: posixTZ, contents: contents))
  }

  /// The zone's ID, for example `America/New_York`.
  public var identifier: String { table.identifier }

  /// The zone's ID.
  public var description: String { table.identifier }

  /// Zones are equal when they have the same ID and were read from the same data.
  ///
  /// - Parameters:
  ///   - lhs: A zone.
  ///   - rhs: Another zone.
  /// - Returns: Whether they are the same zone.
  public static func == (lhs: Zone, rhs: Zone) -> Bool {
    lhs.table === rhs.table || lhs.table.isEquivalent(to: rhs.table)
  }

  /// Hashes the zone's ID.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(table.identifier)
  }

  /// Throws unless an instant is in ``supportedInstants``: the one range check every
  /// instant-taking operation of the kit makes.
  @inlinable @inline(__always)
  package static func checkSupported(_ instant: Int64) throws(ZoneError) {
    guard supportedInstants.contains(instant) else { throw .instantOutOfRange(instant) }
  }

  /// The UTC offset in effect at an instant, in seconds east of Greenwich.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The offset, for example -14400 for EDT.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  /// - Complexity: O(1) for 1970 through 2500, O(log *n*) before, a footer rule evaluation
  ///   after.
  public func offset(at instant: Int64) throws(ZoneError) -> Int32 {
    try Zone.checkSupported(instant)
    return Int32(table.wallClock(at: instant).local - instant)
  }

  /// Whether daylight saving time is in effect at an instant, as the tzdata flags it.
  ///
  /// Europe/Dublin's winter time is flagged as daylight time (negative DST) and its summer
  /// time as standard time; this reports the flag as tzdata has it.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The tzdata `isdst` flag.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  package func isDaylightSavingTime(at instant: Int64) throws(ZoneError) -> Bool {
    try Zone.checkSupported(instant)
    return table.segment(containing: instant).isDaylight
  }

  /// The time zone abbreviation at an instant, such as `EDT` or `+0545`.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The abbreviation.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  package func abbreviation(at instant: Int64) throws(ZoneError) -> String {
    try Zone.checkSupported(instant)
    return table.segment(containing: instant).abbreviation
  }

  /// The wall-clock reading of an instant.
  ///
  /// - Parameter instant: UNIX seconds.
  /// - Returns: The local date and time; ``LocalDateTime/isoWeekday`` gives the weekday.
  /// - Throws: ``ZoneError/instantOutOfRange(_:)``.
  public func localDateTime(at instant: Int64) throws(ZoneError) -> LocalDateTime {
    try Zone.checkSupported(instant)
    return LocalDateTime(localSeconds: table.wallClock(at: instant).local)
  }

  /// The wall-clock reading and high-water mark for an instant known to be in range.
  ///
  /// The high-water mark is the highest reading the clock has shown at or before the
  /// instant; it exceeds the reading only in the repeated half of a fold. An instant is at or
  /// after `mark(L)` exactly when its high-water mark is at least `L`.
  @inlinable @inline(__always)
  package func wallClock(unchecked instant: Int64) -> (local: Int64, highWater: Int64) {
    // The zone value keeps the table alive, and a call through its stored reference counts no
    // references (release build: no retain or release added, the same callgrind counts as
    // with `_withUnsafeGuaranteedRef`, which these methods therefore do without).
    table.wallClock(at: instant)
  }

  /// The wall clock's high-water mark at an instant known to be in range: the membership
  /// test's one look-up (a single word for 1970 to 2500, see `HighWaterBucket`).
  @inlinable @inline(__always)
  package func highWater(unchecked instant: Int64) -> Int64 {
    table.highWater(at: instant)
  }

  /// ``highWater(unchecked:)`` for any instant, when the zone's one-entry buckets describe it
  /// (1970 to 2500 once extended, 1970 to 2050 before; nearly always); nil otherwise. An answer
  /// implies the instant is in range.
  @inlinable @inline(__always)
  package func tabulatedHighWater(_ instant: Int64) -> Int64? {
    table.tabulatedEntry(at: instant)?.highWater(at: instant)
  }

  /// ``wallClockSpan(unchecked:)`` for any instant, when the zone's one-entry buckets
  /// describe it; nil otherwise. An answer implies the instant is in range.
  @inlinable @inline(__always)
  package func tabulatedSpan(_ instant: Int64) -> WallClockSpan? {
    table.tabulatedEntry(at: instant)?.span(at: instant)
  }

  /// The high-water mark at an instant known to be in range, the offset in force, and the end
  /// of the run of instants over which the high-water mark equals instant + offset (equal to
  /// the instant when no such promise can be made cheaply). Lets the schedule compute marks
  /// ahead of an instant with no further look-up when no transition intervenes.
  @inlinable @inline(__always)
  package func wallClockSpan(unchecked instant: Int64) -> WallClockSpan {
    table.wallClockSpan(at: instant)
  }
}

extension ZoneTable {
  func isEquivalent(to other: ZoneTable) -> Bool {
    // The loaded parts decide: the rest is derived from the same footer.
    let loaded = extents[0]
    let otherLoaded = other.extents[0]
    guard identifier == other.identifier, loaded.count == otherLoaded.count,
      footer == other.footer, loaded.footerStart == otherLoaded.footerStart,
      names == other.names
    else { return false }
    for i in 0..<loaded.count
    where columns.starts[i] != other.columns.starts[i]
      || columns.offsets[i] != other.columns.offsets[i]
      || columns.abbreviations[i] != other.columns.abbreviations[i]
    {
      return false
    }
    return true
  }
}

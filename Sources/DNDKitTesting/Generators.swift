import DNDSchedule
import ZoneInfo

/// Seeded random zones, instants and rules for property tests of code that decides with
/// DNDKit, drawn where do-not-disturb code goes wrong: near clock changes, at odd offsets,
/// with windows in the small hours.
///
/// Every draw takes a ``SplitMix64`` so that a seed replays a run:
///
/// ```swift
/// let generators = Generators(zones: try ZoneDatabase())
/// var rng = SplitMix64(seed: 0x5EED)
/// let id = generators.zoneID(using: &rng)
/// let rule = generators.rule(zoneID: id, using: &rng)
/// let t = generators.instant(in: try generators.zones.zone(id), using: &rng)
/// ```
public struct Generators: Sendable {
  /// Zones with notable transitions (gaps and folds of unusual sizes, negative daylight time,
  /// 30- and 45-minute offsets, skipped dates), drawn as often as the rest of the database
  /// together.
  public static let notableZones = [
    "America/New_York", "Europe/Berlin", "Europe/Dublin", "Europe/London", "Australia/Lord_Howe",
    "America/Santiago", "America/Havana", "Asia/Beirut", "Africa/Cairo", "America/Sao_Paulo",
    "Africa/Casablanca", "Antarctica/Troll", "Asia/Kathmandu", "Asia/Almaty", "Asia/Pyongyang",
    "Pacific/Apia", "Pacific/Chatham", "America/St_Johns", "Asia/Tehran", "Pacific/Auckland",
    "Asia/Shanghai", "UTC", "Asia/Kolkata", "America/Nuuk", "Europe/Moscow",
  ]

  /// The database zones come from.
  public let zones: ZoneDatabase
  /// All zone IDs in it.
  public let allIDs: [String]

  /// Creates generators over a database.
  ///
  /// - Parameter zones: The database (the host's, or a pinned snapshot).
  public init(zones: ZoneDatabase) {
    self.zones = zones
    allIDs = zones.identifiers()
  }

  /// A zone ID: half the time one of ``notableZones``, else any zone in the database.
  ///
  /// - Parameter rng: The generator.
  /// - Returns: The zone ID.
  public func zoneID(using rng: inout SplitMix64) -> String {
    if Bool.random(using: &rng) || allIDs.isEmpty {
      return Generators.notableZones.randomElement(using: &rng) ?? "UTC"
    }
    return allIDs.randomElement(using: &rng) ?? "UTC"
  }

  /// The zones of the database with a trait, sorted.
  ///
  /// Traits are read from the zone's own transitions between `years` (by default 1970 through
  /// 2037, the years most tzdata zones list), so they follow the database's tzdata release.
  ///
  /// - Parameters:
  ///   - trait: What the zones must have, such as ``ZoneTrait/gaps``.
  ///   - years: The range of years searched.
  /// - Returns: The IDs; empty when no zone has the trait.
  public func zoneIDs(with trait: ZoneTrait, years: ClosedRange<Int64> = 1970...2037) -> [String] {
    if trait == .any { return allIDs }
    let start = (years.lowerBound - 1970) * 31_556_952
    let end = (years.upperBound + 1 - 1970) * 31_556_952
    return allIDs.filter { id in
      guard let zone = try? zones.zone(id) else { return false }
      return (try? trait.holds(for: zone, in: start..<end)) ?? false
    }
  }

  /// An instant in a zone: half the time near a transition (within three days, often within
  /// minutes, in either direction), else uniform in 1970–2100 (sometimes up to 2300).
  ///
  /// - Parameters:
  ///   - zone: The zone.
  ///   - rng: The generator.
  /// - Returns: UNIX seconds.
  public func instant(in zone: Zone, using rng: inout SplitMix64) -> Int64 {
    let uniform = Int64.random(
      in: 0...(Bool.random(using: &rng) ? 4_102_444_800 : 10_413_792_000), using: &rng)
    if Bool.random(using: &rng),
      let transition = try? zone.nextTransition(after: uniform)
        ?? zone.previousTransition(atOrBefore: uniform)
    {
      return instant(near: transition, using: &rng)
    }
    return uniform
  }

  /// An instant near a transition: within a minute, an hour, a day or three days of it.
  ///
  /// - Parameters:
  ///   - transition: The transition.
  ///   - rng: The generator.
  /// - Returns: UNIX seconds.
  public func instant(near transition: ZoneTransition, using rng: inout SplitMix64) -> Int64 {
    let spread: Int64 = [60, 3_600, 86_400, 3 * 86_400].randomElement(using: &rng) ?? 60
    return transition.instant + Int64.random(in: -spread...spread, using: &rng)
  }

  /// A valid do-not-disturb rule in a zone: times often on the hour or half hour around
  /// 00:00–03:00 (where clocks change) or late in the evening, start equal to end sometimes
  /// (a 24-hour window), any of `modes`, custom weekdays at random.
  ///
  /// - Parameters:
  ///   - zoneID: The rule's zone.
  ///   - modes: The repeat modes to draw from (every mode by default).
  ///   - rng: The generator.
  /// - Returns: The rule, enabled; one-off rules (`RepeatMode.once`, `RepeatMode.unknown`)
  ///   still need saving with `savedAndCompiled(at:zones:)`.
  public func rule(
    zoneID: String, modes: [RepeatMode] = [.daily, .custom, .once, .unknown],
    using rng: inout SplitMix64
  ) -> DoNotDisturbRule {
    func time() -> (Int, Int) {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: return (Int.random(in: 0...3, using: &rng), [0, 30].randomElement(using: &rng) ?? 0)
      case 1: return (Int.random(in: 22...23, using: &rng), 0)
      default: return (Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng))
      }
    }
    let start = time()
    let end = Int.random(in: 0..<8, using: &rng) == 0 ? start : time()
    let mode = modes.randomElement(using: &rng) ?? .daily
    return DoNotDisturbRule(
      enabled: true, startHour: start.0, startMinute: start.1, endHour: end.0,
      endMinute: end.1, repeatMode: mode,
      customRepeatDays: mode == .custom ? Int.random(in: 1...127, using: &rng) : 0,
      onceEndTimestamp: 0, timeZoneID: zoneID)
  }
}

extension Generators {
  /// A rule whose start and end are put near the wall-clock readings a transition leaves and
  /// arrives at (on them, or up to the size of the jump either side), with an instant in and
  /// around the jump: windows that begin or end in a gap or a fold, asked about while the
  /// clock changes, where hand-written quiet-hours code goes wrong.
  ///
  /// - Parameters:
  ///   - rule: A rule, such as one from ``rule(zoneID:modes:using:)``.
  ///   - transition: A transition of the rule's zone.
  ///   - rng: The generator.
  /// - Returns: The rule with its window moved, and an instant within twice the jump (at
  ///   least an hour) of the transition.
  public func rule(
    _ rule: DoNotDisturbRule, alignedWith transition: ZoneTransition, using rng: inout SplitMix64
  ) -> (rule: DoNotDisturbRule, instant: Int64) {
    let jump = max(Int64(abs(transition.wallClockShift)), 3_600)
    func reading() -> (Int, Int) {
      let offset = Bool.random(using: &rng) ? transition.offsetBefore : transition.offsetAfter
      let deltas: [Int64] = [-jump, -jump / 2, 0, 0, jump / 2, jump]
      let delta = deltas.randomElement(using: &rng) ?? 0
      let wall = transition.instant + Int64(offset) + delta
      let minutes = Int(((wall % 86_400) + 86_400) % 86_400 / 60)
      return (minutes / 60, minutes % 60)
    }
    var aligned = rule
    (aligned.startHour, aligned.startMinute) = reading()
    if Int.random(in: 0..<4, using: &rng) != 0 {
      (aligned.endHour, aligned.endMinute) = reading()
    }
    let instant = transition.instant + Int64.random(in: (-2 * jump)...(2 * jump), using: &rng)
    return (aligned, instant)
  }
}

/// A kind of zone to draw from, read from the zone's transitions.
public enum ZoneTrait: Sendable, Hashable, CaseIterable {
  /// Any zone.
  case any
  /// Some transition turns daylight saving time on or off.
  case daylightSaving
  /// The clock jumps forward: some wall-clock times are skipped.
  case gaps
  /// The clock goes back: some wall-clock times happen twice.
  case folds
  /// Some offset is a whole number of half hours but not of hours (India, Newfoundland, Lord
  /// Howe's summer).
  case halfHourOffsets
  /// Some offset is a whole number of quarter hours but not of half hours (Nepal, Chatham).
  case quarterHourOffsets
  /// The clock jumps forward by a day or more, skipping a whole date (Samoa in 2011).
  case skippedDates

  /// Whether a zone has the trait within a range of instants.
  func holds(for zone: Zone, in range: Range<Int64>) throws(ZoneError) -> Bool {
    let transitions = try zone.transitions(in: range)
    let offsets = transitions.flatMap { [$0.offsetBefore, $0.offsetAfter] }
    func odd(_ offsets: [Int32], _ unit: Int32, _ coarser: Int32) -> Bool {
      let first = (try? zone.offset(at: range.lowerBound)).map { [$0] } ?? []
      return (offsets + first).contains { $0 % unit == 0 && $0 % coarser != 0 }
    }
    switch self {
    case .any: return true
    case .daylightSaving:
      return transitions.contains { $0.isDaylightSavingTimeAfter }
    case .gaps: return transitions.contains { $0.wallClockShift > 0 }
    case .folds: return transitions.contains { $0.wallClockShift < 0 }
    case .halfHourOffsets: return odd(offsets, 1_800, 3_600)
    case .quarterHourOffsets: return odd(offsets, 900, 1_800)
    case .skippedDates: return transitions.contains { $0.wallClockShift >= 86_400 }
    }
  }
}

import DNDSchedule
import ZoneInfo

/// Random zones, rules and instants for property tests.
public struct Generators {
  /// Zones with notable transitions, drawn as often as the rest of the database together.
  public static let notableZones = [
    "America/New_York", "Europe/Berlin", "Europe/Dublin", "Europe/London", "Australia/Lord_Howe",
    "America/Santiago", "America/Havana", "Asia/Beirut", "Africa/Cairo", "America/Sao_Paulo",
    "Africa/Casablanca", "Antarctica/Troll", "Asia/Kathmandu", "Asia/Almaty", "Asia/Pyongyang",
    "Pacific/Apia", "Pacific/Chatham", "America/St_Johns", "Asia/Tehran", "Pacific/Auckland",
    "Asia/Shanghai", "UTC", "Asia/Kolkata", "America/Nuuk", "Europe/Moscow",
  ]

  /// The database.
  public let zones: ZoneDatabase
  /// All zone IDs in it.
  public let allIDs: [String]

  /// Creates generators over a database.
  ///
  /// - Parameter zones: The database.
  public init(zones: ZoneDatabase) {
    self.zones = zones
    allIDs = zones.identifiers()
  }

  /// A zone: half the time a notable one, else any.
  ///
  /// - Parameter rng: The generator.
  /// - Returns: The zone ID.
  public func zoneID(using rng: inout SplitMix64) -> String {
    if Bool.random(using: &rng) || allIDs.isEmpty {
      return Generators.notableZones.randomElement(using: &rng) ?? "UTC"
    }
    return allIDs.randomElement(using: &rng) ?? "UTC"
  }

  /// An instant: half the time near a transition of the zone (within three days, often
  /// within minutes), else uniform in 1970–2100 (and sometimes up to 2300).
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
      let spread: Int64 = [60, 3_600, 86_400, 3 * 86_400].randomElement(using: &rng) ?? 60
      return transition.instant + Int64.random(in: -spread...spread, using: &rng)
    }
    return uniform
  }

  /// A valid rule in a zone: times often on the hour around 00:00–03:00 (where transitions
  /// happen), start == end sometimes, every repeat mode.
  ///
  /// - Parameters:
  ///   - zoneID: The zone ID.
  ///   - modes: The modes to draw from.
  ///   - rng: The generator.
  /// - Returns: The rule; one-off rules still need saving.
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

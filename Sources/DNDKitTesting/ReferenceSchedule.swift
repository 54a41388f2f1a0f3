import DNDSchedule
import ZoneInfo

/// A slow, obviously correct do-not-disturb evaluator written straight from the semantics,
/// sharing nothing with the engine but the zone's offsets and transition list: the model to
/// compare a service's behaviour against.
///
/// - `mark(L)` is the least instant whose wall reading (instant + offset) is at least L,
///   found piece by piece over the zone's constant-offset pieces near L.
/// - A period owned by date D is `[mark(D, start), mark(D', end))`, with D' the next date
///   when the window crosses midnight (end at or before start).
/// - The state at t is whether any owned period of the nearby dates contains t.
/// - The next change is the first period boundary after t at which the state differs.
///
/// ```swift
/// let reference = ReferenceSchedule(rule: rule, zone: try zones.zone(rule.timeZoneID))
/// let expected = try reference.contains(t)
/// ```
public struct ReferenceSchedule: Sendable {
  /// The zone.
  public let zone: Zone
  /// The rule, already saved for one-off modes.
  public let rule: DoNotDisturbRule
  /// For one-off rules, the period computed from the save instant (not from onceEnd).
  public let oneOffPeriod: DoNotDisturbPeriod?

  /// Creates the reference for a repeating rule.
  ///
  /// - Parameters:
  ///   - rule: A daily or custom rule (or disabled).
  ///   - zone: Its zone.
  public init(rule: DoNotDisturbRule, zone: Zone) {
    self.rule = rule
    self.zone = zone
    oneOffPeriod = nil
  }

  /// Creates the reference for a one-off rule saved at an instant.
  ///
  /// - Parameters:
  ///   - rule: A once or unknown rule.
  ///   - zone: Its zone.
  ///   - savedAt: The save instant.
  public init(oneOff rule: DoNotDisturbRule, zone: Zone, savedAt: Int64) throws {
    self.rule = rule
    self.zone = zone
    let daily = ReferenceSchedule(rule: rule, zone: zone)
    let localDay = Self.dayNumber(localSeconds: savedAt + Int64(try zone.offset(at: savedAt)))
    if rule.repeatMode == .once {
      var found: DoNotDisturbPeriod?
      for day in (localDay - 2)...(localDay + 20) {
        let period = try daily.period(ownedBy: day)
        if period.start < period.end && period.end > savedAt {
          found = period
          break
        }
      }
      oneOffPeriod = found
    } else {
      oneOffPeriod = try daily.period(ownedBy: localDay)
    }
  }

  static func dayNumber(localSeconds: Int64) -> Int64 {
    localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
  }

  /// `mark(L)`: the least instant whose wall reading is at least L, by scanning the
  /// constant-offset pieces within three days of L. In a gap it is the transition; in a fold,
  /// the first occurrence.
  ///
  /// - Parameter local: A wall reading, seconds since 1970-01-01T00:00:00 on the zone's clock.
  /// - Returns: UNIX seconds.
  /// - Throws: `ZoneError` when the reading is outside the supported years.
  public func mark(localSeconds local: Int64) throws -> Int64 {
    let window: Int64 = 3 * 86_400
    let low = local - window
    let high = local + window
    var pieces: [(start: Int64, end: Int64, offset: Int32)] = []
    var pieceStart = low
    var offset = try zone.offset(at: low)
    for transition in try zone.transitions(in: (low + 1)..<high) {
      pieces.append((pieceStart, transition.instant, offset))
      pieceStart = transition.instant
      offset = transition.offsetAfter
    }
    pieces.append((pieceStart, high, offset))
    var best = Int64.max
    for piece in pieces {
      let candidate = max(piece.start, local - Int64(piece.offset))
      if candidate < piece.end { best = min(best, candidate) }
    }
    return best
  }

  /// Whether the rule owns the period that starts on a local date: every date for a daily
  /// rule, the dates whose ISO weekday bit is set for a custom one.
  ///
  /// - Parameter day: The date as a day number (days since 1970-01-01, a Thursday).
  /// - Returns: Whether the rule has a period starting that day.
  public func ownsPeriod(startingOn day: Int64) -> Bool {
    if rule.repeatMode == .daily { return true }
    let isoIndex = Int(((day % 7) + 7 + 3) % 7)  // 1970-01-01 was a Thursday (index 3).
    return rule.customRepeatDays >> isoIndex & 1 == 1
  }

  /// The period owned by a date, by the definition (possibly empty, when both marks fall in
  /// one gap).
  ///
  /// - Parameter day: The date as a day number (days since 1970-01-01).
  /// - Returns: The period, whether or not the rule owns the date.
  /// - Throws: `ZoneError` outside the supported years.
  public func period(ownedBy day: Int64) throws -> DoNotDisturbPeriod {
    let start = Int64(rule.startHour * 3600 + rule.startMinute * 60)
    let end = Int64(rule.endHour * 3600 + rule.endMinute * 60)
    let endDay = end > start ? day : day + 1
    return DoNotDisturbPeriod(
      start: try mark(localSeconds: day * 86_400 + start),
      end: try mark(localSeconds: endDay * 86_400 + end))
  }

  /// The non-empty periods of the dates around an instant, in order.
  func periods(around t: Int64, daysAfter: Int64) throws -> [DoNotDisturbPeriod] {
    if !rule.enabled { return [] }
    if let oneOffPeriod { return oneOffPeriod.isEmpty ? [] : [oneOffPeriod] }
    if rule.repeatMode.isOneOff { return [] }
    let day = Self.dayNumber(localSeconds: t + Int64(try zone.offset(at: t)))
    var result: [DoNotDisturbPeriod] = []
    for d in (day - 3)...(day + daysAfter) where ownsPeriod(startingOn: d) {
      let period = try period(ownedBy: d)
      if !period.isEmpty { result.append(period) }
    }
    return result
  }

  /// Whether an instant is in do-not-disturb.
  ///
  /// - Parameter t: UNIX seconds.
  /// - Returns: Whether some owned period contains it.
  /// - Throws: `ZoneError` outside the supported years.
  public func contains(_ t: Int64) throws -> Bool {
    try periods(around: t, daysAfter: 1).contains { $0.contains(t) }
  }

  /// The first instant after t with a different state, looking up to three weeks ahead.
  ///
  /// - Parameter t: UNIX seconds.
  /// - Returns: The instant, or nil when the state does not change within three weeks.
  /// - Throws: `ZoneError` outside the supported years.
  public func nextChange(after t: Int64) throws -> Int64? {
    let now = try contains(t)
    let periods = try periods(around: t, daysAfter: 21)
    let boundaries = Set(periods.flatMap { [$0.start, $0.end] }).filter { $0 > t }.sorted()
    for boundary in boundaries where try contains(boundary) != now {
      return boundary
    }
    return nil
  }
}

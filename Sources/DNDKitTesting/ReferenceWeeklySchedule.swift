import DNDSchedule
import ZoneInfo

/// A slow, obviously correct evaluator of weekly schedules written straight from the
/// semantics, sharing nothing with the engine but the zone's offsets and transition list (the
/// marks are ``ReferenceSchedule``'s brute-force ones).
///
/// - A window on ISO weekday W owns, on every date D with weekday W, the period
///   `[mark(D, start), mark(D', end))`, D' = D + 1 when end <= start.
/// - An instant is inside the windows when a non-empty owned period contains it; it is quiet
///   when inside (quiet polarity) or not inside (send polarity), or inside the snooze.
/// - The next change is the first period or snooze boundary after t at which the answer
///   differs.
public struct ReferenceWeeklySchedule {
  /// The zone.
  public let zone: Zone
  /// The schedule.
  public let rule: WeeklyScheduleRule
  /// Provides `mark` by brute force.
  let marks: ReferenceSchedule
  /// (ISO weekday 1…7, start seconds, end seconds) for every window and weekday.
  let windows: [(weekday: Int, start: Int64, end: Int64)]

  /// Creates the reference for a valid schedule.
  ///
  /// - Parameters:
  ///   - rule: The schedule (its `timeZoneID` is not read).
  ///   - zone: Its zone.
  public init(rule: WeeklyScheduleRule, zone: Zone) {
    self.rule = rule
    self.zone = zone
    marks = ReferenceSchedule(rule: DoNotDisturbRule(), zone: zone)
    func seconds(_ text: String) -> Int64 {
      let parts = text.split(separator: ":").map { Int64($0) ?? 0 }
      return parts[0] * 3600 + parts[1] * 60
    }
    windows = rule.windows.flatMap { window in
      window.weekdays.map { ($0, seconds(window.start), seconds(window.end)) }
    }
  }

  /// The non-empty periods owned by the dates `first...last` (day numbers), by the definition.
  public func periods(ownedByDays days: ClosedRange<Int64>) throws -> [DoNotDisturbPeriod] {
    var result: [DoNotDisturbPeriod] = []
    for day in days {
      let weekday = Int(((day % 7) + 7 + 3) % 7) + 1  // 1970-01-01 was a Thursday.
      for window in windows where window.weekday == weekday {
        let endDay = window.end > window.start ? day : day + 1
        let period = DoNotDisturbPeriod(
          start: try marks.mark(localSeconds: day * 86_400 + window.start),
          end: try marks.mark(localSeconds: endDay * 86_400 + window.end))
        if !period.isEmpty { result.append(period) }
      }
    }
    return result
  }

  /// The local date (day number) of an instant.
  func day(of t: Int64) throws -> Int64 {
    ReferenceSchedule.dayNumber(localSeconds: t + Int64(try zone.offset(at: t)))
  }

  /// The answer at t given the periods around it.
  func isQuiet(_ t: Int64, periods: [DoNotDisturbPeriod]) -> Bool {
    let inside = periods.contains { $0.contains(t) }
    let snoozed = rule.snooze.map { $0.from <= t && t < $0.until } ?? false
    return (rule.polarity == .send ? !inside : inside) || snoozed
  }

  /// Whether a push must wait at t (`WeeklySchedule.contains(_:)`).
  public func contains(_ t: Int64) throws -> Bool {
    let day = try day(of: t)
    return isQuiet(t, periods: try periods(ownedByDays: (day - 3)...(day + 1)))
  }

  /// The first instant after t with a different answer, looking up to two weeks past t or the
  /// snooze's end (every flip of a weekly schedule comes within a week, or two in a zone that
  /// skips a date).
  public func nextChange(after t: Int64) throws -> Int64? {
    let horizon = max(t, rule.snooze?.until ?? t) + 14 * 86_400
    let last = try day(of: min(horizon, Zone.supportedInstants.upperBound - 30 * 86_400))
    // Periods through a week past the horizon's date: the answer is known up to the horizon.
    let periods = try periods(ownedByDays: (try day(of: t) - 3)...(last + 7))
    let now = isQuiet(t, periods: periods)
    var boundaries = Set(periods.flatMap { [$0.start, $0.end] })
    if let snooze = rule.snooze { boundaries.formUnion([snooze.from, snooze.until]) }
    for boundary in boundaries.filter({ $0 > t && $0 <= horizon }).sorted()
    where isQuiet(boundary, periods: periods) != now {
      return boundary
    }
    return nil
  }

  /// The first instant of the quiet run that contains t, nil when t is not quiet: the last
  /// period or snooze boundary at or before t just before which the answer differs, looking
  /// back up to two weeks before t or the snooze's start. `Int64.min` when it is quiet
  /// throughout (a weekly schedule that is quiet for two weeks is quiet all week).
  public func blockStart(containing t: Int64) throws -> Int64? {
    let horizon = max(
      min(t, rule.snooze?.from ?? t) - 14 * 86_400, Zone.supportedInstants.lowerBound + 30 * 86_400)
    let periods = try periods(ownedByDays: (try day(of: horizon) - 3)...(try day(of: t) + 1))
    guard isQuiet(t, periods: periods) else { return nil }
    var boundaries = Set(periods.flatMap { [$0.start, $0.end] })
    if let snooze = rule.snooze { boundaries.formUnion([snooze.from, snooze.until]) }
    for boundary in boundaries.filter({ $0 <= t && $0 > horizon }).sorted(by: >)
    where !isQuiet(boundary - 1, periods: periods) {
      return boundary
    }
    return .min
  }
}

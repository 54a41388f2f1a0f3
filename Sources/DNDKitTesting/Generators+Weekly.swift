import DNDSchedule
import ZoneInfo

extension Generators {
  /// A valid weekly schedule: 1–4 windows, each on a random non-empty set of weekdays (so at
  /// most four a day), times often around 00:00–03:00 (where transitions happen), crossing
  /// midnight and 24-hour windows, either polarity, no snooze.
  ///
  /// - Parameters:
  ///   - zoneID: The zone ID.
  ///   - rng: The generator.
  /// - Returns: The schedule.
  public func weeklyRule(zoneID: String, using rng: inout SplitMix64) -> WeeklyScheduleRule {
    func time() -> String {
      let (hour, minute): (Int, Int)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        (hour, minute) = (
          Int.random(in: 0...3, using: &rng), [0, 30].randomElement(using: &rng) ?? 0
        )
      case 1: (hour, minute) = (Int.random(in: 22...23, using: &rng), 0)
      default:
        (hour, minute) = (Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng))
      }
      return pad(hour, 2) + ":" + pad(minute, 2)
    }
    var windows: [WeeklyScheduleRule.Window] = []
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      let weekdays = (1...7).filter { _ in Bool.random(using: &rng) }
      let start = time()
      let end = Int.random(in: 0..<6, using: &rng) == 0 ? start : time()
      windows.append(
        .init(
          weekdays: weekdays.isEmpty ? [Int.random(in: 1...7, using: &rng)] : weekdays,
          start: start, end: end))
    }
    return WeeklyScheduleRule(
      timeZoneID: zoneID, polarity: Bool.random(using: &rng) ? .quiet : .send, windows: windows)
  }

  /// A snooze near an instant: starting up to two days before or after it, lasting a minute to
  /// three days.
  ///
  /// - Parameters:
  ///   - t: The instant.
  ///   - rng: The generator.
  /// - Returns: The snooze.
  public func snooze(near t: Int64, using rng: inout SplitMix64) -> WeeklyScheduleRule.Snooze {
    let from = t + Int64.random(in: -2 * 86_400...2 * 86_400, using: &rng)
    let length = [60, 3_600, 8 * 3_600, 3 * 86_400].randomElement(using: &rng) ?? 60
    return .init(from: from, until: from + Int64.random(in: 1...Int64(length), using: &rng))
  }
}

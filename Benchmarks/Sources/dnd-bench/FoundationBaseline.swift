import Foundation

/// The obvious Swift answer: Foundation `Calendar.dateComponents` in the rule's zone, then
/// compare the local hour and minute with the window. Exact for the benchmark's rules
/// (22:00–08:00 daily, boundaries away from the zones' transition hours).
struct FoundationBaseline: @unchecked Sendable {
  let calendar: Calendar
  let start: Int
  let end: Int

  init(zoneID: String, startMinute: Int, endMinute: Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone =
      TimeZone(identifier: zoneID) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    self.calendar = calendar
    start = startMinute
    end = endMinute
  }

  func contains(_ instant: Int64) -> Bool {
    let components = calendar.dateComponents(
      [.hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(instant)))
    let minute = (components.hour ?? 0) * 60 + (components.minute ?? 0)
    return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
  }
}

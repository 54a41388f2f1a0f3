import ZoneInfo

extension WeeklySchedule: CustomStringConvertible {
  /// A readable summary such as
  /// `quiet Mon 22:00–07:00, Sat 00:00–00:00 in Europe/Berlin, snoozed [1767225600, 1767229200)`.
  public var description: String {
    let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    let windows = table.windows.map { window in
      let end = (window.startMinute + window.lengthMinutes) % 1_440
      return names[window.weekday] + " "
        + DoNotDisturbSchedule.clock(Int32(window.startMinute * 60)) + "–"
        + DoNotDisturbSchedule.clock(Int32(end * 60))
    }
    var text = (sendsInsideWindows ? "send " : "quiet ")
    text += windows.isEmpty ? "no windows" : windows.joined(separator: ", ")
    text += " in \(zone.identifier)"
    if snoozeLength != 0 { text += ", snoozed [\(snoozeFrom), \(snoozeUntil))" }
    return text
  }
}

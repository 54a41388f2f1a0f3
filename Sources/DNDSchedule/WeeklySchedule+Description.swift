import ZoneInfo

extension WeeklySchedule: CustomStringConvertible {
  /// A readable summary such as
  /// `quiet Mon, Tue 22:00–07:00; Sat 00:00–00:00 in Europe/Berlin, snoozed [1767225600, 1767229200)`.
  public var description: String {
    // One entry per distinct window, with its weekdays: `Mon, Tue 22:00–07:00`.
    var groups: [(startMinute: Int, lengthMinutes: Int, days: UInt8)] = []
    for window in table.windows {
      if let index = groups.firstIndex(where: {
        $0.startMinute == window.startMinute && $0.lengthMinutes == window.lengthMinutes
      }) {
        groups[index].days |= 1 << UInt8(window.weekday)
      } else {
        groups.append((window.startMinute, window.lengthMinutes, 1 << UInt8(window.weekday)))
      }
    }
    let windows = groups.map { group in
      let end = (group.startMinute + group.lengthMinutes) % 1_440
      return DoNotDisturbSchedule.weekdayNames(group.days) + " "
        + DoNotDisturbSchedule.clock(Int32(group.startMinute * 60)) + "–"
        + DoNotDisturbSchedule.clock(Int32(end * 60))
    }
    var text = (sendsInsideWindows ? "send " : "quiet ")
    text += windows.isEmpty ? "no windows" : windows.joined(separator: "; ")
    text += " in \(zone.identifier)"
    if snoozeLength != 0 { text += ", snoozed [\(snoozeFrom), \(snoozeUntil))" }
    return text
  }
}

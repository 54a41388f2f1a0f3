import ZoneInfo

extension DoNotDisturbSchedule: CustomStringConvertible {
  /// A readable summary such as `22:00–08:00 daily in Asia/Shanghai`.
  public var description: String {
    let window = "\(Self.clock(start))–\(Self.clock(end))"
    switch kind {
    case .never:
      return "do-not-disturb off"
    case .repeating:
      let repeats = mode == 3 ? "on " + Self.weekdayNames(days) : "daily"
      return "\(window) \(repeats) in \(zone.identifier)"
    case .oneOff(_, let end):
      let until = (try? zone.iso8601(end)) ?? String(end)
      let label = mode == 1 ? "once" : "on the day it was saved"
      return "\(window) \(label) in \(zone.identifier), ending \(until)"
    }
  }

  /// `HH:MM` for seconds after midnight.
  static func clock(_ seconds: Int32) -> String {
    pad(Int(seconds) / 3600, 2) + ":" + pad(Int(seconds) / 60 % 60, 2)
  }

  /// `Mon, Wed, Fri` for a weekday bitmask (bit 0 = Monday).
  static func weekdayNames(_ days: UInt8) -> String {
    let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return (0..<7).filter { days >> $0 & 1 == 1 }.map { names[$0] }.joined(separator: ", ")
  }
}

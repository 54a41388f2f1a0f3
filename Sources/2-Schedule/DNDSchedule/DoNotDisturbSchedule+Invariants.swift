import ZoneInfo

extension DoNotDisturbSchedule {
  /// For tests, like swift-collections' `_checkInvariants()`: whether the window constants
  /// compiled into a repeating rule place a wall-clock reading as the obvious arithmetic does
  /// (floor division into local days shifted by the window's start, the weekday from the civil
  /// calendar, the length from the minutes).
  ///
  /// - Parameter wall: A high-water mark, local seconds within the supported years.
  /// - Returns: A description of the disagreement, or nil (also for rules that do not repeat).
  package func windowViolation(wall: Int64) -> String? {
    guard case .repeating(let window) = kind else { return nil }
    let start = Int64(startMinute) * 60
    let minutes = Int64(endMinute) - Int64(startMinute)
    let length = (minutes > 0 ? minutes : minutes + 1_440) * 60
    let day = floorDivide(wall - start, 86_400)
    let into = wall - start - day * 86_400
    let inside = owns(day) && into < length
    let position = window.position(wall: wall)
    guard position.isInside == inside, position.day == day, Int64(position.intoPeriod) == into
    else {
      return "\(self) at local \(wall): compiled (inside \(position.isInside), day "
        + "\(position.day), into \(position.intoPeriod)), expected (\(inside), \(day), \(into))"
    }
    return nil
  }
}

import ZoneInfo

// The invariant walkers are for the tests (debug builds): a release build of the library,
// which a server or an app links, carries none of them.
#if DEBUG
  extension WeeklySchedule {
    /// For tests: whether the compiled quiet bit of a wall-clock reading agrees with the windows
    /// read the obvious way (floor division into local dates, each window's range on the date
    /// that owns it and the date before, the polarity).
    ///
    /// - Parameter wall: A high-water mark, local seconds within the supported years.
    /// - Returns: A description of the disagreement, or nil.
    package func windowViolation(wall: Int64) -> String? {
      let day = floorDivide(wall, 86_400)
      var inside = false
      for window in table.windows {
        for owner in [day - 1, day]
        where CivilCalendar.isoWeekdayIndex(dayNumber: owner) == window.weekday {
          let start = owner * 86_400 + Int64(window.startMinute) * 60
          if start <= wall && wall < start + Int64(window.lengthMinutes) * 60 { inside = true }
        }
      }
      let expected = inside != sendsInsideWindows
      let compiled = table.isQuiet(minute: WeeklySchedule.minuteOfWeek(wall: wall))
      guard compiled == expected else {
        return "\(self) at local \(wall): compiled quiet \(compiled), expected \(expected)"
      }
      return nil
    }
  }

  extension WeeklySchedule {
    /// For tests: whether the one-look-up next change of the windows agrees with the walk by
    /// marks.
    ///
    /// - Parameter instant: UNIX seconds within the supported years.
    /// - Returns: A description of the disagreement, or nil.
    package func scheduleChangeViolation(after instant: Int64) -> String? {
      let fast = scheduleChange(after: instant)
      let general = generalScheduleChange(after: instant)
      guard fast == general else {
        return "\(self) after \(instant): fast \(String(describing: fast)), general "
          + String(describing: general)
      }
      return nil
    }
  }
#endif

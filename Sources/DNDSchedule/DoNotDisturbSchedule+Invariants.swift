import ZoneInfo

// The invariant walkers are for the tests (debug builds): a release build of the library,
// which a server or an app links, carries none of them.
#if DEBUG
  extension DoNotDisturbSchedule {
    /// For tests, like swift-collections' `_checkInvariants()`: where the window constants
    /// compiled into a repeating rule place a wall-clock reading. The tests compare it with
    /// plain arithmetic and the reference schedule's own weekday rule, which share nothing with
    /// the compiled constants.
    ///
    /// - Parameter wall: A high-water mark, local seconds within the supported years.
    /// - Returns: Whether the reading is inside a period, the local date (day number) whose
    ///   period could hold it, and the seconds into that period; nil for rules that do not
    ///   repeat.
    package func compiledWindowPosition(wall: Int64) -> (
      isInside: Bool, day: Int64, intoPeriod: Int64
    )? {
      guard case .repeating(let window) = kind else { return nil }
      let position = window.position(wall: wall)
      return (position.isInside, position.day, Int64(position.intoPeriod))
    }
  }

  extension DoNotDisturbSchedule {
    /// For tests: the daily schedule with a rule's window, as saving builds it straight from
    /// the window. The tests compare it with the schedule of the rule made an enabled daily
    /// one, compiled by the general initializer.
    ///
    /// - Parameters:
    ///   - rule: A rule whose fields are valid.
    ///   - zone: The zone of its wall clock.
    /// - Returns: The schedule saving uses to find a one-off rule's period.
    package static func dailyWindow(of rule: DoNotDisturbRule, zone: Zone) -> DoNotDisturbSchedule {
      DoNotDisturbSchedule(dailyWindow: rule.windowMinutes, internedZone: InternedZone(zone))
    }
  }
#endif

import DNDSchedule
import ZoneInfo

extension PropertyChecks {
  /// Two rules out of six that cover the schedule's code paths (overnight, same-day, 24-hour,
  /// custom weekdays with 24-hour windows touching, one-off), picked by the probes.
  public static func sampleRules(_ probes: PropertyProbes) -> [DoNotDisturbRule] {
    let onceEnd = probes.sample[probes.sample.count / 2]
    let rules = [
      DoNotDisturbRule(enabled: true, startHour: 22, endHour: 8, repeatMode: .daily),
      DoNotDisturbRule(
        enabled: true, startHour: 1, startMinute: 30, endHour: 3, repeatMode: .daily),
      DoNotDisturbRule(
        enabled: true, startHour: 0, startMinute: 30, endHour: 0, endMinute: 30,
        repeatMode: .custom,
        customRepeatDays: 0b011_0111),
      DoNotDisturbRule(
        enabled: true, startHour: 2, endHour: 2, endMinute: 59, repeatMode: .custom,
        customRepeatDays: 0b100_0001),
      DoNotDisturbRule(
        enabled: true, startHour: 23, startMinute: 59, endHour: 23, endMinute: 59,
        repeatMode: .daily),
      DoNotDisturbRule(
        enabled: true, startHour: 20, endHour: 7, repeatMode: .once, onceEndTimestamp: onceEnd),
    ]
    return [rules[probes.choice % 6], rules[(probes.choice / 6 + 1) % 6]]
  }

  /// Exercises a compiled schedule at the probes: the state flips at `nextChange` and not one
  /// second before.
  ///
  /// - Parameters:
  ///   - schedule: The schedule.
  ///   - probes: The instants.
  public func exerciseSchedule(_ schedule: DoNotDisturbSchedule, probes: PropertyProbes) {
    for t in PropertyProbes.outOfRange {
      require((try? schedule.contains(t)) == nil, "contains(\(t)) did not throw")
      require((try? schedule.nextChange(after: t)) == nil, "nextChange(after: \(t)) did not throw")
    }
    let bounds = Zone.supportedInstants
    _ = schedule.description
    for t in probes.sample {
      do {
        let state = try schedule.contains(t)
        if let next = try schedule.nextChange(after: t) {
          require(next > t, "\(schedule): nextChange(after: \(t)) = \(next)")
          if next <= bounds.upperBound {
            require(try schedule.contains(next) != state, "\(schedule): no flip at \(next) (\(t))")
            require(
              try schedule.contains(next - 1) == state, "\(schedule): flip before \(next) (\(t))")
          }
        }
        if let block = try schedule.blockContaining(t) {
          require(block.contains(t), "\(schedule): block \(block) does not contain \(t)")
          require(state, "\(schedule): block \(block) at \(t) but not in DND")
        } else {
          require(!state, "\(schedule): in DND at \(t) but no block")
        }
        _ = try schedule.period(containingOrAfter: t)
        let end = t < bounds.upperBound - 86_400 ? t + 86_400 : bounds.upperBound + 1
        for period in try schedule.periods(overlapping: t..<end) {
          require(!period.isEmpty && period.start < end && period.end > t, "\(schedule) \(period)")
        }
      } catch {
        require(false, "\(schedule): in-range instant \(t) threw \(error)")
      }
    }
  }
}

extension PropertyChecks {
  /// Walks a schedule's changes over a stretch of time and checks that the searches end: each
  /// `nextChange` is later than the one before and flips the state, and the periods over the
  /// stretch are non-empty, in order, quiet at their start and overlap it. The walk takes a
  /// step per change from a budget, and stops at the first change that does not advance or
  /// flip, so that a broken search (one that stands still, or creeps a second at a time) is a
  /// violation, never a loop; the periods are asked only after a walk without violations (a
  /// `nextChange` that does not advance would make them a list without end).
  ///
  /// - Parameters:
  ///   - schedule: The schedule (a `DoNotDisturbSchedule` or a `WeeklySchedule`).
  ///   - start: The first instant, in the supported range.
  ///   - end: The end of the stretch (exclusive), after `start`.
  ///   - budget: The changes the walk may take: above what the schedule can have in the
  ///     stretch; a walk that needs more is a violation.
  /// - Returns: Whether every property held.
  @discardableResult
  public func walkChanges(
    of schedule: some CompiledSchedule, from start: Int64, to end: Int64,
    budget: inout SearchBudget
  ) -> Bool {
    var held = true
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { held = false }
      require(condition, message())
    }
    let end = min(end, Zone.supportedInstants.upperBound + 1)
    do {
      var state = try schedule.contains(start)
      var cursor = start
      while let next = try schedule.nextChange(after: cursor), next < end {
        guard next > cursor else {
          check(false, "\(schedule): nextChange(after: \(cursor)) = \(next), not later")
          return false
        }
        guard budget.spend() else {
          check(false, "\(schedule) from \(start) to \(end), at \(cursor): \(budget)")
          return false
        }
        let flipped = try schedule.contains(next)
        guard flipped != state else {
          check(false, "\(schedule): no flip at \(next) (after \(cursor))")
          return false
        }
        state = flipped
        cursor = next
      }
      guard held, end > start else { return held }
      var previous = Int64.min
      for period in try schedule.periods(overlapping: start..<end) {
        check(!period.isEmpty, "\(schedule): empty period \(period)")
        check(
          period.start < end && period.end > start,
          "\(schedule): \(period) outside \(start)..<\(end)")
        check(period.start > previous, "\(schedule): \(period) not after \(previous)")
        if Zone.supportedInstants.contains(period.start) {
          check(try schedule.contains(period.start), "\(schedule): \(period) not quiet at start")
        }
        previous = period.start
      }
    } catch {
      check(false, "\(schedule) from \(start): \(error)")
    }
    return held
  }
}

import ZoneInfo

extension PropertyChecks {
  /// Exercises a zone at the probes, checking the properties every zone has.
  ///
  /// - Parameters:
  ///   - zone: The zone.
  ///   - probes: The instants.
  public func exerciseZone(_ zone: Zone, probes: PropertyProbes) {
    for t in PropertyProbes.outOfRange {
      do {
        _ = try zone.offset(at: t)
        require(false, "offset(at: \(t)) did not throw")
      } catch {
        require(error == .instantOutOfRange(t), "offset(at: \(t)) threw \(error)")
      }
      require((try? zone.localDateTime(at: t)) == nil, "localDateTime(at: \(t)) did not throw")
      require((try? zone.nextTransition(after: t)) == nil, "nextTransition(after: \(t))")
      require((try? zone.previousTransition(atOrBefore: t)) == nil, "previousTransition \(t)")
    }
    let bounds = Zone.supportedInstants
    for t in probes.instants {
      do {
        let offset = try zone.offset(at: t)
        require(abs(Int(offset)) <= 93_599, "offset \(offset) at \(t)")
        _ = try zone.isDaylightSavingTime(at: t)
        _ = try zone.abbreviation(at: t)
        _ = try zone.iso8601(t)
        let local = try zone.localDateTime(at: t)
        switch zone.instants(for: local) {
        case .skipped(let transition):
          require(false, "\(local) at \(t) reported skipped (transition \(transition))")
        case .unique(let only):
          require(only == t, "\(local) is unique at \(only), but \(t) shows it")
        case .repeated(let earlier, let later):
          require(earlier <= t && t <= later, "\(local): \(earlier), \(later) around \(t)")
        }
        // The offset is constant from t to the next transition, and from the previous one to
        // t; without one, it is constant from t on (or up to t).
        if let next = try zone.nextTransition(after: t) {
          require(next.instant > t, "nextTransition(after: \(t)) = \(next.instant)")
          require(
            try zone.offset(at: next.instant) == next.offsetAfter,
            "offset at \(next.instant) is not offsetAfter \(next.offsetAfter)")
          require(
            try zone.offset(at: next.instant - 1) == next.offsetBefore,
            "offset before \(next.instant) is not offsetBefore \(next.offsetBefore)")
          let middle = t + (next.instant - t) / 2
          require(
            try zone.offset(at: middle) == offset && next.offsetBefore == offset,
            "offset \(offset) at \(t) changes before the next transition at \(next.instant)")
        } else {
          for later in [t + 86_400, t + 31_556_952, t + 3_155_695_200, bounds.upperBound]
          where later > t && later <= bounds.upperBound {
            require(
              try zone.offset(at: later) == offset,
              "no transition after \(t), but the offset at \(later) is not \(offset)")
          }
        }
        if let previous = try zone.previousTransition(atOrBefore: t) {
          require(previous.instant <= t, "previousTransition(atOrBefore: \(t))")
          require(
            try zone.offset(at: previous.instant) == previous.offsetAfter,
            "offset at \(previous.instant) is not offsetAfter \(previous.offsetAfter)")
          require(
            previous.offsetAfter == offset,
            "offset \(offset) at \(t) differs from the previous transition's at \(previous.instant)"
          )
        } else {
          for earlier in [t - 86_400, t - 31_556_952, bounds.lowerBound]
          where earlier < t && earlier >= bounds.lowerBound {
            require(
              try zone.offset(at: earlier) == offset,
              "no transition up to \(t), but the offset at \(earlier) is not \(offset)")
          }
        }
        let end = t < bounds.upperBound - 40 * 86_400 ? t + 40 * 86_400 : bounds.upperBound + 1
        var last = t - 1
        for transition in try zone.transitions(in: t..<end) {
          require(transition.instant > last && transition.instant < end, "transitions order")
          last = transition.instant
        }
      } catch {
        require(false, "in-range instant \(t) threw \(error)")
      }
    }
  }
}

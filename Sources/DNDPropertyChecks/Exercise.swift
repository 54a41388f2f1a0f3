import DNDSchedule
import ZoneInfo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A property every input must keep; a violation stops the fuzzer like a crash does, so the
/// input is saved as a crash artifact.
///
/// - Parameters:
///   - condition: The property.
///   - message: What was expected, with the values involved.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  let text = "fuzz property violated: " + message() + "\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  abort()
}

/// The tzdata the targets load zones from: `TZDIR`, else `/usr/share/zoneinfo`.
public let fuzzZoneDatabase: ZoneDatabase? = {
  let tzdir = getenv("TZDIR").map { String(cString: $0) }
  return try? ZoneDatabase(root: ZoneDatabase.environmentRoot(tzdir))
}()

/// Instants to probe: fixed boundaries (the supported range, 32-bit time, the 2501 end of the
/// fattened tables, New Year around the epoch) and a few derived from the input's bytes.
public struct Probes {
  /// In-range instants, ascending.
  public let instants: [Int64]
  /// A third of them, for the slower schedule checks.
  public let sample: [Int64]
  /// A number drawn from the input, to pick among alternatives.
  public let choice: Int

  /// Instants every operation must refuse with ``ZoneError/instantOutOfRange(_:)``.
  public static let outOfRange: [Int64] = [
    .min, .max, Zone.supportedInstants.lowerBound - 1, Zone.supportedInstants.upperBound + 1,
  ]

  static let fixed: [Int64] = [
    Zone.supportedInstants.lowerBound, Zone.supportedInstants.lowerBound + 1,
    -62_135_596_800, -2_208_988_800, -2_147_483_649, -2_147_483_648, -1, 0, 1,
    1_700_000_000, 1_773_025_200, 2_147_483_647, 2_147_483_648, 4_102_444_800,
    16_756_761_599, 16_756_761_600, 16_756_761_601, 100_000_000_000,
    Zone.supportedInstants.upperBound - 1, Zone.supportedInstants.upperBound,
  ]

  /// Probes for an input.
  ///
  /// - Parameters:
  ///   - bytes: The input; its FNV-1a hash picks the extra instants.
  ///   - extra: How many instants to derive.
  public init(_ bytes: UnsafeBufferPointer<UInt8>, extra: Int = 4) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    var derived: [Int64] = []
    let span = UInt64(Zone.supportedInstants.upperBound - Zone.supportedInstants.lowerBound)
    for index in 0..<extra {
      hash = (hash ^ UInt64(index)) &* 0x9E37_79B9_7F4A_7C15
      // Half near 1900–2100, half anywhere in the supported range.
      if index % 2 == 0 {
        derived.append(-2_208_988_800 + Int64(hash % 6_311_433_600))
      } else {
        derived.append(Zone.supportedInstants.lowerBound + Int64(hash % span))
      }
    }
    instants = (Probes.fixed + derived).sorted()
    sample = instants.enumerated().filter { $0.offset % 3 == Int(hash % 3) }.map(\.element)
    choice = Int(truncatingIfNeeded: hash >> 33)
  }
}

/// Exercises a zone at the probes, checking the properties every zone has.
///
/// - Parameters:
///   - zone: The zone.
///   - probes: The instants.
public func exerciseZone(_ zone: Zone, probes: Probes) {
  for t in Probes.outOfRange {
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
          "offset \(offset) at \(t) differs from the previous transition's at \(previous.instant)")
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

/// Two rules out of six that cover the schedule's code paths (overnight, same-day, 24-hour,
/// custom weekdays with 24-hour windows touching, one-off), picked by the probes.
public func sampleRules(_ probes: Probes) -> [DoNotDisturbRule] {
  let onceEnd = probes.sample[probes.sample.count / 2]
  let rules = [
    DoNotDisturbRule(enabled: true, startHour: 22, endHour: 8, repeatMode: .daily),
    DoNotDisturbRule(enabled: true, startHour: 1, startMinute: 30, endHour: 3, repeatMode: .daily),
    DoNotDisturbRule(
      enabled: true, startHour: 0, startMinute: 30, endHour: 0, endMinute: 30, repeatMode: .custom,
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
public func exerciseSchedule(_ schedule: DoNotDisturbSchedule, probes: Probes) {
  for t in Probes.outOfRange {
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

/// The whole check of the zone targets (`tzif`, `posix-tz`) for an input that made a zone:
/// the zone properties at the input's probes, then two sample rules compiled against it.
///
/// The tests replay saved inputs through this same function (Tests/DNDTestSupport links this
/// file), so a regression file is checked exactly as the fuzzer checked it.
///
/// - Parameters:
///   - zone: The zone the input made.
///   - input: The input's bytes.
public func exerciseZoneInput(_ zone: Zone, input: UnsafeBufferPointer<UInt8>) {
  let probes = Probes(input)
  exerciseZone(zone, probes: probes)
  for rule in sampleRules(probes) {
    do {
      exerciseSchedule(try DoNotDisturbSchedule(rule: rule, zone: zone), probes: probes)
    } catch {
      require(false, "sample rule \(rule) does not compile: \(error)")
    }
  }
}

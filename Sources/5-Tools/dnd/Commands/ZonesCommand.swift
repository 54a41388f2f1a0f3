import ZoneInfo

/// `dnd zones`: what time zone database the tool reads.
enum ZonesCommand {
  static let spec = OptionSpec()

  static let help = """
    Usage: dnd zones

    Prints the time zone database DNDKit reads: its tzdata version, how many zone IDs it
    has, and its root directory ($TZDIR, default /usr/share/zoneinfo).

    Options:
      -h, --help   show this help

    Exit status: 0; 2 when the database cannot be opened.
    """

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let zones = try context.zones()
    print("tzdata version: \(zones.version() ?? "unknown (no tzdata.zi or +VERSION)")")
    print("zones:          \(zones.identifiers().count)")
    print("root:           \(zones.root)")
    return ExitStatus.success
  }
}

/// `dnd zone ID`: a zone's transitions in a year.
enum ZoneCommand {
  static let spec = OptionSpec(valued: ["--year"], maximumPositionals: 1)

  static let help = """
    Usage: dnd zone ID [--year YEAR]

    Lists a zone's transitions (clock changes, and changes of abbreviation or DST flag) in a
    year of its local calendar: the instant in UTC, the wall clock just before and from the
    transition on, and the shift.

    Options:
      --year YEAR  the year, -9998...9998 (default: this year, in the zone)
      -h, --help   show this help

    Exit status: 0; 2 for bad usage or an unknown zone.

    Example:
      dnd zone America/New_York --year 2026
    """

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    guard let id = arguments.positionals.first else {
      throw .usage("'dnd zone' needs a zone ID, such as America/New_York")
    }
    let zones = try context.zones()
    let zone: Zone
    do {
      zone = try zones.zone(id)
    } catch {
      throw .input(error.description)
    }
    let clock = WallClock(zone: zone)
    let year =
      try arguments.integer("--year", in: -9998...9998)
      ?? (try? zone.localDateTime(at: context.now()).year) ?? 2026
    let range: Range<Int64>
    let transitions: [ZoneTransition]
    do {
      let first = try LocalDateTime(year: year, month: 1, day: 1).dayNumber
      let next = try LocalDateTime(year: year + 1, month: 1, day: 1).dayNumber
      range = try clock.startOfDay(first)..<clock.startOfDay(next)
      transitions = try zone.transitions(in: range)
    } catch {
      throw .input(error.description)
    }
    print(
      "\(zone.identifier) in \(year): \(transitions.count) transition\(transitions.count == 1 ? "" : "s")"
    )
    if transitions.isEmpty {
      let offset = (try? zone.offset(at: range.lowerBound)).map { Zone.formatOffset($0) } ?? "?"
      let abbreviation = (try? zone.abbreviation(at: range.lowerBound)) ?? "?"
      print("offset \(offset) (\(abbreviation)) all year")
    }
    for transition in transitions {
      print(line(transition))
    }
    return ExitStatus.success
  }

  /// `2026-03-08T07:00:00Z  2026-03-08T01:59:59-05:00 EST → 2026-03-08T03:00:00-04:00 EDT
  /// (clocks go forward 1h, DST on)`.
  static func line(_ transition: ZoneTransition) -> String {
    let t = transition.instant
    let utc = (try? Zone.utc.iso8601(t)) ?? String(t)
    let before =
      LocalDateTime(localSeconds: t - 1 + Int64(transition.offsetBefore)).description
      + Zone.formatOffset(transition.offsetBefore)
    let after =
      LocalDateTime(localSeconds: t + Int64(transition.offsetAfter)).description
      + Zone.formatOffset(transition.offsetAfter)
    let shift = transition.wallClockShift
    let what =
      shift > 0
      ? "clocks go forward \(TimeFormatting.shift(shift))"
      : shift < 0 ? "clocks go back \(TimeFormatting.shift(shift))" : "same offset"
    let dst = transition.isDaylightSavingTimeAfter ? "DST on" : "DST off"
    return "\(utc)  \(before) \(transition.abbreviationBefore) → \(after) "
      + "\(transition.abbreviationAfter)  (\(what), \(dst))"
  }
}

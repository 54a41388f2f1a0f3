import StrictJSON
import ZoneInfo

/// `dnd zones`: which time zone data the tool answers from, and every zone ID in it.
enum ZonesCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let json = OptionSpec.flag(
      "--json", "one JSON object: source (the first line above), root, version, zones")
  }

  static let spec = CommandSpec(
    name: "zones",
    summary: "the time zone database: where it is, its tzdata version, every zone ID",
    usage: "dnd zones [--json] [--tzdata system|bundled|PATH]",
    about: """
      Prints where the tool's time zone answers come from and the tzdata version on the first
      line (such as "tzdata 2025b at /usr/share/zoneinfo" or "bundled tzdata 2025b"), then
      every zone ID, one per line, sorted. The system database ($TZDIR, default
      /usr/share/zoneinfo) answers when it exists, else the snapshot built into dnd.
      """,
    options: [Option.json],
    footer: "Exit status: 0; 2 when there is no usable time zone database.")

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let zones = try context.zones()
    let ids = zones.identifiers()
    if arguments.has(Option.json) {
      // The keys sorted, `/` as it is; no `version` when the database names none.
      var writer = JSONWriter(escapesSlashes: false)
      writer.beginObject()
      writer.key("root")
      writer.string(zones.root)
      writer.key("source")
      writer.string(zones.description)
      if let version = zones.version() {
        writer.key("version")
        writer.string(version)
      }
      writer.key("zones")
      writer.beginArray()
      for id in ids { writer.string(id) }
      writer.endArray()
      writer.endObject()
      print(String(decoding: writer.bytes, as: UTF8.self))
    } else {
      print(zones.description)
      print(ids.joined(separator: "\n"))
    }
    return ExitStatus.success
  }
}

/// `dnd zone ID`: a zone's transitions in a range of years.
enum ZoneCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let year = OptionSpec.value(
      "--year", "YEAR", "one year, -9998...9998 (default: this year, in the zone)")
    static let from = OptionSpec.value(
      "--from", "YEAR", "the first year of a range (default: --to, or this year)")
    static let to = OptionSpec.value("--to", "YEAR", "the last year of a range (default: --from)")
    static let json = OptionSpec.flag(
      "--json",
      "one JSON object per line and transition: instant (UNIX seconds), utc, offsetBefore and "
        + "offsetAfter (seconds east of UTC), abbreviationBefore, abbreviationAfter, dstBefore, "
        + "dstAfter")
  }

  static let spec = CommandSpec(
    name: "zone", summary: "a zone's transitions in a year, local time before and after",
    usage: "dnd zone ID [--year YEAR | --from YEAR --to YEAR] [--json]",
    about: """
      Lists a zone's transitions (clock changes, and changes of abbreviation or DST flag) in
      years of its local calendar: the instant in UTC, the wall clock just before and from the
      transition on, and the shift (with its seconds when it is not whole minutes).
      """,
    options: [Option.year, Option.from, Option.to, Option.json], maximumPositionals: 1,
    footer: """
      Exit status: 0; 2 for bad usage or an unknown zone.

      Examples:
        dnd zone America/New_York --year 2026
        dnd zone Africa/Monrovia --from 1970 --to 1980 --json
      """)

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    guard let id = arguments.positionals.first else {
      throw .usage("'dnd zone' needs a zone ID, such as America/New_York")
    }
    let years = -9998...9998
    let year = try arguments.integer(Option.year, in: years)
    var from = try arguments.integer(Option.from, in: years)
    var to = try arguments.integer(Option.to, in: years)
    if year != nil && (from != nil || to != nil) {
      throw .usage("--year is one year; give it or --from/--to, not both")
    }
    if let from, let to, from > to { throw .usage("--from \(from) is after --to \(to)") }
    let zones = try context.zones()
    let zone: Zone
    do {
      zone = try zones.zone(id)
    } catch {
      throw .input(error.description)
    }
    let clock = WallClock(zone: zone)
    from = year ?? from ?? to
    to = year ?? to ?? from
    var first = from ?? 2026
    if from == nil {
      let now = try context.now()
      first = (try? zone.localDateTime(at: now).year) ?? first
    }
    let last = to ?? first
    let range: Range<Int64>
    let transitions: [ZoneTransition]
    do {
      let start = try LocalDateTime(year: first, month: 1, day: 1).dayNumber
      let end = try LocalDateTime(year: last + 1, month: 1, day: 1).dayNumber
      range = try clock.startOfDay(start)..<clock.startOfDay(end)
      transitions = try zone.transitions(in: range)
    } catch {
      throw .input(error.description)
    }
    if arguments.has(Option.json) {
      for transition in transitions { print(jsonLine(transition, in: zone)) }
      return ExitStatus.success
    }
    let span = first == last ? "in \(first)" : "from \(first) to \(last)"
    print(
      "\(zone.identifier) \(span): \(transitions.count) transition\(transitions.count == 1 ? "" : "s")"
    )
    if transitions.isEmpty {
      let offset = (try? zone.offset(at: range.lowerBound)).map { Zone.formatOffset($0) } ?? "?"
      let abbreviation = (try? zone.abbreviation(at: range.lowerBound)) ?? "?"
      print("offset \(offset) (\(abbreviation)) \(first == last ? "all year" : "throughout")")
    }
    for transition in transitions {
      print(line(transition))
    }
    return ExitStatus.success
  }

  /// One transition in the `--json` form: the keys sorted, `/` as it is.
  static func jsonLine(_ transition: ZoneTransition, in zone: Zone) -> String {
    let t = transition.instant
    var writer = JSONWriter(escapesSlashes: false)
    writer.beginObject()
    writer.key("abbreviationAfter")
    writer.string(transition.abbreviationAfter)
    writer.key("abbreviationBefore")
    writer.string(transition.abbreviationBefore)
    writer.key("dstAfter")
    writer.boolean(transition.isDaylightSavingTimeAfter)
    writer.key("dstBefore")
    writer.boolean((try? zone.isDaylightSavingTime(at: t - 1)) ?? false)
    writer.key("instant")
    writer.integer(t)
    writer.key("offsetAfter")
    writer.integer(Int64(transition.offsetAfter))
    writer.key("offsetBefore")
    writer.integer(Int64(transition.offsetBefore))
    writer.key("utc")
    writer.string((try? Zone.utc.iso8601(t)) ?? String(t))
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
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

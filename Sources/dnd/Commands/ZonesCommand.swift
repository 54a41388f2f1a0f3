import Foundation
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

  /// The `--json` form.
  struct Listing: Encodable {
    var source: String
    var root: String
    var version: String?
    var zones: [String]
  }

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let zones = try context.zones()
    let ids = zones.identifiers()
    if arguments.has(Option.json) {
      let listing = Listing(
        source: zones.description, root: zones.root, version: zones.version(), zones: ids)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(listing) else {
        throw .input("cannot encode the zone list")
      }
      print(String(decoding: data, as: UTF8.self))
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

  /// One transition in the `--json` form.
  struct TransitionLine: Encodable {
    var instant: Int64
    var utc: String
    var offsetBefore: Int32
    var offsetAfter: Int32
    var abbreviationBefore: String
    var abbreviationAfter: String
    var dstBefore: Bool
    var dstAfter: Bool
  }

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
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      for transition in transitions {
        let t = transition.instant
        let line = TransitionLine(
          instant: t, utc: (try? Zone.utc.iso8601(t)) ?? String(t),
          offsetBefore: transition.offsetBefore, offsetAfter: transition.offsetAfter,
          abbreviationBefore: transition.abbreviationBefore,
          abbreviationAfter: transition.abbreviationAfter,
          dstBefore: (try? zone.isDaylightSavingTime(at: t - 1)) ?? false,
          dstAfter: transition.isDaylightSavingTimeAfter)
        guard let data = try? encoder.encode(line) else { throw .input("cannot encode \(t)") }
        print(String(decoding: data, as: UTF8.self))
      }
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

import DNDSchedule
import Foundation
import ZoneInfo

/// Checks fixture tables against the library: the zone engine for `zone-transitions`-style
/// tables, the schedule for `dnd-cases`-style tables, the weekly schedule for `weekly-cases`-style tables, the whole push decision for
/// `policy-cases`-style tables. The table kind is read from its header.
public struct FixtureVerifier: Sendable {
  /// A row that did not match.
  public struct Failure: Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// The row's id.
    public var id: String
    /// What differed.
    public var message: String

    /// `path:line: id: message`.
    public var description: String { "\(path):\(line): \(id): \(message)" }
  }

  /// The result of checking tables.
  public struct Report: Sendable {
    /// Rows that matched.
    public var passed = 0
    /// Rows that did not.
    public var failures: [Failure] = []

    /// An empty report.
    public init() {}

    /// Adds another report's rows to this one.
    ///
    /// - Parameter other: The other report.
    public mutating func merge(_ other: Report) {
      passed += other.passed
      failures += other.failures
    }

    /// `N passed, M failed`.
    public var summary: String { "\(passed) passed, \(failures.count) failed" }
  }

  /// The database zones are loaded from.
  public let zones: ZoneDatabase

  /// Creates a verifier.
  ///
  /// - Parameter zones: The tzdata the expectations were derived from.
  public init(zones: ZoneDatabase) {
    self.zones = zones
  }

  /// The fixture tables (`*.tsv`) in a directory, sorted.
  ///
  /// - Parameter directory: A folder such as `Fixtures`.
  /// - Returns: Paths of the tables.
  package static func tables(in directory: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".tsv") }.sorted().map { directory + "/" + $0 }
  }

  /// Checks one table against DNDKit and, for a do-not-disturb table, optionally a caller's
  /// function as well.
  ///
  /// ```swift
  /// let table = try FixtureTable(contentsOf: "Tests/quiet-hours.tsv")
  /// let report = FixtureVerifier(zones: zones).verify(table) { rule, instant in
  ///   try service.isQuiet(rule, at: instant)
  /// }
  /// for failure in report.failures { print(failure) }  // PATH:LINE: ID: WHAT DIFFERED
  /// ```
  ///
  /// - Parameters:
  ///   - table: The table.
  ///   - inDoNotDisturb: A function under test, asked each row of a do-not-disturb table with
  ///     the row's rule (saved at `savedAt` for one-off modes) and instant; its answer must be
  ///     the row's `expected`. Nil checks DNDKit alone.
  /// - Returns: The rows passed and failed; a row fails when DNDKit or the function
  ///   disagrees with it, with each difference in the failure's message.
  public func verify(
    _ table: FixtureTable, inDoNotDisturb: ((DoNotDisturbRule, Int64) throws -> Bool)? = nil
  ) -> Report {
    var report = Report()
    func check(_ row: FixtureTable.Row) -> String? {
      if table.columns.contains("window") {
        return verifyScheduleRow(row, inDoNotDisturb: inDoNotDisturb)
      } else if table.columns.contains("windows") {
        return verifyWeeklyRow(row)
      } else if table.columns.contains("preferences") {
        return verifyPolicyRow(row)
      } else {
        return verifyTransitionRow(row)
      }
    }
    guard
      ["window", "windows", "offsetAfter", "preferences"].contains(where: table.columns.contains)
    else {
      report.failures.append(
        Failure(path: table.path, line: 1, id: "-", message: "unknown table kind (header)"))
      return report
    }
    for row in table.rows {
      if let message = check(row) {
        report.failures.append(
          Failure(path: table.path, line: row.line, id: row["id"], message: message))
      } else {
        report.passed += 1
      }
    }
    return report
  }

  /// A transition row: offsets, flag and readings on both sides, and that the engine finds the
  /// transition from either side.
  func verifyTransitionRow(_ row: FixtureTable.Row) -> String? {
    guard let t = FixtureValues.utcInstant(row["utc"]),
      let before = FixtureValues.offset(row["offsetBefore"]),
      let after = FixtureValues.offset(row["offsetAfter"]),
      let localBefore = FixtureValues.localSeconds(row["localBefore"]),
      let localAfter = FixtureValues.localSeconds(row["localAfter"])
    else { return "unparseable row" }
    do {
      let zone = try zones.zone(row["zone"])
      var problems: [String] = []
      let gotBefore = try zone.offset(at: t - 1)
      let gotAfter = try zone.offset(at: t)
      if gotBefore != before { problems.append("offset before \(gotBefore) != \(before)") }
      if gotAfter != after { problems.append("offset after \(gotAfter) != \(after)") }
      let dst = try zone.isDaylightSavingTime(at: t)
      if dst != (row["dstAfter"] == "yes") { problems.append("dst flag after is \(dst)") }
      if t - 1 + Int64(gotBefore) != localBefore {
        problems.append("local before \(try zone.localDateTime(at: t - 1))")
      }
      if t + Int64(gotAfter) != localAfter {
        problems.append("local after \(try zone.localDateTime(at: t))")
      }
      let next = try zone.nextTransition(after: t - 1)?.instant
      if next != t { problems.append("nextTransition(after: utc-1) = \(String(describing: next))") }
      let previous = try zone.previousTransition(atOrBefore: t)?.instant
      if previous != t {
        problems.append("previousTransition(atOrBefore: utc) = \(String(describing: previous))")
      }
      return problems.isEmpty ? nil : problems.joined(separator: "; ")
    } catch {
      return "error: \(error)"
    }
  }

  /// A schedule row: the local reading, the state and the next change.
  func verifyScheduleRow(
    _ row: FixtureTable.Row, inDoNotDisturb: ((DoNotDisturbRule, Int64) throws -> Bool)? = nil
  ) -> String? {
    let window = row["window"].split(separator: "-")
    guard window.count == 2, let start = FixtureValues.clock(window[0]),
      let end = FixtureValues.clock(window[1]),
      let at = FixtureValues.utcInstant(row["at"])
    else { return "unparseable window or instant" }
    var rule = DoNotDisturbRule(
      enabled: true, startHour: start.hour, startMinute: start.minute, endHour: end.hour,
      endMinute: end.minute, timeZoneID: row["zone"])
    switch row["mode"] {
    case "daily": rule.repeatMode = .daily
    case "disabled":
      rule.repeatMode = .daily
      rule.enabled = false
    case "custom":
      rule.repeatMode = .custom
      guard let days = FixtureValues.weekdays(row["days"]) else { return "bad days" }
      rule.customRepeatDays = days
    case "once": rule.repeatMode = .once
    case "unknown": rule.repeatMode = .unknown
    default: return "unknown mode \(row["mode"])"
    }
    do {
      if rule.repeatMode.isOneOff && rule.enabled {
        guard let savedAt = FixtureValues.utcInstant(row["savedAt"]) else {
          return "one-off row without savedAt"
        }
        rule = try rule.saved(at: savedAt, zones: zones)
      }
      let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
      var problems: [String] = []
      if let problem = try localReadingProblem(row, zone: schedule.zone, at: at) {
        problems.append(problem)
      }
      let inDND = try schedule.contains(at)
      if inDND != (row["expected"] == "dnd") {
        problems.append("state \(inDND ? "dnd" : "off"), expected \(row["expected"])")
      }
      if let inDoNotDisturb {
        let theirs = try inDoNotDisturb(rule, at)
        if theirs != (row["expected"] == "dnd") {
          problems.append(
            "the function under test says \(theirs ? "dnd" : "off"), expected \(row["expected"])")
        }
      }
      if let problem = try nextChangeProblem(row, next: schedule.nextChange(after: at)) {
        problems.append(problem)
      }
      return problems.isEmpty ? nil : problems.joined(separator: "; ")
    } catch {
      return "error: \(error)"
    }
  }
}

extension FixtureVerifier {
  /// The row's `local` column against the zone's reading at the instant, as both schedule
  /// tables write it; nil when they agree.
  func localReadingProblem(_ row: FixtureTable.Row, zone: Zone, at instant: Int64) throws
    -> String?
  {
    let reading =
      try zone.localDateTime(at: instant).description
      + Zone.formatOffset(try zone.offset(at: instant))
    return reading == row["local"] ? nil : "local reading \(reading)"
  }

  /// The row's `nextChange` column (`-` when the row does not check it) against the
  /// schedule's answer; nil when they agree.
  func nextChangeProblem(_ row: FixtureTable.Row, next: @autoclosure () throws -> Int64?) throws
    -> String?
  {
    let expected = row["nextChange"]
    guard expected != "-" else { return nil }
    let text = try next().map { try Zone.utc.iso8601($0) } ?? "none"
    return text == expected ? nil : "nextChange \(text)"
  }
}

import DNDSchedule
import ZoneInfo

extension FixtureVerifier {
  /// A weekly schedule row (`weekly-cases.tsv`): the local reading, whether a push must wait,
  /// and the next change.
  ///
  /// `windows` is `-` (none) or `;`-separated windows `Mon,Tue HH:MM-HH:MM`; `snooze` is `-`
  /// or `FROM/UNTIL` in `YYYY-MM-DDTHH:MM:SSZ`; `expected` is `quiet` or `open`.
  func verifyWeeklyRow(_ row: FixtureTable.Row) -> String? {
    guard let at = FixtureValues.utcInstant(row["at"]) else { return "unparseable instant" }
    var rule = WeeklyScheduleRule(
      timeZoneID: row["zone"], polarity: SchedulePolarity(rawValue: row["polarity"]))
    if row["windows"] != "-" {
      for text in row["windows"].split(separator: ";") {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let days = FixtureValues.weekdays(String(parts[0])) else {
          return "unparseable window \(text)"
        }
        let bounds = parts[1].split(separator: "-")
        guard bounds.count == 2 else { return "unparseable window \(text)" }
        rule.windows.append(
          .init(
            weekdays: (0..<7).filter { days >> $0 & 1 == 1 }.map { $0 + 1 },
            start: String(bounds[0]), end: String(bounds[1])))
      }
    }
    if row["snooze"] != "-" {
      let bounds = row["snooze"].split(separator: "/")
      guard bounds.count == 2, let from = FixtureValues.utcInstant(String(bounds[0])),
        let until = FixtureValues.utcInstant(String(bounds[1]))
      else { return "unparseable snooze" }
      rule.snooze = .init(from: from, until: until)
    }
    do {
      let schedule = try WeeklySchedule(rule: rule, zones: zones)
      var problems: [String] = []
      if let problem = try localReadingProblem(row, zone: schedule.zone, at: at) {
        problems.append(problem)
      }
      let quiet = try schedule.contains(at)
      if quiet != (row["expected"] == "quiet") {
        problems.append("state \(quiet ? "quiet" : "open"), expected \(row["expected"])")
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

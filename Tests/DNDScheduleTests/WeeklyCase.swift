import DNDKitTesting
import DNDSchedule
import ZoneInfo

/// One seeded random weekly case, as the property suites draw it: a rule in a random zone
/// (every other one, by `index`, with `send` polarity), an instant in that zone, half the time
/// a snooze near it, and the compiled schedule.
struct WeeklyCase {
  let id: String
  let rule: WeeklyScheduleRule
  let zone: Zone
  let instant: Int64
  let schedule: WeeklySchedule

  init(index: Int, generators: Generators, using rng: inout SplitMix64) throws {
    id = generators.zoneID(using: &rng)
    var rule = generators.weeklyRule(zoneID: id, using: &rng)
    if index % 2 == 0 { rule.polarity = .send }
    zone = try generators.zones.zone(id)
    instant = generators.instant(in: zone, using: &rng)
    if Bool.random(using: &rng) { rule.snooze = generators.snooze(near: instant, using: &rng) }
    self.rule = rule
    schedule = try WeeklySchedule(rule: rule, zones: generators.zones)
  }
}

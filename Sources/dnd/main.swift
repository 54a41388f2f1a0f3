import ZoneInfo
let db = try ZoneDatabase()
print(db.version() ?? "nil", db.identifiers().count)
for id in ["America/New_York", "Australia/Lord_Howe", "Europe/Dublin", "Pacific/Apia", "UTC", "Asia/Kolkata"] {
  let z = try db.zone(id)
  print(id, try z.offset(at: 1_773_000_000), try z.localDateTime(at: 1_773_000_000), try z.abbreviation(at: 1_773_000_000))
  for tr in try z.transitions(in: 1_767_225_600..<1_798_761_600) { print("  ", tr.instant, tr.offsetBefore, tr.offsetAfter, tr.abbreviationAfter) }
  print("  2300:", try z.localDateTime(at: 10_413_792_000 + 200*86400))
}
let ny = try db.zone("America/New_York")
for s in ["2026-03-08T02:30:00", "2026-11-01T01:30:00", "2026-07-01T12:00:00"] {
  let p = s.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
  print(s, ny.instants(for: try LocalDateTime(year: p[0], month: p[1], day: p[2], hour: p[3], minute: p[4])))
}
for bad in ["../etc/passwd", "/etc/passwd", "", "US//Pacific", "localtime", "Nope/Zone", "US/Pacific", "Asia/Calcutta", "Etc/GMT+5"] {
  do { let z = try db.zone(bad); print("ok", bad, try z.offset(at: 0)) } catch { print("err", error) }
}

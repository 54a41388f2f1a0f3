import DNDKitTesting
import DNDSchedule
import DNDTestSupport
import Foundation
import SystemInterface
import SystemTestBench
import XCTest
import ZoneInfo

/// Hostile and extreme input, end to end: every case gets an answer or a typed error, in
/// bounded time and memory. Work that could trap or hang on a regression runs in a child
/// process, so one finding fails one test instead of killing the run.
final class ExtremeInputTests: XCTestCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  /// The fuzz targets' property checks, with a violation that ends the child process the way
  /// it ends a fuzz run.
  static let fuzzProperties = PropertyChecks { message in
    FileHandle.standardError.write(Data("fuzz property violated: \(message)\n".utf8))
    abort()
  }

  /// Zones at the edges: ±14 h and ±12 h, odd and negative DST, half-hour DST, LMT west of
  /// the date line (Kiritimati), two-hour DST (Troll), a footer with negative times (Nuuk).
  static let zoneIDs = [
    "UTC", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+12", "Etc/GMT-14",
    "America/St_Johns", "Europe/Dublin", "Australia/Lord_Howe", "Antarctica/Troll",
    "Asia/Kathmandu", "America/Nuuk", "Pacific/Apia", "Africa/Casablanca",
  ]

  static let outOfRange: [Int64] = [
    .min, .min + 1, Zone.supportedInstants.lowerBound - 1, Zone.supportedInstants.upperBound + 1,
    .max - 1, .max,
  ]

  /// Instants on either side of every boundary the engine knows: the supported range, 32-bit
  /// time, the epoch, 2100, and the 2501 end of the precomputed tables.
  static let boundaries: [Int64] = [
    Zone.supportedInstants.lowerBound + 1, -2_147_483_648, 0, 2_147_483_648, 4_102_444_800,
    16_756_761_600, Zone.supportedInstants.upperBound,
  ]

  /// Rules of every shape: overnight, 24 hours, back-to-back 24-hour custom days, once and
  /// unknown (saved later), disabled.
  static let rules = [
    DoNotDisturbRule(enabled: true, startHour: 22, endHour: 8, repeatMode: .daily),
    DoNotDisturbRule(
      enabled: true, startHour: 2, startMinute: 30, endHour: 2, endMinute: 30, repeatMode: .daily),
    DoNotDisturbRule(
      enabled: true, startHour: 0, endHour: 0, repeatMode: .custom, customRepeatDays: 0b100_0011),
    DoNotDisturbRule(enabled: true, startHour: 20, endHour: 7, repeatMode: .once),
    DoNotDisturbRule(enabled: true, startHour: 1, endHour: 3, repeatMode: .unknown),
    DoNotDisturbRule(enabled: false, startHour: 23, startMinute: 59, endHour: 0),
  ]

  func schedules(_ id: String, savedAt: Int64 = 1_773_025_200) throws -> [DoNotDisturbSchedule] {
    try Self.rules.map { rule in
      var rule = rule
      rule.timeZoneID = id
      if rule.enabled && rule.repeatMode.isOneOff {
        rule = try rule.saved(at: savedAt, zones: zones)
      }
      return try DoNotDisturbSchedule(rule: rule, zones: zones)
    }
  }

  // MARK: Instants

  /// `Int64.min`, `Int64.max` and one past each end of the supported years: a typed error
  /// from every entry point.
  func testInstantsOutsideTheSupportedYearsAreTypedErrors() throws {
    func expectOutOfRange(_ label: String, _ body: () throws -> Any?) {
      XCTAssertThrowsError(try body(), label) { error in
        guard case .instantOutOfRange = error as? ZoneError else {
          return XCTFail("\(label): \(error)")
        }
      }
    }
    for id in Self.zoneIDs {
      let zone = try zones.zone(id)
      for (index, schedule) in try schedules(id).enumerated() {
        for t in Self.outOfRange {
          let label = "\(id) rule \(index) at \(t)"
          expectOutOfRange(label) { try schedule.contains(t) }
          expectOutOfRange(label) { try schedule.nextChange(after: t) }
          expectOutOfRange(label) { try schedule.blockContaining(t) }
          expectOutOfRange(label) { try schedule.period(containingOrAfter: t) }
          let range = t == .max ? (t - 1)..<t : t..<(t + 1)
          expectOutOfRange(label) { try schedule.periods(overlapping: range) }
        }
      }
      for t in Self.outOfRange {
        expectOutOfRange("\(id) \(t)") { try zone.offset(at: t) }
        expectOutOfRange("\(id) \(t)") { try zone.abbreviation(at: t) }
        expectOutOfRange("\(id) \(t)") { try zone.isDaylightSavingTime(at: t) }
        expectOutOfRange("\(id) \(t)") { try zone.localDateTime(at: t) }
        expectOutOfRange("\(id) \(t)") { try zone.iso8601(t) }
        expectOutOfRange("\(id) \(t)") { try zone.nextTransition(after: t) }
        expectOutOfRange("\(id) \(t)") { try zone.previousTransition(atOrBefore: t) }
        let range = t == .max ? (t - 1)..<t : t..<(t + 1)
        expectOutOfRange("\(id) \(t)") { try zone.transitions(in: range) }
      }
      // A range reaching past the end is refused, not clamped.
      expectOutOfRange(id) { try zone.transitions(in: 0..<Int64.max) }
    }
  }

  /// The first and last supported seconds: answers that keep the schedule's contract.
  func testFirstAndLastSupportedSecondsAnswer() throws {
    let bounds = Zone.supportedInstants
    for id in Self.zoneIDs {
      for (index, schedule) in try schedules(id).enumerated() {
        for t in [
          bounds.lowerBound, bounds.lowerBound + 1, bounds.upperBound - 1, bounds.upperBound,
        ] {
          let label = "\(id) rule \(index) (\(schedule)) at \(t)"
          let state = try schedule.contains(t)
          if let next = try schedule.nextChange(after: t) {
            XCTAssertGreaterThan(next, t, label)
            if next <= bounds.upperBound {
              XCTAssertNotEqual(try schedule.contains(next), state, label)
              XCTAssertEqual(try schedule.contains(next - 1), state, label)
            }
          }
          XCTAssertEqual(try schedule.blockContaining(t) != nil, state, label)
          _ = try schedule.period(containingOrAfter: t)
          let end = min(t, bounds.upperBound - 86_400) + 86_400
          for period in try schedule.periods(overlapping: t..<(end + 1)) {
            XCTAssertFalse(period.isEmpty, label)
          }
        }
      }
    }
  }

  /// Saving a one-off rule at the first or last supported second, in the zones furthest east
  /// and west: a rule the server can store (it compiles) or a typed error, never a stored rule
  /// that later fails to load.
  func testSavingAtTheEdgesOfTheSupportedYears() throws {
    let bounds = Zone.supportedInstants
    for id in ["Pacific/Kiritimati", "Etc/GMT-14", "Etc/GMT+12", "America/New_York", "UTC"] {
      for rule in Self.rules where rule.repeatMode.isOneOff {
        var rule = rule
        rule.timeZoneID = id
        for savedAt in [bounds.lowerBound, bounds.lowerBound + 3_600, bounds.upperBound] {
          let label = "\(rule.repeatMode) in \(id) saved at \(savedAt)"
          let saved: DoNotDisturbRule
          do {
            saved = try rule.saved(at: savedAt, zones: zones)
          } catch {
            XCTAssertEqual(error.errors.first?.code, .invalidInstant, label)
            continue
          }
          XCTAssertEqual(saved.validate(zones: zones).errors, [], label)
          XCTAssertNoThrow(try DoNotDisturbSchedule(rule: saved, zones: zones), label)
        }
      }
    }
  }

  /// An unknown-mode rule saved at the first supported second in a zone behind UTC owns a
  /// period of year -10000; the error says which end of the range it falls off.
  func testSavingBeforeTheFirstSupportedYearNamesThatBound() throws {
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 1, endHour: 2, repeatMode: .unknown, timeZoneID: "Etc/GMT+12")
    let savedAt = Zone.supportedInstants.lowerBound
    XCTAssertThrowsError(try rule.saved(at: savedAt, zones: zones)) { error in
      guard let error = error as? RuleError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(error.errors.map(\.code), [.invalidInstant])
      XCTAssertEqual(error.errors.first?.keyPath, "savedAt")
      XCTAssertEqual(error.errors.first?.value, String(savedAt))
      let reason = error.errors.first?.reason ?? ""
      XCTAssertTrue(reason.hasSuffix("before -9999-01-01"), reason)
    }
    let late = DoNotDisturbRule(
      enabled: true, startHour: 23, endHour: 1, repeatMode: .once, timeZoneID: "Etc/GMT-14")
    XCTAssertThrowsError(try late.saved(at: Zone.supportedInstants.upperBound, zones: zones)) {
      let reason = ($0 as? RuleError)?.errors.first?.reason ?? ""
      XCTAssertTrue(reason.hasSuffix("after 9999-12-31"), reason)
    }
  }

  /// The last second before and the first after every boundary: the offset changes only at
  /// a transition, every reading maps back to its instant, and past 2501 the table hands over
  /// to the footer rule without a seam.
  func testEitherSideOfEveryBoundary() throws {
    for id in Self.zoneIDs {
      let zone = try zones.zone(id)
      let footer = try footerZone(id)
      for boundary in Self.boundaries {
        for t in (boundary - 1)...boundary {
          let label = "\(id) at \(t)"
          let offset = try zone.offset(at: t)
          if t > Zone.supportedInstants.lowerBound, try zone.offset(at: t - 1) != offset {
            XCTAssertEqual(try zone.previousTransition(atOrBefore: t)?.instant, t, label)
          }
          let local = try zone.localDateTime(at: t)
          XCTAssertTrue(zone.instants(for: local).instants.contains(t), "\(label): \(local)")
          if let next = try zone.nextTransition(after: t) { XCTAssertGreaterThan(next.instant, t) }
          if let footer, t >= 16_756_761_600 - 1 {
            XCTAssertEqual(offset, try footer.offset(at: t), "\(label): table and footer differ")
          }
        }
      }
    }
  }

  /// The zone that follows the POSIX TZ footer of a zone's file, or nil without one.
  func footerZone(_ id: String) throws -> Zone? {
    guard let data = FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id),
      let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
      !line.contains("TZif")
    else { return nil }
    return try Zone(posixTZ: String(line))
  }

  /// Years ±10000 are refused as readings; the extreme supported readings resolve.
  func testYearsTenThousandAreRefusedAndTheExtremeReadingsResolve() throws {
    for year in [-10_000, 10_000, Int.min, Int.max] {
      XCTAssertThrowsError(try LocalDateTime(year: year, month: 1, day: 1)) {
        XCTAssertEqual($0 as? ZoneError, .invalidLocalDateTime(field: "year", value: year))
      }
    }
    let first = try LocalDateTime(year: -9999, month: 1, day: 1)
    let last = try LocalDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)
    XCTAssertEqual(Zone.utc.instants(for: first), .unique(Zone.supportedInstants.lowerBound))
    XCTAssertEqual(Zone.utc.instants(for: last), .unique(Zone.supportedInstants.upperBound))
    for id in Self.zoneIDs {
      let zone = try zones.zone(id)
      for reading in [first, last] {
        // Readings near the ends may fall just outside the supported instants: still one
        // well-defined answer.
        XCTAssertFalse(zone.instants(for: reading).instants.isEmpty, "\(id) \(reading)")
      }
      // The first supported second west of Greenwich reads in the year -10000.
      let reading = try zone.localDateTime(at: Zone.supportedInstants.lowerBound)
      XCTAssertTrue([-10_000, -9999].contains(reading.year), "\(id) \(reading)")
      XCTAssertTrue(
        zone.instants(for: reading).instants.contains(Zone.supportedInstants.lowerBound), id)
    }
    for field in ["month", "day", "hour", "minute", "second"] {
      for value in [Int.min, -1, 60, Int.max] {
        var parts = ["month": 1, "day": 1, "hour": 0, "minute": 0, "second": 0]
        parts[field] = value
        XCTAssertThrowsError(
          try LocalDateTime(
            year: 2026, month: parts["month"] ?? 1, day: parts["day"] ?? 1,
            hour: parts["hour"] ?? 0, minute: parts["minute"] ?? 0, second: parts["second"] ?? 0),
          "\(field) \(value)")
      }
    }
  }

  // MARK: Rule fields

  /// Hours and minutes at and past their limits, in rules and in JSON.
  func testHoursAndMinutesAtAndPastTheirLimits() throws {
    let zone = try zones.zone("Europe/Berlin")
    let hours = [Int.min, -1, 0, 23, 24, Int.max]
    let minutes = [Int.min, -1, 0, 59, 60, Int.max]
    for hour in hours {
      for minute in minutes {
        for isStart in [true, false] {
          var rule = DoNotDisturbRule(enabled: true, startHour: 22, endHour: 6, repeatMode: .daily)
          if isStart {
            rule.startHour = hour
            rule.startMinute = minute
          } else {
            rule.endHour = hour
            rule.endMinute = minute
          }
          var expected: [RuleFieldError.Code] = []
          if !(0...23).contains(hour) { expected.append(.invalidHour) }
          if !(0...59).contains(minute) { expected.append(.invalidMinute) }
          let label = "\(isStart ? "start" : "end") \(hour):\(minute)"
          XCTAssertEqual(rule.validate(zones: zones).errors.map(\.code), expected, label)
          do {
            let schedule = try DoNotDisturbSchedule(rule: rule, zone: zone)
            XCTAssertEqual(expected, [], label)
            _ = try schedule.nextChange(after: 1_773_025_200)
          } catch let error as RuleError {
            XCTAssertEqual(error.errors.map(\.code), expected, label)
          }
        }
      }
    }
    // Numbers no Int holds are decoding errors at their key path.
    for text in ["9223372036854775808", "-9223372036854775809", "1e19", "23.5", "1e400"] {
      let json = Data(#"{"startHour": \#(text)}"#.utf8)
      XCTAssertThrowsError(try DoNotDisturbRule(jsonBytes: json), text) {
        let keyPath = ($0 as? RuleError)?.errors.first?.keyPath
        XCTAssertTrue(
          keyPath == "startHour" || keyPath == "", "\(text): \(String(describing: keyPath))")
      }
    }
    let extreme = Data(
      #"{"startHour": 9223372036854775807, "endMinute": -9223372036854775808}"#.utf8)
    let decoded = try DoNotDisturbRule(jsonBytes: extreme)
    XCTAssertEqual(
      decoded.validate(zones: zones).errors.map(\.code), [.invalidHour, .invalidMinute])
  }

  /// `customRepeatDays` at every value 0…255 and negative: compiles exactly for 1…127 (or a
  /// disabled rule's 0), and then owns exactly the weekdays of its bits.
  func testCustomRepeatDaysAtEveryValue() throws {
    // Kathmandu has had no transition since 1986: the wall clock is UTC+05:45 throughout.
    let zone = try zones.zone("Asia/Kathmandu")
    let weekStart: Int64 = 1_772_993_700  // Monday 2026-03-09 00:00 +05:45
    let values = [Int.min, -129, -128, -1] + Array(0...255) + [256, 1 << 31, Int.max]
    for days in values {
      let rule = DoNotDisturbRule(
        enabled: true, startHour: 22, endHour: 6, repeatMode: .custom, customRepeatDays: days)
      let valid = (1...127).contains(days)
      XCTAssertEqual(
        rule.validate(zones: zones).errors.map(\.code), valid ? [] : [.invalidCustomRepeatDays],
        "\(days)")
      var disabled = rule
      disabled.enabled = false
      XCTAssertEqual(
        (try? DoNotDisturbSchedule(rule: disabled, zone: zone)) != nil, (0...127).contains(days),
        "disabled \(days)")
      guard valid else {
        XCTAssertThrowsError(try DoNotDisturbSchedule(rule: rule, zone: zone), "\(days)")
        continue
      }
      let schedule = try DoNotDisturbSchedule(rule: rule, zone: zone)
      // Every half hour of a week and the day after: in DND when 22:00–24:00 of an owned day
      // or 00:00–06:00 after one.
      for step in 0..<(8 * 48) {
        let t = weekStart + Int64(step) * 1_800 + 900
        let weekday = step / 48 % 7
        let minuteOfDay = step % 48 * 30 + 15
        let owned = { (day: Int) in days >> ((day + 7) % 7) & 1 == 1 }
        let expected =
          (minuteOfDay >= 22 * 60 && owned(weekday)) || (minuteOfDay < 6 * 60 && owned(weekday - 1))
        XCTAssertEqual(try schedule.contains(t), expected, "days \(days) at step \(step)")
      }
    }
  }

  /// Zone IDs that are empty (UTC), 10,000 characters, `..`, `/`, NUL, non-ASCII: a valid
  /// rule or exactly one `invalidTimeZone`, with a short message.
  func testHostileZoneIDsInRules() throws {
    let long = String(repeating: "A", count: 10_000)
    let ids = [
      long, String(repeating: "a/", count: 5_000), "..", ".", "/", "//", "/etc/passwd",
      "../../../../etc/passwd", "Europe/../../etc/passwd", "Europe/Berlin/..", "Europe/Berlin\u{0}",
      "\u{0}", "\u{0}Europe/Berlin", "Europe/Zürich", "Asia/東京", "\u{202E}nilreB/eporuE",
      "Europe/Berlin\n", " Europe/Berlin", "Europe\\Berlin", "~", "$TZDIR", "%2e%2e/etc",
      "right/Europe/Berlin", "posix/Europe/Berlin", "localtime", "posixrules", "zone.tab",
      "tzdata.zi", "Europe", "Europe/",
    ]
    for id in ids {
      let rule = DoNotDisturbRule(
        enabled: true, startHour: 1, endHour: 2, repeatMode: .daily, timeZoneID: id)
      let errors = rule.validate(zones: zones).errors
      let label = String(id.prefix(40).debugDescription)
      XCTAssertEqual(errors.map(\.code), [.invalidTimeZone], label)
      // The reason quotes the ID cut short; the value field carries the ID as given.
      XCTAssertLessThan(errors.map(\.reason).joined().count, 400, label)
      XCTAssertThrowsError(try DoNotDisturbSchedule(rule: rule, zones: zones), label)
    }
    let utc = DoNotDisturbRule(enabled: true, startHour: 1, endHour: 2, repeatMode: .daily)
    XCTAssertEqual(utc.validate(zones: zones).zone, .utc)
  }

  // MARK: Databases and files

  /// TZDIR-like roots that are missing, a file, a device folder, a folder of junk: typed
  /// errors (or zones, for the real files among the junk), each in bounded time.
  func testDatabaseRootsAnswerWithTypedErrors() throws {
    let scratch = NSTemporaryDirectory() + "dndkit-extreme-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    for root in [scratch + "/missing", TestPaths.packageRoot + "/Package.swift", "", "a\u{0}b"] {
      XCTAssertThrowsError(try ZoneDatabase(root: root), root) {
        guard case .databaseUnavailable = $0 as? ZoneError else { return XCTFail("\(root): \($0)") }
      }
    }
    XCTAssertEqual(ZoneDatabase.environmentRoot(nil), ZoneDatabase.defaultRoot)
    XCTAssertEqual(ZoneDatabase.environmentRoot(""), ZoneDatabase.defaultRoot)

    let junk = scratch + "/junk"
    let manager = FileManager.default
    try manager.createDirectory(atPath: junk + "/Dir/Sub", withIntermediateDirectories: true)
    mkfifo(junk + "/Fifo", 0o644)
    mkfifo(junk + "/Dir/Fifo", 0o644)
    try Data(repeating: 0x41, count: 2 << 20).write(to: URL(fileURLWithPath: junk + "/Big"))
    let sparse = open(junk + "/Sparse", O_CREAT | O_WRONLY, 0o644)
    XCTAssertEqual(ftruncate(sparse, 1 << 40), 0, "a sparse 1 TiB file")
    close(sparse)
    try Data("TZif2".utf8).write(to: URL(fileURLWithPath: junk + "/Magic"))
    try Data().write(to: URL(fileURLWithPath: junk + "/Empty"))
    let newYork = TestPaths.zoneinfo + "/America/New_York"
    try manager.copyItem(atPath: newYork, toPath: junk + "/Good")
    try manager.createSymbolicLink(atPath: junk + "/Loop", withDestinationPath: "Loop")
    try manager.createSymbolicLink(atPath: junk + "/Dangling", withDestinationPath: "Nowhere")
    try manager.createSymbolicLink(atPath: junk + "/Zero", withDestinationPath: "/dev/zero")
    try manager.createSymbolicLink(atPath: junk + "/Outside", withDestinationPath: newYork)
    try manager.createSymbolicLink(atPath: junk + "/Link", withDestinationPath: "Good")
    try manager.createSymbolicLink(atPath: junk + "/Dir/Up", withDestinationPath: "../Good")
    try manager.copyItem(atPath: newYork, toPath: scratch + "/Beside")
    try manager.createSymbolicLink(atPath: junk + "/Escape", withDestinationPath: "..")
    let cases: [(root: String, id: String, loads: Bool)] = [
      (junk, "Fifo", false), (junk, "Dir/Fifo", false), (junk, "Big", false),
      (junk, "Sparse", false), (junk, "Magic", false), (junk, "Empty", false),
      (junk, "Good", true), (junk, "Link", true), (junk, "Dir/Up", true), (junk, "Loop", false),
      (junk, "Dangling", false), (junk, "Zero", false), (junk, "Outside", false),
      (junk, "Dir", false), (junk, "Dir/Sub", false), (junk, "Escape/Beside", false),
      ("/dev", "zero", false), ("/dev", "null", false), ("/dev", "urandom", false),
      ("/dev", "stdin", false), ("/dev", "fd/0", false), ("/proc/self", "environ", false),
      ("/proc/self", "status", false), ("/proc/self", "root/etc/passwd", false),
      ("/", "etc/passwd", false),
    ]
    for (root, id, loads) in cases {
      guard let database = try? ZoneDatabase(root: root) else { continue }
      let outcome = try inChildProcess(timeout: 20) {
        do {
          let zone = try database.zone(id)
          _ = try zone.offset(at: 0)
          return loads ? 0 : 3
        } catch {
          return loads ? 4 : 0
        }
      }
      XCTAssertEqual(outcome, .exited(0), "\(root) \(id): loads \(loads) (3: loaded, 4: threw)")
    }
    // Listing the junk folder terminates (it walks through `Escape` into the parent and back,
    // to a bounded depth) and finds the real zone.
    let database = try ZoneDatabase(root: junk)
    let listing = try inChildProcess(timeout: 60) {
      database.identifiers().contains("Good") ? 0 : 1
    }
    XCTAssertEqual(listing, .exited(0))
  }

  /// A TZif header claiming huge counts is refused as malformed, whichever count it is and in
  /// either header; so are oversized files and footers. (How fast the refusal is belongs in
  /// dnd-bench, not here.)
  func testHugeCountsAndSizesAreRefusedBeforeAllocating() throws {
    let good = tzif(transitions: [0, 1_000_000], footer: "UTC0AAA,M3.2.0,M11.1.0")
    XCTAssertNoThrow(try Zone(identifier: "Good", tzif: good))
    for header in [0, 1] {
      for field in 0..<6 {
        for value: UInt32 in [0x7FFF_FFFF, 0xFFFF_FFFF, 1 << 28] {
          var bytes = good
          let offset = (header == 0 ? 0 : v1BlockEnd(good)) + 20 + field * 4
          bytes.replaceSubrange(
            offset..<(offset + 4), with: withUnsafeBytes(of: value.bigEndian, Array.init))
          XCTAssertThrowsError(try Zone(identifier: "Huge", tzif: bytes), "\(header) \(field)") {
            guard case .malformedTZif = $0 as? ZoneError else { return XCTFail("\($0)") }
          }
        }
      }
    }
    let footerWithoutEnd = good.dropLast() + [UInt8](repeating: 0x41, count: 900_000)
    XCTAssertThrowsError(try Zone(identifier: "Footer", tzif: Array(footerWithoutEnd)))
    XCTAssertThrowsError(
      try Zone(identifier: "Big", tzif: good + [UInt8](repeating: 0, count: 1 << 20)))
  }

  /// Where the version 1 block of a synthetic file ends (its header has no transitions).
  func v1BlockEnd(_ bytes: [UInt8]) -> Int { 44 + 6 + 4 }

  // MARK: Fuzz regressions

  /// Every saved input of the `tzif` and `posix-tz` fuzz targets, through the same calls as
  /// the fuzz targets, each in a child process with a time and memory limit.
  func testZoneFuzzRegressions() throws {
    for target in ["tzif", "posix-tz"] {
      for (name, bytes) in try regressionInputs(target) {
        let outcome = try inChildProcess(timeout: 20) {
          let zone: Zone
          do {
            if target == "tzif" {
              zone = try Zone(identifier: name, tzif: bytes)
            } else {
              var text = String(decoding: bytes, as: UTF8.self)
              if text.hasSuffix("\n") { text.removeLast() }
              zone = try Zone(posixTZ: text)
            }
          } catch {
            return 0
          }
          // The fuzz targets' own check: a violated property prints it and aborts the child.
          bytes.withUnsafeBufferPointer { Self.fuzzProperties.exerciseZoneInput(zone, input: $0) }
          return 0
        }
        XCTAssertEqual(outcome, .exited(0), "\(target)/\(name)")
      }
    }
  }

  /// A rule whose clock never changes (daylight time all year, the RFC 8536 `0/0,J365/25`
  /// idiom) has no transition in either direction from anywhere in the supported range, and
  /// reads daylight time throughout. The cost of such searches (once a walk to year 9999) is
  /// bounded by the replay of `posix-tz/permanent-dst` in a child process with a time limit;
  /// its speed is dnd-bench's business.
  func testARuleThatNeverChangesHasNoTransitions() throws {
    let permanent = try Zone(posixTZ: "<-03>3<-02>,0/0,J365/25")
    for t in [Zone.supportedInstants.lowerBound, 0, 1_773_025_200, 253_402_300_000] {
      XCTAssertNil(try permanent.nextTransition(after: t), "\(t)")
      XCTAssertNil(try permanent.previousTransition(atOrBefore: t), "\(t)")
      XCTAssertEqual(try permanent.offset(at: t), -7_200, "\(t)")
      let end = min(t + 400 * 31_556_952, Zone.supportedInstants.upperBound)
      XCTAssertEqual(try permanent.transitions(in: t..<end).count, 0, "\(t)")
    }
    XCTAssertNil(try permanent.previousTransition(atOrBefore: Zone.supportedInstants.upperBound))
  }

  /// Daylight time all year (`0/0,J365/25`, and `J365/23` when daylight time is behind
  /// standard time) reads exactly like the fixed offset it amounts to, New Year included:
  /// the end and start that meet there change nothing, not even the high-water mark.
  func testDaylightTimeAllYearReadsLikeItsFixedOffset() throws {
    let pairs = [
      ("<-03>3<-02>,0/0,J365/25", "<-02>2"), ("XXX-1YYY0,0/0,J365/23", "YYY0"),
      ("AAA-10BBB-11,0/0,J365/25", "BBB-11"),
    ]
    let newYear: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    for (rule, fixed) in pairs {
      let zone = try Zone(posixTZ: rule)
      let reference = try Zone(posixTZ: fixed)
      for (hour, minute) in [(23, 30), (0, 15), (12, 0)] {
        let window = DoNotDisturbRule(
          enabled: true, startHour: hour, startMinute: minute, endHour: (hour + 1) % 24,
          endMinute: minute, repeatMode: .daily)
        let schedule = try DoNotDisturbSchedule(rule: window, zone: zone)
        let expected = try DoNotDisturbSchedule(rule: window, zone: reference)
        for t in stride(from: newYear - 2 * 86_400, to: newYear + 2 * 86_400, by: 900) {
          let label = "\(rule) \(hour):\(minute) at \(t)"
          XCTAssertEqual(try zone.offset(at: t), try reference.offset(at: t), label)
          XCTAssertEqual(try schedule.contains(t), try expected.contains(t), label)
          XCTAssertEqual(
            try schedule.nextChange(after: t), try expected.nextChange(after: t), label)
        }
      }
    }
  }

  /// Samoa skipped 2011-12-30 (from 23:59:59 -10:00 on the 29th to 00:00 +14:00 on the
  /// 31st). With 24-hour windows on Thursday, Friday and Saturday, the Thursday period ends
  /// where the Saturday one starts: one block, across the date that never was.
  func testABlockCarriesOnAcrossASkippedDate() throws {
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 0, endHour: 0, repeatMode: .custom,
      customRepeatDays: 0b011_1000, timeZoneID: "Pacific/Apia")
    let schedule = try DoNotDisturbSchedule(rule: rule, zones: zones)
    let thursdayNoon: Int64 = 1_325_196_000  // 2011-12-29T12:00:00-10:00
    let newYear: Int64 = 1_325_325_600  // 2012-01-01T00:00:00+14:00
    XCTAssertTrue(try schedule.contains(thursdayNoon))
    XCTAssertTrue(try schedule.contains(1_325_239_200))  // 2011-12-31T00:00:00+14:00
    XCTAssertEqual(try schedule.nextChange(after: thursdayNoon), newYear)
    XCTAssertEqual(try schedule.blockContaining(thursdayNoon)?.end, newYear)
    XCTAssertEqual(try schedule.blockContaining(newYear - 1)?.start, 1_325_152_800)
  }

  /// The DND half of the `rule-json` fuzz findings (the push half is in OfflinePushTests).
  func testRuleJSONFuzzRegressionsAsDNDRules() throws {
    for (name, bytes) in try regressionInputs("rule-json") {
      guard let rule = try? DoNotDisturbRule(jsonBytes: Data(bytes))
      else { continue }
      for savedAt in [Zone.supportedInstants.lowerBound, 0, Zone.supportedInstants.upperBound] {
        guard let saved = try? rule.saved(at: savedAt, zones: zones) else { continue }
        XCTAssertNoThrow(try DoNotDisturbSchedule(rule: saved, zones: zones), "\(name) \(savedAt)")
      }
    }
  }

  /// Every saved input of the `eval-line` fuzz target through the built `dnd eval`: exit 0,
  /// one JSON object line per line. The target has no findings saved yet, so its seed corpus
  /// (`Fuzz/Seeds/eval-line`, the inputs every fuzz run starts from) is replayed, and the
  /// findings folder too once `Fuzz/run.sh` has saved one there.
  func testEvalLineFuzzRegressions() throws {
    var inputs = try TestPaths.replayInputs(in: TestPaths.packageRoot + "/Fuzz/Seeds/eval-line")
    let findings = TestPaths.fixtures + "/fuzz-regressions/eval-line"
    if FileManager.default.fileExists(atPath: findings) {
      inputs += try TestPaths.replayInputs(in: findings)
    }
    for (name, bytes) in inputs {
      let run = try runDND(["eval"], input: .bytes(bytes), timeout: 60)
      XCTAssertEqual(run.status, .exited(0), name)
      var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
      if bytes.last == 0x0A || bytes.isEmpty { lines -= 1 }
      XCTAssertEqual(run.output.split(separator: 0x0A).count, lines, name)
    }
  }

  /// The saved inputs of a fuzz target; throws when there are none.
  func regressionInputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
    try TestPaths.replayInputs(in: TestPaths.fixtures + "/fuzz-regressions/" + target)
  }

  /// A replay of a missing or empty folder fails instead of checking nothing.
  func testReplayOfAMissingOrEmptyFolderFails() throws {
    let scratch = NSTemporaryDirectory() + "dnd-empty-replay-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try Data("# only a README".utf8).write(to: URL(fileURLWithPath: scratch + "/README.md"))
    for folder in [scratch, scratch + "/missing"] {
      XCTAssertThrowsError(try TestPaths.replayInputs(in: folder), folder) { error in
        XCTAssertTrue("\(error)".hasPrefix("replay folder \(folder): "), "\(error)")
      }
    }
  }

  // MARK: dnd eval resource bounds

  /// A 1 GiB line, then lines nested 100,000 deep, then a good line, streamed through the
  /// built `dnd eval`: an error per bad line, the right answer after them, in bounded memory
  /// (the time limit only stops a hang; the duration is printed, not asserted).
  func testEvalAnswersAGigabyteLineAndDeepNestingInBoundedMemory() throws {
    let good =
      #"{"rule": {"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2, "#
      + #""timeZoneID": "America/New_York"}, "at": 1773025200}"#
    let deepArray = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let deepObject =
      #"{"rule": "# + String(repeating: #"{"a": "#, count: 100_000) + "1"
      + String(repeating: "}", count: 100_000) + #", "at": 1}"#
    let head = Array(#"{"rule": {}, "at": 1, "pad": ""#.utf8)
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    let tail = Array(("\"}\n" + deepArray + "\n" + deepObject + "\n" + good + "\n").utf8)
    let started = Date()
    let run = try runDND(
      ["eval"],
      input: .stream { write in
        write(head)
        for _ in 0..<1024 { write(chunk) }
        write(tail)
      }, timeout: 300)
    let seconds = Date().timeIntervalSince(started)
    XCTAssertEqual(run.status, .exited(0))
    let lines = run.output.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    XCTAssertEqual(lines.count, 4)
    XCTAssertTrue(lines.first?.contains("longer than") ?? false, lines.first ?? "")
    XCTAssertTrue(lines.dropFirst().first?.contains("nested deeper") ?? false)
    XCTAssertTrue(lines.dropFirst(2).first?.contains("\"invalidJSON\"") ?? false)
    XCTAssertEqual(lines.last, #"{"inDoNotDisturb": true, "nextChange": 1773057600}"#)
    // The line is never held: a few MiB of buffer over the process's own size (sanitized
    // builds double that).
    let peak = try run.peakResidentBytes()
    XCTAssertLessThan(peak, 256 << 20, "peak RSS \(peak >> 20) MiB")
    print(
      "dnd eval: 1 GiB line + 100,000-deep nesting in \(Int(seconds * 1000)) ms, peak RSS \(peak >> 20) MiB"
    )
  }

  /// `dnd check --rule -` given 512 MiB on standard input stops reading one byte past its
  /// 1 MiB limit and says so: its peak resident memory is that of a small input (reading it
  /// all first took more than the input's size).
  func testCheckStopsReadingStandardInputAtItsLimit() throws {
    let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
    let run = try runDND(
      ["check", "--rule", "-"],
      input: .stream { write in
        write(Array(#"{"enabled": true, "pad": ""#.utf8))
        for _ in 0..<512 { write(chunk) }
        write(Array("\"}".utf8))
      }, timeout: 120)
    XCTAssertEqual(run.status, .exited(2))
    // The tool's own size plus a few MiB of input (sanitized builds double that).
    let peak = try run.peakResidentBytes()
    XCTAssertLessThan(peak, 128 << 20, "peak RSS \(peak >> 20) MiB")
    print("dnd check --rule - with 512 MiB in: peak RSS \(peak >> 20) MiB")
  }
}

// MARK: - Helpers

/// A synthetic TZif version 2 file: an empty version 1 block, then transitions alternating
/// between UTC and a +01:00 type, and a footer.
func tzif(transitions: [Int64], footer: String) -> [UInt8] {
  func u32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
  func header(timecnt: Int, typecnt: Int, charcnt: Int) -> [UInt8] {
    Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + u32(0) + u32(0) + u32(0)
      + u32(UInt32(timecnt)) + u32(UInt32(typecnt)) + u32(UInt32(charcnt))
  }
  var bytes = header(timecnt: 0, typecnt: 1, charcnt: 4) + u32(0) + [0, 0] + Array("UTC\0".utf8)
  bytes += header(timecnt: transitions.count, typecnt: 2, charcnt: 8)
  for t in transitions { bytes += withUnsafeBytes(of: t.bigEndian, Array.init) }
  bytes += transitions.indices.map { UInt8(($0 + 1) % 2) }
  bytes += u32(0) + [0, 0] + u32(3_600) + [0, 4] + Array("UTC\0AAA\0".utf8)
  return bytes + Array("\n\(footer)\n".utf8)
}

/// How a child process ended.
enum ChildOutcome: Equatable {
  case exited(Int32)
  case signaled(Int32)
  case timedOut
  case memoryExceeded(Int)
}

/// Runs work in a forked child with a time and memory limit, so that a trap, a hang or a
/// runaway allocation fails the calling test instead of the whole run.
///
/// - Parameters:
///   - timeout: Seconds before the child is killed.
///   - memoryLimit: Resident bytes before the child is killed.
///   - body: The work; its result is the exit status.
/// - Returns: How the child ended.
/// - Throws: `XCTSkip` where a Swift program cannot fork (Darwin).
func inChildProcess(
  timeout: Double, memoryLimit: Int = 2 << 30, _ body: () -> Int32
) throws -> ChildOutcome {
  guard let process = ChildProcesses.fork(body) else {
    throw XCTSkip("runs hostile input in a forked child; this platform cannot fork a Swift process")
  }
  return waitForChild(process, timeout: timeout, memoryLimit: memoryLimit).outcome
}

/// Waits for a child, killing it past the time or memory limit; also returns the child's
/// peak resident memory, sampled from /proc while it runs (`ru_maxrss` would also count the
/// parent's memory, which a spawned child shares until it calls exec), or nil where /proc
/// has no such figures.
func waitForChild(_ process: Int32, timeout: Double, memoryLimit: Int = 2 << 30) -> (
  outcome: ChildOutcome, peakResidentBytes: Int?
) {
  let deadline = Date().addingTimeInterval(timeout)
  var peak: Int?
  while true {
    let sample = ChildProcesses.memory(of: process)
    if let sample { peak = max(peak ?? 0, sample.peak) }
    let ended: ChildProcesses.Outcome?
    do { ended = try ChildProcesses.poll(process) } catch { return (.exited(-1), peak) }
    switch ended {
    case .exited(let status): return (.exited(status), peak)
    case .signaled(let signal): return (.signaled(signal), peak)
    case nil: break
    }
    let resident = sample?.resident ?? 0
    if Date() > deadline || resident > memoryLimit {
      ChildProcesses.kill(process)
      _ = try? ChildProcesses.wait(process)
      return (Date() > deadline ? .timedOut : .memoryExceeded(resident), peak)
    }
    Thread.sleep(forTimeInterval: 0.005)
  }
}

/// Standard input for `runDND`.
enum DNDInput: Sendable {
  case bytes([UInt8])
  /// Written through a pipe by a background thread, chunk by chunk.
  case stream(@Sendable (_ write: ([UInt8]) -> Void) -> Void)
}

/// The result of one `dnd` run.
struct DNDRun {
  var status: ChildOutcome
  var output: [UInt8]
  /// The child's peak resident memory, nil where the platform does not say (no /proc).
  var maxResidentBytes: Int?

  /// The peak resident memory, for a bound.
  ///
  /// - Throws: `XCTSkip` where it could not be read, so that a bound is never checked
  ///   against nothing (the run's answers are checked before this is asked).
  func peakResidentBytes() throws -> Int {
    guard let maxResidentBytes else {
      throw XCTSkip("a child's peak resident memory cannot be read here (no /proc/PID/status)")
    }
    return maxResidentBytes
  }
}

/// Runs the built `dnd` executable (next to the test bundle) with standard input, and
/// measures its peak resident memory.
func runDND(_ arguments: [String], input: DNDInput, timeout: Double) throws -> DNDRun {
  let executable = try XCTUnwrap(
    TestPaths.dndExecutable, "the dnd executable is not built next to the tests")
  let scratch = NSTemporaryDirectory() + "dndkit-extreme-run-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let outputPath = scratch + "/stdout"
  let pipeEnds = try ChildProcesses.makePipe()
  Syscalls.reportBrokenPipesAsErrors()
  let process: Int32
  do {
    process = try ChildProcesses.spawn(
      executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
      streams: (
        .descriptor(pipeEnds.read), .path(outputPath, [.writeOnly, .create, .truncate]),
        .path("/dev/null", .writeOnly)
      ), closing: pipeEnds.write)
  } catch {
    Syscalls.closeDescriptor(pipeEnds.read)
    Syscalls.closeDescriptor(pipeEnds.write)
    throw error
  }
  Syscalls.closeDescriptor(pipeEnds.read)
  let writeEnd = pipeEnds.write
  let writer = Thread {
    // A failed write (the child gone) ends nothing here: the child's outcome is the test's.
    func send(_ bytes: [UInt8]) {
      try? bytes.withUnsafeBytes { try Syscalls.writeAll(writeEnd, $0) }
    }
    switch input {
    case .bytes(let bytes): send(bytes)
    case .stream(let produce): produce(send)
    }
    Syscalls.closeDescriptor(writeEnd)
  }
  writer.start()
  let (status, peak) = waitForChild(process, timeout: timeout, memoryLimit: 4 << 30)
  let output = [UInt8](FileManager.default.contents(atPath: outputPath) ?? Data())
  return DNDRun(status: status, output: output, maxResidentBytes: peak)
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import XCTest
import ZoneInfo

/// Every footer's yearly changes against the POSIX definition worked out here with plain civil
/// calendar arithmetic: its own parser for the TZ string, its own day numbers (Howard
/// Hinnant's `days_from_civil`) and its own weekday rule ("the d-th weekday of week w of month
/// m" found by listing the month's days). Nothing is shared with ZoneInfo's footer code, whose
/// closed form and exact evaluation both read one `dayOfYear(kind:)`; a mistake there is
/// invisible to a test that compares them with each other (FooterClosedFormTests), not here.
final class FooterCivilCalendarTests: XCTestCase {
  /// The TZif footers of every zone in the database, and a few unusual rules, in seeded years
  /// from 2100 (past every explicit transition: fat Gaza and Hebron files list them to 2086)
  /// to 9998: the offset just before and from each
  /// computed change, and the engine's next transition from the second before it.
  func testFooterChangesFollowTheCivilCalendar() throws {
    let seed = SplitMix64.seed(default: 0xC1_B1)
    var rng = SplitMix64(seed: seed)
    let database = try ZoneDatabase(root: TestPaths.zoneinfo)
    var footers: [(label: String, zone: Zone, rule: String)] = []
    for id in database.identifiers() {
      guard let bytes = FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id),
        let footer = Self.footer(of: [UInt8](bytes))
      else { continue }
      footers.append((id, try database.zone(id), footer))
    }
    for rule in [
      "EST5EDT,J60/2,J300/2", "XST3XDT,59/2,300/2", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
      "<-01>1<+00>,M3.5.0/0,M10.5.0/1", "IST-1GMT0,M10.5.0,M3.5.0/1",
      "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
    ] {
      footers.append((rule, try Zone(posixTZ: rule), rule))
    }
    var changes = 0
    var lastWeekChanges = 0
    for (label, zone, text) in footers {
      let rule = try XCTUnwrap(CivilFooterRule(text), "\(label): cannot parse \(text)")
      guard let daylight = rule.daylight else { continue }
      var years: [Int64] = [2100, 2500, 2501, 2502, 9998]
      for _ in 0..<40 { years.append(Int64.random(in: 2101...9997, using: &rng)) }
      for year in years {
        let start =
          daylight.start.day(in: year) * 86_400 + daylight.startTime - rule.standardOffset
        let end = daylight.end.day(in: year) * 86_400 + daylight.endTime - daylight.offset
        for (instant, before, after) in [
          (start, rule.standardOffset, daylight.offset),
          (end, daylight.offset, rule.standardOffset),
        ] {
          let context = "\(label) (\(text)) in \(year): change at \(instant) [seed \(seed)]"
          XCTAssertEqual(Int64(try zone.offset(at: instant - 1)), before, context)
          XCTAssertEqual(Int64(try zone.offset(at: instant)), after, context)
          XCTAssertEqual(try zone.nextTransition(after: instant - 1)?.instant, instant, context)
          changes += 1
        }
        if case .monthWeekDay(_, 5, _) = daylight.start { lastWeekChanges += 1 }
      }
    }
    XCTAssertGreaterThan(changes, 10_000)
    XCTAssertGreaterThan(lastWeekChanges, 1_000, "changes on a last weekday of a month")
  }

  /// The rule text after a TZif file's last two newlines.
  static func footer(of bytes: [UInt8]) -> String? {
    guard bytes.last == 0x0A, let open = bytes.dropLast().lastIndex(of: 0x0A) else { return nil }
    return String(decoding: bytes[(open + 1)..<(bytes.count - 1)], as: UTF8.self)
  }
}

/// A POSIX TZ rule (POSIX.1-2017 §8.3, with RFC 8536's hours up to 167), read from the
/// definition. Offsets are seconds east of UTC.
struct CivilFooterRule {
  enum DateRule {
    /// `Jn`: 1...365, February 29 never counted.
    case julian(Int64)
    /// `n`: 0...365, February 29 counted.
    case zeroBased(Int64)
    /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
    case monthWeekDay(Int64, Int64, Int64)

    /// The date in a year, as days since 1970-01-01.
    func day(in year: Int64) -> Int64 {
      switch self {
      case .julian(let n):
        let lengths: [Int64] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month: Int64 = 1
        var day = n
        while day > lengths[Int(month - 1)] {
          day -= lengths[Int(month - 1)]
          month += 1
        }
        return CivilFooterRule.days(year, month, day)
      case .zeroBased(let n):
        return CivilFooterRule.days(year, 1, 1) + n
      case .monthWeekDay(let month, let week, let weekday):
        let first = CivilFooterRule.days(year, month, 1)
        let next =
          month == 12
          ? CivilFooterRule.days(year + 1, 1, 1) : CivilFooterRule.days(year, month + 1, 1)
        // Every date of the month on that weekday; 1970-01-01 was a Thursday (4).
        let matching = (first..<next).filter { (($0 % 7) + 7 + 4) % 7 == weekday }
        return week == 5 ? matching[matching.count - 1] : matching[Int(week - 1)]
      }
    }
  }

  struct Daylight {
    var offset: Int64
    var start: DateRule
    var startTime: Int64
    var end: DateRule
    var endTime: Int64
  }

  var standardOffset: Int64
  var daylight: Daylight?

  /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's `days_from_civil`).
  static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  init?(_ text: String) {
    var rest = Substring(text)
    func name() -> Bool {
      if rest.first == "<" {
        guard let close = rest.firstIndex(of: ">") else { return false }
        rest = rest[rest.index(after: close)...]
        return true
      }
      let letters = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(letters.count)
      return letters.count >= 3
    }
    /// `[+-]hh[:mm[:ss]]` in seconds.
    func time() -> Int64? {
      var sign: Int64 = 1
      if rest.first == "-" || rest.first == "+" {
        sign = rest.first == "-" ? -1 : 1
        rest = rest.dropFirst()
      }
      var parts: [Int64] = []
      repeat {
        if !parts.isEmpty { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, let value = Int64(digits) else { return nil }
        parts.append(value)
        rest = rest.dropFirst(digits.count)
      } while rest.first == ":" && parts.count < 3
      let seconds = parts.enumerated().reduce(Int64(0)) {
        $0 + $1.element * [3_600, 60, 1][$1.offset]
      }
      return sign * seconds
    }
    func date() -> (DateRule, Int64)? {
      guard rest.first == "," else { return nil }
      rest = rest.dropFirst()
      let rule: DateRule
      if rest.first == "M" {
        rest = rest.dropFirst()
        let fields = rest.prefix { $0.isNumber || $0 == "." }
        rest = rest.dropFirst(fields.count)
        let numbers = fields.split(separator: ".").compactMap { Int64($0) }
        guard numbers.count == 3 else { return nil }
        rule = .monthWeekDay(numbers[0], numbers[1], numbers[2])
      } else {
        let julian = rest.first == "J"
        if julian { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isNumber }
        rest = rest.dropFirst(digits.count)
        guard let n = Int64(digits) else { return nil }
        rule = julian ? .julian(n) : .zeroBased(n)
      }
      var at: Int64 = 7_200
      if rest.first == "/" {
        rest = rest.dropFirst()
        guard let given = time() else { return nil }
        at = given
      }
      return (rule, at)
    }
    guard name(), let west = time() else { return nil }
    standardOffset = -west
    guard !rest.isEmpty else { return }
    guard name() else { return nil }
    var daylightOffset = standardOffset + 3_600
    if rest.first != "," {
      guard let west = time() else { return nil }
      daylightOffset = -west
    }
    guard let (start, startTime) = date(), let (end, endTime) = date(), rest.isEmpty else {
      return nil
    }
    daylight = Daylight(
      offset: daylightOffset, start: start, startTime: startTime, end: end, endTime: endTime)
  }
}

import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import XCTest
import ZoneInfo

/// POSIX TZ strings, including the RFC 8536 §3.3.1 extensions. Expected instants are worked
/// out by hand in the comments.
final class POSIXFooterTests: XCTestCase {
  func offset(_ tz: String, _ t: Int64) throws -> Int32 {
    try Zone(posixTZ: tz).offset(at: t)
  }

  func testUSRule() throws {
    // 2030-03-10 is the second Sunday of March; 02:00 EST = 07:00Z = 1_899_356_400.
    XCTAssertEqual(try offset("EST5EDT,M3.2.0,M11.1.0", 1_899_356_399), -18_000)
    XCTAssertEqual(try offset("EST5EDT,M3.2.0,M11.1.0", 1_899_356_400), -14_400)
    // 2030-11-03 first Sunday of November; 02:00 EDT = 06:00Z = 1_919_916_000.
    XCTAssertEqual(try offset("EST5EDT,M3.2.0,M11.1.0", 1_919_915_999), -14_400)
    XCTAssertEqual(try offset("EST5EDT,M3.2.0,M11.1.0", 1_919_916_000), -18_000)
  }

  func testNegativeDSTAndSouthernHemisphere() throws {
    // Dublin: IST (+1) is standard, GMT is "daylight" from the last Sunday of October.
    // 2030-10-27 01:00Z = 1_919_293_200.
    let dublin = "IST-1GMT0,M10.5.0,M3.5.0/1"
    XCTAssertEqual(try offset(dublin, 1_919_293_199), 3_600)
    XCTAssertEqual(try offset(dublin, 1_919_293_200), 0)
    XCTAssertTrue(try Zone(posixTZ: dublin).isDaylightSavingTime(at: 1_919_293_200))
    // Lord Howe: +10:30 standard, +11 from the first Sunday of October 02:00 local.
    // 2030-10-06 02:00 +10:30 = 2030-10-05T15:30Z = 1_917_444_600.
    let lordHowe = "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"
    XCTAssertEqual(try offset(lordHowe, 1_917_444_599), 37_800)
    XCTAssertEqual(try offset(lordHowe, 1_917_444_600), 39_600)
  }

  func testNegativeAndLargeRuleTimes() throws {
    // Greenland: -02 standard, -01 from last Sunday of March at -01:00 local (Saturday 23:00).
    // 2030-03-31 is a Sunday; -01:00 on it at -02 = 2030-03-31T01:00Z = 1_901_149_200.
    let nuuk = "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"
    XCTAssertEqual(try offset(nuuk, 1_901_149_199), -7_200)
    XCTAssertEqual(try offset(nuuk, 1_901_149_200), -3_600)
    // All-year daylight time: starts Jan 1 00:00, ends Dec 31 25:00 (= next Jan 1 00:00 std).
    let always = "EST5EDT,0/0,J365/25"
    for t: Int64 in [1_893_456_000, 1_910_000_000, 1_924_991_999, 1_924_992_000] {
      XCTAssertEqual(try offset(always, t), -14_400, "\(t)")
    }
    // Jn and n day rules: J60 is always March 1; day 59 is Feb 29 in a leap year.
    // 2032 is a leap year: J60 = 2032-03-01, n=59 = 2032-02-29.
    let julian = "AAA0BBB,J60/0,J300/0"  // BBB = +1 from 2032-03-01T00:00Z = 1_961_712_000
    XCTAssertEqual(try offset(julian, 1_961_711_999), 0)
    XCTAssertEqual(try offset(julian, 1_961_712_000), 3_600)
    let zeroBased = "AAA0BBB,59/0,299/0"  // from 2032-02-29T00:00Z = 1_961_625_600
    XCTAssertEqual(try offset(zeroBased, 1_961_625_599), 0)
    XCTAssertEqual(try offset(zeroBased, 1_961_625_600), 3_600)
  }

  func testNoDSTAndQuotedNames() throws {
    XCTAssertEqual(try offset("<+0545>-5:45", 0), 20_700)
    XCTAssertEqual(try offset("<-03>3", 5_000_000_000), -10_800)
    XCTAssertEqual(try offset("UTC0", 123), 0)
  }

  func testMalformedFootersAreTypedErrors() {
    let bad = [
      "", "E", "EST", "EST5EDT", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0",
      "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J10", "EST5EDT,366,1",
      "EST5EDT,M3.2.0/168,M11.1.0", "<+03-3", "EST25", "EST5:60", "EST5EDT,M3.2.0,M11.1.0junk",
      "EST99999999999999999999",
      // Overlapping only in years whose December 31 is a Saturday (2005/2006, 2011/2012, …).
      "STD0DST,M1.1.0,M12.5.6/67",
    ]
    for text in bad {
      XCTAssertThrowsError(try Zone(posixTZ: text), text) { error in
        guard case ZoneError.malformedPOSIXTimeZone = error else {
          return XCTFail("\(text): \(error)")
        }
      }
    }
  }
}

/// The footer's closed form against the rule's exact evaluation.
final class FooterClosedFormTests: XCTestCase {
  /// Every system zone's footer and some unusual rules, at seeded instants from 1971 to 9999,
  /// half of them within a day of one of the rule's changes.
  func testClosedFormMatchesTheRule() throws {
    let seed = SplitMix64.seed(default: 0xF007)
    var rng = SplitMix64(seed: seed)
    let database = try ZoneDatabase(root: TestPaths.zoneinfo)
    var zones = try database.identifiers().map { try database.zone($0) }
    for rule in [
      "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "STD0DST,M1.1.0,6", "IST-1GMT0,M10.5.0,M3.5.0/1",
      "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "EST5EDT,J60/2,J300/2", "XST3XDT,59/2,300/2",
      "<-01>1<+00>,M3.5.0/0,M10.5.0/1",
    ] {
      zones.append(try Zone(posixTZ: rule))
    }
    var answered = 0
    for zone in zones {
      var instants: [Int64] = []
      for _ in 0..<200 {
        let t = Int64.random(in: 31_536_000...Zone.supportedInstants.upperBound, using: &rng)
        if Bool.random(using: &rng), let change = try zone.nextTransition(after: t),
          change.instant + 86_400 <= Zone.supportedInstants.upperBound
        {
          instants.append(change.instant + Int64.random(in: -86_400...86_400, using: &rng))
        } else {
          instants.append(t)
        }
      }
      let result = zone.footerClosedFormViolations(at: instants)
      XCTAssertEqual(result.violations, [], "\(zone.identifier) [seed \(seed)]")
      answered += result.answered
    }
    XCTAssertGreaterThan(answered, 10_000)
  }
}

/// RFC 8536 §3.3: the footer must agree with the last transition's type. `zic -b slim` writes
/// files that do not (America/Ojinaga): under a footer with daylight rules and a last
/// transition before 2050, the last transition's type holds until the footer's first change
/// after it; any other disagreement is refused as malformed, naming the zone and both offsets
/// (tzdata-notes.md, "A footer that disagrees with the last transition").
final class FooterConsistencyTests: XCTestCase {
  /// A version 2 file: an empty version 1 block, then `types` (offset, daylight flag,
  /// abbreviation), transitions to `transitionTypes`, and the footer.
  func tzif(
    types: [(Int32, Bool, String)], transitions: [(Int64, UInt8)], footer: String
  ) -> [UInt8] {
    func u32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    func header(timecnt: Int, typecnt: Int, charcnt: Int) -> [UInt8] {
      Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + u32(0) + u32(0) + u32(0)
        + u32(UInt32(timecnt)) + u32(UInt32(typecnt)) + u32(UInt32(charcnt))
    }
    var bytes = header(timecnt: 0, typecnt: 1, charcnt: 1) + u32(0) + [0, 0, 0]
    var names: [UInt8] = []
    var ttinfo: [UInt8] = []
    for (offset, isDaylight, name) in types {
      ttinfo += u32(UInt32(bitPattern: offset)) + [isDaylight ? 1 : 0, UInt8(names.count)]
      names += Array(name.utf8) + [0]
    }
    bytes += header(timecnt: transitions.count, typecnt: types.count, charcnt: names.count)
    for (t, _) in transitions { bytes += withUnsafeBytes(of: t.bigEndian, Array.init) }
    bytes += transitions.map(\.1) + ttinfo + names
    return bytes + Array("\n\(footer)\n".utf8)
  }

  static let types: [(Int32, Bool, String)] = [
    (-18_000, false, "EST"), (-14_400, true, "EDT"), (-14_400, false, "EDT"),
    (-14_400, true, "XDT"), (32_400, false, "JST"),
  ]
  /// 2024-03-10T07:00:00Z, when the footer below starts daylight time, and the November end.
  static let springForward: Int64 = 1_710_054_000
  static let fallBack: Int64 = 1_730_613_600

  /// 2025-03-09T07:00:00Z and 2025-11-02T06:00:00Z, the footer's next two changes.
  static let springForward2025: Int64 = 1_741_503_600
  static let fallBack2025: Int64 = 1_762_063_200
  /// 2050-03-04T07:06:40Z, in the footer's standard time.
  static let march2050: Int64 = 2_530_000_000

  func testAFooterThatDisagreesWithTheLastTransitionIsReadOrRefused() throws {
    let footer = "EST5EDT,M3.2.0,M11.1.0"
    let before = (Self.fallBack - 86_400 * 300, UInt8(0))
    // Agreeing: EDT from the spring change, then EST from the autumn one.
    for last in [(Self.springForward, UInt8(1)), (Self.fallBack, UInt8(0))] {
      let bytes = tzif(types: Self.types, transitions: [before, last], footer: footer)
      XCTAssertNoThrow(try Zone(identifier: "Crafted", tzif: bytes), "\(last)")
    }
    // Disagreeing under a daylight footer before 2050: the last type holds until the
    // footer's next change after it (2024-11-03 after a spring transition, 2025-03-09 after
    // an autumn one), which may change nothing; then the footer.
    let held: [(last: (Int64, UInt8), until: Int64, reading: String)] = [
      ((Self.springForward, 0), Self.springForward2025, "-18000 EST standard"),
      ((Self.fallBack, 1), Self.fallBack2025, "-14400 EDT daylight"),
      ((Self.springForward, 2), Self.fallBack, "-14400 EDT standard"),
      ((Self.springForward, 3), Self.fallBack, "-14400 XDT daylight"),
    ]
    func reading(_ zone: Zone, _ t: Int64) throws -> String {
      let flag = try zone.isDaylightSavingTime(at: t) ? "daylight" : "standard"
      return "\(try zone.offset(at: t)) \(try zone.abbreviation(at: t)) \(flag)"
    }
    for (last, until, expected) in held {
      let bytes = tzif(types: Self.types, transitions: [before, last], footer: footer)
      let zone = try Zone(identifier: "Crafted", tzif: bytes)
      for t in [last.0, last.0 + 1, (last.0 + until) / 2, until - 1] {
        XCTAssertEqual(try reading(zone, t), expected, "\(last) at \(t)")
      }
      // From the change on, the footer: EST after an autumn change, EDT after a spring one.
      let footerReading =
        until == Self.fallBack || until == Self.fallBack2025
        ? "-18000 EST standard" : "-14400 EDT daylight"
      XCTAssertEqual(try reading(zone, until), footerReading, "\(last) at \(until)")
      let footerAlone = try Zone(posixTZ: footer)
      for t in stride(from: until, to: until + 86_400 * 365 * 30, by: 86_400 * 41) {
        XCTAssertEqual(try reading(zone, t), try reading(footerAlone, t), "\(last) at \(t)")
      }
    }
    // Refused: a footer with no daylight time (it governs at once), and a last transition
    // from 2050 on.
    let cases: [(last: (Int64, UInt8), footer: String, offsets: [String])] = [
      ((Self.springForward, 0), "JST-9", ["32400", "-18000"]),
      ((Self.march2050, 1), footer, ["-18000", "-14400"]),
    ]
    for (last, footer, mentions) in cases {
      let bytes = tzif(types: Self.types, transitions: [before, last], footer: footer)
      XCTAssertThrowsError(try Zone(identifier: "Crafted", tzif: bytes), "\(last) \(footer)") {
        guard case .malformedTZif(let zone, let reason) = $0 as? ZoneError else {
          return XCTFail("\($0)")
        }
        XCTAssertEqual(zone, "Crafted")
        for mention in mentions + [footer, "\(last.0)"] {
          XCTAssertTrue(reason.contains(mention), "\(mention) in: \(reason)")
        }
      }
    }
  }

  /// Every system zone with a footer, its last transition's type swapped for each other
  /// type of the file that the footer does not give at that instant: under a daylight footer
  /// (the last transition is before 2050 in every system file), the swapped type holds until
  /// the footer's next change, and the zone answers as the unpatched one from there; under a
  /// footer without daylight time, refused. Unpatched: loads.
  func testEverySystemZoneLoadsAndReadsOrRefusesADisagreeingLastType() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var (checked, read, refused) = (0, 0, 0)
    for id in zones.identifiers() {
      guard let data = FileManager.default.contents(atPath: TestPaths.zoneinfo + "/" + id)
      else { continue }
      let bytes = [UInt8](data)
      let zone = try Zone(identifier: id, tzif: bytes)
      XCTAssertNoThrow(try zones.zone(id), id)
      guard bytes[4] >= UInt8(ascii: "2") else { continue }
      // The version 2 header follows the version 1 block; its counts give where the last
      // transition's type index lies.
      func count(_ at: Int) -> Int {
        bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      }
      func blockSize(_ header: Int, timeSize: Int) -> Int {
        let (isut, isstd, leap) = (count(header + 20), count(header + 24), count(header + 28))
        let (time, type, char) = (count(header + 32), count(header + 36), count(header + 40))
        return time * (timeSize + 1) + type * 6 + char + leap * (timeSize + 4) + isstd + isut
      }
      let second = 44 + blockSize(0, timeSize: 4)
      let (timecnt, typecnt) = (count(second + 32), count(second + 36))
      guard timecnt > 0, bytes.last == UInt8(ascii: "\n"), bytes[bytes.count - 2] != 10 else {
        continue
      }
      let lastTypeAt = second + 44 + timecnt * 8 + timecnt - 1
      let lastInstant = bytes[(lastTypeAt - timecnt - 7)...(lastTypeAt - timecnt)].reduce(0) {
        $0 << 8 | Int64($1)
      }
      guard Zone.supportedInstants.contains(lastInstant) else { continue }
      // The file agrees with its footer, so the zone's type there is the footer's.
      let truth = (
        offset: try zone.offset(at: lastInstant),
        isDaylight: try zone.isDaylightSavingTime(at: lastInstant)
      )
      let footer = String(
        decoding: bytes.dropLast().reversed().prefix { $0 != 10 }.reversed(), as: UTF8.self)
      // A footer with daylight time names its rules after a comma.
      let hasDaylightRules = footer.contains(",")
      let typesAt = lastTypeAt + 1
      for type in 0..<typecnt {
        let offset = Int32(bitPattern: UInt32(count(typesAt + type * 6)))
        let isDaylight = bytes[typesAt + type * 6 + 4] == 1
        guard offset != truth.offset || isDaylight != truth.isDaylight else { continue }
        var patched = bytes
        patched[lastTypeAt] = UInt8(type)
        guard hasDaylightRules, lastInstant < 2_524_608_000 else {
          XCTAssertThrowsError(try Zone(identifier: id, tzif: patched), "\(id) type \(type)") {
            guard case .malformedTZif = $0 as? ZoneError else { return XCTFail("\(id): \($0)") }
          }
          refused += 1
          continue
        }
        let label = "\(id) type \(type)"
        let swapped = try Zone(identifier: id, tzif: patched)
        // The footer's first change after the last transition: the unpatched zone's next.
        let change = try XCTUnwrap(try zone.nextTransition(after: lastInstant), label).instant
        for t in [lastInstant, lastInstant + 1, change - 1] {
          XCTAssertEqual(try swapped.offset(at: t), offset, "\(label) at \(t)")
          XCTAssertEqual(try swapped.isDaylightSavingTime(at: t), isDaylight, "\(label) at \(t)")
        }
        for t in [change, change + 1, change + 86_400 * 200, change + 86_400 * 365 * 20] {
          XCTAssertEqual(try swapped.offset(at: t), try zone.offset(at: t), "\(label) at \(t)")
          XCTAssertEqual(
            try swapped.abbreviation(at: t), try zone.abbreviation(at: t), "\(label) at \(t)")
        }
        read += 1
      }
      checked += 1
    }
    XCTAssertGreaterThan(checked, 300)
    XCTAssertGreaterThan(read, 100)
    XCTAssertGreaterThan(refused, 100)
  }
}

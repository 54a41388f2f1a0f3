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

import DNDKitTesting
import PushService
import Testing
import ZoneInfo
import ZoneInfoBundle

/// The same property from Swift Testing: DNDKitTesting needs no XCTest.
@Test func quietHoursInHalfHourZonesAgreeWithTheReference() throws {
  let zones = ZoneDatabase(bundle: try ZoneBundle.embedded())
  let service = PushService(zones: zones)
  let check = ReferenceCheck(
    zones: zones, seed: 0xC0FFEE, cases: 300,
    zoneIDs: Generators(zones: zones).zoneIDs(with: .halfHourOffsets))
  let failure = try check.firstCounterexample { rule, instant in
    try service.isQuiet(rule, at: instant)
  }
  #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
}

// Fuzz target `posix-tz`: arbitrary bytes as a POSIX TZ string (a TZif footer). A typed
// ZoneError or a zone that follows the rule at every instant with the zone properties.
import DNDKitTesting
import FuzzSupport
import ZoneInfo

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  // Footers are one line: drop the newline `tail -n1` seeds end with.
  var text = String(decoding: input, as: UTF8.self)
  if text.hasSuffix("\n") { text.removeLast() }
  let zone: Zone
  do {
    zone = try Zone(posixTZ: text)
  } catch {
    _ = error.description
    return 0
  }
  require(zone.identifier == text, "identifier \(zone.identifier) is not the TZ string")
  properties.exerciseZoneInput(zone, input: input)
  return 0
}

runFuzzer(testOneInput)

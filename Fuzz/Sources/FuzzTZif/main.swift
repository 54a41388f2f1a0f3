// Fuzz target `tzif`: arbitrary bytes as a TZif file. A typed ZoneError or a zone whose
// answers keep the zone properties at every probe; never a trap, a hang or a bad access.
import DNDKitTesting
import FuzzSupport
import ZoneInfo

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  let zone: Zone
  do {
    zone = try Zone(identifier: "Fuzz/TZif", tzif: Array(input))
  } catch {
    _ = error.description
    return 0
  }
  properties.exerciseZoneInput(zone, input: input)
  return 0
}

runFuzzer(testOneInput)

// Fuzz target `wire-json`: arbitrary bytes as a wire document.
//
// The strict byte reader of every wire type against its `Codable` reference (a strict syntax
// check, then `JSONDecoder`), through `WireDecodingDifferential`, the check the test suites
// run on generated documents: the same value, or the same errors at the same key paths.
import DNDKitTesting
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let document = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
  if case .failure(let mismatch) = WireDecodingDifferential.compare(document) {
    require(false, "the strict reader and the Codable reference differ: \(mismatch)")
  }
  return 0
}

runFuzzer(testOneInput)

// Fuzz target `wire-json`: arbitrary bytes as a wire document.
//
// The strict byte reader of every wire type, the one JSON reader of the library: on any bytes,
// a value that its writer writes back to bytes the reader reads to the same value, or a typed
// `RuleError` naming at least one field; never a crash, a hang or a silent default.
// The same bytes as a document holding a rule under `pushRule`: the member `EmbeddedJSON`
// finds reads as the whole document's `pushRule` does.
import DNDSchedule
import FuzzSupport
import OfflinePush

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let document = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
  check(
    document, OfflinePushRule.self,
    { (bytes) throws(RuleError) in
      try OfflinePushRule(jsonBytes: bytes)
    }, { $0.jsonBytes() })
  check(
    document, DoNotDisturbRule.self,
    { (bytes) throws(RuleError) in
      try DoNotDisturbRule(jsonBytes: bytes)
    }, { $0.jsonBytes() })
  check(
    document, WeeklyScheduleRule.self,
    { (bytes) throws(RuleError) in
      try WeeklyScheduleRule(jsonBytes: bytes)
    }, { $0.jsonBytes() })
  if let member = try? EmbeddedJSON.bytes(at: ["pushRule"], in: document) {
    // A document EmbeddedJSON accepts is strict JSON: its member reads alike from a slice.
    let whole = Result { () throws(RuleError) in try OfflinePushRule(jsonBytes: member) }
    let again = Result { () throws(RuleError) in
      try OfflinePushRule(jsonBytes: member[...])
    }
    require(whole == again, "a member reads differently from an array and a slice")
  }
  return 0
}

/// One wire type on the bytes: a value that round-trips through its writer, or a typed error
/// that names at least one field.
func check<Value: Equatable>(
  _ document: [UInt8], _ type: Value.Type,
  _ read: ([UInt8]) throws(RuleError) -> Value, _ write: (Value) -> [UInt8]
) {
  do {
    let value = try read(document)
    let again = try read(write(value))
    require(again == value, "\(type) does not round-trip: \(value) became \(again)")
  } catch {
    require(!error.errors.isEmpty && !error.description.isEmpty, "\(type): an empty error")
  }
}

runFuzzer(testOneInput)

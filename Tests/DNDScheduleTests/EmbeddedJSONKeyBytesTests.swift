import DNDSchedule
import XCTest

/// `EmbeddedJSON.bytes(at:in:)` compares keys as their unescaped bytes, as the wire types'
/// decoders do: a key that is canonically equivalent but spelled with other scalars (a
/// decomposed é, the Kelvin sign for K) is another key.
final class EmbeddedJSONKeyBytesTests: XCTestCase {
  func member(_ keyPath: [String], _ document: String) throws -> String? {
    try EmbeddedJSON.bytes(at: keyPath, in: Array(document.utf8)).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  func testEquivalentKeysSpelledWithOtherScalarsAreOtherKeys() throws {
    // Precomposed é asked, decomposed e + U+0301 written (escaped and raw), and back.
    XCTAssertNil(try member(["caf\u{E9}"], #"{"cafe\u0301":1}"#))
    XCTAssertNil(try member(["caf\u{E9}"], "{\"cafe\u{301}\":1}"))
    XCTAssertNil(try member(["cafe\u{301}"], #"{"caf\u00e9":1}"#))
    // K asked, the Kelvin sign written; and the reverse.
    XCTAssertNil(try member(["K"], #"{"\u212a":2}"#))
    XCTAssertNil(try member(["K"], "{\"\u{212A}\":2}"))
    XCTAssertNil(try member(["\u{212A}"], #"{"K":2}"#))
    // Deeper in a path, and beside the member that is the one asked.
    XCTAssertNil(try member(["a", "K"], #"{"a":{"\u212A":{"x":1}}}"#))
    XCTAssertEqual(try member(["a", "K"], #"{"a":{"\u212A":0,"K":[3]}}"#), "[3]")
    XCTAssertEqual(try member(["caf\u{E9}"], #"{"cafe\u0301":1,"caf\u00e9":4}"#), "4")
  }

  func testTheSameBytesAreTheSameKeyHoweverEscaped() throws {
    XCTAssertEqual(try member(["caf\u{E9}"], #"{"caf\u00e9":1}"#), "1")
    XCTAssertEqual(try member(["caf\u{E9}"], "{\"caf\u{E9}\":1}"), "1")
    XCTAssertEqual(try member(["\u{212A}"], #"{"\u212A":2}"#), "2")
    XCTAssertEqual(try member(["K"], #"{"\u004b":2}"#), "2")
    XCTAssertEqual(try member(["cafe\u{301}"], #"{"cafe\u0301":{"x":null}}"#), #"{"x":null}"#)
  }
}

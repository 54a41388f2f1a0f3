import XCTest

@testable import BatchEvaluation

/// The eval fast parser's integers (`at`, `savedAt`, `platform`) at every digit count: the exact
/// value of at most 18 digits, which cannot overflow, and nil for more, which hands the line to
/// the general parser (it decides on the text), never a wrapped value or a trap.
final class EvalFastParserIntegerTests: XCTestCase {
  func integer(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { EvalFastParser($0).integer(0..<$0.count) }
  }

  func testEveryDigitCountIsHeldOrHandedOn() {
    for digits in 1...25 {
      // A 1 then zeros first: of 19 digits it fits in 64 bits, so taking it shows the limit
      // moved before a larger one could overflow.
      var texts = [
        "1" + String(repeating: "0", count: digits - 1), String(repeating: "9", count: digits),
      ]
      if digits == 19 { texts += ["9223372036854775807", "9223372036854775808"] }
      for text in texts.flatMap({ [$0, "-" + $0] }) {
        let value = integer(text)
        if digits <= 18 {
          XCTAssertEqual(value.map(String.init), text, "\(text): an 18-digit integer misread")
        } else {
          XCTAssertNil(value, "\(text): \(digits) digits taken by the short path")
          if value != nil { return }
        }
      }
    }
    // Not plain digits: handed on.
    for text in ["", "-", "1.0", "1e3", "+1", "1-", "0x1", " 1"] {
      XCTAssertNil(integer(text), text)
    }
  }
}

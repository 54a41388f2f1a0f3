import DNDKitTesting
import DNDKitTestingXCTest
import StrictJSON
import XCTest

/// The number-text rules themselves, tested once here: an integer field's value is decided on
/// its JSON text (`22.0`, `2.2e1` and `220e-1` are 22; `21.9999999999999999` and `1e-400` are
/// not integers), by ``JSONSyntax/exactInteger(_:)`` and by the reader's integer read, which
/// every wire type's decoder goes through. The decoders' suites check only that their fields
/// reach these rules.
final class JSONNumberTextTests: XCTestCase {
  /// A random JSON number text: integer part, fraction (trailing zeros or not) and exponent
  /// (small, moderate or huge, with leading zeros or not), with a bias towards the edges of
  /// `Int64`.
  static func numberText(using rng: inout SplitMix64) -> String {
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
    }
    var text = Bool.random(using: &rng) ? "-" : ""
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: text += "0"
    case 1:
      text += ["9223372036854775807", "9223372036854775808", "922337203685477580"]
        .randomElement(using: &rng)!
    default:
      text +=
        String(Int.random(in: 1...9, using: &rng)) + digits(Int.random(in: 0...21, using: &rng))
    }
    if Bool.random(using: &rng) {
      var fraction = digits(Int.random(in: 0...20, using: &rng))
      fraction += String(repeating: "0", count: Int.random(in: 0...4, using: &rng))
      text += "." + (fraction.isEmpty ? "0" : fraction)
    }
    if Int.random(in: 0..<3, using: &rng) != 0 {
      text += Bool.random(using: &rng) ? "e" : "E"
      text += ["", "+", "-"].randomElement(using: &rng)!
      text += String(repeating: "0", count: Int.random(in: 0...2, using: &rng) == 0 ? 3 : 0)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: text += String(Int.random(in: 0...25, using: &rng))
      case 1: text += String(Int.random(in: 0...45, using: &rng))
      case 2: text += String(Int.random(in: 0...450, using: &rng))
      default:
        text += [
          "999999999999", "400", "1" + String(repeating: "0", count: 30), "9223372036854775808",
        ]
        .randomElement(using: &rng)!
      }
    }
    return text
  }

  /// The slow reference: moves the decimal point by hand in the digit string, then reads the
  /// integer part as text. `nil` when the value is not an integer within 64 bits.
  static func referenceInteger(_ text: String) -> Int64? {
    var rest = Substring(text)
    let negative = rest.hasPrefix("-")
    if negative { rest = rest.dropFirst() }
    var mantissa = rest
    var exponentText = Substring("0")
    if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = rest[..<e]
      exponentText = rest[rest.index(after: e)...]
    }
    var exponentNegative = false
    if exponentText.hasPrefix("+") || exponentText.hasPrefix("-") {
      exponentNegative = exponentText.hasPrefix("-")
      exponentText = exponentText.dropFirst()
    }
    let integerDigits = mantissa.split(separator: ".", omittingEmptySubsequences: false)[0]
    let fractionDigits =
      mantissa.contains(".")
      ? mantissa.split(separator: ".", omittingEmptySubsequences: false)[1] : ""
    let digits = Array(integerDigits + fractionDigits)
    if digits.allSatisfy({ $0 == "0" }) { return 0 }
    let exponentDigits = exponentText.drop { $0 == "0" }
    // The generated digit strings are under 100 characters: an exponent of 7 or more digits
    // puts a nonzero digit below the units or the value beyond 10^19.
    guard exponentDigits.count < 7 else { return nil }
    let exponent = (exponentNegative ? -1 : 1) * (Int(exponentDigits) ?? 0)
    let point = integerDigits.count + exponent
    var integerPart: [Character]
    var fractionPart: [Character]
    if point >= digits.count {
      integerPart = digits + Array(repeating: "0", count: point - digits.count)
      fractionPart = []
    } else if point <= 0 {
      integerPart = ["0"]
      fractionPart = Array(repeating: "0", count: -point) + digits
    } else {
      integerPart = Array(digits[..<point])
      fractionPart = Array(digits[point...])
    }
    guard fractionPart.allSatisfy({ $0 == "0" }) else { return nil }
    while integerPart.count > 1, integerPart.first == "0" { integerPart.removeFirst() }
    let limit = Array(negative ? "9223372036854775808" : "9223372036854775807")
    if integerPart.count > limit.count { return nil }
    if integerPart.count == limit.count, String(integerPart) > String(limit) { return nil }
    if negative, integerPart == limit { return Int64.min }
    let magnitude = Int64(String(integerPart))!
    return negative ? -magnitude : magnitude
  }

  static func exactInteger(_ text: String) -> Int64? {
    Array(text.utf8).withUnsafeBufferPointer { JSONSyntax.exactInteger($0) }
  }

  func testExactIntegerAgreesWithTheDecimalReference() {
    let seed = SplitMix64.seed(default: 0x1E_400)
    var rng = SplitMix64(seed: seed)
    var integers = 0
    for _ in 0..<50_000 {
      let text = Self.numberText(using: &rng)
      let expected = Self.referenceInteger(text)
      if expected != nil { integers += 1 }
      guard Self.exactInteger(text) == expected else {
        return XCTFail("\(text): \(String(describing: Self.exactInteger(text))) [seed \(seed)]")
      }
    }
    // Both outcomes are well represented.
    XCTAssertGreaterThan(integers, 5_000, "[seed \(seed)]")
    XCTAssertLessThan(integers, 45_000, "[seed \(seed)]")
  }

  /// The examples and the edges, each value worked out by hand; the texts the wire
  /// types' suites used to repeat are rows here.
  static let examplesAndEdges: [(text: String, value: Int64?)] = [
    ("22", 22), ("22.0", 22), ("2.2e1", 22), ("2.2E+1", 22), ("220e-1", 22), ("220E-1", 22),
    ("22.000000000000000000000000", 22), ("-0.0", 0), ("-0", 0), ("0e999999999999", 0),
    ("1.5e1", 15), ("400e-2", 4), ("3e0", 3), ("1.0e9", 1_000_000_000), ("2e9", 2_000_000_000),
    ("1e-400", nil), ("22.5", nil), ("2.20000000000000001e1", nil),
    ("1767225600.0000001", nil), ("21.9999999999999999", nil), ("1e999999999999", nil),
    ("1e18", 1_000_000_000_000_000_000), ("1e19", nil), ("9223372036854775807", .max),
    ("9223372036854775807.000", .max), ("9223372036854775808", nil),
    ("-9223372036854775808", .min), ("-922337203685477580.8e1", .min),
    ("922337203685477580.8e1", nil), ("9007199254740993.0", 9_007_199_254_740_993),
    ("1e0000000000000000000000000000001", 10), ("10e-1", 1), ("100e-3", nil),
    ("0.0000000000000000000000000000000000000000001e43", 1),
    ("1e-9223372036854775809", nil), ("12e", nil), ("1.", nil), ("", nil), ("-", nil),
  ]

  /// Whether a row's text is a JSON number (the last rows are not).
  static func isNumber(_ text: String) -> Bool {
    !text.isEmpty && text.last != "e" && text.last != "." && text != "-"
  }

  func testExamplesAndEdges() {
    for (text, expected) in Self.examplesAndEdges {
      XCTAssertEqual(Self.exactInteger(text), expected, text)
      if Self.isNumber(text) {
        XCTAssertEqual(Self.referenceInteger(text), expected, "reference: \(text)")
      }
    }
  }

  /// Every number of the table read by the reader's integer read, as a decoder's field is:
  /// the same value, or a failure carrying the text (which the decoders' errors quote).
  func testTheReaderDecidesEveryRowOnItsText() {
    for (text, expected) in Self.examplesAndEdges where Self.isNumber(text) {
      for document in ["[\(text)]", "[ \(text) ]"] {
        let bytes = Array(document.utf8)
        let read = ReaderProbes.soleInteger(bytes)
        if let expected {
          XCTAssertEqual(read, .success(expected), document)
        } else {
          XCTAssertEqual(read, .failure(.notAnInteger(text: text)), document)
        }
      }
    }
  }
}

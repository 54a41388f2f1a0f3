import DNDKitTesting
import DNDKitTestingXCTest
import StrictJSON
import XCTest

/// The reader's fast paths against slow, obviously correct references: the string scanner
/// that passes eight bytes at a time, the member key compared with the expected name in
/// place, and plain integers read straight from their digits.
final class JSONReaderFastPathTests: XCTestCase {
  /// What reading one string gave: its raw bytes' range and whether they are its text, or
  /// the problem's offset and message; and where the cursor was left.
  struct StringOutcome: Equatable {
    var range: Range<Int>?
    var plain: Bool
    var problem: String?
    var index: Int
  }

  /// The string grammar one byte at a time, as RFC 8259 states it.
  static func referenceString(_ bytes: [UInt8], quote: Int) -> StringOutcome {
    var index = quote + 1
    var plain = true
    func problem(_ expected: String) -> StringOutcome {
      let found: String
      if index >= bytes.count {
        found = "the end of the line"
      } else {
        let byte = bytes[index]
        found =
          byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
      }
      return StringOutcome(
        range: nil, plain: plain, problem: "\(index): \(expected), found \(found)", index: index)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        return StringOutcome(range: (quote + 1)..<index, plain: plain, index: index + 1)
      }
      if byte < 0x20 { return problem("expected no control character in a string (escape it)") }
      if byte >= 0x80 {
        plain = false
        // The one length (UTF-8 is prefix-free) whose bytes decode to exactly one scalar.
        let length = (2...4).first { count in
          index + count <= bytes.count
            && String(validating: bytes[index..<(index + count)], as: UTF8.self)?
              .unicodeScalars.count == 1
        }
        guard let length else { return problem("expected UTF-8 in a string") }
        index += length
        continue
      }
      if byte == UInt8(ascii: "\\") {
        plain = false
        index += 1
        guard index < bytes.count else { return problem("expected an escape") }
        if bytes[index] == UInt8(ascii: "u") {
          for _ in 0..<4 {
            index += 1
            guard index < bytes.count, bytes[index].isHexDigitForTest else {
              return problem("expected 4 hex digits after \\u")
            }
          }
        } else if !Array(#""\/bfnrt"#.utf8).contains(bytes[index]) {
          return problem(#"expected an escape (\" \\ \/ \b \f \n \r \t \uXXXX)"#)
        }
      }
      index += 1
    }
    return problem("expected '\"' to end the string")
  }

  /// UTF-8 sequences at the edges of Table 3-7: the first and last of each lead byte's range,
  /// and just outside it.
  static let sequences: [[UInt8]] = [
    [0xC2, 0x80], [0xDF, 0xBF], [0xC1, 0xBF], [0xC0, 0x80], [0xC3, 0xA9], [0xC3, 0xC3],
    [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE2, 0x82, 0xAC], [0xED, 0x9F, 0xBF],
    [0xED, 0xA0, 0x80], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xE1, 0x80, 0x7F],
    [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F, 0x98, 0x80],
    [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
    [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xBF],
  ]

  func testStringScannerAgreesWithTheByteByByteGrammar() {
    let seed = SplitMix64.seed(default: 0x5717_C4A7)
    var rng = SplitMix64(seed: seed)
    // Bytes that matter to the grammar, and plain ones, so that every kind lands at every
    // position of an eight-byte word.
    let alphabet: [UInt8] =
      Array("\"\"\\\\\\uu0aF/bnx".utf8) + [0x00, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
      + Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    var cases = 0
    var ended = 0
    var refused = 0
    for _ in 0..<100_000 {
      let lead = Int.random(in: 0..<9, using: &rng)
      let length = Int.random(in: 0..<40, using: &rng)
      var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: lead) + [UInt8(ascii: "\"")]
      for _ in 0..<length {
        // Mostly plain letters, as real strings are; now and then a UTF-8 sequence, whole or
        // at one of its boundaries (cut, overlong, a surrogate, past U+10FFFF).
        switch Int.random(in: 0..<24, using: &rng) {
        case 0, 1: bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
        case 2:
          let sequence = Self.sequences[Int.random(in: 0..<Self.sequences.count, using: &rng)]
          bytes += Int.random(in: 0..<4, using: &rng) == 0 ? sequence.dropLast() : sequence[...]
        default: bytes.append(UInt8(ascii: "a") + UInt8.random(in: 0..<26, using: &rng))
        }
      }
      // Most strings are closed, some run to the end of the buffer.
      if Int.random(in: 0..<4, using: &rng) != 0 { bytes.append(UInt8(ascii: "\"")) }
      let expected = Self.referenceString(bytes, quote: lead)
      let actual = bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        reader.index = lead
        var plain = true
        do throws(JSONSyntax.Problem) {
          let raw = try reader.string(plain: &plain)
          let start = raw.baseAddress.map { $0 - buffer.baseAddress! } ?? lead + 1
          return StringOutcome(
            range: start..<(start + raw.count), plain: plain, index: reader.index)
        } catch {
          return StringOutcome(
            range: nil, plain: plain, problem: "\(error.offset): \(error.message)",
            index: reader.index)
        }
      }
      cases += 1
      if expected.range != nil { ended += 1 } else { refused += 1 }
      // The plain flag matters only for a string that ends.
      var comparable = actual
      if expected.range == nil { comparable.plain = expected.plain }
      guard comparable == expected else {
        XCTFail("[seed \(seed)] \(bytes): expected \(expected), got \(actual)")
        return
      }
    }
    print("string scanner [seed \(seed)]: \(cases) strings, \(ended) ended, \(refused) refused")
    XCTAssertGreaterThan(ended, cases / 5, "[seed \(seed)]")
    XCTAssertGreaterThan(refused, cases / 5, "[seed \(seed)]")
  }

  static let names = JSONKeyNames([
    "enabled", "startHour", "startMinute", "endHour", "x", "", "onceEndTimestampLongName",
  ])
  static let nameTexts = [
    "enabled", "startHour", "startMinute", "endHour", "x", "", "onceEndTimestampLongName",
  ]

  /// A key near one of the names: the name, written plainly or with escapes, or cut, grown,
  /// changed by a letter, or another key.
  static func key(using rng: inout SplitMix64) -> (text: String, written: String) {
    var text = nameTexts[Int.random(in: 0..<nameTexts.count, using: &rng)]
    switch Int.random(in: 0..<8, using: &rng) {
    case 0 where !text.isEmpty: text.removeLast()
    case 1: text += ["s", "\"", "é", "\u{0}"][Int.random(in: 0..<4, using: &rng)]
    case 2 where !text.isEmpty: text = "X" + text.dropFirst()
    case 3:
      text =
        ["unknown", "ENABLED", "startHour ", "K", "\u{212A}"][Int.random(in: 0..<5, using: &rng)]
    default: break
    }
    var written = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": written += #"\""#
      case "\u{0}": written += #"\u0000"#
      case _ where Int.random(in: 0..<10, using: &rng) == 0:
        written += String(format4: scalar.value)
      default: written.unicodeScalars.append(scalar)
      }
    }
    return (text, written)
  }

  func testMemberKeysAgreeWithTheirText() {
    let seed = SplitMix64.seed(default: 0x4B_E75)
    var rng = SplitMix64(seed: seed)
    var known = 0
    var unknown = 0
    var duplicates = 0
    for _ in 0..<30_000 {
      let keys = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.key(using: &rng) }
      // In the names' order, as clients write them, or shuffled.
      let ordered =
        Bool.random(using: &rng)
        ? keys.sorted {
          (Self.nameTexts.firstIndex(of: $0.text) ?? 99)
            < (Self.nameTexts.firstIndex(of: $1.text) ?? 99)
        } : keys
      let document = "{" + ordered.map { "\"\($0.written)\" : 1" }.joined(separator: ",") + "}"
      // The reference: each key's text looked up by its bytes; bytes seen before in the object
      // stop it (canonically equivalent texts, such as "K" and the Kelvin sign, are two keys).
      var expected: [Int] = []
      var seen: Set<[UInt8]> = []
      var expectDuplicate = false
      for key in ordered {
        guard seen.insert(Array(key.text.utf8)).inserted else {
          expectDuplicate = true
          break
        }
        expected.append(
          Self.nameTexts.firstIndex { $0.utf8.elementsEqual(key.text.utf8) } ?? -1)
      }
      let bytes = Array(document.utf8)
      let (fields, duplicate) = bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        var fields: [Int] = []
        do throws(JSONReadStop) {
          var object = try reader.enterObject(depth: 0)
          while let field = try reader.nextMember(of: &object, names: Self.names) {
            // The reader goes on past a duplicate; the test stops at the first.
            if reader.firstDuplicateKey != nil { return (fields, true) }
            fields.append(field)
            try reader.skipValue(depth: 1)
          }
          try reader.finishDocument()
          return (fields, false)
        } catch {
          XCTFail("[seed \(seed)] \(document): \(error)")
          return (fields, false)
        }
      }
      known += expected.filter { $0 >= 0 }.count
      unknown += expected.filter { $0 < 0 }.count
      if expectDuplicate { duplicates += 1 }
      guard fields == expected, duplicate == expectDuplicate else {
        XCTFail(
          "[seed \(seed)] \(document): expected \(expected) \(expectDuplicate), got \(fields) "
            + "\(duplicate)")
        return
      }
    }
    print(
      "member keys [seed \(seed)]: \(known) known, \(unknown) unknown, \(duplicates) duplicates")
    XCTAssertGreaterThan(known, 10_000)
    XCTAssertGreaterThan(unknown, 10_000)
    XCTAssertGreaterThan(duplicates, 1_000)
  }

  func testPlainIntegersAgreeWithTheirText() throws {
    let seed = SplitMix64.seed(default: 0x1_2E6E)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100_000 {
      // Short and long digit runs, leading zeros, signs, and what may follow them.
      let digits = String(
        (0..<Int.random(in: 0...21, using: &rng)).map { _ in
          Character(String(Int.random(in: 0...9, using: &rng)))
        })
      if digits.isEmpty { continue }
      let sign = Bool.random(using: &rng) ? "-" : ""
      let tail = ["", ".0", ".5", "e1", "E0", "e-1", " ", "}", ".", "x"][
        Int.random(in: 0..<10, using: &rng)]
      let text = sign + digits + tail
      let document = Array("[\(text)]".utf8)
      // The reference: the exact value of the whole number's text, or a refusal.
      let number = sign + digits + (tail.first.map { ".eE".contains($0) } == true ? tail : "")
      let valid = document.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        return (try? reader.skipValue(depth: 0)) != nil && (try? reader.finishDocument()) != nil
      }
      let expected: Int64? =
        valid ? JSONNumberTextTests.referenceInteger(number) : nil
      let actual = try? ReaderProbes.soleInteger(document)?.get()
      XCTAssertEqual(actual, expected, "[seed \(seed)] \(text)")
      if actual != expected { return }
    }
  }
}

extension UInt8 {
  fileprivate var isHexDigitForTest: Bool {
    (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
  }
}

extension String {
  /// `\uXXXX` for a scalar of the basic plane (the test's keys have no other).
  fileprivate init(format4 value: UInt32) {
    let hex = String(value, radix: 16)
    self = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}

import XCTest

@testable import StrictJSON

/// Each fast path of the strict reader asserted at its own edges, beside the differentials
/// against the reference grammar: the compact member key (a known key seen before, the byte
/// between members), the word compare of short keys, the boolean's first byte, UTF-8 at the
/// edges of the Unicode Standard's table 3-7, and the short integer path at every digit count.
final class JSONReaderEdgeTableTests: XCTestCase {
  /// Whether this test has failed often enough that its table's further rows would only
  /// repeat what is wrong.
  func failedTooOften() -> Bool { (testRun?.failureCount ?? 0) >= 6 }

  // MARK: Member keys

  static let xyz = JSONKeyNames(["x", "y", "z"])

  /// The fields an object's members were read as, and why reading stopped, if it did:
  /// `duplicate`, or a syntax problem's offset and message.
  func members(_ document: String, names: JSONKeyNames) -> (fields: [Int], stop: String?) {
    members(Array(document.utf8), names: names)
  }

  func members(_ bytes: [UInt8], names: JSONKeyNames) -> (fields: [Int], stop: String?) {
    ReaderProbes.members(bytes, names: names)
  }

  /// Compact objects, whose keys in the decoder's order take the fast path: a known key seen
  /// before is a duplicate there too, when it is the one the decoder expects next.
  func testTheCompactKeyPathRefusesAKnownKeySeenBefore() {
    let table: [(document: String, fields: [Int], stop: String?)] = [
      (#"{"x":1,"y":2,"z":3}"#, [0, 1, 2], nil),
      (#"{"x":1,"z":3}"#, [0, 2], nil),
      // After `x` the decoder expects `y`: a second `y` is that key, already seen.
      (#"{"y":1,"x":2,"y":3}"#, [1, 0], "duplicate"),
      (#"{"z":1,"x":2,"y":3,"z":4}"#, [2, 0, 1], "duplicate"),
      (#"{"y":1,"z":2,"x":3,"y":4}"#, [1, 2, 0], "duplicate"),
      (#"{"x":1,"x":2}"#, [0], "duplicate"),
      (#"{"x":1,"y":2,"y":3}"#, [0, 1], "duplicate"),
      (#"{"w":1,"x":2,"w":3}"#, [-1, 0], "duplicate"),
    ]
    for row in table {
      let (fields, stop) = members(row.document, names: Self.xyz)
      XCTAssertEqual(fields, row.fields, row.document)
      XCTAssertEqual(stop, row.stop, row.document)
    }
  }

  /// Between two members only `,` (or whitespace around it) may stand: every other byte is
  /// refused where it is, even when the next key is the one the fast path expects.
  func testTheCompactKeyPathNeedsTheCommaBetweenMembers() {
    for separator in UInt8(0)...UInt8(255) where !failedTooOften() {
      let document = Array(#"{"x":true"#.utf8) + [separator] + Array(#""y":2}"#.utf8)
      let text = String(decoding: document, as: UTF8.self)
      let (fields, stop) = members(document, names: Self.xyz)
      switch separator {
      case UInt8(ascii: ","):
        XCTAssertEqual(fields, [0, 1], "separator \(separator)")
        XCTAssertNil(stop, "separator \(separator)")
      case UInt8(ascii: "}"):
        XCTAssertEqual(fields, [0], "separator \(separator)")
        XCTAssertEqual(
          stop, "10: expected the end of the line after the value, found '\"'",
          "separator \(separator)")
      case 0x20, 0x09, 0x0A, 0x0D:
        XCTAssertEqual(fields, [0], "separator \(separator)")
        XCTAssertEqual(
          stop, "10: expected ',' or '}' in an object, found '\"'", "separator \(separator)")
      default:
        XCTAssertEqual(fields, [0], "separator \(separator): \(text)")
        XCTAssertEqual(
          stop?.hasPrefix("9: expected ',' or '}' in an object, found "), true,
          "separator \(separator): \(text) read as \(fields), \(stop ?? "no problem")")
      }
    }
  }

  /// Names of every length to 24 bytes, which are compared a byte, a word or two words at a
  /// time: a key that differs from its name in any one byte is not the name.
  static let lengths = JSONKeyNames([
    "", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi",
    "abcdefghij", "abcdefghijk", "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn",
    "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqr",
    "abcdefghijklmnopqrs", "abcdefghijklmnopqrst", "abcdefghijklmnopqrstu",
    "abcdefghijklmnopqrstuv", "abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvwx",
  ])

  func testAKeyDifferingFromItsNameInAnyByteIsNotIt() {
    let alphabet = Array("abcdefghijklmnopqrstuvwx".utf8)
    for length in 0...24 {
      let name = Array(alphabet[0..<length])
      let key = [UInt8(ascii: "\"")] + name + Array("\":1".utf8)
      key.withUnsafeBufferPointer { buffer in
        XCTAssertEqual(
          Self.lengths.end(ofKey: length, in: buffer, at: 0), length + 2,
          "the \(length)-byte name itself")
        XCTAssertEqual(
          Self.lengths.index(of: UnsafeBufferPointer(rebasing: buffer[1..<(1 + length)]), hint: 0),
          length, "the \(length)-byte name looked up")
      }
      for position in 0..<length where !failedTooOften() {
        var changed = key
        changed[1 + position] = UInt8(ascii: "Z")
        changed.withUnsafeBufferPointer { buffer in
          XCTAssertNil(
            Self.lengths.end(ofKey: length, in: buffer, at: 0),
            "a \(length)-byte key with byte \(position) changed matched its name")
          XCTAssertNil(
            Self.lengths.index(
              of: UnsafeBufferPointer(rebasing: buffer[1..<(1 + length)]), hint: length),
            "a \(length)-byte key with byte \(position) changed was looked up as a name")
        }
      }
      // Through the reader: the changed key is an unknown member, not the name.
      if length > 0 {
        let last = String(decoding: alphabet[0..<(length - 1)], as: UTF8.self) + "Z"
        let (fields, stop) = members(#"{"\#(last)":1}"#, names: Self.lengths)
        XCTAssertEqual(fields, [-1], "\(last)")
        XCTAssertNil(stop)
      }
    }
  }

  /// Where one call of `nextMember` leaves the reader: the field (or `end`), the cursor and
  /// the object's state, or why it stopped.
  func oneMember(
    _ bytes: [UInt8], at start: Int, started: Bool, general: Bool, names: JSONKeyNames,
    field expected: Int
  ) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      reader.index = start
      var object = JSONReader.ObjectCursor(depth: 0)
      object.started = started
      object.nextField = expected
      do throws(JSONReadStop) {
        let field =
          general
          ? try reader.nextMemberInGeneral(of: &object, names: names)
          : try reader.nextMember(of: &object, names: names)
        if reader.firstDuplicateKey != nil { return "duplicate" }
        return "\(field.map(String.init) ?? "end") at \(reader.index), next \(object.nextField), "
          + "seen \(object.seenKnown), started \(object.started)"
      } catch {
        switch error {
        case .syntax(let problem): return "\(problem.offset): \(problem.message)"
        }
      }
    }
  }

  /// The compact key compared whole (`,"name":`, or `"name":` first) against the general path,
  /// which reads the key as a string and looks it up: for names of every length to 24 bytes,
  /// the key itself, the key with any one byte replaced by any of a set of others, and the
  /// key cut short at every length (to nothing, where the object may end), first or after a
  /// member, followed by a value, the object's end, whitespace or nothing, both leave the
  /// reader in the same place or stop in the same way.
  func testTheCompactKeyPathAgreesWithTheGeneralPath() {
    let alphabet = Array("abcdefghijklmnopqrstuvwx".utf8)
    let replacements = Array(" \t\n\",:{}[]\\aZ0".utf8) + [0x00, 0x7F, 0xC3, 0xFF]
    for length in 0...24 where !failedTooOften() {
      for started in [false, true] {
        let key =
          (started ? [UInt8(ascii: ",")] : []) + [UInt8(ascii: "\"")] + alphabet[0..<length]
          + Array("\":".utf8)
        var variants: [[UInt8]] = [key]
        for position in key.indices {
          for byte in replacements where byte != key[position] {
            var changed = key
            changed[position] = byte
            variants.append(changed)
          }
        }
        variants += (0..<key.count).map { Array(key[0..<$0]) }
        for variant in variants {
          for tail in ["1}", " 1}", "", "}", " }"] {
            // A member before, so that the cursor starts inside an object as a decoder's does.
            let prefix = Array(#"{"w":0"#.utf8)
            let start = started ? prefix.count : 1
            let bytes = (started ? prefix : [UInt8(ascii: "{")]) + variant + Array(tail.utf8)
            for field in [length, max(0, length - 1)] {
              let fast = oneMember(
                bytes, at: start, started: started, general: false, names: Self.lengths,
                field: field)
              let general = oneMember(
                bytes, at: start, started: started, general: true, names: Self.lengths,
                field: field)
              XCTAssertEqual(
                fast, general,
                "\(String(decoding: bytes, as: UTF8.self)), field \(field) expected")
              if fast != general, failedTooOften() { return }
            }
          }
        }
      }
    }
  }

  // MARK: Booleans

  /// What `readBoolean` made of a value: the boolean, `failure` for another kind, or `stop`.
  func boolean(_ text: [UInt8]) -> String {
    text.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONReadStop) {
        switch try reader.readBoolean(depth: 1) {
        case .success(let value):
          return reader.index == buffer.count ? "\(value)" : "\(value) at \(reader.index)"
        case .failure: return "failure"
        }
      } catch {
        return "stop"
      }
    }
  }

  /// `true` and `false` with any one byte replaced by any other: never read as a boolean.
  func testABooleanIsItsWholeWordFromItsFirstByte() {
    XCTAssertEqual(boolean(Array("true".utf8)), "true")
    XCTAssertEqual(boolean(Array("false".utf8)), "false")
    for word in ["true", "false"] {
      let bytes = Array(word.utf8)
      for position in bytes.indices {
        for replacement in UInt8(0)...UInt8(255)
        where replacement != bytes[position] && !failedTooOften() {
          var changed = bytes
          changed[position] = replacement
          let outcome = boolean(changed)
          XCTAssertTrue(
            outcome == "failure" || outcome == "stop",
            "\(changed) (\(word) with byte \(position) \(replacement)) read as \(outcome)")
        }
      }
    }
  }

  // MARK: UTF-8

  /// The length of the well-formed sequence at the start of `bytes`, or 0, by decoding the bits
  /// as the Unicode Standard defines them (D92): a lead byte's length, continuation bytes, and
  /// the scalar neither overlong nor a surrogate nor past U+10FFFF.
  static func referenceLength(_ bytes: [UInt8], count: Int) -> Int {
    let lead = bytes[0]
    let (length, minimum, bits): (Int, UInt32, UInt32)
    switch lead {
    case 0xC0...0xDF: (length, minimum, bits) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, bits) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF7: (length, minimum, bits) = (4, 0x1_0000, UInt32(lead & 0x07))
    default: return 0
    }
    guard count >= length else { return 0 }
    var scalar = bits
    for byte in bytes[1..<length] {
      guard byte >> 6 == 0b10 else { return 0 }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    guard scalar >= minimum, scalar <= 0x10_FFFF, !(0xD800...0xDFFF).contains(scalar) else {
      return 0
    }
    return length
  }

  /// Every lead byte with every second byte, and third and fourth bytes at the edges of the
  /// continuation range where the lead reads them, whole and cut short.
  func testUTF8SequencesAgreeWithTheirDecodedBits() {
    let edges: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
    var accepted = 0
    var sequence: [UInt8] = [0, 0, 0, 0]
    for lead in UInt8(0x80)...UInt8(0xFF) {
      sequence[0] = lead
      for second in UInt8(0)...UInt8(255) {
        sequence[1] = second
        for third in lead >= 0xE0 ? edges : [0x80] {
          sequence[2] = third
          for fourth in lead >= 0xF0 ? edges : [0x80] {
            sequence[3] = fourth
            for count in 1...4 {
              let expected = Self.referenceLength(sequence, count: count)
              let actual = sequence.withUnsafeBufferPointer {
                JSONSyntax.utf8SequenceLength($0.baseAddress!, at: 0, count: count)
              }
              if actual != expected {
                let hex = sequence[0..<count].map { String($0, radix: 16) }
                XCTFail("\(hex): length \(actual), expected \(expected)")
                return
              }
              if expected > 0 { accepted += 1 }
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(accepted, 10_000)
  }

  /// In a string: the overlong forms, encoded surrogates and scalars past U+10FFFF at the edges
  /// are refused at their first byte; the sequences just inside the edges are read.
  func testOverlongAndSurrogateSequencesAreRefusedInAString() {
    let refused: [[UInt8]] = [
      [0xC0, 0x80], [0xC0, 0xBF], [0xC1, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80],
      [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xAF, 0xBF], [0xED, 0xB0, 0x80],
      [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
    ]
    let read: [[UInt8]] = [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ]
    for (sequence, isRead) in refused.map({ ($0, false) }) + read.map({ ($0, true) })
    where !failedTooOften() {
      // After enough ASCII that the scanner meets the sequence in its word loop, and without.
      for lead in [0, 3, 11] {
        let document =
          [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: lead) + sequence
          + [UInt8(ascii: "\"")]
        let outcome = document.withUnsafeBufferPointer { buffer -> String in
          var reader = JSONReader(buffer)
          do throws(JSONSyntax.Problem) {
            _ = try reader.string()
            return "read to \(reader.index)"
          } catch {
            return "\(error.offset): \(error.message)"
          }
        }
        let hex = sequence.map { String($0, radix: 16) }
        if isRead {
          XCTAssertEqual(outcome, "read to \(document.count)", "\(hex)")
        } else {
          XCTAssertEqual(
            outcome, "\(1 + lead): expected UTF-8 in a string, found byte \(sequence[0])", "\(hex)")
        }
      }
    }
  }

  // MARK: Short integers

  /// The short path (plain digits, read in the decoder's own code) at every digit count: it
  /// reads the exact value, cursor past the number, or hands the number on untouched; it takes
  /// at most 18 digits, which cannot overflow, and never a value it cannot hold.
  func testTheShortIntegerPathHoldsOrHandsOnEveryDigitCount() {
    for digits in 1...25 {
      // The largest and smallest of each count, a 1 then zeros, and the edges of 64 bits.
      var texts = [
        String(repeating: "9", count: digits), "1" + String(repeating: "0", count: digits - 1),
      ]
      if digits == 19 { texts += ["9223372036854775807", "9223372036854775808"] }
      for sign in ["", "-"] {
        for text in texts.map({ sign + $0 }) {
          for tail in ["", ",", "]"] {
            let bytes = Array((text + tail).utf8)
            let (value, index) = bytes.withUnsafeBufferPointer { buffer -> (Int64?, Int) in
              var reader = JSONReader(buffer)
              let value = reader.shortPlainInteger()
              return (value, reader.index)
            }
            guard let value else {
              XCTAssertEqual(index, 0, "\(text)\(tail): handed on with the cursor moved")
              XCTAssertGreaterThan(digits, 18, "\(text)\(tail): an 18-digit integer handed on")
              continue
            }
            // Held: exactly, and only what cannot overflow.
            XCTAssertLessThanOrEqual(
              digits, 18, "\(text)\(tail) taken by the short path as \(value)")
            XCTAssertEqual(String(value), text, "\(text)\(tail) read as \(value)")
            XCTAssertEqual(index, text.utf8.count, "\(text)\(tail): the cursor")
            if digits > 18 || String(value) != text { return }
          }
        }
      }
    }
  }
}

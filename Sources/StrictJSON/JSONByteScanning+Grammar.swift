// RFC 8259's tokens, as the strict reader (`JSONReader`) and the eval fast parser read them,
// so that both refuse the same bytes at the same offset with the same message.

extension JSONByteScanning {
  /// A syntax problem at the current byte: what was expected, and what was found there.
  @inlinable
  package func problem(_ expected: String) -> JSONSyntax.Problem {
    let found: String
    if index >= bytes.count {
      found = "the end of the line"
    } else {
      let byte = bytes[index]
      found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }
    return JSONSyntax.Problem(offset: index, message: "\(expected), found \(found)")
  }

  /// Reads a string at its opening quote; returns its raw bytes between the quotes (escapes
  /// checked, not decoded).
  @inlinable
  package mutating func string() throws(JSONSyntax.Problem) -> UnsafeBufferPointer<UInt8> {
    var plain = true
    return try string(plain: &plain)
  }

  /// ``string()``, also telling whether the raw bytes are the text itself.
  ///
  /// - Parameter plain: Set to false when the string has an escape or a byte outside ASCII.
  /// - Throws: A problem at a byte that is not part of well-formed UTF-8, among others: a
  ///   document is UTF-8 throughout, in the strings it skips as in those it reads.
  @inlinable
  package mutating func string(plain: inout Bool) throws(JSONSyntax.Problem) -> UnsafeBufferPointer<
    UInt8
  > {
    // The cursor in a local until the string ends or a problem is found: kept in `self`, it
    // was stored to memory for every byte.
    var at = index + 1
    let start = at
    let count = bytes.count
    // The caller saw the opening quote, so the buffer has a base address.
    let base = bytes.baseAddress.unsafelyUnwrapped
    while true {
      // Eight plain bytes at a time; the first byte that is not plain is found exactly.
      while at &+ 8 <= count {
        let special = Self.specialBytes(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
        if special != 0 {
          at &+= special.trailingZeroBitCount &>> 3
          break
        }
        at &+= 8
      }
      guard at < count else { break }
      let byte = base[at]
      // Plain bytes (the tail of a string, after a special one) in a tight loop.
      if byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte &- 0x20 < 0x60 {
        at &+= 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        index = at + 1
        return UnsafeBufferPointer(start: base + start, count: at - start)
      case UInt8(ascii: "\\"):
        plain = false
        at += 1
        guard at < count else {
          index = at
          throw problem("expected an escape")
        }
        switch base[at] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          at += 1
        case UInt8(ascii: "u"):
          at += 1
          for _ in 0..<4 {
            guard at < count, isHexDigit(base[at]) else {
              index = at
              throw problem("expected 4 hex digits after \\u")
            }
            at += 1
          }
        default:
          index = at
          throw problem("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
      case 0..<0x20:
        index = at
        throw problem("expected no control character in a string (escape it)")
      default:  // 0x80 and above: one UTF-8 sequence, checked whole (RFC 8259, section 8.1)
        plain = false
        let length = JSONSyntax.utf8SequenceLength(base, at: at, count: count)
        guard length > 0 else {
          index = at
          throw problem("expected UTF-8 in a string")
        }
        at &+= length
      }
    }
    index = count
    throw problem("expected '\"' to end the string")
  }

  /// The bytes of eight (read little-endian) that a string's plain loop cannot pass: the high
  /// bit of each byte that is `"`, `\\`, a control character or not ASCII, exact up to the
  /// first such byte (the borrows of the subtractions only reach bytes after it).
  @inlinable
  @inline(__always)
  package static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = word &- (ones &* 0x20)
    return (zeroQuote | zeroBackslash | control | word) & highs
  }

  /// Reads `true`, `false` or `null` at its first letter.
  @inlinable
  package mutating func literal(_ word: StaticString) throws(JSONSyntax.Problem) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw problem("expected a value") }
    let expected = word.utf8Start
    for offset in 0..<count where bytes[index &+ offset] != expected[offset] {
      throw problem("expected a value")
    }
    index += count
  }

  /// Reads a number at its first byte (`-` or a digit).
  ///
  /// - Returns: Where its text is, and whether it is plain (no fraction, no exponent).
  @inlinable
  package mutating func scanNumber() throws(JSONSyntax.Problem) -> (range: Range<Int>, plain: Bool)
  {
    let start = index
    _ = consume(UInt8(ascii: "-"))
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw problem("expected a digit")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw problem("expected no leading zero in a number")
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    var plain = true
    if consume(UInt8(ascii: ".")) {
      plain = false
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw problem("expected a digit after the decimal point")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      plain = false
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw problem("expected a digit in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    return (start..<index, plain)
  }
}

/// Whether a byte is an ASCII digit.
@inlinable
package func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

/// Whether a byte is an ASCII hex digit.
@inlinable
package func isHexDigit(_ byte: UInt8) -> Bool {
  (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
}

extension JSONSyntax {
  /// The length of the well-formed UTF-8 sequence that starts at a byte of 0x80 or above, or 0
  /// when there is none there: a stray continuation byte, an overlong form, a surrogate, a
  /// scalar above U+10FFFF, or a sequence cut short (the Unicode Standard's table 3-7).
  ///
  /// Out of line: ASCII text never reaches it.
  @usableFromInline
  package static func utf8SequenceLength(
    _ base: UnsafePointer<UInt8>, at: Int, count: Int
  ) -> Int {
    let lead = base[at]
    let length: Int
    // The range the second byte must fall in; later bytes are plain continuations.
    let second: ClosedRange<UInt8>
    switch lead {
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return 0
    }
    guard at + length <= count, second.contains(base[at + 1]) else { return 0 }
    for offset in 2..<length where base[at + offset] & 0xC0 != 0x80 {
      return 0
    }
    return length
  }
}

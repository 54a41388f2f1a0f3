// RFC 8259's tokens, shared by the strict syntax check (`JSONSyntax`) and the reader that builds
// values (`JSONReader`), so that both refuse the same bytes at the same offset with the same
// message.

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
  @inlinable
  package mutating func string(plain: inout Bool) throws(JSONSyntax.Problem) -> UnsafeBufferPointer<
    UInt8
  > {
    index += 1
    let start = index
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      // Plain bytes in a tight loop: the switch below is for the rare ones.
      if byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte &- 0x20 < 0x60 {
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return text
      case UInt8(ascii: "\\"):
        plain = false
        index += 1
        guard index < bytes.count else { throw problem("expected an escape") }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 1
        case UInt8(ascii: "u"):
          index += 1
          for _ in 0..<4 {
            guard index < bytes.count, isHexDigit(bytes[index]) else {
              throw problem("expected 4 hex digits after \\u")
            }
            index += 1
          }
        default:
          throw problem("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
      case 0..<0x20:
        throw problem("expected no control character in a string (escape it)")
      case 0x80...:
        plain = false
        index += 1
      default:
        index += 1
      }
    }
    throw problem("expected '\"' to end the string")
  }

  /// Reads `true`, `false` or `null` at its first letter.
  @inlinable
  package mutating func literal(_ word: StaticString) throws(JSONSyntax.Problem) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      index + count <= bytes.count
        && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
    }
    guard matches else { throw problem("expected a value") }
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

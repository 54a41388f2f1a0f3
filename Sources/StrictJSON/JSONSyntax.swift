/// RFC 8259's grammar as the strict reader (``JSONReader``) applies it: the syntax problem it
/// reports, the nesting limit, and how keys are compared (``unescaped(_:)``) and integers
/// decided on their text (``exactInteger(_:)``).
@usableFromInline
package enum JSONSyntax {
  /// A syntax error: where, and what was expected.
  @usableFromInline
  package struct Problem: Error, Sendable {
    /// 0-based byte offset in the line.
    @usableFromInline
    package var offset: Int
    /// What was wrong there.
    @usableFromInline
    package var message: String

    /// A problem at a byte.
    ///
    /// - Parameters:
    ///   - offset: The byte's offset.
    ///   - message: What was wrong there.
    @usableFromInline
    package init(offset: Int, message: String) {
      self.offset = offset
      self.message = message
    }
  }

  /// Values nested deeper than this are refused.
  @usableFromInline
  package static let maximumDepth = 512

  /// A key's bytes with its escapes decoded, to compare keys: two keys are the same key when
  /// these bytes are equal (not when they are equal as Swift strings, which would make
  /// canonically equivalent keys one key). A lone surrogate escape is written as the three
  /// bytes UTF-8 would give its code point, so that two different ones stay different.
  ///
  /// - Parameter raw: The bytes between the quotes, valid as the reader's string scan checked them.
  /// - Returns: The unescaped bytes.
  @usableFromInline
  static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    guard raw.contains(UInt8(ascii: "\\")) else { return Array(raw) }
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var index = 0
    func hex(_ at: Int) -> UInt32 {
      var value: UInt32 = 0
      for byte in raw[at..<(at + 4)] {
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte - 0x30
        case 0x41...0x46: digit = byte - 0x41 + 10
        default: digit = byte - 0x61 + 10
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        result.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0C)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "u"):
        var code = hex(index)
        index += 4
        if (0xD800...0xDBFF).contains(code), index + 6 <= raw.count,
          raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
          case let low = hex(index + 2), (0xDC00...0xDFFF).contains(low)
        {
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        switch code {
        case ..<0x80:
          result.append(UInt8(code))
        case ..<0x800:
          result += [0xC0 | UInt8(code >> 6), 0x80 | UInt8(code & 0x3F)]
        case ..<0x10000:
          result += [
            0xE0 | UInt8(code >> 12), 0x80 | UInt8((code >> 6) & 0x3F), 0x80 | UInt8(code & 0x3F),
          ]
        default:
          result += [
            0xF0 | UInt8(code >> 18), 0x80 | UInt8((code >> 12) & 0x3F),
            0x80 | UInt8((code >> 6) & 0x3F), 0x80 | UInt8(code & 0x3F),
          ]
        }
      default: result.append(escape)  // \" \\ \/
      }
    }
    return result
  }
}

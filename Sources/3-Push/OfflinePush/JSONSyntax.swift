/// A strict RFC 8259 syntax check of one JSON document, for clear `invalidJSON` messages
/// (Foundation's decoder only says "not valid JSON") and for bounded nesting.
///
/// It also remembers the first number that is not an integer within 64 bits, with its key
/// path, because such a number fails decoding into an integer field without saying where.
package struct JSONSyntax: JSONByteScanning {
  /// A syntax error: where, and what was expected.
  package struct Problem: Error {
    /// 0-based byte offset in the line.
    package var offset: Int
    /// What was wrong there.
    package var message: String

    /// `invalid JSON at byte 12: expected ':' after an object key, found '1'`.
    package var description: String { "invalid JSON at byte \(offset): \(message)" }
  }

  /// Values nested deeper than this are refused.
  static let maximumDepth = 512

  /// A number that is not an integer within 64 bits, and where it is.
  package struct NonInteger {
    /// Its key path, such as `rule.startHour` or `onlinePlatforms[2]`.
    package var path: String
    /// Its text in the document.
    package var text: String
    /// What is wrong with it, for messages.
    package var reason: String { "\(text) is not an integer within 64 bits" }
  }

  package let bytes: UnsafeBufferPointer<UInt8>
  package var index = 0
  /// The key path of the value being read: keys and `[index]`es.
  private var path: [String] = []
  /// The first number that is not an integer within 64 bits: its key path and text.
  package private(set) var firstNonInteger: NonInteger?

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Checks the whole line: one value and nothing after it but whitespace.
  package mutating func check() throws(Problem) {
    skipWhitespace()
    try value(depth: 0)
    skipWhitespace()
    if index < bytes.count { throw problem("expected the end of the line after the value") }
  }

  func problem(_ expected: String) -> Problem {
    let found: String
    if index >= bytes.count {
      found = "the end of the line"
    } else {
      let byte = bytes[index]
      found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }
    return Problem(offset: index, message: "\(expected), found \(found)")
  }

  mutating func value(depth: Int) throws(Problem) {
    guard depth < Self.maximumDepth else {
      throw Problem(offset: index, message: "nested deeper than \(Self.maximumDepth) levels")
    }
    guard index < bytes.count else { throw problem("expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try object(depth: depth)
    case UInt8(ascii: "["): try array(depth: depth)
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default: throw problem("expected a value")
    }
  }

  mutating func object(depth: Int) throws(Problem) {
    index += 1
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return }
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw problem("expected a string key")
      }
      let key = try string()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw problem("expected ':' after an object key") }
      skipWhitespace()
      path.append(key)
      try value(depth: depth + 1)
      path.removeLast()
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return }
      guard consume(UInt8(ascii: ",")) else { throw problem("expected ',' or '}' in an object") }
      skipWhitespace()
    }
  }

  mutating func array(depth: Int) throws(Problem) {
    index += 1
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return }
    var count = 0
    while true {
      path.append("[\(count)]")
      try value(depth: depth + 1)
      path.removeLast()
      count += 1
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return }
      guard consume(UInt8(ascii: ",")) else { throw problem("expected ',' or ']' in an array") }
      skipWhitespace()
    }
  }

  /// Reads a string; returns its raw text between the quotes (escapes not decoded).
  mutating func string() throws(Problem) -> String {
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw problem("expected an escape") }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 1
        case UInt8(ascii: "u"):
          index += 1
          for _ in 0..<4 {
            guard index < bytes.count, Self.isHexDigit(bytes[index]) else {
              throw problem("expected 4 hex digits after \\u")
            }
            index += 1
          }
        default:
          throw problem("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
      case 0..<0x20:
        throw problem("expected no control character in a string (escape it)")
      default:
        index += 1
      }
    }
    throw problem("expected '\"' to end the string")
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  mutating func literal(_ word: StaticString) throws(Problem) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      index + count <= bytes.count
        && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
    }
    guard matches else { throw problem("expected a value") }
    index += count
  }

  mutating func number() throws(Problem) {
    let start = index
    _ = consume(UInt8(ascii: "-"))
    guard index < bytes.count, Self.isDigit(bytes[index]) else {
      throw problem("expected a digit")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, Self.isDigit(bytes[index]) {
        throw problem("expected no leading zero in a number")
      }
    } else {
      while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }
    var plain = true
    if consume(UInt8(ascii: ".")) {
      plain = false
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw problem("expected a digit after the decimal point")
      }
      while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      plain = false
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw problem("expected a digit in the exponent")
      }
      while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }
    guard firstNonInteger == nil else { return }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    let fits: Bool
    if plain {
      fits = Int64(text) != nil
    } else if let value = Double(text) {
      fits = value == value.rounded() && abs(value) < 9.2e18
    } else {
      fits = false
    }
    if !fits {
      let location = path.reduce(into: "") { result, component in
        if component.hasPrefix("[") || result.isEmpty {
          result += component
        } else {
          result += "." + component
        }
      }
      firstNonInteger = NonInteger(path: location, text: text)
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

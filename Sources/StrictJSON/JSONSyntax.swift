/// A strict RFC 8259 syntax check of one JSON document, read again after ``JSONReader`` stopped
/// or refused a value, to name what it found with its key path:
/// - every number that is not an integer within 64 bits, decided on the text
///   (``exactInteger(_:)``; `1e-400` and `21.9999999999999999` are not);
/// - the first key that appears twice in one object, keys equal when their unescaped bytes
///   are (`"a"` and `"\u0061"` are the same key; `"\u00e9"` and `"e\u0301"`, or two lone
///   surrogate escapes `"\ud800"` and `"\ud801"`, are not).
@usableFromInline
package struct JSONSyntax: JSONByteScanning {
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

    /// `invalid JSON at byte 12: expected ':' after an object key, found '1'`.
    @usableFromInline
    package var description: String { "invalid JSON at byte \(offset): \(message)" }
  }

  /// Values nested deeper than this are refused.
  @usableFromInline
  package static let maximumDepth = 512

  /// A number that is not an integer within 64 bits, and where it is.
  @usableFromInline
  package struct NonInteger {
    /// Its key path, such as `rule.startHour` or `onlinePlatforms[2]`.
    @usableFromInline
    package var path: String
    /// Its text in the document.
    @usableFromInline
    package var text: String
    /// What is wrong with it, for messages.
    @usableFromInline
    package var reason: String { "\(text) is not an integer within 64 bits" }
  }

  /// A key that appears a second time in one object.
  @usableFromInline
  package struct DuplicateKey {
    /// Its key path, such as `rule.startHour`.
    @usableFromInline
    package var path: String
    /// What is wrong with it, for messages.
    @usableFromInline
    package var reason: String { "the key appears twice in one object" }
  }

  @usableFromInline
  package let bytes: UnsafeBufferPointer<UInt8>
  @usableFromInline
  package var index = 0
  /// The key path of the value being read: keys and `[index]`es.
  private var path: [String] = []
  /// The first numbers that are not integers within 64 bits, in document order: at most
  /// ``maximumRecordedNonIntegers``, each with a key path as long as its depth.
  @usableFromInline
  package private(set) var nonIntegers: [NonInteger] = []
  /// How many non-integers are recorded with their key paths: enough to name the one a field
  /// refused in any real document, bounded for a hostile one (a field past them is still
  /// reported at its key path, without its text).
  static let maximumRecordedNonIntegers = 64
  /// The first key that appears twice in one object.
  @usableFromInline
  package private(set) var firstDuplicateKey: DuplicateKey?

  /// The first number that is not an integer within 64 bits: its key path and text.
  @usableFromInline
  package var firstNonInteger: NonInteger? { nonIntegers.first }

  @usableFromInline
  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Checks the whole line: one value and nothing after it but whitespace.
  @usableFromInline
  package mutating func check() throws(Problem) {
    skipWhitespace()
    try value(depth: 0)
    skipWhitespace()
    if index < bytes.count { throw problem("expected the end of the line after the value") }
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
    var keys = Set<[UInt8]>()
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw problem("expected a string key")
      }
      let unescaped = Self.unescaped(try string())
      let key = String(decoding: unescaped, as: UTF8.self)
      if !keys.insert(unescaped).inserted, firstDuplicateKey == nil {
        firstDuplicateKey = DuplicateKey(path: location(appending: key))
      }
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

  mutating func number() throws(Problem) {
    let (range, _) = try scanNumber()
    let exact = Self.exactInteger(UnsafeBufferPointer(rebasing: bytes[range]))
    if exact == nil, nonIntegers.count < Self.maximumRecordedNonIntegers {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      nonIntegers.append(NonInteger(path: location(appending: nil), text: text))
    }
  }

  /// The key path of the value being read, with one more key when given.
  private func location(appending key: String?) -> String {
    var result = ""
    for component in path + (key.map { [$0] } ?? []) {
      if component.hasPrefix("[") || result.isEmpty {
        result += component
      } else {
        result += "." + component
      }
    }
    return result
  }

  /// A key's bytes with its escapes decoded, to compare keys: two keys are the same key when
  /// these bytes are equal (not when they are equal as Swift strings, which would make
  /// canonically equivalent keys one key). A lone surrogate escape is written as the three
  /// bytes UTF-8 would give its code point, so that two different ones stay different.
  ///
  /// - Parameter raw: The bytes between the quotes, valid as ``string()`` checked them.
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

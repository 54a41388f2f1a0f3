/// Writes one JSON document into bytes: the one writer of the package, for stored rules,
/// `dnd eval`'s answers, the recall payloads and the tool's `--json` listings.
///
/// By default it writes as Foundation's `JSONEncoder` with `.sortedKeys` does: no whitespace,
/// keys in the order given (a writer gives them sorted by their UTF-8 bytes), strings escaped
/// as it escapes them (`\"`, `\\`, `\/`, `\b`, `\t`, `\n`, `\f`, `\r`, and `\u00XX` in
/// lowercase hex for the other control characters; everything else as it is), integers in
/// decimal. ``escapesSlashes`` off writes `/` as it is (`.withoutEscapingSlashes`);
/// ``spacesSeparators`` on puts a space after each `:` and `,` (the form of `dnd eval`'s
/// answer lines).
@usableFromInline
package struct JSONWriter {
  /// The document so far.
  @usableFromInline
  package var bytes: [UInt8] = []
  /// Whether the innermost open object or array has a member or element yet.
  @usableFromInline
  var needsComma = false
  /// Whether `/` in a string is written `\/`, as `JSONEncoder` writes it by default.
  @usableFromInline
  package var escapesSlashes: Bool
  /// Whether a space follows each `:` and `,`.
  @usableFromInline
  package var spacesSeparators: Bool

  /// An empty document.
  ///
  /// - Parameters:
  ///   - capacity: The bytes to reserve.
  ///   - escapesSlashes: Whether `/` is written `\/`.
  ///   - spacesSeparators: Whether a space follows each `:` and `,`.
  @inlinable
  package init(capacity: Int = 0, escapesSlashes: Bool = true, spacesSeparators: Bool = false) {
    self.escapesSlashes = escapesSlashes
    self.spacesSeparators = spacesSeparators
    bytes.reserveCapacity(capacity)
  }

  /// Opens an object (as a value: after ``key(_:)``, at an array's element, or as the
  /// document).
  @inlinable
  package mutating func beginObject() {
    comma()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes the innermost object.
  @inlinable
  package mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Opens an array.
  @inlinable
  package mutating func beginArray() {
    comma()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Closes the innermost array.
  @inlinable
  package mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member's key and its `:`; its value follows.
  ///
  /// The separator before it, the quoted key and the `:` go in as one append when the key is
  /// short (every key of the package's wire types is): a `dnd eval` answer is mostly keys, and
  /// each append costs a uniqueness and a capacity check.
  ///
  /// - Parameter key: The key, plain ASCII that needs no escape.
  @inlinable
  package mutating func key(_ key: StaticString) {
    let count = key.utf8CodeUnitCount
    guard count <= 40 else {
      comma()
      bytes.append(UInt8(ascii: "\""))
      key.withUTF8Buffer { bytes.append(contentsOf: $0) }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
      if spacesSeparators { bytes.append(UInt8(ascii: " ")) }
      needsComma = false
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { chunk in
      var end = 0
      if needsComma {
        chunk[0] = UInt8(ascii: ",")
        chunk[1] = UInt8(ascii: " ")
        end = spacesSeparators ? 2 : 1
      }
      chunk[end] = UInt8(ascii: "\"")
      end += 1
      key.withUTF8Buffer { name in
        for index in 0..<count { chunk[end + index] = name[index] }
      }
      end += count
      chunk[end] = UInt8(ascii: "\"")
      chunk[end + 1] = UInt8(ascii: ":")
      chunk[end + 2] = UInt8(ascii: " ")
      end += spacesSeparators ? 3 : 2
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<end]))
    }
    needsComma = false
  }

  /// Writes the `,` before a value that is not its container's first.
  @inlinable
  mutating func comma() {
    if needsComma {
      bytes.append(UInt8(ascii: ","))
      if spacesSeparators { bytes.append(UInt8(ascii: " ")) }
    }
    needsComma = true
  }

  /// Ends a line of JSON Lines: a newline, after which the next value starts a document of
  /// its own.
  @inlinable
  package mutating func endLine() {
    bytes.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  /// Writes `null`.
  @inlinable
  package mutating func null() {
    comma()
    ("null" as StaticString).withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Writes a boolean.
  ///
  /// - Parameter value: The boolean.
  @inlinable
  package mutating func boolean(_ value: Bool) {
    comma()
    let word: StaticString = value ? "true" : "false"
    word.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Writes an integer in decimal.
  ///
  /// - Parameter value: The integer.
  @inlinable
  package mutating func integer(_ value: Int64) {
    comma()
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // 20 digits hold any UInt64; written backwards, then copied in order.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
      } while magnitude != 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  /// Writes a string that needs no escape, such as a wire name, without looking at it.
  ///
  /// - Parameter value: The text: no `"`, `\`, `/` or control character.
  @inlinable
  package mutating func string(_ value: StaticString) {
    comma()
    bytes.append(UInt8(ascii: "\""))
    value.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes a string, escaped.
  ///
  /// - Parameter value: The text.
  @inlinable
  package mutating func string(_ value: String) {
    comma()
    bytes.append(UInt8(ascii: "\""))
    var text = value
    let slash: UInt8 = escapesSlashes ? 0x2F : 0x22
    text.withUTF8 { utf8 in
      var runStart = 0
      for (offset, byte) in utf8.enumerated() {
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == slash else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
        runStart = offset + 1
        Self.escape(byte, into: &bytes)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the escape of a byte that needs one.
  @usableFromInline
  static func escape(_ byte: UInt8, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case 0x22, 0x5C, 0x2F: bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    default:
      func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 0x30 + digit : 0x57 + digit }
      bytes.append(UInt8(ascii: "u"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(hex(byte >> 4))
      bytes.append(hex(byte & 15))
    }
  }
}

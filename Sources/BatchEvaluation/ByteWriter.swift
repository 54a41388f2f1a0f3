import SystemInterface

/// An output buffer of UTF-8 bytes with JSON helpers, written to a file descriptor in large
/// chunks: `dnd eval` builds its answers here without going through `String`.
package struct ByteWriter {
  /// The bytes waiting to be written.
  package private(set) var bytes: [UInt8] = []

  /// An empty buffer.
  package init() {
    bytes.reserveCapacity(1 << 17)
  }

  /// Appends ASCII or UTF-8 text verbatim.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends one byte.
  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends a decimal integer.
  mutating func append(integer value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  /// Appends `true` or `false`.
  mutating func append(bool value: Bool) {
    append(value ? "true" : "false")
  }

  /// Appends a JSON string literal with quotes, escaping `"`, `\` and control characters.
  mutating func append(jsonString text: String) {
    bytes.append(UInt8(ascii: "\""))
    func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 0x30 + digit : 0x57 + digit }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case UInt8(ascii: "\n"): append("\\n")
      case UInt8(ascii: "\r"): append("\\r")
      case UInt8(ascii: "\t"): append("\\t")
      case 0..<0x20, 0x7F:
        append("\\u00")
        bytes.append(hex(byte >> 4))
        bytes.append(hex(byte & 0xF))
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// How many bytes are waiting.
  var count: Int { bytes.count }

  /// Writes everything to a file descriptor and empties the buffer.
  ///
  /// A non-blocking descriptor that is not ready is waited for, so every byte is written, in
  /// order, or the write failed.
  ///
  /// - Parameter descriptor: The file descriptor, such as 1 for standard output.
  /// - Returns: 0 when everything was written, else the `errno` of the failed write (a closed
  ///   pipe, a full disk).
  mutating func flush(to descriptor: Int32) -> Int32 {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(Errno) in try Syscalls.writeAll(descriptor, buffer) }
    }
    bytes.removeAll(keepingCapacity: true)
    if case .failure(let error) = result { return error.code }
    return 0
  }
}

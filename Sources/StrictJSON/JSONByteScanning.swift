/// The cursor operations shared by the eval fast parser and the strict JSON reader.
///
/// Usable from inlinable code, with inlinable operations, so that a conformer in another
/// module (the eval fast parser) gets them specialized and inlined: a `package` protocol's
/// extension is otherwise compiled once, generically, and each call read `bytes` and `index`
/// through the witness table, for every byte of input.
@usableFromInline
package protocol JSONByteScanning {
  /// The line being read.
  var bytes: UnsafeBufferPointer<UInt8> { get }
  /// The next byte to read.
  var index: Int { get set }
}

extension JSONByteScanning {
  /// Skips JSON whitespace (space, tab, line feed, carriage return).
  @inlinable
  @inline(__always)
  package mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Consumes one expected byte.
  ///
  /// - Returns: Whether the next byte was `byte` (and was consumed).
  @inlinable
  @inline(__always)
  package mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }
}

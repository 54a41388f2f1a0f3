// A document written compactly in a decoder's field order, as the wire's writers write it, is
// read by a straight run of comparisons with its keys' bytes: no object cursor, no key lookup,
// no duplicate-key bookkeeping (each key is expected once, in turn), no error recording. Each
// step below either reads exactly what the general path would read there, or gives nil (or
// false) and reads nothing; a decoder that meets such an answer reads the document again from
// its start on the general path, which decides every answer these steps do not give.

extension JSONReader {
  /// Reads past `text` when the bytes at the cursor are exactly it (a key with its quotes and
  /// colon, and the `{` or `,` before it).
  ///
  /// - Parameter text: The bytes expected.
  /// - Returns: Whether they were there; if not, the cursor has not moved.
  @inlinable
  @inline(__always)
  package mutating func compactToken(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard count > 0, index &+ count <= bytes.count,
      JSONKeyNames.equal(
        text.utf8Start, bytes.baseAddress.unsafelyUnwrapped + index, count: count)
    else { return false }
    index &+= count
    return true
  }

  /// The `true` or `false` at the cursor, read past; nil (the cursor unmoved) for anything
  /// else.
  @inlinable
  @inline(__always)
  package mutating func compactBoolean() -> Bool? {
    if index &+ 4 <= bytes.count, load32(at: index) == Self.trueWord {
      index &+= 4
      return true
    }
    if index &+ 5 <= bytes.count, bytes[index] == UInt8(ascii: "f"),
      load32(at: index &+ 1) == Self.alseWord
    {
      index &+= 5
      return false
    }
    return nil
  }

  /// The integer at the cursor when it is short plain digits (``shortPlainInteger()``), read
  /// past; nil (the cursor unmoved) for anything else.
  @inlinable
  @inline(__always)
  package mutating func compactInteger() -> Int64? {
    guard index < bytes.count else { return nil }
    return shortPlainInteger()
  }

  /// The string at the cursor when its bytes are its text (ASCII, no escape), read past; nil
  /// (the cursor unmoved) for anything else.
  @inlinable
  @inline(__always)
  package mutating func compactString() -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index
    var plain = true
    guard let raw = try? string(plain: &plain), plain else {
      index = start
      return nil
    }
    return String(decoding: raw, as: UTF8.self)
  }

  /// The list at the cursor when ``compactShortIntegerList(depth:)`` reads it, as an array
  /// made once at its size; nil (the cursor unmoved) for anything else.
  ///
  /// - Parameters:
  ///   - depth: The list's depth.
  ///   - element: Makes an element from its integer.
  @inlinable
  @inline(__always)
  package mutating func compactIntegerList<Element>(
    depth: Int, _ element: (Int64) -> Element
  ) -> [Element]? {
    guard let values = compactShortIntegerList(depth: depth) else { return nil }
    return Self.list(values, element)
  }

  /// Whether nothing but whitespace is left.
  @inlinable
  @inline(__always)
  package mutating func compactEnd() -> Bool {
    skipWhitespace()
    return index == bytes.count
  }
}

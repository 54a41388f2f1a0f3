extension JSONReader {
  /// Moves to the next member of an object and gives its key as text, for a caller that looks
  /// at keys it does not know in advance (the `dnd` tool's document probe); a decoder of a
  /// wire type uses ``nextMember(of:names:)``.
  ///
  /// The caller then reads or skips the member's value, at depth `object.depth + 1`. A key
  /// seen before in this object (equal unescaped bytes) is recorded
  /// (``firstDuplicateKey``).
  ///
  /// - Parameter object: The object's cursor.
  /// - Returns: The key's text, or why it is not text (a lone surrogate escape); nil at the
  ///   end of the object.
  /// - Throws: ``JSONReadStop``.
  package mutating func nextKey(of object: inout ObjectCursor) throws(JSONReadStop)
    -> Result<String, JSONValueFailure>?
  {
    let raw: UnsafeBufferPointer<UInt8>
    do throws(JSONSyntax.Problem) {
      guard try enterKey(of: &object) else { return nil }
      setPath(object.depth, index)
      var plain = true
      raw = try string(plain: &plain)
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw problem("expected ':' after an object key") }
      skipWhitespace()
    } catch {
      throw .syntax(error)
    }
    if !object.unknownKeys.insert(raw) { recordDuplicateKey(depth: object.depth) }
    return Self.text(raw)
  }
}

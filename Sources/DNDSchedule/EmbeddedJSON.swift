import StrictJSON

/// A value inside a larger JSON document, found with the strict reader: for a rule (or any
/// wire type) that arrives as a member of a document of your own, to be read with the wire's
/// strict rules rather than with your `Codable` decoder's.
///
/// Decode your own fields as you do, leaving the rule out of your `Codable` type (or keeping
/// it for interop), then read the rule from the same bytes:
///
/// ```swift
/// guard let member = try EmbeddedJSON.bytes(at: ["settings", "pushRule"], in: body) else {
///   // no such member
/// }
/// let rule = try OfflinePushRule(jsonBytes: member)
/// ```
///
/// The whole document is checked as the wire types check theirs (RFC 8259, UTF-8, a key
/// twice in one object refused), so what the rule's decoder then reports has key paths
/// relative to the member.
public enum EmbeddedJSON {
  /// The bytes of the value at a key path of a JSON document.
  ///
  /// - Parameters:
  ///   - keyPath: The keys from the document's top-level object down to the value, such as
  ///     `["settings", "pushRule"]`; keys are compared as bytes.
  ///   - document: The whole document (UTF-8): any collection of bytes.
  /// - Returns: The value's bytes (a `null` value is returned as such, for the wire type to
  ///   refuse), or nil when the document has no such member (or a value on the way is not an
  ///   object).
  /// - Throws: `RuleError` for a document that is not strict JSON, naming the byte,
  ///   or the key path of a key that appears twice in one object.
  public static func bytes(at keyPath: [String], in document: some Collection<UInt8>)
    throws(RuleError) -> [UInt8]?
  {
    try withContiguousJSONBytes(document) { (bytes) throws(RuleError) -> [UInt8]? in
      // One pass: the member is found while the whole document is checked, so that nothing
      // after it goes unchecked.
      var reader = JSONReader(bytes)
      let range: Range<Int>?
      do throws(JSONReadStop) {
        range = try find(keyPath[...], with: &reader, depth: 0)
        try reader.finishDocument()
      } catch {
        throw RuleError(JSONDocument.documentError(error))
      }
      if let duplicate = reader.firstDuplicateKey {
        throw RuleError(errors: [RuleFieldError(duplicate)])
      }
      return range.map { Array(bytes[$0]) }
    }
  }

  /// The byte range of the value at a key path, from the reader's cursor, which ends past the
  /// value there (the whole of it read and checked, whatever it holds).
  static func find(_ keyPath: ArraySlice<String>, with reader: inout JSONReader, depth: Int)
    throws(JSONReadStop) -> Range<Int>?
  {
    let kind = reader.kind()
    let start = reader.index
    guard let key = keyPath.first, kind == .object else {
      try reader.skipValue(depth: depth)
      return keyPath.isEmpty ? start..<reader.index : nil
    }
    var found: Range<Int>?
    var object = try reader.enterObject(depth: depth)
    while let member = try reader.nextKey(of: &object) {
      if found == nil, case .success(let text) = member, text.utf8.elementsEqual(key.utf8) {
        found = try find(keyPath.dropFirst(), with: &reader, depth: depth + 1)
      } else {
        try reader.skipValue(depth: depth + 1)
      }
    }
    return found
  }
}

/// A cursor over one JSON document that reads values as a wire type's decoder asks for them:
/// one pass over the bytes, no document tree, nothing allocated but the values read (and, for
/// objects with more than one unknown key, the set that finds a duplicate among them).
///
/// It refuses what RFC 8259 refuses, and nesting deeper than ``JSONSyntax/maximumDepth`` (the
/// first problem, at its byte offset), and records the first key found twice in one object
/// (compared after unescaping) at its key path, as it reads: nothing is read twice to explain
/// an error. Integers are decided on their text (``JSONSyntax/exactInteger(_:)``).
///
/// A decoder walks an object with ``enterObject(depth:)`` and ``nextMember(of:names:)``, reads
/// each known member's value with ``readBoolean(depth:)``, ``readInteger(depth:)``,
/// ``readString(depth:)``, ``enterArray(depth:)`` or a nested decoder, and skips every other
/// value with ``skipValue(depth:)``. A value of the wrong kind is skipped and reported as a
/// ``JSONValueFailure``, so that decoding goes on and a document is reported whole; a
/// ``JSONReadStop`` (bad syntax) ends the document. ``JSONDocument`` runs a
/// decoder over a whole document and turns what it found into one ``JSONDocumentError``.
@usableFromInline
package struct JSONReader: JSONByteScanning {
  /// The document.
  @usableFromInline
  package let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  @usableFromInline
  package var index = 0
  /// Where the value being read stands: for each depth, the member or element its container
  /// is at, so that a key found twice deep inside is named at its key path as it is read.
  @usableFromInline
  var path = PathEntries()
  /// What a reader seldom needs (the path below depth 8, a key found twice), out of line:
  /// nil until then, so that a reader costs next to nothing more to make and drop for it.
  @usableFromInline
  var seldom: SeldomState?

  /// The first key found twice in one object, at its key path. Reading goes on past it (its
  /// second value skipped); ``JSONDocument`` then refuses the document with it, after any
  /// syntax problem found later.
  @inlinable
  package var firstDuplicateKey: JSONFieldError? { seldom?.firstDuplicateKey }

  /// Whether a key was found twice in one object (``firstDuplicateKey`` is not nil), without
  /// copying the error out.
  @inlinable
  package var foundDuplicateKey: Bool {
    guard let seldom else { return false }
    return seldom.firstDuplicateKey != nil
  }

  /// A reader at the start of a document.
  ///
  /// - Parameter bytes: The document's bytes; they must outlive the reader.
  @inlinable
  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The JSON kinds of value.
  @usableFromInline
  package enum Kind: Sendable {
    case object, array, string, number, boolean, null

    /// The kind in a message: `an object`, `a number`, `null`.
    @usableFromInline
    package var described: String {
      switch self {
      case .object: "an object"
      case .array: "an array"
      case .string: "a string"
      case .number: "a number"
      case .boolean: "a boolean"
      case .null: "null"
      }
    }
  }

  /// The kind of the value at the cursor, after skipping whitespace, from its first byte.
  ///
  /// - Returns: The kind, or nil when no value starts there (``skipValue(depth:)`` then says
  ///   why).
  @inlinable
  @inline(__always)
  package mutating func kind() -> Kind? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: return nil
    }
  }

  /// Refuses a value nested deeper than ``JSONSyntax/maximumDepth``.
  @inlinable
  @inline(__always)
  mutating func checkDepth(_ depth: Int) throws(JSONReadStop) {
    guard depth < JSONSyntax.maximumDepth else {
      throw .syntax(
        JSONSyntax.Problem(
          offset: index, message: "nested deeper than \(JSONSyntax.maximumDepth) levels"))
    }
  }

  // MARK: Skipping

  /// Reads past the value at the cursor, checking its syntax and its objects' keys.
  ///
  /// - Parameter depth: The value's depth (0 for the document itself).
  /// - Throws: ``JSONReadStop``.
  @usableFromInline
  package mutating func skipValue(depth: Int) throws(JSONReadStop) {
    skipWhitespace()
    try checkDepth(depth)
    guard index < bytes.count else { throw .syntax(problem("expected a value")) }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      var object = try enterObject(depth: depth)
      while try nextMember(of: &object, names: .none) != nil {
        try skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "["):
      var array = try enterArray(depth: depth)
      while try nextElement(of: &array) {
        try skipValue(depth: depth + 1)
      }
    default:
      do throws(JSONSyntax.Problem) {
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        default: throw problem("expected a value")
        }
      } catch {
        throw .syntax(error)
      }
    }
  }

  /// Skips a value that is not what a field reads: `null`, or a value of another kind
  /// (reported with its kind and its text).
  @usableFromInline
  mutating func skipOther<Value>(depth: Int) throws(JSONReadStop)
    -> Result<Value, JSONValueFailure>
  {
    let found = kind()
    let start = index
    try skipValue(depth: depth)
    guard let found, found != .null else { return .failure(.null) }
    return .failure(.wrongKind(found: found, text: valueText(start..<index)))
  }

  /// The text of a value for a message: its first ``JSONFieldError/maximumValueLength``
  /// characters, made from at most as many bytes as those can take, so that a huge value
  /// costs no more than a short one.
  ///
  /// - Parameter range: The value's bytes.
  /// - Returns: The text, cut.
  @usableFromInline
  package func valueText(_ range: Range<Int>) -> String {
    let end = min(range.upperBound, range.lowerBound + 4 * JSONFieldError.maximumValueLength + 4)
    return JSONFieldError.cut(
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self),
      more: end < range.upperBound)
  }

  // MARK: Scalars

  /// Reads a boolean.
  ///
  /// - Parameter depth: The value's depth.
  /// - Returns: The boolean, or what the value was instead (it is skipped).
  /// - Throws: ``JSONReadStop``.
  @inlinable
  @inline(__always)
  package mutating func readBoolean(depth: Int) throws(JSONReadStop)
    -> Result<Bool, JSONValueFailure>
  {
    // `true` or `false` read in the decoder's own code; anything else, out of line.
    skipWhitespace()
    if depth < JSONSyntax.maximumDepth {
      if index &+ 4 <= bytes.count, load32(at: index) == Self.trueWord {
        index &+= 4
        return .success(true)
      }
      if index &+ 5 <= bytes.count, bytes[index] == UInt8(ascii: "f"),
        load32(at: index &+ 1) == Self.alseWord
      {
        index &+= 5
        return .success(false)
      }
    }
    return try readBooleanInGeneral(depth: depth)
  }

  /// ``readBoolean(depth:)`` for every value.
  @usableFromInline
  mutating func readBooleanInGeneral(depth: Int) throws(JSONReadStop)
    -> Result<Bool, JSONValueFailure>
  {
    switch kind() {
    case .boolean:
      try checkDepth(depth)
      let isTrue = bytes[index] == UInt8(ascii: "t")
      // The word compared at once; a near miss goes to `literal`, which says what is wrong.
      if isTrue, index &+ 4 <= bytes.count, load32(at: index) == Self.trueWord {
        index &+= 4
        return .success(true)
      }
      if !isTrue, index &+ 5 <= bytes.count, load32(at: index &+ 1) == Self.alseWord {
        index &+= 5
        return .success(false)
      }
      do throws(JSONSyntax.Problem) {
        try literal(isTrue ? "true" : "false")
      } catch {
        throw .syntax(error)
      }
      return .success(isTrue)
    default: return try skipOther(depth: depth)
    }
  }

  /// `true` as a little-endian word.
  @inlinable
  static var trueWord: UInt32 { 0x6575_7274 }
  /// `alse`, the rest of `false`, as a little-endian word.
  @inlinable
  static var alseWord: UInt32 { 0x6573_6C61 }

  /// The four bytes at an offset (which has four bytes after it), as a little-endian word.
  @inlinable
  @inline(__always)
  func load32(at offset: Int) -> UInt32 {
    UInt32(
      littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset)
        .loadUnaligned(as: UInt32.self))
  }

  /// Reads an integer within 64 bits, decided on its text: `22`, `22.0` and `2.2e1` are 22;
  /// `22.5`, `21.9999999999999999`, `1e-400` and `1e300` are not integers.
  ///
  /// - Parameter depth: The value's depth.
  /// - Returns: The integer, or what the value was instead (it is skipped).
  /// - Throws: ``JSONReadStop``.
  @inlinable
  @inline(__always)
  package mutating func readInteger(depth: Int) throws(JSONReadStop)
    -> Result<Int64, JSONValueFailure>
  {
    // Short plain digits read in the decoder's own code; anything else, out of line.
    skipWhitespace()
    if index < bytes.count, depth < JSONSyntax.maximumDepth, let value = shortPlainInteger() {
      return .success(value)
    }
    return try readIntegerInGeneral(depth: depth)
  }

  /// ``readInteger(depth:)`` for every value.
  @usableFromInline
  mutating func readIntegerInGeneral(depth: Int) throws(JSONReadStop)
    -> Result<Int64, JSONValueFailure>
  {
    switch kind() {
    case .number:
      try checkDepth(depth)
      if let value = shortPlainInteger() { return .success(value) }
      let number: (range: Range<Int>, plain: Bool)
      do throws(JSONSyntax.Problem) {
        number = try scanNumber()
      } catch {
        throw .syntax(error)
      }
      let text = UnsafeBufferPointer(rebasing: bytes[number.range])
      guard let value = JSONSyntax.exactInteger(text) else {
        return .failure(.notAnInteger(text: valueText(number.range)))
      }
      return .success(value)
    default: return try skipOther(depth: depth)
    }
  }

  /// Reads the number at the cursor when it is plain digits (no fraction, no exponent, no
  /// leading zero), at most 18 of them, which cannot overflow; else leaves the cursor and
  /// gives nil, for ``scanNumber()`` and ``JSONSyntax/exactInteger(_:)`` to decide.
  @inlinable
  @inline(__always)
  package mutating func shortPlainInteger() -> Int64? {
    let count = bytes.count
    var at = index
    let negative = bytes[at] == UInt8(ascii: "-")
    if negative { at &+= 1 }
    let first = at
    var magnitude: Int64 = 0
    while at < count, at &- first < 19 {
      let digit = bytes[at] &- 0x30
      guard digit < 10 else { break }
      magnitude = magnitude &* 10 &+ Int64(digit)
      at &+= 1
    }
    let digits = at &- first
    guard digits > 0, digits <= 18 else { return nil }
    if digits > 1, bytes[first] == UInt8(ascii: "0") { return nil }
    if at < count {
      let next = bytes[at]
      if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
    }
    index = at
    return negative ? -magnitude : magnitude
  }

  /// Reads a string's text, its escapes decoded.
  ///
  /// - Parameter depth: The value's depth.
  /// - Returns: The text; or ``JSONValueFailure/invalidText(reason:)`` for a lone surrogate
  ///   escape or bytes that are not UTF-8; or what the value was instead (it is skipped).
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func readString(depth: Int) throws(JSONReadStop)
    -> Result<String, JSONValueFailure>
  {
    switch kind() {
    case .string:
      try checkDepth(depth)
      let start = index
      var plain = true
      let raw: UnsafeBufferPointer<UInt8>
      do throws(JSONSyntax.Problem) {
        raw = try string(plain: &plain)
      } catch {
        throw .syntax(error)
      }
      if plain { return .success(String(decoding: raw, as: UTF8.self)) }
      return Self.text(raw).mapError { failure in
        guard case .invalidText(let reason, _) = failure else { return failure }
        // The string's JSON text, its quotes included.
        return .invalidText(reason: reason, text: valueText(start..<index))
      }
    default: return try skipOther(depth: depth)
    }
  }

  // MARK: Objects and arrays

  /// One object being read: its depth and the keys seen so far.
  @usableFromInline
  package struct ObjectCursor {
    /// The object's depth; its members' values are one deeper.
    @usableFromInline
    package let depth: Int
    /// Whether a member has been read (a `,` comes before the next one).
    @usableFromInline
    var started = false
    /// The known keys seen, by their index in the names.
    @usableFromInline
    var seenKnown: UInt64 = 0
    /// The known key expected next.
    @usableFromInline
    var nextField = 0
    /// The unknown keys seen.
    @usableFromInline
    var unknownKeys = UnknownKeys()
    /// The first key that is not text (a lone surrogate escape), at its key path relative
    /// to the object, if any: such a key is skipped as unknown, and the decoder that reads
    /// the object records it (``JSONObjectErrors/recordInvalidKey(of:)``).
    @usableFromInline
    package var invalidKey: JSONFieldError?

    @usableFromInline
    init(depth: Int) {
      self.depth = depth
    }
  }

  /// The unknown keys of one object, to refuse one that appears twice.
  @usableFromInline
  struct UnknownKeys {
    /// The first one, kept as bytes until a second one needs comparing.
    @usableFromInline
    var first: UnsafeBufferPointer<UInt8>?
    /// All of them unescaped, from the second one on: keys are equal when these bytes are.
    @usableFromInline
    var set: Set<[UInt8]>?

    /// Records a key; false when it was seen before.
    @usableFromInline
    mutating func insert(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
      if set == nil {
        guard let first else {
          self.first = raw
          return true
        }
        set = [JSONSyntax.unescaped(first)]
      }
      return set?.insert(JSONSyntax.unescaped(raw)).inserted ?? false
    }
  }

  /// Enters the object at the cursor (its `{`; ``kind()`` said ``Kind/object``).
  ///
  /// - Parameter depth: The object's depth.
  /// - Returns: The cursor for ``nextMember(of:names:)``.
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func enterObject(depth: Int) throws(JSONReadStop) -> ObjectCursor {
    skipWhitespace()
    try checkDepth(depth)
    index += 1
    return ObjectCursor(depth: depth)
  }

  /// Moves to the next member of an object: reads its key and the `:` after it.
  ///
  /// The caller then reads or skips the member's value, at depth `object.depth + 1`. A key
  /// seen before in this object (after unescaping) is recorded (``firstDuplicateKey``) and
  /// given as another key (`-1`), so that its value is skipped.
  ///
  /// - Parameters:
  ///   - object: The object's cursor.
  ///   - names: The keys the caller knows.
  /// - Returns: The index of the key in `names`, `-1` for another key, or nil at the end of
  ///   the object.
  /// - Throws: ``JSONReadStop``.
  @inlinable
  @inline(__always)
  package mutating func nextMember(of object: inout ObjectCursor, names: JSONKeyNames)
    throws(JSONReadStop) -> Int?
  {
    // The key the decoder reads next, written compactly (`,"key":` or, first, `"key":`) and
    // compared whole with those bytes made once for the name, in the decoder's own code;
    // anything else (the end of the object, whitespace inside, an escape, another key, a key
    // seen before), out of line from where this started.
    skipWhitespace()
    let field = object.nextField
    if let key = names.compactKey(field, afterAMember: object.started),
      index &+ key.count <= bytes.count,
      JSONKeyNames.equal(
        key.baseAddress.unsafelyUnwrapped, bytes.baseAddress.unsafelyUnwrapped + index,
        count: key.count)
    {
      let bit: UInt64 = 1 << UInt64(field)
      if object.seenKnown & bit == 0 {
        // The key's opening quote, after the comma before it.
        setPath(object.depth, object.started ? index &+ 1 : index)
        object.started = true
        object.seenKnown |= bit
        object.nextField = field &+ 1
        index &+= key.count
        skipWhitespace()
        return field
      }
    }
    // The end of the object, with nothing before the `}` (`enterKey` reads it so too).
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      object.started = true
      index &+= 1
      return nil
    }
    return try nextMemberInGeneral(of: &object, names: names)
  }

  /// ``nextMember(of:names:)`` for every member.
  @usableFromInline
  mutating func nextMemberInGeneral(of object: inout ObjectCursor, names: JSONKeyNames)
    throws(JSONReadStop) -> Int?
  {
    var field: Int?
    var raw = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    do throws(JSONSyntax.Problem) {
      guard try enterKey(of: &object) else { return nil }
      setPath(object.depth, index)
      // The key the decoder reads next, compared with the bytes in place; any other key is
      // read as a string and then looked up.
      if let end = names.end(ofKey: object.nextField, in: bytes, at: index) {
        field = object.nextField
        index = end
      } else {
        var plain = true
        raw = try string(plain: &plain)
        if plain {
          field = names.index(of: raw, hint: object.nextField)
        } else {
          switch Self.text(raw) {
          case .success(let text): field = names.index(of: text)
          case .failure(let failure):
            if object.invalidKey == nil, case .invalidText(let reason, _) = failure {
              object.invalidKey = JSONFieldError(
                .invalidJSON, keyPath: Self.keyPathComponent(raw),
                reason: "expected keys that are text: \(reason)")
            }
          }
        }
      }
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw problem("expected ':' after an object key") }
      skipWhitespace()
    } catch {
      throw .syntax(error)
    }
    if let field {
      let bit: UInt64 = 1 << UInt64(field)
      guard object.seenKnown & bit == 0 else {
        recordDuplicateKey(depth: object.depth)
        return -1
      }
      object.seenKnown |= bit
      object.nextField = field + 1
      return field
    }
    if !object.unknownKeys.insert(raw) { recordDuplicateKey(depth: object.depth) }
    return -1
  }

  /// Records the key at the cursor's path at `depth` as found twice in its object, when it
  /// is the document's first such key; the member's value is then skipped as unknown.
  @usableFromInline
  mutating func recordDuplicateKey(depth: Int) {
    guard !foundDuplicateKey else { return }
    let state = seldom ?? SeldomState()
    state.firstDuplicateKey = JSONFieldError(
      .duplicateKey, keyPath: keyPath(through: depth),
      reason: "the key appears twice in one object")
    seldom = state
  }

  /// The key path of the member or element the containers from depth 0 to `depth` are at,
  /// such as `windows[2].start`.
  func keyPath(through depth: Int) -> String {
    var result = ""
    for level in 0...depth {
      let entry = level < 8 ? path.entry(level) : seldom?.deeper[level - 8] ?? 0
      if entry < 0 {
        result += "[\(~entry)]"
      } else {
        // The key's raw bytes, from its opening quote to the quote that closes it.
        var end = entry + 1
        while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        let key = Self.keyPathComponent(UnsafeBufferPointer(rebasing: bytes[(entry + 1)..<end]))
        result += result.isEmpty ? key : "." + key
      }
    }
    return result
  }

  /// A key as a key path shows it: its text as it is (`startHour`, `é`), or, when that
  /// would not read as one key (empty, or with a dot, bracket, quote, backslash or control
  /// character), as JSON writes it, in quotes (`"a.b"`, `""`); a key that is not text (a lone
  /// surrogate escape) as the document wrote it (`"\ud800"`), never with replacement
  /// characters. Cut like a value (``JSONFieldError/maximumValueLength``).
  ///
  /// - Parameter raw: The key's bytes between its quotes, as the document has them.
  /// - Returns: The key path component.
  @usableFromInline
  package static func keyPathComponent(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    guard case .success(let text) = Self.text(raw) else {
      let end = min(raw.count, 4 * JSONFieldError.maximumValueLength + 4)
      let written = String(decoding: UnsafeBufferPointer(rebasing: raw[..<end]), as: UTF8.self)
      return "\"" + JSONFieldError.cut(written, more: end < raw.count) + "\""
    }
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.value >= 0x20 && scalar.value != 0x7F && !"\"\\.[]".unicodeScalars.contains(scalar)
      }
    if plain { return JSONFieldError.cut(text) }
    var written = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": written += "\\\""
      case "\\": written += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        written += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: written.unicodeScalars.append(scalar)
      }
    }
    return "\"" + JSONFieldError.cut(written) + "\""
  }

  /// Reads past the `,` or `{` before a member, to its key's opening quote.
  ///
  /// - Returns: Whether there is a member (false at the `}`).
  @inlinable
  @inline(__always)
  mutating func enterKey(of object: inout ObjectCursor) throws(JSONSyntax.Problem) -> Bool {
    skipWhitespace()
    if object.started {
      if consume(UInt8(ascii: "}")) { return false }
      guard consume(UInt8(ascii: ",")) else { throw problem("expected ',' or '}' in an object") }
      skipWhitespace()
    } else {
      object.started = true
      if consume(UInt8(ascii: "}")) { return false }
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw problem("expected a string key")
    }
    return true
  }

  /// One array being read: its depth and how many elements have been read.
  @usableFromInline
  package struct ArrayCursor {
    /// The array's depth; its elements are one deeper.
    @usableFromInline
    package let depth: Int
    /// The number of elements before the current one (the current one's index).
    @usableFromInline
    package internal(set) var count = -1

    @usableFromInline
    init(depth: Int) {
      self.depth = depth
    }
  }

  /// Enters the array at the cursor (its `[`; ``kind()`` said ``Kind/array``).
  ///
  /// - Parameter depth: The array's depth.
  /// - Returns: The cursor for ``nextElement(of:)``.
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func enterArray(depth: Int) throws(JSONReadStop) -> ArrayCursor {
    skipWhitespace()
    try checkDepth(depth)
    index += 1
    return ArrayCursor(depth: depth)
  }

  /// Moves to the next element of an array, which the caller then reads or skips at depth
  /// `array.depth + 1`; its index is `array.count`.
  ///
  /// - Parameter array: The array's cursor.
  /// - Returns: Whether there is one (false at the end of the array).
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func nextElement(of array: inout ArrayCursor) throws(JSONReadStop) -> Bool {
    skipWhitespace()
    if array.count < 0 {
      array.count = 0
      setPath(array.depth, ~0)
      return !consume(UInt8(ascii: "]"))
    }
    if consume(UInt8(ascii: "]")) { return false }
    guard consume(UInt8(ascii: ",")) else {
      throw .syntax(problem("expected ',' or ']' in an array"))
    }
    array.count += 1
    setPath(array.depth, ~array.count)
    return true
  }

  /// Checks that nothing but whitespace follows the document's value.
  ///
  /// - Throws: ``JSONReadStop``.
  @usableFromInline
  package mutating func finishDocument() throws(JSONReadStop) {
    skipWhitespace()
    if index < bytes.count {
      throw .syntax(problem("expected the end of the line after the value"))
    }
  }
}

/// Why reading a document stopped before its end: the bytes are not JSON (or are nested too
/// deep), where, and what was expected. Everything else a reader finds (a key twice in one
/// object, a value a field does not take) is recorded and reading goes on.
@usableFromInline
package enum JSONReadStop: Error, Sendable {
  /// The syntax problem.
  case syntax(JSONSyntax.Problem)
}

/// What a value was instead of what a field wanted (the value itself was read past); texts
/// are the value's JSON text, cut (``JSONFieldError/maximumValueLength``).
@usableFromInline
package enum JSONValueFailure: Error, Sendable, Hashable {
  /// `null`.
  case null
  /// A value of another JSON kind, and its text.
  case wrongKind(found: JSONReader.Kind, text: String)
  /// A number that is not an integer within 64 bits, and its text.
  case notAnInteger(text: String)
  /// A string that is not text, why, and its text.
  case invalidText(reason: String, text: String)
}

/// Where the value a reader is at stands, depth by depth: for an object the offset of its
/// current member's key (its opening quote), for an array `~index` of its current element.
/// Written as members and elements are reached, read only to name a key found twice. The
/// first 8 depths are here, in place (a wire type's values are a few levels deep); deeper
/// ones in the reader's ``JSONReader/SeldomState``.
@usableFromInline
struct PathEntries {
  @usableFromInline
  var first: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

  @inlinable
  init() {}

  /// Sets the entry of a depth below 8.
  @inlinable
  @inline(__always)
  mutating func set(_ depth: Int, _ entry: Int) {
    withUnsafeMutableBytes(of: &first) {
      $0.storeBytes(of: entry, toByteOffset: depth &* 8, as: Int.self)
    }
  }

  /// The entry of a depth below 8.
  func entry(_ depth: Int) -> Int {
    withUnsafeBytes(of: first) { $0.load(fromByteOffset: depth * 8, as: Int.self) }
  }
}

extension JSONReader {
  /// What a reader seldom needs, made the first time it does.
  @usableFromInline
  final class SeldomState {
    /// The path entries from depth 8 on.
    var deeper: [Int] = []
    /// The first key found twice in one object.
    @usableFromInline
    var firstDuplicateKey: JSONFieldError?

    init() {}
  }

  /// Sets the path entry of a depth.
  @inlinable
  @inline(__always)
  mutating func setPath(_ depth: Int, _ entry: Int) {
    if depth < 8 { path.set(depth, entry) } else { setDeeperPath(depth, entry) }
  }

  @usableFromInline
  mutating func setDeeperPath(_ depth: Int, _ entry: Int) {
    let state = seldom ?? SeldomState()
    while state.deeper.count <= depth - 8 { state.deeper.append(0) }
    state.deeper[depth - 8] = entry
    seldom = state
  }
}

/// The keys a decoder knows, in the order it reads its fields.
///
/// The names live in a ``JSONKeyNameStorage`` that the value owns and that is freed with its
/// last copy. A decoder's names are a `static let`, made once per wire type and kept for the
/// process by design (a fixed number of tables, whatever the input); a decoder never makes
/// names per document.
@usableFromInline
package struct JSONKeyNames: @unchecked Sendable {
  /// Holds the names; freed with the last copy of this value.
  @usableFromInline
  let storage: JSONKeyNameStorage

  /// How many names ``storage`` holds, beside it so that the value is two words, as a buffer
  /// pointer is.
  @usableFromInline
  let count: Int

  /// The names, read in place: the elements of ``storage`` are at a fixed offset from it, and
  /// a decoder borrows its names for a call, so reading them costs no reference counting.
  @inlinable
  @inline(__always)
  var names: UnsafeBufferPointer<StaticString> {
    UnsafeBufferPointer(
      start: storage.withUnsafeMutablePointerToElements { UnsafePointer($0) }, count: count)
  }

  /// No known keys: every key is skipped.
  @usableFromInline
  package static let none = JSONKeyNames([])

  /// Names the keys, at most 64; a decoder's are a `static let`, made once.
  ///
  /// - Parameter names: The keys in a decoder's field order; a field is then known by its
  ///   index here.
  @usableFromInline
  package init(_ names: [StaticString]) {
    precondition(names.count <= 64, "at most 64 known keys")
    // ``end(ofKey:in:at:)`` takes the bytes of a key for its text: true of a name only when it
    // is printable ASCII with no quote or backslash.
    for name in names {
      precondition(
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).allSatisfy {
          $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }, "a key name is printable ASCII with no quote or backslash")
    }
    storage = JSONKeyNameStorage.make(names)
    count = storage.header.count
    precondition(count == names.count, "the storage holds every name")
  }

  /// The bytes of a field's key written compactly: `,"name":` after another member, `"name":`
  /// first; nil past the last field.
  @inlinable
  @inline(__always)
  func compactKey(_ field: Int, afterAMember: Bool) -> UnsafeBufferPointer<UInt8>? {
    guard field < count else { return nil }
    let key = storage.withUnsafeMutablePointerToHeader {
      $0.pointee.compactKeys.baseAddress.unsafelyUnwrapped[field]
    }
    return afterAMember ? key : UnsafeBufferPointer(rebasing: key.dropFirst())
  }

  /// The name of a field, for key paths.
  ///
  /// - Parameter field: The field's index.
  /// - Returns: Its key.
  @usableFromInline
  package func name(_ field: Int) -> String { names[field].description }

  /// The index of a plain (unescaped, ASCII) key, if it is known.
  ///
  /// - Parameters:
  ///   - raw: The key.
  ///   - hint: The field to try first (keys usually come in the order a decoder reads them).
  @inlinable
  func index(of raw: UnsafeBufferPointer<UInt8>, hint: Int) -> Int? {
    if hint < names.count, Self.equal(names[hint], raw) { return hint }
    for field in names.indices where field != hint && Self.equal(names[field], raw) {
      return field
    }
    return nil
  }

  /// Where the member key at `quote` ends, when it is the name of `field` written plainly:
  /// the name's bytes then its closing quote. The name has no quote, backslash or byte
  /// outside printable ASCII, so such a key is a string whose text is the name, exactly as
  /// reading it with ``JSONByteScanning/string(plain:)`` and looking it up finds.
  ///
  /// - Parameters:
  ///   - field: The field whose name to compare (nothing matches past the last one).
  ///   - bytes: The document.
  ///   - quote: The key's opening quote.
  /// - Returns: The offset after the key's closing quote, or nil.
  @inlinable
  @inline(__always)
  package func end(ofKey field: Int, in bytes: UnsafeBufferPointer<UInt8>, at quote: Int) -> Int? {
    // The compact key without its comma and colon: `"name"`.
    guard let key = compactKey(field, afterAMember: false) else { return nil }
    let length = key.count &- 1
    guard quote &+ length <= bytes.count,
      Self.equal(
        key.baseAddress.unsafelyUnwrapped, bytes.baseAddress.unsafelyUnwrapped + quote,
        count: length)
    else { return nil }
    return quote &+ length
  }

  @inlinable
  @inline(__always)
  static func equal(_ name: StaticString, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.utf8CodeUnitCount == raw.count, let base = raw.baseAddress else { return false }
    return equal(name.utf8Start, base, count: raw.count)
  }

  /// Whether `count` bytes at two addresses are equal.
  @inlinable
  @inline(__always)
  static func equal(
    _ expected: UnsafePointer<UInt8>, _ actual: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    let expected = UnsafeRawPointer(expected)
    let actual = UnsafeRawPointer(actual)
    // Whole words, the last one overlapping the one before it rather than a byte loop.
    func word64(_ offset: Int) -> Bool {
      expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == actual.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    func word32(_ offset: Int) -> Bool {
      expected.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        == actual.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }
    if count >= 8 {
      var offset = 0
      while offset &+ 8 < count {
        guard word64(offset) else { return false }
        offset &+= 8
      }
      return word64(count &- 8)
    }
    if count >= 4 { return word32(0) && word32(count &- 4) }
    for offset in 0..<count
    where expected.load(fromByteOffset: offset, as: UInt8.self)
      != actual.load(fromByteOffset: offset, as: UInt8.self)
    {
      return false
    }
    return true
  }

  /// The index of a key given as its text, if it is known: equal bytes, not equal Swift
  /// strings (canonically equivalent text is another key).
  @usableFromInline
  func index(of text: String) -> Int? {
    names.firstIndex { name in
      text.utf8.elementsEqual(
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
  }
}

extension JSONReader {
  /// A string's text from its raw bytes, escapes decoded; refused when it has a lone
  /// surrogate escape or bytes that are not UTF-8.
  ///
  /// - Parameter raw: The bytes between the quotes, as ``string()`` checked them.
  /// - Returns: The text, or why it is not text.
  @usableFromInline
  static func text(_ raw: UnsafeBufferPointer<UInt8>) -> Result<String, JSONValueFailure> {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(raw.count)
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
    func loneSurrogate(at start: Int) -> JSONValueFailure {
      let escape = String(
        decoding: UnsafeBufferPointer(rebasing: raw[start..<(start + 6)]), as: UTF8.self)
      // The caller puts the string's text in.
      return .invalidText(reason: "\(escape) is a lone surrogate escape, not a character", text: "")
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      switch escape {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex(index + 2)
        if (0xDC00...0xDFFF).contains(scalar) { return .failure(loneSurrogate(at: index)) }
        if (0xD800...0xDBFF).contains(scalar) {
          let next = index + 6
          guard next + 6 <= raw.count, raw[next] == UInt8(ascii: "\\"),
            raw[next + 1] == UInt8(ascii: "u"), (0xDC00...0xDFFF).contains(hex(next + 2))
          else { return .failure(loneSurrogate(at: index)) }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(next + 2) - 0xDC00)
          index += 6
        }
        // Surrogates are refused or paired above, so this is a scalar.
        guard let character = Unicode.Scalar(scalar) else {
          return .failure(loneSurrogate(at: index))
        }
        utf8.append(contentsOf: character.utf8)
        index += 4
      default: utf8.append(escape)  // \" \\ \/
      }
      index += 2
    }
    guard isWellFormedUTF8(utf8) else {
      return .failure(.invalidText(reason: "the string's bytes are not UTF-8", text: ""))
    }
    return .success(String(decoding: utf8, as: UTF8.self))
  }
}

/// The memory of a ``JSONKeyNames``: a header with the count, then the names; freed when the
/// last ``JSONKeyNames`` that owns it goes.
@usableFromInline
final class JSONKeyNameStorage: ManagedBuffer<JSONKeyNameStorage.Header, StaticString> {
  /// What the storage holds.
  @usableFromInline
  struct Header {
    /// How many names follow, all initialized.
    @usableFromInline
    var count: Int
    /// Each name as it stands compactly after another member, `,"name":`: the fast path
    /// compares a whole member key, its quotes and the bytes around it at once, a word at a
    /// time. Slices of `keyBytes`, one per name.
    @usableFromInline
    var compactKeys: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
    /// The bytes of every compact key, one after another.
    var keyBytes: UnsafeMutableBufferPointer<UInt8>
  }

  /// New storage holding `names`.
  static func make(_ names: [StaticString]) -> JSONKeyNameStorage {
    let buffer = create(minimumCapacity: names.count) { _ in
      Header(
        count: 0, compactKeys: .init(start: nil, count: 0), keyBytes: .init(start: nil, count: 0))
    }
    let storage = unsafeDowncast(buffer, to: JSONKeyNameStorage.self)
    let compact = names.map {
      Array(",\"".utf8) + UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)
        + Array("\":".utf8)
    }
    let keyBytes = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: compact.reduce(0) { $0 + $1.count })
    _ = keyBytes.initialize(from: compact.joined())
    let compactKeys = UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>.allocate(
      capacity: names.count)
    var offset = 0
    for (field, key) in compact.enumerated() {
      (compactKeys.baseAddress.unsafelyUnwrapped + field).initialize(
        to: UnsafeBufferPointer(rebasing: keyBytes[offset..<offset + key.count]))
      offset += key.count
    }
    storage.withUnsafeMutablePointers { header, elements in
      for (offset, name) in names.enumerated() { (elements + offset).initialize(to: name) }
      header.pointee.count = names.count
      header.pointee.compactKeys = compactKeys
      header.pointee.keyBytes = keyBytes
    }
    return storage
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
      header.pointee.compactKeys.deallocate()
      header.pointee.keyBytes.deallocate()
    }
  }
}

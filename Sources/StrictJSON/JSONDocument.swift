/// One bad value of a document: what kind of problem, its key path, its value and what was
/// wrong there.
@usableFromInline
package struct JSONFieldError: Error, Sendable, Hashable {
  /// The kinds of problem the strict reader finds: the one list of the JSON problems' codes.
  /// The modules above give each one a stable public code of the same name
  /// (`RuleFieldError.Code`, made from these, and `RecallPayloadError.Code`, whose cases a
  /// test holds to these).
  @usableFromInline
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Bytes that are not one JSON value in UTF-8 (syntax, encoding, an escape that is not a
    /// character, nesting too deep), or a key that is not text.
    case invalidJSON
    /// A key that appears twice in one object.
    case duplicateKey
    /// A required key that is absent.
    case missingKey
    /// An explicit `null` where a value is required.
    case nullValue
    /// A value of the wrong JSON type.
    case wrongType
    /// A number that is not an integer within 64 bits.
    case invalidNumber
    /// A value of the right JSON type that the field does not take (an unknown name).
    case invalidValue
  }

  /// The kind of problem.
  @usableFromInline
  package var kind: Kind
  /// The key path, such as `doNotDisturbRule.startHour` or `onlinePlatforms[2]`; relative to
  /// the value being decoded until a decoder above it prefixes its own key.
  @usableFromInline
  package var keyPath: String
  /// The offending value's JSON text (`null`, `1e400`, `"x"`, `[1,2]`), cut to
  /// ``maximumValueLength`` characters; empty where there is none (a missing key, syntax).
  @usableFromInline
  package var value: String
  /// What was wrong there.
  @usableFromInline
  package var reason: String
  /// The code a module above gave the problem when it is its own rather than a ``Kind``'s:
  /// a list longer than its ``JSONListLimit`` (`tooManyPlatforms`); nil for the others.
  @usableFromInline
  package var code: String?

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - kind: The kind of problem.
  ///   - keyPath: The key path.
  ///   - value: The value's text, or empty.
  ///   - reason: What was wrong.
  ///   - code: The module's own code, or nil for the kind's.
  @usableFromInline
  package init(
    _ kind: Kind, keyPath: String = "", value: String = "", reason: String, code: String? = nil
  ) {
    self.kind = kind
    self.keyPath = keyPath
    self.value = Self.cut(value)
    self.reason = reason
    self.code = code
  }

  /// The most characters (Unicode scalars) of a value an error shows: 64, then `…`. Every
  /// code and kind of value is cut alike, so an answer stays small whatever was sent.
  @usableFromInline
  package static let maximumValueLength = 64

  /// A value's text cut to ``maximumValueLength`` characters, with `…` when it is longer (or
  /// when `more` says text was left out before it got here).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - more: Whether the text is already a prefix of a longer one.
  /// - Returns: The text, cut.
  @usableFromInline
  package static func cut(_ text: String, more: Bool = false) -> String {
    let scalars = text.unicodeScalars
    guard more || scalars.count > maximumValueLength else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(maximumValueLength))) + "…"
  }

  /// The error seen from the object that holds it under `key`.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The error with `key` in front of its key path.
  @usableFromInline
  package func under(key: String) -> JSONFieldError {
    JSONFieldError(
      kind, keyPath: key + Self.joining(keyPath), value: value, reason: reason, code: code)
  }

  /// The error seen from the array that holds it at `index`.
  ///
  /// - Parameter index: The element's index.
  /// - Returns: The error with `[index]` in front of its key path.
  @usableFromInline
  package func under(index: Int) -> JSONFieldError {
    JSONFieldError(
      kind, keyPath: "[\(index)]" + Self.joining(keyPath), value: value, reason: reason,
      code: code)
  }

  private static func joining(_ rest: String) -> String {
    rest.isEmpty || rest.hasPrefix("[") ? rest : "." + rest
  }

  /// The error for a value that a field cannot take, in JSON's words: `expected an array of
  /// integers, found null`, `expected an object, found a number`.
  ///
  /// - Parameters:
  ///   - failure: What the value was.
  ///   - expected: What the field takes, in JSON's words, such as `a boolean` or `an array of
  ///     integers`.
  /// - Returns: The error, at the value itself.
  @usableFromInline
  package init(_ failure: JSONValueFailure, expected: String) {
    switch failure {
    case .null:
      self.init(.nullValue, value: "null", reason: "expected \(expected), found null")
    case .wrongKind(let found, let text):
      self.init(.wrongType, value: text, reason: "expected \(expected), found \(found.described)")
    case .notAnInteger(let text):
      self.init(.invalidNumber, value: text, reason: "\(text) is not an integer within 64 bits")
    case .invalidText(let reason, let text): self.init(.invalidJSON, value: text, reason: reason)
    }
  }
}

/// What reading one value of a wire type gave: the value, or why not.
///
/// It follows the wire decoders' rules for reporting a document whole: a field that cannot
/// be read is recorded and reads as absent, so the value is still built (`errors` then says
/// which fields were bad); a required field that is missing or bad stops the value (`stop`),
/// and the fields after it are not reported.
@usableFromInline
package struct JSONDecoded<Value> {
  /// The value; nil when ``stop`` is set.
  @usableFromInline
  package var value: Value?
  /// The bad fields recorded, in the order the type reads its fields.
  @usableFromInline
  package var errors: [JSONFieldError] = []
  /// What stopped the value, if anything.
  @usableFromInline
  package var stop: JSONFieldError?

  /// A value, with the bad fields recorded while reading it.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - errors: The bad fields.
  @inlinable
  package init(value: consuming Value, errors: [JSONFieldError] = []) {
    self.value = value
    self.errors = errors
  }

  /// No value.
  ///
  /// - Parameters:
  ///   - stop: What stopped it.
  ///   - errors: The bad fields recorded before that.
  @inlinable
  package init(stop: JSONFieldError, errors: [JSONFieldError] = []) {
    self.stop = stop
    self.errors = errors
  }

  /// The value as a field of another object reads it: whatever stopped it is recorded after
  /// its own errors, and the field then reads as absent (nil).
  @inlinable
  package consuming func asField() -> (value: Value?, errors: [JSONFieldError]) {
    (value, stop.map { errors + [$0] } ?? errors)
  }
}

/// A wire type read member by member into a value that starts with the wire defaults, so
/// that the value is built where it is stored and never copied on its way out.
@usableFromInline
package protocol JSONMemberReading {
  /// The value with the wire defaults: what an object with no members gives.
  static var wireDefaults: Self { get }

  /// Reads the members of the object at the reader's cursor into this value.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  ///   - errors: Receives the bad fields, in the order the type reads them.
  /// - Returns: What stopped the value (it is then not to be used), or nil.
  /// - Throws: `JSONReadStop`.
  mutating func readMembers(
    from reader: inout JSONReader, depth: Int, errors: inout [JSONFieldError]
  ) throws(JSONReadStop) -> JSONFieldError?
}

extension JSONMemberReading {
  /// Reads a value from the object at the reader's cursor.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - depth: The value's depth.
  /// - Returns: The value and the bad fields, or what stopped it.
  /// - Throws: `JSONReadStop`.
  @inlinable
  package static func read(from reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> JSONDecoded<Self>
  {
    var value = wireDefaults
    var errors: [JSONFieldError] = []
    if let stop = try value.readMembers(from: &reader, depth: depth, errors: &errors) {
      return JSONDecoded(stop: stop, errors: errors)
    }
    return JSONDecoded(value: value, errors: errors)
  }
}

/// The bad fields of one object, recorded as a decoder meets them in the document and given
/// back in the order the type reads its fields.
@usableFromInline
package struct JSONObjectErrors {
  @usableFromInline var recorded: [(field: Int, errors: [JSONFieldError])] = []

  /// No errors yet.
  @inlinable
  package init() {}

  /// Whether nothing was recorded.
  @inlinable
  package var isEmpty: Bool { recorded.isEmpty }

  /// The bad fields, in the order the type reads its fields, appended to `errors` (for a
  /// decoder that reads into a value in place rather than returning it).
  ///
  /// - Parameter errors: Receives the bad fields.
  @inlinable
  package func append(to errors: inout [JSONFieldError]) {
    guard !recorded.isEmpty else { return }
    errors += recorded.sorted { $0.field < $1.field }.flatMap(\.errors)
  }

  /// Records the object's first key that is not text, if any, after its fields' errors.
  ///
  /// - Parameter object: The object's cursor, at its end.
  @inlinable
  package mutating func recordInvalidKey(of object: JSONReader.ObjectCursor) {
    if let error = object.invalidKey { recordInvalidKey(error) }
  }

  @usableFromInline
  @inline(never)
  mutating func recordInvalidKey(_ error: JSONFieldError) {
    recorded.append((Int.max, [error]))
  }

  /// Records a field's errors.
  ///
  /// - Parameters:
  ///   - errors: The errors, with key paths relative to the field's value.
  ///   - field: The field's index in `names`.
  ///   - names: The object's keys.
  @inlinable
  package mutating func record(_ errors: [JSONFieldError], field: Int, names: JSONKeyNames) {
    guard !errors.isEmpty else { return }
    let key = names.name(field)
    recorded.append((field, errors.map { $0.under(key: key) }))
  }

  /// The object's result.
  ///
  /// - Parameters:
  ///   - value: The value built from the fields that were read.
  ///   - requiredFailure: The first field, in the order the type reads them, that is
  ///     required and missing or bad, if any: it stops the value, and the fields after it
  ///     are not reported.
  ///   - names: The object's keys.
  /// - Returns: The result.
  @inlinable
  package func result<Value>(
    _ value: consuming Value, requiredFailure: Int? = nil, names: JSONKeyNames
  )
    -> JSONDecoded<Value>
  {
    if recorded.isEmpty, requiredFailure == nil { return JSONDecoded(value: value) }
    var ordered = recorded.sorted { $0.field < $1.field }
    if let requiredFailure {
      // A key that is not text (recorded last) is kept: it was found, wherever it stands.
      ordered.removeAll { $0.field > requiredFailure && $0.field != Int.max }
      return JSONDecoded(
        stop: JSONFieldError(
          .missingKey, keyPath: names.name(requiredFailure), reason: "required key is missing"),
        errors: ordered.flatMap(\.errors))
    }
    return JSONDecoded(value: value, errors: ordered.flatMap(\.errors))
  }
}

extension JSONReader {
  /// What reading a value that should be an object gave when it is not one (the value is
  /// read past): nil when it is an object to read.
  ///
  /// - Parameter depth: The value's depth.
  /// - Returns: The error at the value (`expected an object, found an array`), or nil.
  /// - Throws: ``JSONReadStop``.
  @usableFromInline
  package mutating func notAnObject(depth: Int) throws(JSONReadStop) -> JSONFieldError? {
    if kind() == .object { return nil }
    let failure: Result<Void, JSONValueFailure> = try skipOther(depth: depth)
    guard case .failure(let failure) = failure else { return nil }
    return JSONFieldError(failure, expected: "an object")
  }

  /// Reads a list of integers (or of a type made from one), stopping at the first element
  /// that is not one, as the wire decoders always have; a list longer than its limit keeps
  /// no element past the maximum.
  ///
  /// - Parameters:
  ///   - depth: The list's depth.
  ///   - limit: The list's maximum length and the error a longer list is.
  ///   - element: Makes an element from its integer.
  /// - Returns: The list; or, for a list longer than the limit, that one error beside an
  ///   empty list (the field was there, and is not reported missing); or what stopped it,
  ///   the error at the list or at its first bad element.
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func readIntegerList<Element>(
    depth: Int, limit: JSONListLimit, _ element: (Int64) -> Element
  ) throws(JSONReadStop) -> JSONDecoded<[Element]> {
    // A compact list has at most four elements; every limit is longer.
    if limit.maximum >= 4, let values = compactShortIntegerList(depth: depth) {
      return JSONDecoded(value: Self.list(values, element))
    }
    return try readIntegerListInGeneral(depth: depth, limit: limit, element)
  }

  /// The elements of what ``compactShortIntegerList(depth:)`` read, in an array made once at
  /// its size, rather than allocated and grown while appending.
  @inlinable
  @inline(__always)
  static func list<Element>(
    _ values: (count: Int, Int64, Int64, Int64, Int64), _ element: (Int64) -> Element
  ) -> [Element] {
    switch values.count {
    case 0: return []
    case 1: return [element(values.1)]
    case 2: return [element(values.1), element(values.2)]
    case 3: return [element(values.1), element(values.2), element(values.3)]
    default: return [element(values.1), element(values.2), element(values.3), element(values.4)]
    }
  }

  /// The list at the cursor when it is written compactly, `[` then at most four short plain
  /// integers (``shortPlainInteger()``) with `,` between them, then `]`, nothing else: the
  /// cursor is then after it. Else the cursor is left where it was and the answer is nil,
  /// for ``readIntegerListInGeneral(depth:limit:_:)`` to read whatever is there.
  @inlinable
  @inline(__always)
  package mutating func compactShortIntegerList(depth: Int)
    -> (count: Int, Int64, Int64, Int64, Int64)?
  {
    skipWhitespace()
    // The elements are one deeper than the list, and must be within the depth limit.
    guard depth &+ 1 < JSONSyntax.maximumDepth, index &+ 1 < bytes.count,
      bytes[index] == UInt8(ascii: "[")
    else { return nil }
    let start = index
    index &+= 1
    if bytes[index] == UInt8(ascii: "]") {
      index &+= 1
      return (0, 0, 0, 0, 0)
    }
    var values: (count: Int, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
    while true {
      guard values.count < 4, index < bytes.count, let value = shortPlainInteger(),
        index < bytes.count
      else { break }
      switch values.count {
      case 0: values.1 = value
      case 1: values.2 = value
      case 2: values.3 = value
      default: values.4 = value
      }
      values.count &+= 1
      let next = bytes[index]
      index &+= 1
      if next == UInt8(ascii: "]") { return values }
      guard next == UInt8(ascii: ",") else { break }
    }
    index = start
    return nil
  }

  /// ``readIntegerList(depth:limit:_:)`` for every value.
  @inlinable
  mutating func readIntegerListInGeneral<Element>(
    depth: Int, limit: JSONListLimit, _ element: (Int64) -> Element
  ) throws(JSONReadStop) -> JSONDecoded<[Element]> {
    if let error = try notAnArray(depth: depth, of: "integers") { return JSONDecoded(stop: error) }
    var array = try enterArray(depth: depth)
    var elements: [Element] = []
    var count = 0
    while try nextElement(of: &array) {
      count += 1
      guard count <= limit.maximum else {
        // Past the maximum: only its syntax is checked, and its elements counted.
        try skipValue(depth: depth + 1)
        continue
      }
      switch try readInteger(depth: depth + 1) {
      case .success(let value):
        // Room for a short list at once, rather than growing it one element at a time.
        if elements.isEmpty { elements.reserveCapacity(4) }
        elements.append(element(value))
      case .failure(let failure):
        let error = JSONFieldError(failure, expected: "an integer").under(index: array.count)
        while try nextElement(of: &array) {
          count += 1
          try skipValue(depth: depth + 1)
        }
        return count > limit.maximum ? limit.decoded(count: count) : JSONDecoded(stop: error)
      }
    }
    return count > limit.maximum ? limit.decoded(count: count) : JSONDecoded(value: elements)
  }
}

/// The most elements a wire type's list may hold, and the one error a longer list is: its
/// length, in the code and words of the module that owns the list. The list readers keep no
/// element past the maximum (they check the rest's syntax and count them), so a list costs
/// memory in its maximum, not in the bytes sent.
@usableFromInline
package struct JSONListLimit: Sendable {
  /// The most elements.
  @usableFromInline
  package let maximum: Int
  /// The error's code, the owning module's (`tooManyPlatforms`).
  @usableFromInline
  package let code: String
  /// What the list holds at most, in words (`a platform list holds at most 1024 entries`).
  @usableFromInline
  package let reason: String

  /// Creates the limit.
  ///
  /// - Parameters:
  ///   - maximum: The most elements.
  ///   - code: The error's code.
  ///   - reason: What the list holds at most, in words.
  package init(maximum: Int, code: String, reason: String) {
    self.maximum = maximum
    self.code = code
    self.reason = reason
  }

  /// The error of a list of `count` elements, more than ``maximum``: at the list itself,
  /// its value the count (`1025 entries`).
  @usableFromInline
  package func error(count: Int) -> JSONFieldError {
    JSONFieldError(.invalidValue, value: "\(count) entries", reason: reason, code: code)
  }

  /// What reading a list of `count` elements, more than ``maximum``, gives: its one error
  /// beside an empty list, so that a required list is not also reported missing.
  @usableFromInline
  package func decoded<Element>(count: Int) -> JSONDecoded<[Element]> {
    JSONDecoded(value: [], errors: [error(count: count)])
  }
}

/// A document that could not be decoded: the first bad value, and the others after it.
@usableFromInline
package struct JSONDocumentError: Error, Sendable, Hashable {
  /// The first error; an empty key path for the document itself (its syntax).
  @usableFromInline
  package var first: JSONFieldError
  /// The other bad values, in the order the type reads its fields.
  @usableFromInline
  package var further: [JSONFieldError] = []

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - first: The first error.
  ///   - further: The others.
  @usableFromInline
  package init(first: JSONFieldError, further: [JSONFieldError] = []) {
    self.first = first
    self.further = further
  }
}

/// Runs a wire type's decoder over one whole document.
@usableFromInline
package enum JSONDocument {
  /// Decodes one document, in one pass.
  ///
  /// What is refused, in this order: bytes that are not one JSON value (the first syntax
  /// problem, at its byte offset), then the first key that appears twice in one object (at
  /// its key path), then the bad fields the decoder reports, each at its own key path; all
  /// of these but syntax are found while reading and reported together.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - read: The type's decoder, run at depth 0.
  /// - Returns: The value.
  /// - Throws: ``JSONDocumentError``.
  @inlinable
  package static func decode<Value>(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ read: (inout JSONReader) throws(JSONReadStop) -> JSONDecoded<Value>
  ) throws(JSONDocumentError) -> Value {
    var reader = JSONReader(bytes)
    var decoded: JSONDecoded<Value>
    do throws(JSONReadStop) {
      decoded = try read(&reader)
      try reader.finishDocument()
    } catch {
      throw documentError(error)
    }
    if decoded.errors.isEmpty, !reader.foundDuplicateKey, let value = decoded.value.take() {
      return value
    }
    throw documentError(errors: decoded.errors, stop: decoded.stop, reader: reader)
  }

  /// The error of a document read to its end that has a key twice in one object, bad fields,
  /// or a value that was stopped.
  ///
  /// - Parameters:
  ///   - errors: The bad fields, in the order the type reads them.
  ///   - stop: What stopped the value, if anything.
  ///   - reader: The reader, at the document's end.
  /// - Returns: The error.
  @usableFromInline
  package static func documentError(
    errors: [JSONFieldError], stop: JSONFieldError?, reader: JSONReader
  ) -> JSONDocumentError {
    var all: [JSONFieldError] = []
    if let duplicate = reader.firstDuplicateKey { all.append(duplicate) }
    all += errors
    if let stop { all.append(stop) }
    return JSONDocumentError(first: all[0], further: Array(all.dropFirst()))
  }

  /// The error of a document whose reading stopped: its syntax problem.
  ///
  /// - Parameter stop: Why reading stopped.
  /// - Returns: The error.
  @usableFromInline
  package static func documentError(_ stop: JSONReadStop) -> JSONDocumentError {
    switch stop {
    case .syntax(let problem):
      JSONDocumentError(
        first: JSONFieldError(
          .invalidJSON, reason: "at byte \(problem.offset): \(problem.message)"))
    }
  }
}

extension JSONObjectErrors {
  /// A field's scalar: its value, or nil after recording why it is bad.
  ///
  /// - Parameters:
  ///   - result: What the reader read.
  ///   - field: The field's index in `names`.
  ///   - names: The object's keys.
  ///   - expected: What the field takes, in JSON's words, such as `a boolean`.
  /// - Returns: The value, or nil.
  @inlinable
  package mutating func take<Value>(
    _ result: consuming Result<Value, JSONValueFailure>, field: Int, names: JSONKeyNames,
    expected: String
  ) -> Value? {
    switch consume result {
    case .success(let value): return value
    case .failure(let failure):
      recordFailure(failure, field: field, names: names, expected: expected)
      return nil
    }
  }

  /// Records a field's bad scalar: out of line, so that the decoders' own code stays small.
  @usableFromInline
  @inline(never)
  mutating func recordFailure(
    _ failure: JSONValueFailure, field: Int, names: JSONKeyNames, expected: String
  ) {
    record([JSONFieldError(failure, expected: expected)], field: field, names: names)
  }

  /// A field's value read by a nested decoder or a list reader: its value, or nil after
  /// recording why it is bad.
  ///
  /// - Parameters:
  ///   - result: What the reader read.
  ///   - field: The field's index in `names`.
  ///   - names: The object's keys.
  /// - Returns: The value, or nil.
  @inlinable
  package mutating func take<Value>(
    _ result: consuming Result<Value, JSONFieldError>, field: Int, names: JSONKeyNames
  ) -> Value? {
    switch consume result {
    case .success(let value): return value
    case .failure(let error):
      recordError(error, field: field, names: names)
      return nil
    }
  }

  /// Records a field's error: out of line, so that the decoders' own code stays small.
  @usableFromInline
  @inline(never)
  mutating func recordError(_ error: JSONFieldError, field: Int, names: JSONKeyNames) {
    record([error], field: field, names: names)
  }

  /// A field's value read by a nested object decoder, as a field reads it: its value, or nil
  /// when it stopped; its errors are recorded either way.
  ///
  /// - Parameters:
  ///   - decoded: What the nested decoder read.
  ///   - field: The field's index in `names`.
  ///   - names: The object's keys.
  /// - Returns: The value, or nil.
  @inlinable
  package mutating func take<Value>(
    _ decoded: consuming JSONDecoded<Value>, field: Int, names: JSONKeyNames
  ) -> Value? {
    // Moved out when there is nothing to record: the value is not copied.
    if decoded.errors.isEmpty, decoded.stop == nil { return decoded.value.take() }
    let (value, errors) = decoded.asField()
    record(errors, field: field, names: names)
    return value
  }
}

extension JSONReader {
  /// Reads an object field with a nested decoder: `null` is reported as `expected an object,
  /// found null`; anything else is the nested decoder's.
  ///
  /// - Parameters:
  ///   - depth: The value's depth.
  ///   - read: The nested decoder.
  /// - Returns: What the nested decoder read.
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func readObjectField<Value>(
    depth: Int, _ read: (inout JSONReader, Int) throws(JSONReadStop) -> JSONDecoded<Value>
  ) throws(JSONReadStop) -> JSONDecoded<Value> {
    if kind() == .null {
      try skipValue(depth: depth)
      return JSONDecoded(stop: JSONFieldError(.null, expected: "an object"))
    }
    return try read(&self, depth)
  }

  /// Nil when the value at the cursor is an array to read; else the error at it, the value
  /// read past (`expected an array of integers, found null`).
  ///
  /// - Parameters:
  ///   - depth: The value's depth.
  ///   - elements: What the array holds, in JSON's words, such as `integers`.
  /// - Returns: The error, or nil.
  /// - Throws: ``JSONReadStop``.
  @usableFromInline
  package mutating func notAnArray(depth: Int, of elements: String) throws(JSONReadStop)
    -> JSONFieldError?
  {
    if kind() == .array { return nil }
    let failure: Result<Void, JSONValueFailure> = try skipOther(depth: depth)
    guard case .failure(let failure) = failure else { return nil }
    return JSONFieldError(failure, expected: "an array of \(elements)")
  }

  /// Reads a list of objects with a nested decoder, stopping at the first element that the
  /// decoder stops at, as the wire decoders always have; a list longer than its limit is that
  /// one error, and no element past the maximum is decoded or kept.
  ///
  /// - Parameters:
  ///   - depth: The list's depth.
  ///   - limit: The list's maximum length and the error a longer list is.
  ///   - read: The elements' decoder.
  /// - Returns: The list, or the errors that stopped it; the errors recorded in elements;
  ///   for a list longer than the limit, that one error beside an empty list.
  /// - Throws: ``JSONReadStop``.
  @inlinable
  package mutating func readObjectList<Element>(
    depth: Int, limit: JSONListLimit,
    _ read: (inout JSONReader, Int) throws(JSONReadStop) -> JSONDecoded<Element>
  ) throws(JSONReadStop) -> JSONDecoded<[Element]> {
    if let error = try notAnArray(depth: depth, of: "objects") { return JSONDecoded(stop: error) }
    var array = try enterArray(depth: depth)
    var elements: [Element] = []
    var errors: [JSONFieldError] = []
    var stop: JSONFieldError?
    var count = 0
    while try nextElement(of: &array) {
      count += 1
      guard count <= limit.maximum, stop == nil else {
        // Past the maximum or the stop: only its syntax is checked, and its elements counted.
        try skipValue(depth: depth + 1)
        continue
      }
      let decoded = try read(&self, depth + 1)
      let index = array.count
      errors += decoded.errors.map { $0.under(index: index) }
      guard let value = decoded.value, decoded.stop == nil else {
        // The list stops; its last error is what stopped it.
        stop = (decoded.stop ?? JSONFieldError(.invalidJSON, reason: "malformed")).under(
          index: index)
        continue
      }
      elements.append(value)
    }
    // The length is the list's one error, whatever its elements.
    if count > limit.maximum { return limit.decoded(count: count) }
    if let stop { return JSONDecoded(stop: stop, errors: errors) }
    return JSONDecoded(value: elements, errors: errors)
  }
}

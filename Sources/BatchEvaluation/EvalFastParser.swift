import DNDSchedule
import OfflinePush
import StrictJSON

/// The fast parser of `dnd eval` for the common shape of a query line: a flat JSON object
/// whose keys and strings are plain ASCII and whose numbers are plain integers.
///
/// It only finds where each known field's value is; the rule objects themselves are read
/// (once per distinct rule text) by the strict byte reader. Whenever a line is anything but
/// plain — an escape in a string, a fraction or exponent, `null`, a duplicate key, deep
/// nesting, a syntax error — the parser gives up and the line goes to `EvalQuery`, which
/// decides every error, so both parsers give the same answer for every line this one takes.
/// (A rule text the strict reader refuses, a duplicate key inside it for one, goes there too.)
///
/// When the rule cache is of no use to the stream (its rules do not repeat), the parser reads
/// the rule in place with the strict reader instead of skipping it, so the rule's bytes are
/// read once: the reader reads it at depth 1 of the line, as the general parser's checker does.
struct EvalFastParser: JSONByteScanning {
  /// Where the values of the known keys are in the line.
  struct Fields {
    var rule: Range<Int>?
    var pushRule: Range<Int>?
    var at: Range<Int>?
    var savedAt: Range<Int>?
    var kind: Range<Int>?
    var platform: Range<Int>?
    var onlinePlatforms: Range<Int>?
    /// The other keys, to find one that appears twice.
    var otherKeys: [Range<Int>] = []
  }

  /// The rules read in place, and which to read so.
  struct RulesInPlace {
    /// Whether `rule` values are read in place rather than skipped.
    var readsRules = false
    /// Whether `pushRule` values are read in place rather than skipped.
    var readsPushRules = false
    /// The `rule` value, when read in place.
    var rule: DoNotDisturbRule?
    /// The `pushRule` value, when read in place.
    var pushRule: OfflinePushRule?
  }

  /// Lines with more unknown keys than this go to the general parser, which finds a
  /// duplicate among any number of keys without comparing each pair.
  static let maximumOtherKeys = 16

  /// Values nested deeper than this make the parser give up.
  static let maximumDepth = 32

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Finds the known fields of a query line.
  ///
  /// - Parameter inPlace: Which rules to read in place; receives them.
  /// - Returns: Their value ranges, or nil when the line is not of the plain shape.
  mutating func fields(readingInPlace inPlace: inout RulesInPlace) -> Fields? {
    var fields = Fields()
    skipWhitespace()
    guard consume(UInt8(ascii: "{")) else { return nil }
    skipWhitespace()
    guard !consume(UInt8(ascii: "}")) else { return nil }
    while true {
      guard let key = plainString() else { return nil }
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { return nil }
      skipWhitespace()
      let start = index
      // A key twice is the general parser's (`assign` refuses it).
      // (The rule's presence is asked last, and by pattern, so no key copies it.)
      if inPlace.readsPushRules, matches(key, "pushRule"), case .none = inPlace.pushRule {
        guard readInPlace(into: &inPlace.pushRule, OfflinePushRule.read) else { return nil }
      } else if inPlace.readsRules, matches(key, "rule"), case .none = inPlace.rule {
        guard readInPlace(into: &inPlace.rule, DoNotDisturbRule.read) else { return nil }
      } else {
        guard skipValue(depth: 0) else { return nil }
      }
      let value = start..<index
      guard assign(key: key, value: value, to: &fields) else { return nil }
      skipWhitespace()
      if consume(UInt8(ascii: ",")) {
        skipWhitespace()
        continue
      }
      guard consume(UInt8(ascii: "}")) else { return nil }
      break
    }
    skipWhitespace()
    return index == bytes.count ? fields : nil
  }

  /// Reads a rule at the cursor with the strict reader, as a value of the line (depth 1), into
  /// `slot`; false when it refuses the rule (the general parser then reports why).
  @inline(__always)
  mutating func readInPlace<Rule>(
    into slot: inout Rule?,
    _ read: (inout JSONReader, Int) throws(JSONReadStop) -> JSONDecoded<Rule>
  ) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
    var reader = JSONReader(bytes)
    reader.index = index
    guard let decoded = try? read(&reader, 1), decoded.errors.isEmpty,
      !reader.foundDuplicateKey, let rule = decoded.value,
      // The general parser refuses a line that is not UTF-8 before reading it; a rule that is
      // not plain ASCII is left to it.
      isASCII(index..<reader.index)
    else { return false }
    slot = rule
    index = reader.index
    return true
  }

  /// Whether a range of the line holds only ASCII bytes, read eight at a time.
  func isASCII(_ range: Range<Int>) -> Bool {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
    var offset = range.lowerBound
    var high: UInt64 = 0
    while offset &+ 8 <= range.upperBound {
      high |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    while offset < range.upperBound {
      high |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
      offset &+= 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// Records a known key's value; false for a duplicate key (known or not), for an unknown
  /// key's object or array, or for `schedule` (weekly schedule queries, and lines that mix one
  /// with a rule, are the general parser's) and `preferences`, `conversation` or `message`.
  func assign(key: Range<Int>, value: Range<Int>, to fields: inout Fields) -> Bool {
    func set(_ slot: inout Range<Int>?) -> Bool {
      guard slot == nil else { return false }
      slot = value
      return true
    }
    switch key.count {
    case 2 where matches(key, "at"): return set(&fields.at)
    case 4 where matches(key, "rule"): return set(&fields.rule)
    case 4 where matches(key, "kind"): return set(&fields.kind)
    case 7 where matches(key, "savedAt"): return set(&fields.savedAt)
    case 8 where matches(key, "pushRule"): return set(&fields.pushRule)
    case 8 where matches(key, "platform"): return set(&fields.platform)
    case 8 where matches(key, "schedule"): return false
    // A push query with a policy value is the general parser's, whatever the value.
    case 7 where matches(key, "message"): return false
    case 11 where matches(key, "preferences"): return false
    case 12 where matches(key, "conversation"): return false
    case 15 where matches(key, "onlinePlatforms"): return set(&fields.onlinePlatforms)
    default:
      // An object or array under an unknown key may hold a key twice: the general parser's.
      guard bytes[value.lowerBound] != UInt8(ascii: "{"),
        bytes[value.lowerBound] != UInt8(ascii: "[")
      else { return false }
      // Keys here are plain ASCII without escapes: equal keys have equal bytes.
      guard fields.otherKeys.count < Self.maximumOtherKeys else { return false }
      for other in fields.otherKeys where other.count == key.count {
        if bytes[other].elementsEqual(bytes[key]) { return false }
      }
      fields.otherKeys.append(key)
      return true
    }
  }

  /// Whether a range of the line holds exactly these ASCII bytes.
  func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
    text.withUTF8Buffer { expected in
      guard expected.count == range.count else { return false }
      for offset in 0..<expected.count where bytes[range.lowerBound + offset] != expected[offset] {
        return false
      }
      return true
    }
  }

  /// A string of printable ASCII without escapes; returns the range between the quotes.
  mutating func plainString() -> Range<Int>? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return start..<(index - 1)
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      index += 1
    }
    return nil
  }

  /// Skips one value of the plain shape: objects, arrays, plain strings, integers, `true`
  /// and `false`.
  mutating func skipValue(depth: Int) -> Bool {
    guard index < bytes.count, depth < Self.maximumDepth else { return false }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return true }
      while true {
        guard plainString() != nil else { return false }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        guard skipValue(depth: depth + 1) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        guard consume(UInt8(ascii: ",")) else { return false }
        skipWhitespace()
      }
    case UInt8(ascii: "["):
      index += 1
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return true }
      while true {
        guard skipValue(depth: depth + 1) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return true }
        guard consume(UInt8(ascii: ",")) else { return false }
        skipWhitespace()
      }
    case UInt8(ascii: "\""):
      return plainString() != nil
    case UInt8(ascii: "t"):
      return skipLiteral("true")
    case UInt8(ascii: "f"):
      return skipLiteral("false")
    default:
      return skipInteger()
    }
  }

  mutating func skipLiteral(_ literal: StaticString) -> Bool {
    let end = index + literal.utf8CodeUnitCount
    guard end <= bytes.count, matches(index..<end, literal) else { return false }
    index = end
    return true
  }

  /// Skips `-?(0|[1-9][0-9]*)` not followed by a fraction or exponent.
  mutating func skipInteger() -> Bool {
    _ = consume(UInt8(ascii: "-"))
    let start = index
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    let count = index - start
    guard count > 0, count == 1 || bytes[start] != 0x30 else { return false }
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return false
      default: break
      }
    }
    return true
  }

  /// A plain integer of at most 18 digits filling a range, or nil.
  func integer(_ range: Range<Int>) -> Int64? {
    var position = range.lowerBound
    var negative = false
    if position < range.upperBound, bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    let digits = range.upperBound - position
    guard digits >= 1, digits <= 18 else { return nil }
    var value: Int64 = 0
    while position < range.upperBound {
      let byte = bytes[position]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int64(byte - 0x30)
      position += 1
    }
    return negative ? -value : value
  }

  /// `"message"` or `"call"` filling a range, or nil.
  func kind(_ range: Range<Int>) -> PushKind? {
    if matches(range, "\"message\"") { return .message }
    if matches(range, "\"call\"") { return .call }
    return nil
  }

  /// Whether a range holds a plain string (any content).
  func isPlainString(_ range: Range<Int>) -> Bool {
    range.count >= 2 && bytes[range.lowerBound] == UInt8(ascii: "\"")
  }

  /// An array of plain integers filling a range, as a platform set, or nil (also for a list
  /// longer than `OfflinePushRule.maximumPlatformCount`, which the general parser refuses).
  func platforms(_ range: Range<Int>) -> PlatformSet? {
    var parser = EvalFastParser(UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]))
    parser.index = range.lowerBound
    guard parser.consume(UInt8(ascii: "[")) else { return nil }
    var list: [Platform] = []
    parser.skipWhitespace()
    if parser.consume(UInt8(ascii: "]")) {
      return parser.index == range.upperBound ? PlatformSet() : nil
    }
    while true {
      let start = parser.index
      guard parser.skipInteger(), let value = parser.integer(start..<parser.index),
        list.count < OfflinePushRule.maximumPlatformCount
      else {
        return nil
      }
      list.append(Platform(rawValue: Int(value)))
      parser.skipWhitespace()
      if parser.consume(UInt8(ascii: "]")) { break }
      guard parser.consume(UInt8(ascii: ",")) else { return nil }
      parser.skipWhitespace()
    }
    return parser.index == range.upperBound ? PlatformSet(list) : nil
  }
}

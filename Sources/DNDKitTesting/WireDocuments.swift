/// Seeded JSON documents for testing the rules' wire decoders: valid, near-valid and hostile.
///
/// A document is shaped like one of the wire types (`OfflinePushRule`-, do-not-disturb- or
/// weekly-schedule-shaped), then varied where decoders go wrong: values of the wrong kind,
/// `null`, numbers at every boundary of a 64-bit integer written as fractions and exponents,
/// keys and strings with escapes (lone surrogates too), duplicate keys (also after
/// unescaping), unknown keys with deep values, random whitespace; and, for some, bytes
/// mutated, inserted, removed or cut off (right after an inner `}` too), and members whose
/// value is removed. Half of the push rules are written as ZIM clients write them (compact,
/// keys in field order), so that a compact reading meets the same variants.
///
/// ```swift
/// var rng = SplitMix64(seed: 0x5EED)
/// let bytes = WireDocuments.document(using: &rng)
/// ```
public enum WireDocuments {
  /// A JSON value as the generator builds it, written with raw key and string text so that
  /// escapes can be placed anywhere.
  indirect enum Value {
    case object([(key: String, value: Value)])
    case array([Value])
    /// The text between the quotes, escapes written as they are.
    case string(String)
    /// The number's text.
    case number(String)
    case boolean(Bool)
    case null
  }

  /// The shapes: the three rules, and the policy values beside the push rule.
  enum Shape: CaseIterable {
    case offlinePushRule, doNotDisturbRule, weeklySchedule
    case preferences, conversation, message
  }

  /// One document.
  ///
  /// - Parameter rng: The random source.
  /// - Returns: The document's bytes.
  public static func document(using rng: inout SplitMix64) -> [UInt8] {
    let shape = pick(Shape.allCases, using: &rng)
    // How far from valid: 0 valid, 1 a few wrong values, 2 many, 3 hostile bytes too.
    let wildness = Int.random(in: 0..<4, using: &rng)
    var value: Value
    // A push rule as ZIM clients write it (compact, keys in field order) half of the time,
    // so that decoders' compact readings meet near-valid and hostile variants of it too.
    let compact = shape == .offlinePushRule && Bool.random(using: &rng)
    switch Int.random(in: 0..<40, using: &rng) {
    case 0: value = deep(using: &rng)
    case 1: value = randomValue(depth: 0, using: &rng)
    default:
      value =
        compact
        ? compactPushRule(wildness: wildness, using: &rng)
        : shaped(shape, wildness: wildness, using: &rng)
    }
    if Int.random(in: 0..<20, using: &rng) == 0 { value = .array([value]) }
    var bytes: [UInt8] = []
    write(value, to: &bytes, spaced: !compact, using: &rng)
    if wildness == 3 { mutate(&bytes, using: &rng) }
    return bytes
  }

  // MARK: Shapes

  static func shaped(_ shape: Shape, wildness: Int, using rng: inout SplitMix64) -> Value {
    switch shape {
    case .offlinePushRule: return pushRule(wildness: wildness, using: &rng)
    case .doNotDisturbRule: return dndRule(wildness: wildness, using: &rng)
    case .weeklySchedule: return weekly(wildness: wildness, using: &rng)
    case .preferences: return preferences(wildness: wildness, using: &rng)
    case .conversation: return conversation(wildness: wildness, using: &rng)
    case .message: return message(wildness: wildness, using: &rng)
    }
  }

  static func level(using rng: inout SplitMix64) -> Value {
    .string(pick(["all", "mentions", "none", "All", "mention", ""], using: &rng))
  }

  static func userID(using rng: inout SplitMix64) -> Value {
    .string(pick(["bob", "eve", #"caf\u00e9"#, #"\u674e"#, "", "a b"], using: &rng))
  }

  static func preferences(wildness: Int, using rng: inout SplitMix64) -> Value {
    object(
      [
        ("level", { level(using: &$0) }),
        (
          "breakthrough",
          { rng in
            object(
              [
                (
                  "senders",
                  { rng in
                    .array(
                      (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                        wrong(wildness, using: &rng)
                          ? randomValue(depth: 3, using: &rng) : userID(using: &rng)
                      })
                  }
                ),
                ("mentions", { .boolean(Bool.random(using: &$0)) }),
                ("urgent", { .boolean(Bool.random(using: &$0)) }),
                (
                  "repeatCallSeconds",
                  { .number(integerText(Int64.random(in: -5...86_400, using: &$0), using: &$0)) }
                ),
              ], wildness: wildness, using: &rng)
          }
        ),
      ], wildness: wildness, using: &rng)
  }

  static func conversation(wildness: Int, using rng: inout SplitMix64) -> Value {
    object(
      [
        ("level", { level(using: &$0) }),
        (
          "until",
          { .number(integerText(Int64.random(in: 0...2_000_000_000, using: &$0), using: &$0)) }
        ),
      ], wildness: wildness, using: &rng)
  }

  static func message(wildness: Int, using rng: inout SplitMix64) -> Value {
    object(
      [
        ("sender", { userID(using: &$0) }),
        ("mentioned", { .boolean(Bool.random(using: &$0)) }),
        ("mentionAll", { .boolean(Bool.random(using: &$0)) }),
        ("urgent", { .boolean(Bool.random(using: &$0)) }),
        (
          "previousCallAt",
          { .number(integerText(Int64.random(in: 0...2_000_000_000, using: &$0), using: &$0)) }
        ),
      ], wildness: wildness, using: &rng)
  }

  /// Whether to put something wrong here.
  static func wrong(_ wildness: Int, using rng: inout SplitMix64) -> Bool {
    wildness > 0 && Int.random(in: 0..<(wildness == 1 ? 12 : 4), using: &rng) == 0
  }

  /// An object from members, some left out, some wrong, some twice, with unknown ones.
  static func object(
    _ members: [(String, (inout SplitMix64) -> Value)], wildness: Int,
    keep: Int = 75, using rng: inout SplitMix64
  ) -> Value {
    var result: [(key: String, value: Value)] = []
    for (key, make) in members where Int.random(in: 0..<100, using: &rng) < keep {
      let value = wrong(wildness, using: &rng) ? randomValue(depth: 2, using: &rng) : make(&rng)
      result.append((escapedKey(key, using: &rng), value))
    }
    for _ in 0..<(Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 1...3, using: &rng) : 0)
    {
      result.insert(
        (unknownKey(using: &rng), randomValue(depth: 1, using: &rng)),
        at: Int.random(in: 0...result.count, using: &rng))
    }
    if wildness > 0, !result.isEmpty, Int.random(in: 0..<15, using: &rng) == 0 {
      // A duplicate, the same key or the same after unescaping.
      let original = pick(result, using: &rng)
      result.insert(
        (escapedKey(original.key, using: &rng), randomValue(depth: 2, using: &rng)),
        at: Int.random(in: 0...result.count, using: &rng))
    }
    result.shuffle(using: &rng)
    return .object(result)
  }

  static func pushRule(wildness: Int, using rng: inout SplitMix64) -> Value {
    object(
      [
        ("onlinePlatforms", { platforms(wildness: wildness, using: &$0) }),
        ("notToReceiveOfflinePushPlatforms", { platforms(wildness: wildness, using: &$0) }),
        ("offlinePushEnabled", { .boolean(Bool.random(using: &$0)) }),
        ("messageOfflinePushEnabled", { .boolean(Bool.random(using: &$0)) }),
        ("callOfflinePushEnabled", { .boolean(Bool.random(using: &$0)) }),
        ("doNotDisturbRule", { dndRule(wildness: wildness, using: &$0) }),
      ], wildness: wildness, using: &rng)
  }

  /// A push rule with every member in the wire's field order, the DND rule's too (all of its
  /// members, or half of the time only the first few, as an older client might write
  /// it), for writing without whitespace; a value is wrong as rarely as in a near-valid
  /// document, so that the hostile bytes of the wildest ones meet a reading that got far.
  static func compactPushRule(wildness: Int, using rng: inout SplitMix64) -> Value {
    func value(_ make: () -> Value) -> Value {
      wrong(min(wildness, 1), using: &rng) ? randomValue(depth: 2, using: &rng) : make()
    }
    func boolean() -> Value { value { .boolean(Bool.random(using: &rng)) } }
    func integer(_ range: ClosedRange<Int64>) -> Value {
      value { .number(String(Int64.random(in: range, using: &rng))) }
    }
    var dnd: [(key: String, value: Value)] = [
      ("enabled", boolean()), ("startHour", integer(0...23)), ("startMinute", integer(0...59)),
      ("endHour", integer(0...23)), ("endMinute", integer(0...59)),
      ("repeatMode", integer(0...4)), ("customRepeatDays", integer(0...127)),
      ("onceEndTimestamp", integer(0...2_000_000_000)),
      (
        "timeZoneID",
        value { .string(pick(["UTC", "Asia/Shanghai", "Europe/Berlin"], using: &rng)) }
      ),
    ]
    if Bool.random(using: &rng) {
      dnd.removeLast(Int.random(in: 1...dnd.count, using: &rng))
    }
    func platforms() -> Value {
      value {
        .array(
          (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            .number(String(Int.random(in: -1...64, using: &rng)))
          })
      }
    }
    var members: [(key: String, value: Value)] = [
      ("onlinePlatforms", platforms()), ("notToReceiveOfflinePushPlatforms", platforms()),
      ("offlinePushEnabled", boolean()), ("messageOfflinePushEnabled", boolean()),
      ("callOfflinePushEnabled", boolean()),
    ]
    // The DND rule may be absent in the compact form.
    if Int.random(in: 0..<5, using: &rng) != 0 {
      members.append(("doNotDisturbRule", value { .object(dnd) }))
    }
    return .object(members)
  }

  static func platforms(wildness: Int, using rng: inout SplitMix64) -> Value {
    .array(
      (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        wrong(wildness, using: &rng)
          ? randomValue(depth: 3, using: &rng)
          : .number(integerText(Int64.random(in: -2...64, using: &rng), using: &rng))
      })
  }

  static func dndRule(wildness: Int, using rng: inout SplitMix64) -> Value {
    func integer(_ range: ClosedRange<Int64>) -> (inout SplitMix64) -> Value {
      { rng in .number(integerText(Int64.random(in: range, using: &rng), using: &rng)) }
    }
    return object(
      [
        ("enabled", { .boolean(Bool.random(using: &$0)) }),
        ("startHour", integer(0...23)), ("startMinute", integer(0...59)),
        ("endHour", integer(0...23)), ("endMinute", integer(0...59)),
        ("repeatMode", integer(0...4)), ("customRepeatDays", integer(0...127)),
        ("onceEndTimestamp", integer(0...2_000_000_000)),
        ("timeZoneID", { .string(zoneText(using: &$0)) }),
      ], wildness: wildness, using: &rng)
  }

  static func weekly(wildness: Int, using rng: inout SplitMix64) -> Value {
    object(
      [
        ("timeZoneID", { .string(zoneText(using: &$0)) }),
        ("polarity", { .string(pick(["quiet", "send", "other"], using: &$0)) }),
        (
          "windows",
          { rng in
            .array(
              (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                object(
                  [
                    (
                      "weekdays",
                      { rng in
                        .array(
                          (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                            .number(integerText(Int64.random(in: 0...8, using: &rng), using: &rng))
                          })
                      }
                    ),
                    (
                      "start",
                      { .string(pick(["22:00", "07:30", "24:00", "x"], using: &$0)) }
                    ),
                    ("end", { .string(pick(["07:00", "00:00", "9"], using: &$0)) }),
                  ], wildness: wildness, keep: 92, using: &rng)
              })
          }
        ),
        (
          "snooze",
          { rng in
            object(
              [
                (
                  "from",
                  {
                    .number(
                      integerText(Int64.random(in: 0...2_000_000_000, using: &$0), using: &$0))
                  }
                ),
                (
                  "until",
                  {
                    .number(
                      integerText(Int64.random(in: 0...2_000_000_000, using: &$0), using: &$0))
                  }
                ),
              ], wildness: wildness, keep: 92, using: &rng)
          }
        ),
      ], wildness: wildness, keep: 88, using: &rng)
  }

  // MARK: Values

  /// One of the elements, at random.
  static func pick<Element>(_ elements: [Element], using rng: inout SplitMix64) -> Element {
    elements[Int.random(in: 0..<elements.count, using: &rng)]
  }

  /// A key as it might be written: plain, or with some letters escaped.
  static func escapedKey(_ key: String, using rng: inout SplitMix64) -> String {
    guard Int.random(in: 0..<10, using: &rng) == 0 else { return key }
    return key.unicodeScalars.map { scalar in
      Int.random(in: 0..<3, using: &rng) == 0
        ? "\\u" + hex4(UInt16(scalar.value), upper: Bool.random(using: &rng)) : String(scalar)
    }.joined()
  }

  static func hex4(_ value: UInt16, upper: Bool) -> String {
    let digits = Array(upper ? "0123456789ABCDEF" : "0123456789abcdef")
    return String((0..<4).map { digits[Int(value >> (12 - 4 * UInt16($0))) & 15] })
  }

  static func unknownKey(using rng: inout SplitMix64) -> String {
    pick(
      [
        "x", "extra", "enabled", "startHour", "polarity", "\\ud800", "\\udc00x", "a\\u0000b",
        "caf\\u00e9", "café", "\\ud83d\\ude00", "K", "\\u212A", "", "\\\"", "onlinePlatform\\u0073",
      ], using: &rng)
  }

  static func zoneText(using rng: inout SplitMix64) -> String {
    pick(
      [
        "Asia/Shanghai", "America/Los_Angeles", "", "UTC", "Europe/Berlin", "Asia\\/Tokyo",
        "\\ud800", "ab\\udc00cd", "\\ud83d\\ude00", "Am\\u00e9rica", "x\\ny", "\\u0000",
        "America/Argentina/ComodRivadavia",
      ], using: &rng)
  }

  /// An integer's text: as it is, or as a fraction or an exponent of the same or a nearby
  /// value, or at the boundaries of a 64-bit integer.
  static func integerText(_ value: Int64, using rng: inout SplitMix64) -> String {
    switch Int.random(in: 0..<24, using: &rng) {
    case 0: return "\(value).0"
    case 1: return "\(value)e0"
    case 2: return value == 0 ? "0e5" : "\(value)0e-1"
    case 3: return "\(value).5"
    case 4: return numberText(using: &rng)
    case 5:
      return pick(
        [
          "-0", "-0.0", "0.0e-0", "1E+1", "2.2e1", "21.9999999999999999", "22.0000000000000001",
        ], using: &rng)
    default: return "\(value)"
    }
  }

  /// A number's text, biased towards the edges of a 64-bit integer.
  static func numberText(using rng: inout SplitMix64) -> String {
    pick(
      [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999", "1e300", "1e-400", "1e400", "0.5",
        "922337203685477580.7e1", "9.223372036854775807e18", "9.223372036854775808e18",
        "-9.223372036854775808E+18", "1e99999999999999999999", "100000000000000000000e-2",
        "123456789012345678", "1234567890123456789", "-123456789012345678", "0.000",
      ], using: &rng)
  }

  static func randomValue(depth: Int, using rng: inout SplitMix64) -> Value {
    switch Int.random(in: 0..<(depth > 4 ? 6 : 8), using: &rng) {
    case 0: return .null
    case 1: return .boolean(Bool.random(using: &rng))
    case 2: return .number(integerText(Int64.random(in: -5...100, using: &rng), using: &rng))
    case 3: return .number(numberText(using: &rng))
    case 4: return .string(zoneText(using: &rng))
    case 5: return .string(unknownKey(using: &rng))
    case 6:
      return .array(
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in
          randomValue(depth: depth + 1, using: &rng)
        })
    default:
      var members: [(key: String, value: Value)] = []
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        members.append((unknownKey(using: &rng), randomValue(depth: depth + 1, using: &rng)))
      }
      return .object(members)
    }
  }

  /// Nesting around the 512-level limit, in a known or an unknown key.
  static func deep(using rng: inout SplitMix64) -> Value {
    var inner: Value = .number("1")
    for level in 0..<Int.random(in: 505...515, using: &rng) {
      inner = level % 3 == 0 ? .object([("x", inner)]) : .array([inner])
    }
    let key = pick(["x", "doNotDisturbRule", "onlinePlatforms", "windows"], using: &rng)
    return .object([(key, inner)])
  }

  // MARK: Writing

  /// Writes a value, with whitespace at random places when `spaced`.
  static func write(
    _ value: Value, to bytes: inout [UInt8], spaced: Bool = true, using rng: inout SplitMix64
  ) {
    func space() {
      if spaced, Int.random(in: 0..<8, using: &rng) == 0 {
        bytes.append(pick([0x20, 0x0A, 0x09, 0x0D], using: &rng))
      }
    }
    space()
    switch value {
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (offset, member) in members.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        space()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: member.key.utf8)
        bytes.append(UInt8(ascii: "\""))
        space()
        bytes.append(UInt8(ascii: ":"))
        write(member.value, to: &bytes, spaced: spaced, using: &rng)
      }
      space()
      bytes.append(UInt8(ascii: "}"))
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element, to: &bytes, spaced: spaced, using: &rng)
      }
      space()
      bytes.append(UInt8(ascii: "]"))
    case .string(let text):
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: text.utf8)
      bytes.append(UInt8(ascii: "\""))
    case .number(let text): bytes.append(contentsOf: text.utf8)
    case .boolean(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .null: bytes.append(contentsOf: "null".utf8)
    }
    space()
  }

  /// Hostile bytes: a few flipped, inserted, removed or repeated; a cut anywhere or right after
  /// an inner `}`; a member's value removed (`"key":}`); a byte order mark.
  static func mutate(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
    let interesting: [UInt8] =
      Array("{}[]\",:\\-.eE0 nul".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      guard !bytes.isEmpty else { break }
      let at = Int.random(in: 0..<bytes.count, using: &rng)
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: bytes[at] = pick(interesting, using: &rng)
      case 1: bytes.insert(pick(interesting, using: &rng), at: at)
      case 2: bytes.remove(at: at)
      case 3: bytes.removeSubrange(at...)
      case 4: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
      case 5: removeValue(&bytes, using: &rng)
      case 6:
        // The document ends right after an object that is not its last: the outer `}` and
        // anything after the inner one are gone.
        let closes = bytes.indices.dropLast().filter { bytes[$0] == UInt8(ascii: "}") }
        if !closes.isEmpty { bytes.removeSubrange((pick(closes, using: &rng) + 1)...) }
      default: bytes[at] = UInt8.random(in: 0...255, using: &rng)
      }
    }
  }

  /// Removes the value after a colon (half the time one that is an object or an array), up to
  /// the `,`, `}` or `]` that ends it, so that the key is followed by what came after it.
  static func removeValue(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
    let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
    let nested = colons.filter {
      $0 + 1 < bytes.count
        && (bytes[$0 + 1] == UInt8(ascii: "{") || bytes[$0 + 1] == UInt8(ascii: "["))
    }
    let candidates = !nested.isEmpty && Bool.random(using: &rng) ? nested : colons
    guard !candidates.isEmpty else { return }
    let start = pick(candidates, using: &rng) + 1
    var end = start
    var depth = 0
    var inString = false
    while end < bytes.count {
      let byte = bytes[end]
      if inString {
        if byte == UInt8(ascii: "\\") {
          end += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",")
      {
        if depth == 0 { break }
        if byte != UInt8(ascii: ",") { depth -= 1 }
      }
      end += 1
    }
    bytes.removeSubrange(start..<min(end, bytes.count))
  }
}

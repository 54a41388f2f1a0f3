import DNDKitTesting
import DNDKitTestingXCTest
import DNDSchedule
import OfflinePush
import XCTest

/// The strict decoder against a small reference written plainly here: a recursive-descent
/// JSON parser that builds a tree, then the push rule's (and its do-not-disturb rule's) field
/// rules applied to the tree. On seeded documents that break the rule in every way the wire
/// knows (syntax, a key twice, a key that is not text, null, wrong types, numbers that are not
/// integers, unknown keys), both must name the same first error: its code and its key path.
final class WireReferenceDecoderTests: XCTestCase {
  func testFirstErrorAgreesWithTheReference() {
    let seed = SplitMix64.seed(default: 0x41_0001)
    var rng = SplitMix64(seed: seed)
    var counts: [String: Int] = [:]
    var failures = 0
    for _ in 0..<8_000 where failures < 5 {
      let document = Self.document(using: &rng)
      let bytes = Array(document.utf8)
      let expected = ReferenceJSON.firstError(bytes)
      var actual: (code: String, keyPath: String)?
      do {
        _ = try OfflinePushRule(jsonBytes: bytes)
      } catch {
        actual = (error.errors[0].code.rawValue, error.errors[0].keyPath)
      }
      counts[expected?.code ?? "valid", default: 0] += 1
      if actual?.code != expected?.code || actual?.keyPath != expected?.keyPath {
        failures += 1
        XCTFail(
          "[seed \(seed)] \(document): library \(String(describing: actual)), reference "
            + "\(String(describing: expected))")
      }
    }
    print("wire reference [seed \(seed)]: \(counts.sorted { $0.key < $1.key })")
    // Every code the push rule can give was met, and valid documents too.
    for code in ["valid", "invalidJSON", "duplicateKey", "nullValue", "wrongType", "invalidNumber"]
    {
      XCTAssertGreaterThan(counts[code, default: 0], 50, "[seed \(seed)] \(code)")
    }
  }

  // MARK: Generated documents

  /// Values a member may get: mostly right for the field, sometimes any other JSON value.
  static let numbers = [
    "0", "22", "-7", "2.2e1", "22.0", "-0", "1.5", "1e400", "21.9999999999999999",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e-400",
  ]
  static let others = [
    "null", "true", "false", "\"x\"", "\"\\ud800\"", "[]", "{}", "[1,\"a\"]", "{\"a\":1}",
    "{\"a\":1,\"a\":2}", "{\"\\ud800\":1}",
  ]
  /// Keys beside the rule's own: unknown ones, escaped forms of known ones, keys that are not
  /// text, keys a key path must quote.
  static let extraKeys = [
    "x", "a.b", "", "é", "\\ud800", "\\udc00", "st\\u0061rtHour", "en\\u0061bled",
    "onlinePl\\u0061tforms",
  ]
  static let ruleKeys = [
    "enabled", "startHour", "startMinute", "endHour", "endMinute", "repeatMode",
    "customRepeatDays", "onceEndTimestamp", "timeZoneID",
  ]

  static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &rng)]
  }

  static func chance(_ percent: Int, _ rng: inout SplitMix64) -> Bool {
    Int.random(in: 0..<100, using: &rng) < percent
  }

  static func value(for key: String, _ rng: inout SplitMix64) -> String {
    if chance(12, &rng) { return pick(others + numbers, &rng) }
    switch key {
    case "enabled", "offlinePushEnabled", "messageOfflinePushEnabled", "callOfflinePushEnabled":
      return Bool.random(using: &rng) ? "true" : "false"
    case "timeZoneID": return pick(["\"UTC\"", "\"Asia/Tokyo\"", "\"\""], &rng)
    case "onlinePlatforms", "notToReceiveOfflinePushPlatforms":
      let count = Int.random(in: 0...4, using: &rng)
      let elements = (0..<count).map { _ in
        chance(85, &rng)
          ? String(Int.random(in: 0...12, using: &rng)) : pick(others + numbers, &rng)
      }
      return "[" + elements.joined(separator: ",") + "]"
    case "doNotDisturbRule": return object(keys: ruleKeys, &rng)
    default:
      return chance(85, &rng) ? String(Int.random(in: 0...30, using: &rng)) : pick(numbers, &rng)
    }
  }

  static func object(keys: [String], _ rng: inout SplitMix64) -> String {
    var members = keys.filter { _ in chance(70, &rng) }.map { ($0, $0) }
    if chance(30, &rng) {
      let key = pick(extraKeys, &rng)
      // An escaped known key reads as that key: its value is the key's own kind.
      let text = key.replacingOccurrences(of: "\\u0061", with: "a")
      members.append((key, text))
    }
    if chance(8, &rng), let twice = members.randomElement(using: &rng) { members.append(twice) }
    members.shuffle(using: &rng)
    let spaced = chance(30, &rng)
    return "{"
      + members.map { key, text in
        "\"\(key)\"" + (spaced ? " : " : ":") + value(for: text, &rng)
      }.joined(separator: spaced ? ", " : ",") + "}"
  }

  static func document(using rng: inout SplitMix64) -> String {
    var text = object(
      keys: [
        "onlinePlatforms", "notToReceiveOfflinePushPlatforms", "offlinePushEnabled",
        "messageOfflinePushEnabled", "callOfflinePushEnabled", "doNotDisturbRule",
      ], &rng)
    if chance(3, &rng) { text = pick(others + numbers, &rng) }
    if chance(6, &rng), !text.isEmpty {
      // Break the syntax: drop, double or replace one byte.
      var bytes = Array(text.utf8)
      let at = Int.random(in: 0..<bytes.count, using: &rng)
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: bytes.remove(at: at)
      case 1: bytes.insert(bytes[at], at: at)
      default: bytes[at] = pick(Array("{}[],:\"x0 ".utf8), &rng)
      }
      text = String(decoding: bytes, as: UTF8.self)
    }
    return text
  }
}

/// A JSON value as the reference parser builds it.
indirect enum ReferenceValue {
  case object([(key: ReferenceKey, value: ReferenceValue)])
  case array([ReferenceValue])
  case string(isText: Bool)
  case number(String)
  case boolean
  case null
}

/// A key: its unescaped scalars (a lone surrogate escape kept as its code unit), what the
/// document wrote, and whether it is text.
struct ReferenceKey: Equatable {
  var units: [UInt32]
  var written: String
  var isText: Bool

  /// The key as a key path shows it.
  var pathComponent: String {
    guard isText else { return "\"" + written + "\"" }
    let text = String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))
    let special =
      text.isEmpty
      || text.unicodeScalars.contains {
        $0.value < 0x20 || $0.value == 0x7F || "\".[]\\".unicodeScalars.contains($0)
      }
    if !special { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u" + String(format04: scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension String {
  fileprivate init(format04 value: UInt32) {
    let hex = String(value, radix: 16)
    let zeros = String(repeating: "0", count: Swift.max(0, 4 - hex.count))
    self = zeros + hex
  }
}

/// The reference: parse, then apply the push rule's rules to the tree.
enum ReferenceJSON {
  struct Failure: Error {}

  struct Parser {
    let bytes: [UInt8]
    var at = 0

    mutating func space() {
      while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func value(_ depth: Int) throws(Failure) -> ReferenceValue {
      guard depth < 512 else { throw Failure() }
      space()
      guard at < bytes.count else { throw Failure() }
      switch bytes[at] {
      case UInt8(ascii: "{"):
        at += 1
        var members: [(key: ReferenceKey, value: ReferenceValue)] = []
        space()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
          at += 1
          return .object(members)
        }
        while true {
          space()
          guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw Failure() }
          let key = try string()
          space()
          guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw Failure() }
          at += 1
          members.append((key, try value(depth + 1)))
          space()
          guard at < bytes.count else { throw Failure() }
          if bytes[at] == UInt8(ascii: "}") {
            at += 1
            return .object(members)
          }
          guard bytes[at] == UInt8(ascii: ",") else { throw Failure() }
          at += 1
        }
      case UInt8(ascii: "["):
        at += 1
        var elements: [ReferenceValue] = []
        space()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
          at += 1
          return .array(elements)
        }
        while true {
          elements.append(try value(depth + 1))
          space()
          guard at < bytes.count else { throw Failure() }
          if bytes[at] == UInt8(ascii: "]") {
            at += 1
            return .array(elements)
          }
          guard bytes[at] == UInt8(ascii: ",") else { throw Failure() }
          at += 1
        }
      case UInt8(ascii: "\""): return .string(isText: try string().isText)
      case UInt8(ascii: "t"): try word("true"); return .boolean
      case UInt8(ascii: "f"): try word("false"); return .boolean
      case UInt8(ascii: "n"): try word("null"); return .null
      default: return .number(try number())
      }
    }

    mutating func word(_ text: String) throws(Failure) {
      let expected = Array(text.utf8)
      guard at + expected.count <= bytes.count, Array(bytes[at..<(at + expected.count)]) == expected
      else { throw Failure() }
      at += expected.count
    }

    mutating func number() throws(Failure) -> String {
      let start = at
      func digits() -> Int {
        let from = at
        while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
        return at - from
      }
      if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
      let intStart = at
      let count = digits()
      guard count > 0, !(count > 1 && bytes[intStart] == 0x30) else { throw Failure() }
      if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
        at += 1
        guard digits() > 0 else { throw Failure() }
      }
      if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
        at += 1
        if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") {
          at += 1
        }
        guard digits() > 0 else { throw Failure() }
      }
      return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// A string at its quote: its code units (escapes decoded, surrogate pairs joined).
    mutating func string() throws(Failure) -> ReferenceKey {
      at += 1
      let start = at
      var units: [UInt32] = []
      var isText = true
      while true {
        guard at < bytes.count else { throw Failure() }
        let byte = bytes[at]
        if byte == UInt8(ascii: "\"") { break }
        guard byte >= 0x20 else { throw Failure() }
        if byte == UInt8(ascii: "\\") {
          guard at + 1 < bytes.count else { throw Failure() }
          let escape = bytes[at + 1]
          at += 2
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            units.append(UInt32(escape))
          case UInt8(ascii: "b"): units.append(8)
          case UInt8(ascii: "f"): units.append(12)
          case UInt8(ascii: "n"): units.append(10)
          case UInt8(ascii: "r"): units.append(13)
          case UInt8(ascii: "t"): units.append(9)
          case UInt8(ascii: "u"):
            guard at + 4 <= bytes.count,
              let unit = UInt32(String(decoding: bytes[at..<(at + 4)], as: UTF8.self), radix: 16)
            else { throw Failure() }
            at += 4
            units.append(unit)
          default: throw Failure()
          }
          continue
        }
        // UTF-8: let Swift's decoder say whether the sequence is well formed.
        var length = 1
        if byte >= 0x80 {
          length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
          guard at + length <= bytes.count,
            let scalar = String(validating: bytes[at..<(at + length)], as: UTF8.self)?
              .unicodeScalars.first
          else { throw Failure() }
          units.append(scalar.value)
        } else {
          units.append(UInt32(byte))
        }
        at += length
      }
      let written = String(decoding: bytes[start..<at], as: UTF8.self)
      at += 1
      // Join surrogate pairs; a surrogate left over is not text.
      var scalars: [UInt32] = []
      var index = 0
      while index < units.count {
        let unit = units[index]
        if (0xD800...0xDBFF).contains(unit), index + 1 < units.count,
          (0xDC00...0xDFFF).contains(units[index + 1])
        {
          scalars.append(0x10000 + ((unit - 0xD800) << 10) + (units[index + 1] - 0xDC00))
          index += 2
          continue
        }
        if (0xD800...0xDFFF).contains(unit) { isText = false }
        scalars.append(unit)
        index += 1
      }
      return ReferenceKey(units: scalars, written: written, isText: isText)
    }
  }

  /// The first error's code and key path, or nil for a valid push rule document.
  static func firstError(_ bytes: [UInt8]) -> (code: String, keyPath: String)? {
    var parser = Parser(bytes: bytes)
    let root: ReferenceValue
    do throws(Failure) {
      root = try parser.value(0)
      parser.space()
      guard parser.at == bytes.count else { return ("invalidJSON", "") }
    } catch {
      return ("invalidJSON", "")
    }
    if let path = firstDuplicate(root, path: "") { return ("duplicateKey", path) }
    return pushRule(root).first
  }

  static func join(_ path: String, _ key: ReferenceKey) -> String {
    path.isEmpty ? key.pathComponent : path + "." + key.pathComponent
  }

  /// The first key that appears twice in one object, in document order.
  static func firstDuplicate(_ value: ReferenceValue, path: String) -> String? {
    switch value {
    case .object(let members):
      var seen: [[UInt32]] = []
      for (key, member) in members {
        if seen.contains(key.units) { return join(path, key) }
        seen.append(key.units)
        if let found = firstDuplicate(member, path: join(path, key)) { return found }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = firstDuplicate(element, path: path + "[\(index)]") { return found }
      }
    default: break
    }
    return nil
  }

  /// Whether a number's text is an integer within 64 bits, decided on its digits.
  static func isInteger(_ text: String) -> Bool {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if negative { rest = rest.dropFirst() }
    var mantissa = ""
    var exponent = 0
    if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let value = Int(rest[rest.index(after: e)...].prefix(12)) else { return false }
      exponent = value
      rest = rest[..<e]
    }
    if let dot = rest.firstIndex(of: ".") {
      let fraction = rest[rest.index(after: dot)...]
      mantissa = String(rest[..<dot]) + fraction
      exponent -= fraction.count
    } else {
      mantissa = String(rest)
    }
    mantissa = String(mantissa.drop { $0 == "0" })
    if mantissa.isEmpty { return true }
    while mantissa.last == "0" {
      mantissa.removeLast()
      exponent += 1
    }
    guard exponent >= 0, mantissa.count + exponent <= 19 else { return false }
    let digits = mantissa + String(repeating: "0", count: exponent)
    let limit = negative ? "9223372036854775808" : "9223372036854775807"
    return digits.count < 19 || digits <= limit
  }

  /// The error of a value for a field that takes `kind`, if any.
  static func scalar(_ value: ReferenceValue, _ kind: String) -> String? {
    switch (value, kind) {
    case (.null, _): return "nullValue"
    case (.boolean, "boolean"): return nil
    case (.number(let text), "integer"): return isInteger(text) ? nil : "invalidNumber"
    case (.string(let isText), "string"): return isText ? nil : "invalidJSON"
    default: return "wrongType"
    }
  }

  /// The errors of an object's fields, in field order, then its first key that is not text.
  static func fields(
    _ value: ReferenceValue, path: String, _ kinds: [(String, String)]
  ) -> [(code: String, keyPath: String)] {
    guard case .object(let members) = value else {
      if case .null = value { return [("nullValue", path)] }
      return [("wrongType", path)]
    }
    var errors: [(code: String, keyPath: String)] = []
    for (name, kind) in kinds {
      // The first member with the key's text (a second one is a duplicate, reported before).
      guard
        let member = members.first(where: {
          $0.key.isText && $0.key.units == name.unicodeScalars.map(\.value)
        })
      else { continue }
      let at = path.isEmpty ? name : path + "." + name
      switch kind {
      case "platforms":
        guard case .array(let elements) = member.value else {
          errors.append((scalar(member.value, "array") ?? "wrongType", at))
          continue
        }
        for (index, element) in elements.enumerated() {
          if let code = scalar(element, "integer") {
            errors.append((code, at + "[\(index)]"))
            break
          }
        }
      case "rule":
        errors += fields(
          member.value, path: at,
          WireReferenceDecoderTests.ruleKeys.map {
            ($0, $0 == "enabled" ? "boolean" : $0 == "timeZoneID" ? "string" : "integer")
          })
      default:
        if let code = scalar(member.value, kind) { errors.append((code, at)) }
      }
    }
    if let bad = members.first(where: { !$0.key.isText }) {
      errors.append(("invalidJSON", join(path, bad.key)))
    }
    return errors
  }

  static func pushRule(_ root: ReferenceValue) -> [(code: String, keyPath: String)] {
    fields(
      root, path: "",
      [
        ("onlinePlatforms", "platforms"), ("notToReceiveOfflinePushPlatforms", "platforms"),
        ("offlinePushEnabled", "boolean"), ("messageOfflinePushEnabled", "boolean"),
        ("callOfflinePushEnabled", "boolean"), ("doNotDisturbRule", "rule"),
      ])
  }
}

import BatchEvaluation
import DNDSchedule
import OfflinePush
import StrictJSON
import ZoneInfo

/// A rule read from a file or standard input for `check` and `timeline`.
///
/// Four document shapes are accepted: an offline push rule (`OfflinePushRule`, with its
/// `doNotDisturbRule`), a bare do-not-disturb rule (`DoNotDisturbRule`), a weekly schedule
/// (`WeeklyScheduleRule`, recognized by its `windows` or `polarity` key), or an `eval` query
/// line (`{"pushRule": …}`, `{"rule": …}` or `{"schedule": …}`), whose rule is used.
struct RuleInput {
  /// The push rule; a bare DND rule is wrapped with every switch on and no platform rule.
  var pushRule: OfflinePushRule
  /// Whether the document was a push rule (so the switches and platform lists are real).
  var isPushRule: Bool
  /// Where the rule came from, for messages.
  var source: String
  /// Keys the decoder ignored, for a warning.
  var unknownKeys: [String]
  /// The weekly schedule, when the document is one (then `pushRule` is unused).
  var weeklySchedule: WeeklyScheduleRule?

  /// The largest rule document read.
  static let maximumSize = 1 << 20

  static let pushKeys: Set<String> = [
    "onlinePlatforms", "notToReceiveOfflinePushPlatforms", "offlinePushEnabled",
    "messageOfflinePushEnabled", "callOfflinePushEnabled", "doNotDisturbRule",
  ]
  static let dndKeys: Set<String> = [
    "enabled", "startHour", "startMinute", "endHour", "endMinute", "repeatMode",
    "customRepeatDays", "onceEndTimestamp", "timeZoneID",
  ]

  /// Reads a rule document.
  ///
  /// - Parameters:
  ///   - path: A file, or `-` for standard input.
  /// - Throws: ``CLIError`` naming the file and, for malformed JSON, the key path.
  init(path: String) throws(CLIError) {
    // At most one byte past the limit is read: a huge input costs no more than a small one.
    let (bytes, source) = try ToolFiles.read(path, option: "--rule", limit: Self.maximumSize)
    try self.init(bytes: bytes, source: source)
  }

  /// Reads a rule document from bytes, with the strict reader the library decodes with: its
  /// errors are the library's.
  ///
  /// - Parameters:
  ///   - bytes: The JSON document.
  ///   - source: Where it came from, for messages.
  /// - Throws: ``CLIError`` naming the key path of malformed JSON.
  init(bytes: [UInt8], source: String) throws(CLIError) {
    self.source = source
    let probe: KeyProbe
    do {
      probe = try KeyProbe(bytes)
    } catch {
      throw .input("rule in \(source): \(error.description)")
    }
    /// Decodes the document, or the value of one of its members, placing errors under the
    /// member's key.
    func decode<Value>(
      member key: String? = nil,
      _ read: (ArraySlice<UInt8>) throws(RuleError) -> Value
    ) throws(CLIError) -> Value {
      let located: RuleError
      do throws(RuleError) {
        guard let key else { return try read(bytes[...]) }
        guard !probe.nulls.contains(key), let range = probe.values[key] else {
          throw RuleError(errors: [
            RuleFieldError(
              code: .nullValue, keyPath: "", value: "null",
              reason: "expected an object, found null")
          ])
        }
        return try read(bytes[range])
      } catch {
        // The first bad field, as dnd has always reported a document that does not decode.
        let first = error.errors[0]
        located = RuleError(errors: [key.map { first.nested(under: $0) } ?? first])
      }
      throw .input("rule in \(source): \(located.description)")
    }
    if probe.keys.contains("schedule") {
      weeklySchedule = try decode(member: "schedule") {
        bytes throws(RuleError) in try WeeklyScheduleRule(jsonBytes: bytes)
      }
      pushRule = OfflinePushRule()
      isPushRule = false
      unknownKeys = []
      return
    }
    if probe.keys.contains("windows") || probe.keys.contains("polarity") {
      weeklySchedule = try decode { bytes throws(RuleError) in
        try WeeklyScheduleRule(jsonBytes: bytes)
      }
      pushRule = OfflinePushRule()
      isPushRule = false
      unknownKeys = probe.keys.subtracting(["timeZoneID", "polarity", "windows", "snooze"]).sorted()
      return
    }
    if probe.keys.contains("pushRule") || probe.keys.contains("rule") {
      // An eval query line: its rule (an explicit null is an error, as in the query).
      if probe.keys.contains("pushRule") {
        pushRule = try decode(member: "pushRule") {
          bytes throws(RuleError) in try OfflinePushRule(jsonBytes: bytes)
        }
        isPushRule = true
      } else {
        let dnd = try decode(member: "rule") {
          bytes throws(RuleError) in try DoNotDisturbRule(jsonBytes: bytes)
        }
        pushRule = OfflinePushRule(doNotDisturbRule: dnd)
        isPushRule = false
      }
      unknownKeys = []
      return
    }
    if !probe.keys.isDisjoint(with: Self.pushKeys) {
      pushRule = try decode { bytes throws(RuleError) in
        try OfflinePushRule(jsonBytes: bytes)
      }
      isPushRule = true
      unknownKeys =
        probe.keys.subtracting(Self.pushKeys).sorted()
        + probe.nestedDNDKeys.subtracting(Self.dndKeys).sorted().map { "doNotDisturbRule." + $0 }
    } else {
      let dnd = try decode { bytes throws(RuleError) in
        try DoNotDisturbRule(jsonBytes: bytes)
      }
      pushRule = OfflinePushRule(doNotDisturbRule: dnd)
      isPushRule = false
      unknownKeys = probe.keys.subtracting(Self.dndKeys).sorted()
    }
  }

  /// The DND rule (disabled when the document has none).
  var dndRule: DoNotDisturbRule { pushRule.doNotDisturbRule ?? DoNotDisturbRule() }

  /// Saves the rule at an instant when asked to, then compiles it.
  ///
  /// - Parameters:
  ///   - savedAt: The save instant, to compute `onceEndTimestamp` as the server does; nil to
  ///     use the rule as stored.
  ///   - zones: The database.
  /// - Returns: The compiled rule.
  /// - Throws: ``CLIError`` listing every invalid field.
  func compile(savedAt: Int64?, zones: ZoneDatabase) throws(CLIError) -> CompiledOfflinePushRule {
    do throws(RuleError) {
      if let savedAt {
        return try pushRule.savedAndCompiled(at: savedAt, zones: zones).compiled
      }
      return try CompiledOfflinePushRule(rule: pushRule, zones: zones)
    } catch {
      let fields = error.errors.map { fieldError in
        isPushRule ? fieldError.description : Self.unnested(fieldError).description
      }
      var message = "invalid rule in \(source): " + fields.joined(separator: "; ")
      if error.errors.contains(where: { $0.code == .missingOnceEnd }) {
        message += " (pass --saved-at INSTANT to compute it as the server does when saving)"
      }
      throw .input(message)
    }
  }

  /// A field error with the `doNotDisturbRule.` prefix removed, for bare DND rules.
  static func unnested(_ error: RuleFieldError) -> RuleFieldError {
    let prefix = "doNotDisturbRule."
    guard error.keyPath.hasPrefix(prefix) else { return error }
    var copy = error
    copy.keyPath = String(error.keyPath.dropFirst(prefix.count))
    return copy
  }
}

/// The top-level keys of a JSON object, where each value is, and the keys of its
/// `doNotDisturbRule`: one pass of the strict reader over the whole document, so that bad
/// syntax and duplicate keys anywhere are refused before any value is decoded.
private struct KeyProbe {
  var keys: Set<String> = []
  var nestedDNDKeys: Set<String> = []
  /// Each top-level member's value, as a range of the document's bytes.
  var values: [String: Range<Int>] = [:]
  /// The top-level keys whose value is `null`.
  var nulls: Set<String> = []

  init(_ bytes: [UInt8]) throws(RuleError) {
    self = try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(RuleError) in try Self(reading: buffer) }
    }.get()
  }

  init(reading bytes: UnsafeBufferPointer<UInt8>) throws(RuleError) {
    var reader = JSONReader(bytes)
    var notAnObject: JSONFieldError?
    do throws(JSONReadStop) {
      notAnObject = try reader.notAnObject(depth: 0)
      if notAnObject == nil {
        var object = try reader.enterObject(depth: 0)
        while let key = try reader.nextKey(of: &object) {
          // A key that is not text is left to the decoder, which refuses it.
          guard case .success(let text) = key else {
            try reader.skipValue(depth: 1)
            continue
          }
          keys.insert(text)
          let kind = reader.kind()
          let start = reader.index
          if kind == .null { nulls.insert(text) }
          if text == "doNotDisturbRule", kind == .object {
            var nested = try reader.enterObject(depth: 1)
            while let inner = try reader.nextKey(of: &nested) {
              if case .success(let name) = inner { nestedDNDKeys.insert(name) }
              try reader.skipValue(depth: 2)
            }
          } else {
            try reader.skipValue(depth: 1)
          }
          values[text] = start..<reader.index
        }
      }
      try reader.finishDocument()
    } catch {
      throw RuleError(JSONDocument.documentError(error))
    }
    if let notAnObject { throw RuleError(errors: [RuleFieldError(notAnObject)]) }
  }
}

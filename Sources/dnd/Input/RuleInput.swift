import BatchEvaluation
import DNDSchedule
import Foundation
import OfflinePush
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
    try self.init(data: Data(bytes), source: source)
  }

  /// Reads a rule document from bytes.
  ///
  /// - Parameters:
  ///   - data: The JSON document.
  ///   - source: Where it came from, for messages.
  /// - Throws: ``CLIError`` naming the key path of malformed JSON.
  init(data: Data, source: String) throws(CLIError) {
    self.source = source
    let probe: KeyProbe
    do {
      probe = try RuleDecodingError.decode(KeyProbe.self, from: data)
    } catch {
      throw .input("rule in \(source): \(error.description)")
    }
    func decode<T: Decodable>(_ type: T.Type, from data: Data, under prefix: String)
      throws(CLIError) -> T
    {
      do {
        return try RuleDecodingError.decode(type, from: data)
      } catch {
        let path = prefix.isEmpty ? error.keyPath : prefix + error.keyPath
        let located = RuleDecodingError(keyPath: path, reason: error.reason)
        throw .input("rule in \(source): \(located.description)")
      }
    }
    if probe.keys.contains("schedule") {
      let query = try decode(ScheduleQueryWrapper.self, from: data, under: "")
      weeklySchedule = query.schedule
      pushRule = OfflinePushRule()
      isPushRule = false
      unknownKeys = []
      return
    }
    if probe.keys.contains("windows") || probe.keys.contains("polarity") {
      weeklySchedule = try decode(WeeklyScheduleRule.self, from: data, under: "")
      pushRule = OfflinePushRule()
      isPushRule = false
      unknownKeys = probe.keys.subtracting(["timeZoneID", "polarity", "windows", "snooze"]).sorted()
      return
    }
    if probe.keys.contains("pushRule") || probe.keys.contains("rule") {
      let query = try decode(QueryWrapper.self, from: data, under: "")
      if let push = query.pushRule {
        pushRule = push
        isPushRule = true
      } else {
        pushRule = OfflinePushRule(doNotDisturbRule: query.rule ?? DoNotDisturbRule())
        isPushRule = false
      }
      unknownKeys = []
      return
    }
    if !probe.keys.isDisjoint(with: Self.pushKeys) {
      pushRule = try decode(OfflinePushRule.self, from: data, under: "")
      isPushRule = true
      unknownKeys =
        probe.keys.subtracting(Self.pushKeys).sorted()
        + probe.nestedDNDKeys.subtracting(Self.dndKeys).sorted().map { "doNotDisturbRule." + $0 }
    } else {
      let dnd = try decode(DoNotDisturbRule.self, from: data, under: "")
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
    do throws(RuleValidationError) {
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
    guard error.field.hasPrefix(prefix) else { return error }
    var copy = error
    copy.field = String(error.field.dropFirst(prefix.count))
    return copy
  }
}

/// The top-level keys of a JSON object, and those of its `doNotDisturbRule`.
private struct KeyProbe: Decodable {
  var keys: Set<String>
  var nestedDNDKeys: Set<String>

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    keys = Set(container.allKeys.map(\.stringValue))
    let nested = try? container.nestedContainer(
      keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "doNotDisturbRule"))
    nestedDNDKeys = Set(nested?.allKeys.map(\.stringValue) ?? [])
  }
}

/// An `eval` schedule query line used as a rule document.
private struct ScheduleQueryWrapper: Decodable {
  var schedule: WeeklyScheduleRule
}

/// An `eval` query line used as a rule document.
private struct QueryWrapper: Decodable {
  var rule: DoNotDisturbRule?
  var pushRule: OfflinePushRule?
}

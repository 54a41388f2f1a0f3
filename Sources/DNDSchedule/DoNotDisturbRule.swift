/// A do-not-disturb rule as it travels on the wire: ZEGOCLOUD ZIM's
/// `ZIMUserOfflinePushDoNotDisturbRule`, plus the IANA zone it is read in.
///
/// This is the stored model: plain fields, `Codable` with the wire names, any values
/// accepted on decoding. When a client saves it, fix `onceEndTimestamp` and compile it with
/// ``savedAndCompiled(at:zones:)``; compile a stored rule with
/// ``DoNotDisturbSchedule/init(rule:zones:)`` for the hot path. Both check every field and
/// throw ``RuleError`` listing each invalid one. Absent keys decode as the zero default
/// (disabled, mode unknown, UTC), which is the rule a user who never set one has.
public struct DoNotDisturbRule: Sendable, Hashable, Codable {
  /// Whether the rule is on. A disabled rule is never in do-not-disturb.
  public var enabled: Bool
  /// Start hour, 0…23, on the rule zone's wall clock.
  public var startHour: Int
  /// Start minute, 0…59.
  public var startMinute: Int
  /// End hour, 0…23. An end at or before the start crosses midnight; equal is 24 hours.
  public var endHour: Int
  /// End minute, 0…59.
  public var endMinute: Int
  /// How the window repeats.
  public var repeatMode: RepeatMode
  /// For ``RepeatMode/custom``: bit 0 = Monday … bit 6 = Sunday, read on the date a period
  /// starts.
  public var customRepeatDays: Int
  /// For one-off modes: UNIX seconds at which the single period ends, set by the server at
  /// save time; 0 when not set.
  public var onceEndTimestamp: Int64
  /// The IANA zone ID of the wall clock; empty means UTC.
  public var timeZoneID: String

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - enabled: Whether the rule is on.
  ///   - startHour: 0…23.
  ///   - startMinute: 0…59.
  ///   - endHour: 0…23.
  ///   - endMinute: 0…59.
  ///   - repeatMode: How the window repeats.
  ///   - customRepeatDays: Weekday bits for custom rules (bit 0 = Monday).
  ///   - onceEndTimestamp: End of the one-off period, UNIX seconds; 0 when unset.
  ///   - timeZoneID: IANA zone ID; empty means UTC.
  public init(
    enabled: Bool = false, startHour: Int = 0, startMinute: Int = 0, endHour: Int = 0,
    endMinute: Int = 0, repeatMode: RepeatMode = .unknown, customRepeatDays: Int = 0,
    onceEndTimestamp: Int64 = 0, timeZoneID: String = ""
  ) {
    self.enabled = enabled
    self.startHour = startHour
    self.startMinute = startMinute
    self.endHour = endHour
    self.endMinute = endMinute
    self.repeatMode = repeatMode
    self.customRepeatDays = customRepeatDays
    self.onceEndTimestamp = onceEndTimestamp
    self.timeZoneID = timeZoneID
  }

  enum CodingKeys: String, CodingKey {
    case enabled, startHour, startMinute, endHour, endMinute, repeatMode, customRepeatDays
    case onceEndTimestamp, timeZoneID
  }

  /// Decodes the wire form; absent keys take the zero default, present keys must have the
  /// right JSON type.
  ///
  /// For interop with `Codable` only (the value inside a type of your own): this follows the
  /// decoder's semantics, not the wire's strict rules. With `JSONDecoder`, an explicit `null`
  /// reads as an absent key, a key twice in one object keeps one of the values, and numbers
  /// are read by its parser (`21.9999999999999999` may read as 22). For the strict rules, read
  /// the value's own bytes with `init(jsonBytes:)` (`EmbeddedJSON.bytes(at:in:)` finds them
  /// in a larger document).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` naming the key path of a value of the wrong type.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
    startHour = try c.decodeIfPresent(Int.self, forKey: .startHour) ?? 0
    startMinute = try c.decodeIfPresent(Int.self, forKey: .startMinute) ?? 0
    endHour = try c.decodeIfPresent(Int.self, forKey: .endHour) ?? 0
    endMinute = try c.decodeIfPresent(Int.self, forKey: .endMinute) ?? 0
    repeatMode = try c.decodeIfPresent(RepeatMode.self, forKey: .repeatMode) ?? .unknown
    customRepeatDays = try c.decodeIfPresent(Int.self, forKey: .customRepeatDays) ?? 0
    onceEndTimestamp = try c.decodeIfPresent(Int64.self, forKey: .onceEndTimestamp) ?? 0
    timeZoneID = try c.decodeIfPresent(String.self, forKey: .timeZoneID) ?? ""
  }
}

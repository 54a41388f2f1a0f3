/// A weekly schedule as it is stored: per ISO weekday zero or more windows of wall-clock time
/// in one IANA zone, what the windows mean, and an optional snooze.
///
/// This is the stored model: plain fields, `Codable` with the wire names (`timeZoneID`,
/// `polarity`, `windows` of `weekdays`/`start`/`end`, `snooze` of `from`/`until`), any values of
/// the right JSON types accepted on decoding. Compile it with
/// ``WeeklySchedule/init(rule:zones:)`` for the hot path, which checks every field and throws
/// ``RuleError`` listing each invalid one. The semantics are those of ``DoNotDisturbSchedule``, stated for any number of
/// windows: a window on weekday W owns one period on every date D whose ISO weekday is W,
/// `[mark(D, start), mark(D', end))` with D' = D when end > start and D + 1 otherwise (equal
/// times make 24 wall-clock hours); `mark` is the first instant at which the wall clock shows
/// that reading or a later one, so periods are exact across DST gaps and folds. Overlapping
/// and back-to-back periods merge into one block; a period wholly inside a gap is empty.
public struct WeeklyScheduleRule: Sendable, Hashable, Codable {
  /// One window: the weekdays whose dates own a period, and its wall-clock bounds.
  public struct Window: Sendable, Hashable, Codable {
    /// ISO weekdays, 1 = Monday … 7 = Sunday: a period belongs to the weekday of the date it
    /// starts on. Repeats are harmless, up to ``maximumWeekdayCount`` entries.
    public var weekdays: [Int]
    /// Start, `HH:MM` (00:00…23:59) on the zone's wall clock.
    public var start: String
    /// End, `HH:MM`; at or before the start crosses midnight, equal to it is 24 hours.
    public var end: String

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - weekdays: ISO weekdays, 1 = Monday … 7 = Sunday.
    ///   - start: `HH:MM`.
    ///   - end: `HH:MM`.
    public init(weekdays: [Int], start: String, end: String) {
      self.weekdays = weekdays
      self.start = start
      self.end = end
    }

    enum CodingKeys: String, CodingKey {
      case weekdays, start, end
    }
  }

  /// An absolute interval `[from, until)` in UNIX seconds during which pushes wait whatever
  /// the windows say (Slack's `dnd.setSnooze`, Sendbird's snooze).
  public struct Snooze: Sendable, Hashable, Codable {
    /// The first snoozed instant.
    public var from: Int64
    /// The first instant after the snooze; must be after `from`.
    public var until: Int64

    /// Creates a snooze.
    ///
    /// - Parameters:
    ///   - from: First snoozed instant, UNIX seconds.
    ///   - until: First instant after it, UNIX seconds.
    public init(from: Int64, until: Int64) {
      self.from = from
      self.until = until
    }

    enum CodingKeys: String, CodingKey {
      case from, until
    }
  }

  /// The IANA zone ID of the wall clock; empty means UTC.
  public var timeZoneID: String
  /// Whether the windows are quiet hours or the hours pushes may go.
  public var polarity: SchedulePolarity
  /// The windows, in any order; they may overlap. At most ``maximumWindowCount`` (4,096):
  /// compiling a longer list is one `invalidSchedule` error.
  public var windows: [Window]
  /// The snooze, if any.
  public var snooze: Snooze?

  /// Creates a schedule.
  ///
  /// - Parameters:
  ///   - timeZoneID: IANA zone ID; empty means UTC.
  ///   - polarity: What the windows mean.
  ///   - windows: The windows.
  ///   - snooze: The snooze, if any.
  public init(
    timeZoneID: String = "", polarity: SchedulePolarity = .quiet, windows: [Window] = [],
    snooze: Snooze? = nil
  ) {
    self.timeZoneID = timeZoneID
    self.polarity = polarity
    self.windows = windows
    self.snooze = snooze
  }

  enum CodingKeys: String, CodingKey {
    case timeZoneID, polarity, windows, snooze
  }

  /// Decodes the wire form: `polarity` and `windows` are required (`windows` may be empty),
  /// `timeZoneID` defaults to UTC as in the ZIM rule, `snooze` is optional.
  ///
  /// For interop with `Codable` only (the value inside a type of your own): this follows the
  /// decoder's semantics, not the wire's strict rules. With `JSONDecoder`, an explicit `null`
  /// reads as an absent key, a key twice in one object keeps one of the values, and numbers
  /// are read by its parser (`21.9999999999999999` may read as 22). For the strict rules, read
  /// the value's own bytes with `init(jsonBytes:)` (`EmbeddedJSON.bytes(at:in:)` finds them
  /// in a larger document).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` naming the key path of a missing value or one of the wrong type.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    timeZoneID = try c.decodeIfPresent(String.self, forKey: .timeZoneID) ?? ""
    polarity = try c.decode(SchedulePolarity.self, forKey: .polarity)
    windows = try c.decode([Window].self, forKey: .windows)
    snooze = try c.decodeIfPresent(Snooze.self, forKey: .snooze)
  }
}

/// What a weekly schedule's windows mean, as the text on the wire.
///
/// The type is open: any text is kept, so a schedule from a newer client round-trips, and
/// compiling it (``WeeklySchedule/init(rule:zones:)``) reports an unknown value as
/// ``RuleFieldError/Code/invalidSchedule``.
public struct SchedulePolarity: RawRepresentable, Sendable, Hashable, Codable,
  CustomStringConvertible
{
  /// The wire value.
  public var rawValue: String

  /// Creates a polarity from its wire value; any value is kept.
  ///
  /// - Parameter rawValue: The wire value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// `quiet`: the windows are do-not-disturb; pushes wait inside them.
  public static let quiet = SchedulePolarity(rawValue: "quiet")
  /// `send`: the windows are when pushes may go; pushes wait outside them.
  public static let send = SchedulePolarity(rawValue: "send")

  /// The wire value.
  public var description: String { rawValue }
}

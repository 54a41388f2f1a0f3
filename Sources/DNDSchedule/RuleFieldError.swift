import ZoneInfo

/// One invalid field of a rule: which field, what value, and what is wrong with it.
///
/// Each module owns the codes of the problems it finds: this one those of do-not-disturb
/// rules and weekly schedules (``Code/scheduleCodes``); a module above adds its own (the
/// offline push rule its platform lists'), and a tool that reports codes lists the ones it
/// writes.
public struct RuleFieldError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, a stable name for programs (`invalidHour`).
  ///
  /// The type is open, as ``RepeatMode`` is: each module declares its codes as static
  /// constants, so a module above adds codes without changing this one.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name, as written in logs and on the wire.
    public var rawValue: String

    /// Creates a code from its name.
    ///
    /// - Parameter rawValue: The name, such as `invalidHour`.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The name.
    public var description: String { rawValue }
  }

  /// The kind of problem.
  public var code: Code
  /// The key path of the field, such as `startHour` or `doNotDisturbRule.startHour`.
  public var field: String
  /// The offending value as text.
  public var value: String
  /// Why the value is wrong.
  public var reason: String

  /// Creates a field error.
  ///
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - field: The key path.
  ///   - value: The value, as text.
  ///   - reason: Why it is wrong.
  public init(code: Code, field: String, value: String, reason: String) {
    self.code = code
    self.field = field
    self.value = value
    self.reason = reason
  }

  /// `field = value: reason`.
  public var description: String { "\(field) = \(value): \(reason)" }

  /// The same error with its field path under a parent key.
  ///
  /// - Parameter parent: The parent key, such as `doNotDisturbRule`.
  /// - Returns: The error with `field` prefixed by `parent.`.
  public func nested(under parent: String) -> RuleFieldError {
    RuleFieldError(code: code, field: parent + "." + field, value: value, reason: reason)
  }

  /// The error for an instant outside the years DNDKit supports (-9999…9999).
  ///
  /// - Parameters:
  ///   - field: The key path, such as `onceEndTimestamp`, `savedAt` or `at`.
  ///   - instant: The instant, UNIX seconds.
  package static func outsideSupportedYears(field: String, _ instant: Int64) -> RuleFieldError {
    RuleFieldError(
      code: .invalidInstant, field: field, value: String(instant),
      reason: "outside the supported range of years -9999...9999")
  }
}

extension RuleFieldError.Code {
  /// An hour outside 0…23.
  public static let invalidHour = Self(rawValue: "invalidHour")
  /// A minute outside 0…59.
  public static let invalidMinute = Self(rawValue: "invalidMinute")
  /// A repeat mode other than 0…3.
  public static let invalidRepeatMode = Self(rawValue: "invalidRepeatMode")
  /// `customRepeatDays` outside 0…127, or 0 in an enabled custom rule.
  public static let invalidCustomRepeatDays = Self(rawValue: "invalidCustomRepeatDays")
  /// An unknown or malformed zone ID, or a zone that could not be loaded.
  public static let invalidTimeZone = Self(rawValue: "invalidTimeZone")
  /// An enabled one-off rule without `onceEndTimestamp`.
  public static let missingOnceEnd = Self(rawValue: "missingOnceEnd")
  /// An instant outside the supported range (years -9999…9999).
  public static let invalidInstant = Self(rawValue: "invalidInstant")
  /// A weekly schedule that is not one: an unknown polarity, or a malformed document.
  public static let invalidSchedule = Self(rawValue: "invalidSchedule")
  /// A weekly schedule window whose start or end is not `HH:MM` in 00:00…23:59.
  public static let invalidWindow = Self(rawValue: "invalidWindow")
  /// A weekday outside 1…7 (ISO, 1 = Monday), or a window with no weekday.
  public static let invalidWeekday = Self(rawValue: "invalidWeekday")
  /// A snooze whose bounds are out of range or not in order (`from` < `until`).
  public static let invalidSnooze = Self(rawValue: "invalidSnooze")

  /// The codes this module reports, for do-not-disturb rules, weekly schedules and save
  /// instants.
  public static let scheduleCodes: [Self] = [
    .invalidHour, .invalidMinute, .invalidRepeatMode, .invalidCustomRepeatDays,
    .invalidTimeZone, .missingOnceEnd, .invalidInstant, .invalidSchedule, .invalidWindow,
    .invalidWeekday, .invalidSnooze,
  ]
}

/// A rule that failed validation, with every problem found (not only the first).
public struct RuleValidationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The problems, in field order; never empty.
  public var errors: [RuleFieldError]

  /// Creates the error.
  ///
  /// - Parameter errors: The problems; at least one.
  public init(errors: [RuleFieldError]) {
    self.errors = errors
  }

  /// All problems, separated by `; `.
  public var description: String {
    "invalid rule: " + errors.map(\.description).joined(separator: "; ")
  }
}

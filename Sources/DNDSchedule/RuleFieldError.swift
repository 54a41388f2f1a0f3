import ZoneInfo

/// One invalid field of a rule: which field, what value, and what is wrong with it.
///
/// The ``code`` values are the stable error codes of `dnd eval`.
public struct RuleFieldError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem; its raw value is the wire error code.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// An hour outside 0…23.
    case invalidHour
    /// A minute outside 0…59.
    case invalidMinute
    /// A repeat mode other than 0…3.
    case invalidRepeatMode
    /// `customRepeatDays` outside 0…127, or 0 in an enabled custom rule.
    case invalidCustomRepeatDays
    /// An unknown or malformed zone ID, or a zone that could not be loaded.
    case invalidTimeZone
    /// An enabled one-off rule without `onceEndTimestamp`.
    case missingOnceEnd
    /// An instant outside the supported range (years -9999…9999).
    case invalidInstant
    /// A weekly schedule that is not one: an unknown polarity, or a malformed document.
    case invalidSchedule
    /// A weekly schedule window whose start or end is not `HH:MM` in 00:00…23:59.
    case invalidWindow
    /// A weekday outside 1…7 (ISO, 1 = Monday), or a window with no weekday.
    case invalidWeekday
    /// A snooze whose bounds are out of range or not in order (`from` < `until`).
    case invalidSnooze
    /// A platform list longer than `OfflinePushRule.maximumPlatformCount` entries.
    case tooManyPlatforms
    /// A user's push preferences with an invalid field: an unknown level, an empty or overlong
    /// priority sender, a negative `repeatCallSeconds`.
    case invalidPreferences
    /// A priority-sender list longer than `PushPreferences.maximumSenderCount` entries.
    case tooManySenders
    /// A conversation setting with an invalid field: an unknown level, an `until` outside the
    /// supported range.
    case invalidConversation
    /// A message with an invalid field: an empty or overlong sender, a `previousCallAt` outside
    /// the supported range.
    case invalidMessage
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

import StrictJSON
import ZoneInfo

/// One bad field of a rule document or a rule: what kind of problem, where, what value, and
/// why.
///
/// Decoding and validation report alike: the strict decoders (`init(jsonBytes:)`) give the
/// problems of the JSON itself (``Code/invalidJSON``, ``Code/duplicateKey``,
/// ``Code/missingKey``, ``Code/nullValue``, ``Code/wrongType``, ``Code/invalidNumber``,
/// ``Code/invalidValue``), and validation the problems of the values (``Code/invalidHour``
/// and the others). A module above adds codes of its own (OfflinePush those of platform
/// lists, preferences, conversation settings and messages).
///
/// As JSON (`Codable`), a field error is `{"code": …, "keyPath": …, "value": …, "reason": …}`,
/// the code as its name; texts never name a file of the server.
public struct RuleFieldError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The kind of problem: a stable name a program can switch on (`invalidHour`).
  ///
  /// The type is open, as ``RepeatMode`` is: each module declares its codes as static
  /// constants, so a module above adds codes without changing this one. A code's name never
  /// changes once released; as JSON it is that name.
  public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
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
  /// Where: the key path the decoders use, such as `doNotDisturbRule.startHour` or
  /// `notToReceiveOfflinePushPlatforms[1]`; empty for the document itself.
  public var keyPath: String
  /// The offending value as text: for the decoders' codes its JSON text (`null`, `1e400`,
  /// `"x"`, `[1,2]`); empty where there is none to show (a missing key, a document that is not
  /// JSON). Cut to its first 64 characters (Unicode scalars) and `…`, whatever the code, so
  /// that an error's size does not grow with what a client sent.
  public var value: String
  /// Why it is wrong.
  public var reason: String

  /// Creates a field error.
  ///
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - keyPath: The key path, or empty for the document itself.
  ///   - value: The value, as text, or empty.
  ///   - reason: Why it is wrong.
  ///   The value is cut as ``value`` says.
  public init(code: Code, keyPath: String, value: String, reason: String) {
    self.code = code
    self.keyPath = keyPath
    self.value = JSONFieldError.cut(value)
    self.reason = reason
  }

  /// `at KEYPATH: REASON` for a problem of the JSON itself (the reason alone for the document
  /// itself), `KEYPATH = VALUE: REASON` for an invalid value. Key paths show a key that is not
  /// a plain name as JSON wrote it, in quotes (`x."\ud800"`).
  public var description: String {
    guard isDecodingError else { return "\(keyPath) = \(value): \(reason)" }
    return keyPath.isEmpty ? reason : "at \(keyPath): \(reason)"
  }

  /// Whether the code is one of the decoders' (``Code/decodingCodes``).
  package var isDecodingError: Bool { Code.decodingCodes.contains(code) }

  /// The same error with its key path under a parent key.
  ///
  /// - Parameter parent: The parent key, such as `doNotDisturbRule`.
  /// - Returns: The error with `keyPath` prefixed by `parent.` (or `parent` alone for the
  ///   document itself).
  package func nested(under parent: String) -> RuleFieldError {
    let path =
      keyPath.isEmpty ? parent : parent + (keyPath.hasPrefix("[") ? "" : ".") + keyPath
    return RuleFieldError(code: code, keyPath: path, value: value, reason: reason)
  }

  /// The error for an instant outside the years DNDKit supports (-9999…9999).
  ///
  /// - Parameters:
  ///   - keyPath: The key path, such as `onceEndTimestamp`, `savedAt` or `at`.
  ///   - instant: The instant, UNIX seconds.
  package static func outsideSupportedYears(keyPath: String, _ instant: Int64) -> RuleFieldError {
    RuleFieldError(
      code: .invalidInstant, keyPath: keyPath, value: String(instant),
      reason: "outside the supported range of years -9999...9999")
  }

  /// The error the strict reader found, with its code.
  ///
  /// - Parameter error: The reader's error.
  @usableFromInline
  package init(_ error: JSONFieldError) {
    self.init(
      code: error.code.map(Code.init(rawValue:)) ?? Code(error.kind), keyPath: error.keyPath,
      value: error.value, reason: error.reason)
  }
}

extension RuleFieldError.Code {
  /// The code of a problem the strict JSON reader finds: the seven are listed once, in
  /// StrictJSON (`JSONFieldError.Kind`), and take their names from there.
  package init(_ kind: JSONFieldError.Kind) {
    self.init(rawValue: kind.rawValue)
  }

  /// Bytes that are not JSON: syntax (the reason names the byte offset), bytes that are not
  /// UTF-8, an escape that is not a character, nesting deeper than 512, a key that is not
  /// text. Only these: valid JSON of the wrong shape has the codes below.
  public static let invalidJSON = Self(.invalidJSON)
  /// A key that appears twice in one object (equal unescaped bytes); the key path names it.
  public static let duplicateKey = Self(.duplicateKey)
  /// A required key that is absent.
  public static let missingKey = Self(.missingKey)
  /// An explicit `null` where a value is required (`null` is never read as absent).
  public static let nullValue = Self(.nullValue)
  /// A value of the wrong JSON type, such as a string where an integer belongs.
  public static let wrongType = Self(.wrongType)
  /// A number that is not an integer within 64 bits (`22.5`, `1e-400`,
  /// `21.9999999999999999`); the value is its text.
  public static let invalidNumber = Self(.invalidNumber)
  /// A value of the right JSON type that the field does not take, such as an unknown
  /// notification level name.
  public static let invalidValue = Self(.invalidValue)

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
  /// An instant outside the supported range (years -9999…9999), or a save instant at which
  /// a one-off rule's end would be outside it or exactly 0 (which `onceEndTimestamp` reserves
  /// for unset).
  public static let invalidInstant = Self(rawValue: "invalidInstant")
  /// A weekly schedule whose polarity is neither `quiet` nor `send`.
  public static let invalidSchedule = Self(rawValue: "invalidSchedule")
  /// A weekly schedule window whose start or end is not `HH:MM` in 00:00…23:59.
  public static let invalidWindow = Self(rawValue: "invalidWindow")
  /// A weekday outside 1…7 (ISO, 1 = Monday), or a window with no weekday.
  public static let invalidWeekday = Self(rawValue: "invalidWeekday")
  /// A snooze whose bounds are out of range or not in order (`from` < `until`).
  public static let invalidSnooze = Self(rawValue: "invalidSnooze")

  /// The decoders' codes: the problems of the JSON itself.
  package static let decodingCodes: [Self] = JSONFieldError.Kind.allCases.map(Self.init)

  /// The validation codes of this module: do-not-disturb rules, weekly schedules and save
  /// instants.
  package static let scheduleCodes: [Self] = [
    .invalidHour, .invalidMinute, .invalidRepeatMode, .invalidCustomRepeatDays,
    .invalidTimeZone, .missingOnceEnd, .invalidInstant, .invalidSchedule, .invalidWindow,
    .invalidWeekday, .invalidSnooze,
  ]
}

/// Why a rule document or a rule was refused: every bad field found, each a
/// ``RuleFieldError``.
///
/// Thrown alike by decoding (`init(jsonBytes:)`), by validating and compiling
/// (`init(rule:zones:)`, `savedAndCompiled(at:zones:)`) and by the calls that do both
/// (`init(jsonBytes:zones:)`, `savedAndCompiled(jsonBytes:at:zones:)`). A document that does
/// not decode is reported with the decoders' codes and is not validated; one that decodes is
/// reported with the validation codes, every invalid field at once. Decoding reads a document
/// once and reports it whole too: bytes that are not JSON first (alone, at their byte), then
/// the first key that appears twice in one object, then each object's bad fields in the order
/// its type reads them, each at its own key path, then a key that is not text. A required key
/// that is missing or bad (a weekly schedule's `polarity`, `windows`, a window's keys) stops
/// its object: the fields after it are not reported.
///
/// An error lists at most ``maximumReportedErrors`` fields and counts the others in
/// ``omittedErrorCount``, so that its size is bounded whatever a document holds.
///
/// As JSON (`Codable`): `{"errors": [{"code": …, "keyPath": …, "value": …, "reason": …}, …]}`,
/// with `"omittedErrorCount": N` after the list when fields were left out.
public struct RuleError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The most field errors one error lists: 32. The first ones found are kept; the others
  /// are counted in ``omittedErrorCount``.
  public static let maximumReportedErrors = 32

  /// The bad fields, in document (or field) order; never empty, at most
  /// ``maximumReportedErrors``.
  public var errors: [RuleFieldError]

  /// How many more bad fields were found than ``errors`` lists; 0 unless more than
  /// ``maximumReportedErrors`` were.
  public var omittedErrorCount = 0

  /// Creates the error, keeping the first ``maximumReportedErrors`` fields and counting the
  /// others in ``omittedErrorCount``.
  ///
  /// - Parameter errors: The bad fields; at least one.
  public init(errors: [RuleFieldError]) {
    self.errors = Array(errors.prefix(Self.maximumReportedErrors))
    omittedErrorCount = errors.count - self.errors.count
  }

  /// Decodes the error from its JSON form, refusing an empty list of errors, with
  /// `JSONDecoder`'s semantics (as every `Codable` conformance of DNDKit's types).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the form is not `{"errors": [...]}` with at least one
  ///   field error (and an optional `omittedErrorCount`, not negative).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let errors = try container.decode([RuleFieldError].self, forKey: .errors)
    guard !errors.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .errors, in: container, debugDescription: "a RuleError names at least one field")
    }
    let omitted = try container.decodeIfPresent(Int.self, forKey: .omittedErrorCount) ?? 0
    guard omitted >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .omittedErrorCount, in: container, debugDescription: "a count is not negative")
    }
    self.errors = errors
    omittedErrorCount = omitted
  }

  /// Encodes the error in its JSON form: `omittedErrorCount` only when it is not 0.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(errors, forKey: .errors)
    if omittedErrorCount != 0 {
      try container.encode(omittedErrorCount, forKey: .omittedErrorCount)
    }
  }

  private enum CodingKeys: String, CodingKey {
    case errors, omittedErrorCount
  }

  /// For a document that does not decode, `invalid JSON at KEYPATH: REASON` when it is not
  /// JSON (code `invalidJSON`), else `invalid document at KEYPATH: REASON` (without `at
  /// KEYPATH` for the document itself), then the other fields after `; `; for invalid
  /// values, `invalid rule: ` then every field's `KEYPATH = VALUE: REASON`, separated by `; `.
  /// Then `; and N more` when fields were left out.
  public var description: String {
    let more = omittedErrorCount > 0 ? "; and \(omittedErrorCount) more" : ""
    guard let first = errors.first, first.isDecodingError else {
      return "invalid rule: " + errors.map(\.description).joined(separator: "; ") + more
    }
    let what = first.code == .invalidJSON ? "invalid JSON" : "invalid document"
    let head =
      first.keyPath.isEmpty
      ? "\(what): \(first.reason)" : "\(what) at \(first.keyPath): \(first.reason)"
    return ([head] + errors.dropFirst().map(\.description)).joined(separator: "; ") + more
  }
}

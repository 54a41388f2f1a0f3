import DNDSchedule

extension OfflinePushRule {
  /// The most entries a platform list (``onlinePlatforms``,
  /// ``notToReceiveOfflinePushPlatforms``) may have: 1,024. ZIM numbers about ten platforms, so
  /// a longer list is a client bug or an attack, and refusing it bounds the work and memory a
  /// single rule can cost when it is saved and compiled.
  public static let maximumPlatformCount = 1_024

  /// The platform values a rule's lists may hold: 0…63. ZIM's wire values are 1…10 and 32,
  /// and the compiled rule keeps each list as a 64-bit mask, so it stays plain bytes whatever
  /// a client sends.
  public static let platformValues: ClosedRange<Int> = 0...63

  /// Checks the platform lists: their lengths, then their values.
  ///
  /// - Returns: A `RuleFieldError.Code.tooManyPlatforms` error for each list longer than
  ///   ``maximumPlatformCount``, naming the field and its length; for a list within the
  ///   limit, an `RuleFieldError.Code.invalidPlatform` error for each entry outside
  ///   ``platformValues``, naming its key path (`onlinePlatforms[2]`) and the value. Empty
  ///   when both lists are valid.
  package func validatePlatformLists() -> [RuleFieldError] {
    // The common valid rule builds no error list.
    guard
      !Self.isValidPlatformList(onlinePlatforms)
        || !Self.isValidPlatformList(notToReceiveOfflinePushPlatforms)
    else { return [] }
    return Self.platformListErrors(onlinePlatforms, field: "onlinePlatforms")
      + Self.platformListErrors(
        notToReceiveOfflinePushPlatforms, field: "notToReceiveOfflinePushPlatforms")
  }

  /// Whether a list is within the limit and holds only values in ``platformValues``.
  @inline(__always)
  static func isValidPlatformList(_ list: [Platform]) -> Bool {
    guard list.count <= maximumPlatformCount else { return false }
    // One unsigned comparison a value: a negative value is a large unsigned one.
    var outside = false
    for platform in list { outside = outside || UInt(bitPattern: platform.rawValue) > 63 }
    return !outside
  }

  /// The errors of one list: its length past the limit (and then nothing else, so the work
  /// stays bounded), or each value outside ``platformValues``.
  static func platformListErrors(_ list: [Platform], field: String) -> [RuleFieldError] {
    guard list.count <= maximumPlatformCount else {
      return [
        RuleFieldError(
          code: .tooManyPlatforms, keyPath: field, value: "\(list.count) entries",
          reason: platformLimit.reason)
      ]
    }
    return list.enumerated().compactMap { index, platform in
      platformValues.contains(platform.rawValue)
        ? nil
        : RuleFieldError(
          code: .invalidPlatform, keyPath: "\(field)[\(index)]", value: String(platform.rawValue),
          reason: "outside 0...63, the platform values a rule holds")
    }
  }
}

extension RuleFieldError.Code {
  /// A platform list longer than `OfflinePushRule.maximumPlatformCount` entries.
  public static let tooManyPlatforms = Self(rawValue: "tooManyPlatforms")
  /// A platform value outside `OfflinePushRule.platformValues` (0…63) in a rule's platform
  /// list.
  public static let invalidPlatform = Self(rawValue: "invalidPlatform")
  /// A user's push preferences with an invalid field: an unknown level, an empty or overlong
  /// priority sender, a negative `repeatCallSeconds`.
  public static let invalidPreferences = Self(rawValue: "invalidPreferences")
  /// A priority-sender list longer than `PushPreferences.maximumSenderCount` entries.
  public static let tooManySenders = Self(rawValue: "tooManySenders")
  /// A conversation setting with an invalid field: an unknown level, an `until` outside the
  /// supported range.
  public static let invalidConversation = Self(rawValue: "invalidConversation")
  /// A message with an invalid field: an empty or overlong sender, a `previousCallAt` outside
  /// the supported range.
  public static let invalidMessage = Self(rawValue: "invalidMessage")

  /// The codes this module adds to those of DNDSchedule (`scheduleCodes`): the offline push
  /// rule's platform lists, and the preferences, conversation settings and messages beside it.
  package static let offlinePushCodes: [Self] = [
    .tooManyPlatforms, .invalidPlatform, .invalidPreferences, .tooManySenders, .invalidConversation,
    .invalidMessage,
  ]
}

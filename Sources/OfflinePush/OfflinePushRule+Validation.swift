import DNDSchedule

extension OfflinePushRule {
  /// The most entries a platform list (``onlinePlatforms``,
  /// ``notToReceiveOfflinePushPlatforms``) may have: 1,024. ZIM numbers about ten platforms, so
  /// a longer list is a client bug or an attack, and refusing it bounds the work and memory a
  /// single rule can cost when it is saved and compiled.
  public static let maximumPlatformCount = 1_024

  /// Checks the lengths of the platform lists.
  ///
  /// - Returns: A `RuleFieldError.Code.tooManyPlatforms` error for each list longer than
  ///   ``maximumPlatformCount``, naming the field and its length; empty when both fit.
  public func validatePlatformLists() -> [RuleFieldError] {
    [
      ("onlinePlatforms", onlinePlatforms.count),
      ("notToReceiveOfflinePushPlatforms", notToReceiveOfflinePushPlatforms.count),
    ].compactMap { field, count in
      count > Self.maximumPlatformCount
        ? RuleFieldError(
          code: .tooManyPlatforms, field: field, value: "\(count) entries",
          reason: "a platform list holds at most \(Self.maximumPlatformCount) entries")
        : nil
    }
  }
}

extension RuleFieldError.Code {
  /// A platform list longer than `OfflinePushRule.maximumPlatformCount` entries.
  public static let tooManyPlatforms = Self(rawValue: "tooManyPlatforms")
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
  public static let offlinePushCodes: [Self] = [
    .tooManyPlatforms, .invalidPreferences, .tooManySenders, .invalidConversation,
    .invalidMessage,
  ]
}

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

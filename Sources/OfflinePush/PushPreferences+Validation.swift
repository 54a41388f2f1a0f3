import DNDSchedule

extension PushPreferences {
  /// The most priority senders a user may list: 1,024. Phones' "allowed people" lists hold a
  /// few dozen; the limit bounds what one user's preferences cost to compile and keep (at most
  /// 1,024 IDs of ``maximumUserIDByteCount`` bytes, about 270 KiB), and a look-up stays at
  /// most about ten comparisons.
  public static let maximumSenderCount = 1_024

  /// The longest user ID, in UTF-8 bytes: 256. Chat platforms' IDs are at most 32 (ZIM) to 64
  /// (Easemob) bytes; a longer one is a client bug or an attack.
  public static let maximumUserIDByteCount = 256

  /// Checks every field.
  ///
  /// - Returns: Every invalid field, with its key path (`breakthrough.senders[3]`): a list
  ///   longer than ``maximumSenderCount`` is `tooManySenders` (and its entries are not looked
  ///   at), an empty or overlong ID and a negative `repeatCallSeconds` are
  ///   `invalidPreferences`; empty when the preferences are valid.
  package func validate() -> [RuleFieldError] {
    var errors: [RuleFieldError] = []
    let senders = breakthrough.senders
    if senders.count > Self.maximumSenderCount {
      errors.append(
        RuleFieldError(
          code: .tooManySenders, keyPath: "breakthrough.senders", value: "\(senders.count) entries",
          reason: Self.senderLimit.reason))
    } else {
      for (index, sender) in senders.enumerated() {
        if let error = Self.userIDError(
          sender, code: .invalidPreferences, field: "breakthrough.senders[\(index)]")
        {
          errors.append(error)
        }
      }
    }
    if breakthrough.repeatCallSeconds < 0 {
      errors.append(
        RuleFieldError(
          code: .invalidPreferences, keyPath: "breakthrough.repeatCallSeconds",
          value: String(breakthrough.repeatCallSeconds),
          reason: "must be 0 (off) or a positive number of seconds"))
    }
    return errors
  }

  /// The error for a user ID that is empty or longer than ``maximumUserIDByteCount``.
  static func userIDError(_ id: String, code: RuleFieldError.Code, field: String)
    -> RuleFieldError?
  {
    if id.isEmpty {
      return RuleFieldError(
        code: code, keyPath: field, value: "\"\"", reason: "a user ID is not empty")
    }
    let count = id.utf8.count
    guard count > maximumUserIDByteCount else { return nil }
    return RuleFieldError(
      code: code, keyPath: field, value: "\(count) bytes",
      reason: "a user ID has at most \(maximumUserIDByteCount) UTF-8 bytes")
  }
}

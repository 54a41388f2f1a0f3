import DNDSchedule
import ZoneInfo

extension PushMessage {
  /// Checks every field.
  ///
  /// - Returns: `invalidMessage` errors for an empty or overlong `sender` and a
  ///   `previousCallAt` outside years -9999…9999; empty when the message is valid.
  public func validate() -> [RuleFieldError] {
    var errors: [RuleFieldError] = []
    if let sender,
      let error = PushPreferences.userIDError(sender, code: .invalidMessage, field: "sender")
    {
      errors.append(error)
    }
    if let previousCallAt, !Zone.supportedInstants.contains(previousCallAt) {
      errors.append(
        RuleFieldError(
          code: .invalidMessage, keyPath: "previousCallAt", value: String(previousCallAt),
          reason: "outside the supported range of years -9999...9999"))
    }
    return errors
  }
}

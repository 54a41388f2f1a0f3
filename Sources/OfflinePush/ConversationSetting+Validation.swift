import DNDSchedule
import ZoneInfo

extension ConversationSetting {
  /// Checks every field.
  ///
  /// - Returns: An `invalidConversation` error for an `until` outside years -9999…9999;
  ///   empty when the setting is valid.
  public func validate() -> [RuleFieldError] {
    guard let until, !Zone.supportedInstants.contains(until) else { return [] }
    return [
      RuleFieldError(
        code: .invalidConversation, keyPath: "until", value: String(until),
        reason: "outside the supported range of years -9999...9999")
    ]
  }
}

/// A notification currently shown on the device, as a Notification Service Extension sees it.
///
/// The extension serializes each delivered notification's `userInfo` to JSON (for example with
/// `JSONSerialization`) and pairs it with the notification's request identifier.
public struct DeliveredNotification: Sendable, Hashable {
  /// The notification request identifier to pass to `removeDeliveredNotifications`.
  public var identifier: String
  /// The notification's `userInfo` as the bytes of a JSON document; its `rc.id` names the
  /// message.
  public var userInfo: [UInt8]

  /// Creates a delivered notification from its identifier and JSON `userInfo`.
  ///
  /// Any bytes are accepted: a `userInfo` that is not JSON, or has no string `rc.id`, simply
  /// never matches a recall.
  ///
  /// - Parameters:
  ///   - identifier: The notification request identifier.
  ///   - userInfo: The notification's `userInfo` serialized as JSON: a `[UInt8]`, `Data` or
  ///     any other collection of bytes.
  public init(identifier: String, userInfo: some Collection<UInt8>) {
    self.identifier = identifier
    self.userInfo = Array(userInfo)
  }
}

/// What a Notification Service Extension does with a received push.
public enum RecallAction: Sendable, Hashable {
  /// Not a recall command: show the push unchanged and remove nothing.
  case passThrough
  /// A recall command: remove these delivered notifications (possibly none).
  ///
  /// - Parameters:
  ///   - recalledMessageId: The `rc-dlt-identifier` the command names.
  ///   - notificationIdentifiers: The delivered notifications whose `rc.id` equals it exactly.
  case remove(recalledMessageId: String, notificationIdentifiers: Set<String>)

  /// Decides what to do with a received payload, given the delivered notifications.
  ///
  /// This is the device half of the recall as one pure function: it never traps, whatever
  /// the bytes. A payload that is not a recall command (``RecallCommand/init(payload:)``
  /// throws, and says why) gives ``passThrough``; a recall command gives
  /// ``remove(recalledMessageId:notificationIdentifiers:)`` with exactly the delivered
  /// notifications whose `rc.id` is the recalled id.
  ///
  /// - Parameters:
  ///   - payload: The received APNs payload as JSON: a `[UInt8]`, `Data` or any other
  ///     collection of bytes.
  ///   - delivered: The notifications currently delivered.
  public init(payload: some Collection<UInt8>, delivered: [DeliveredNotification]) {
    guard let command = try? RecallCommand(payload: payload) else {
      self = .passThrough
      return
    }
    self = .remove(
      recalledMessageId: command.recalledMessageId,
      notificationIdentifiers: command.notificationIdentifiersToRemove(from: delivered)
    )
  }
}

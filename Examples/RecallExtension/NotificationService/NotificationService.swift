#if canImport(UserNotifications)
  import Foundation
  import PushRecallReader
  import UserNotifications

  /// The Notification Service Extension's principal class (`NSExtensionPrincipalClass` in
  /// Info.plist): it removes the notifications of a recalled message and hides the recall
  /// command's own alert.
  ///
  /// iOS runs it for a push whose `aps` has `mutable-content: 1` and an alert. A push that is
  /// not a recall command is handed on as it came. The decision is ``RecallHandling``'s; this
  /// class only moves notifications and content between it and UserNotifications.
  final class NotificationService: UNNotificationServiceExtension {
    /// The push being handled: what to hand on, and the handler that takes it once.
    private var handoff: Handoff?

    override func didReceive(
      _ request: UNNotificationRequest,
      withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
      let content = request.content
      // Only the recall category is read; anything else is shown as it came, unread.
      guard content.categoryIdentifier == RecallCommand.category,
        let payload = Self.json(content.userInfo)
      else {
        contentHandler(content)
        return
      }
      let handling = RecallHandling(payload: payload)
      let handoff = Handoff(
        content: handling.presentation == .hidden ? UNNotificationContent() : content,
        contentHandler: contentHandler)
      self.handoff = handoff
      guard handling.needsDeliveredNotifications else {
        handoff.finish()
        return
      }
      UNUserNotificationCenter.current().getDeliveredNotifications { notifications in
        let delivered = notifications.compactMap { notification -> DeliveredNotification? in
          let request = notification.request
          guard let userInfo = Self.json(request.content.userInfo) else { return nil }
          return DeliveredNotification(identifier: request.identifier, userInfo: userInfo)
        }
        let center = UNUserNotificationCenter.current()
        center.removeDeliveredNotifications(
          withIdentifiers: handling.identifiersToRemove(from: delivered))
        // The removal runs in the background with no completion handler, and is cut short
        // if the extension ends first. Listing the delivered notifications again has been
        // seen to return only after it (not documented), so hand the content on from there.
        center.getDeliveredNotifications { _ in handoff.finish() }
      }
    }

    /// Called on another thread shortly before the system ends the extension (about 30
    /// seconds after `didReceive`): hand on now. The command's alert stays hidden when it can
    /// be, even if the removal did not finish.
    override func serviceExtensionTimeWillExpire() {
      handoff?.finish()
    }

    /// A `userInfo` dictionary as JSON; nil when it holds something JSON cannot (checked
    /// first: `JSONSerialization` raises an Objective-C exception rather than throwing).
    static func json(_ userInfo: [AnyHashable: Any]) -> Data? {
      guard JSONSerialization.isValidJSONObject(userInfo) else { return nil }
      return try? JSONSerialization.data(withJSONObject: userInfo)
    }
  }

  /// The content to hand on and the handler that takes it, called at most once: by the
  /// completion of `getDeliveredNotifications`, on a background thread, or by
  /// `serviceExtensionTimeWillExpire`, on another. The lock makes the first caller the only
  /// one; the content is never changed, so sharing it across threads is safe.
  final class Handoff: @unchecked Sendable {
    private let lock = NSLock()
    private let content: UNNotificationContent
    private var contentHandler: ((UNNotificationContent) -> Void)?

    init(content: UNNotificationContent, contentHandler: @escaping (UNNotificationContent) -> Void)
    {
      self.content = content
      self.contentHandler = contentHandler
    }

    /// Hands the content on, the first time only.
    func finish() {
      lock.lock()
      let handler = contentHandler
      contentHandler = nil
      lock.unlock()
      handler?(content)
    }
  }
#endif

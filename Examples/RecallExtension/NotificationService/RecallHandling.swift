import PushRecallReader

/// What the Notification Service Extension does with one received push, decided in plain
/// Swift: no UserNotifications, no Foundation.
///
/// The extension's `NotificationService` makes one from the push's payload, fetches the
/// delivered notifications only when ``needsDeliveredNotifications``, removes
/// ``identifiersToRemove(from:)``, and hands on what ``presentation`` says. Kept apart from
/// the subclass so that a test on any platform runs the decision the extension runs.
struct RecallHandling: Sendable, Equatable {
  /// What the user sees of the received push.
  enum Presentation: Sendable, Equatable {
    /// The push as it came: any push that is not a recall command, and a recall command when
    /// the extension cannot hide its alert.
    case asReceived
    /// Nothing: the extension hands on an empty content, which iOS drops only for an
    /// extension with the filtering entitlement.
    case hidden
  }

  /// Whether this extension has the `com.apple.developer.usernotifications.filtering`
  /// entitlement (`NotificationService.entitlements`).
  ///
  /// Apple grants it on request. Without it, iOS shows the original content whenever the
  /// extension hands on an empty one, so set this to `false` until the entitlement is in the
  /// provisioning profile: the command's own alert is then shown as the server wrote it. The
  /// tests check that this constant and the entitlements file agree.
  static let hasFilteringEntitlement = true

  /// The recall command the push carries; nil when it is not one.
  let command: RecallCommand?
  /// Why the push is not a recall command, for the extension's log; nil when it is one.
  let refusal: RecallPayloadError?
  /// Whether the extension may hide the command's own alert (``hasFilteringEntitlement``).
  let mayHideAlert: Bool

  /// Reads a received push.
  ///
  /// - Parameters:
  ///   - payload: The push's payload (its `userInfo`) as JSON: any collection of bytes.
  ///   - mayHideAlert: Whether the extension has the filtering entitlement.
  init(payload: some Collection<UInt8>, mayHideAlert: Bool = RecallHandling.hasFilteringEntitlement)
  {
    do throws(RecallPayloadError) {
      command = try RecallCommand(payload: payload)
      refusal = nil
    } catch {
      command = nil
      refusal = error
    }
    self.mayHideAlert = mayHideAlert
  }

  /// Whether the extension must list the delivered notifications: only for a recall command.
  var needsDeliveredNotifications: Bool { command != nil }

  /// The delivered notifications to remove, in a stable order: those whose `rc.id` is the
  /// recalled message's id; none for a push that is not a recall command.
  ///
  /// - Parameter delivered: The app's delivered notifications, each with its `userInfo` as JSON.
  /// - Returns: Their request identifiers, sorted.
  func identifiersToRemove(from delivered: [DeliveredNotification]) -> [String] {
    guard let command else { return [] }
    return command.notificationIdentifiersToRemove(from: delivered).sorted()
  }

  /// What to hand on: a recall command's own alert is hidden where the entitlement allows;
  /// everything else is shown as it came.
  var presentation: Presentation {
    command != nil && mayHideAlert ? .hidden : .asReceived
  }
}

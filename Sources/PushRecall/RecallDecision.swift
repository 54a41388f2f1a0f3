// The original decision's types, re-exported: a recall server that does not link OfflinePush
// still names PushDecision and SuppressionReason with `import PushRecall` alone.
@_exported import PushDecisions

/// Whether a device gets the recall command for a message, given how its original push went.
///
/// A recall command goes to exactly the devices that were sent the original push. Where the
/// push facade suppressed the original (a switch, a platform rule or do-not-disturb), nothing
/// is on that device's lock screen, so no recall is needed. Where the original was delivered,
/// the recall is always sent: it depends only on the original decision, never on the device's
/// current switches or do-not-disturb window, because leaving a recalled message on screen is
/// worse than a silent removal.
public enum RecallDecision: Sendable, Hashable {
  /// The original push was delivered: send the recall command.
  case sendRecall
  /// The original push was suppressed for this reason: send nothing.
  ///
  /// - Parameters:
  ///   - reason: Why the original push was suppressed.
  case noRecallNeeded(SuppressionReason)

  /// Decides whether a device gets the recall command.
  ///
  /// Only the decision made for the original push matters, and its `until` does not: a push
  /// suppressed for any reason was not put on the device, so there is nothing to remove.
  ///
  /// - Parameters:
  ///   - originalDecision: What the push facade decided for the original push on this device.
  public init(originalDecision: PushDecision) {
    switch originalDecision {
    case .deliver, .breakthrough:
      self = .sendRecall
    case .suppress(let reason, until: _):
      self = .noRecallNeeded(reason)
    }
  }
}

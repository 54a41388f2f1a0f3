/// The answer of the whole push decision (``CompiledOfflinePushRule/decide(kind:target:online:at:preferences:conversation:message:)``):
/// the decision, and the breakthrough that lifted do-not-disturb when one did.
public struct PushPolicyDecision: Sendable, Hashable {
  /// Deliver, or suppress with the first reason (and its `until`).
  public var decision: PushDecision
  /// What lifted do-not-disturb for a delivery that it would otherwise have held back; nil for
  /// every other answer.
  public var breakthrough: Breakthrough?

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - decision: The decision.
  ///   - breakthrough: The breakthrough that delivered, if any.
  @inlinable
  public init(_ decision: PushDecision, breakthrough: Breakthrough? = nil) {
    self.decision = decision
    self.breakthrough = breakthrough
  }

  /// Whether the push goes out.
  @inlinable public var delivers: Bool { decision.delivers }

  /// The reason for a suppression, nil for a delivery.
  @inlinable public var reason: SuppressionReason? { decision.reason }

  /// Until when the suppression holds: the end of the do-not-disturb block, or the
  /// conversation setting's `until` when its level suppressed; nil otherwise.
  @inlinable public var until: Int64? { decision.until }
}

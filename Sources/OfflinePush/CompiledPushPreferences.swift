import DNDSchedule

/// A user's push preferences compiled for the hot path: the level and breakthrough switches as
/// plain values, the priority senders as a sorted table of hashes with the IDs' bytes beside
/// them.
///
/// Asking it allocates nothing and counts no references: the decision reads the table through a
/// plain pointer. The table lives exactly as long as the last copy of the compiled value (it is
/// freed with it), so a server that compiles what its clients send keeps nothing longer than
/// the preferences that hold it. Preferences without priority senders hold no table at all.
public struct CompiledPushPreferences: Sendable, Hashable {
  /// The priority senders.
  @usableFromInline let senders: SenderTable
  /// The repeat-call window in seconds; 0 is off.
  public let repeatCallSeconds: Int64
  /// The user's default level for message pushes.
  public let level: NotificationLevel
  /// Bit 0: mentions break through; bit 1: urgent pushes break through.
  @usableFromInline let breakthroughSwitches: UInt8

  /// The preferences of a user who set none: every message pushes, nothing breaks through.
  public init() {
    senders = SenderTable(ids: [])
    repeatCallSeconds = 0
    level = .all
    breakthroughSwitches = 0
  }

  /// Validates and compiles preferences.
  ///
  /// - Parameter preferences: The user's preferences.
  /// - Throws: `RuleValidationError` listing every invalid field (see
  ///   ``PushPreferences/validate()``).
  /// - Complexity: O(*n* log *n*) in the priority senders (at most
  ///   ``PushPreferences/maximumSenderCount``).
  public init(_ preferences: PushPreferences) throws(RuleValidationError) {
    let errors = preferences.validate()
    guard errors.isEmpty else { throw RuleValidationError(errors: errors) }
    let breakthrough = preferences.breakthrough
    senders = SenderTable(ids: breakthrough.senders)
    repeatCallSeconds = breakthrough.repeatCallSeconds
    level = preferences.level
    breakthroughSwitches = (breakthrough.mentions ? 1 : 0) | (breakthrough.urgent ? 2 : 0)
  }

  /// Whether a message that @-mentions the user breaks through do-not-disturb.
  @inlinable public var mentionsBreakThrough: Bool { breakthroughSwitches & 1 != 0 }

  /// Whether a push its sender marked time-sensitive breaks through do-not-disturb.
  @inlinable public var urgentBreaksThrough: Bool { breakthroughSwitches & 2 != 0 }

  /// How many distinct priority senders there are.
  @inlinable public var prioritySenderCount: Int { senders.count }

  /// Whether a user ID is one of the priority senders (exact bytes).
  ///
  /// - Parameter id: A user ID.
  /// - Returns: Whether it is listed.
  @inlinable
  public func isPrioritySender(_ id: String) -> Bool {
    senders.contains(id, hash: SenderTable.hash(of: id))
  }

  /// The object that owns the priority-sender table (nil without senders), for tests that the
  /// table goes with the last copy of the preferences.
  package var senderTableOwner: AnyObject? { senders.storage }

  /// What lifts do-not-disturb for a push, checked in the documented order; nil for nothing.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - instant: Now, UNIX seconds.
  ///   - message: The push's sender, mention, urgency and previous call.
  ///   - mentioned: Whether the push @-mentions this recipient.
  ///   - senderHash: ``SenderTable/hash(of:)`` of the sender, computed once per message.
  @inlinable @inline(__always)
  func breakthrough(
    kind: PushKind, at instant: Int64, message: borrowing PushMessage, mentioned: Bool,
    senderHash: UInt64
  ) -> Breakthrough? {
    if senders.count != 0, let sender = message.sender, senders.contains(sender, hash: senderHash) {
      return .prioritySender
    }
    if kind == .call, repeatCallSeconds > 0, let previous = message.previousCallAt {
      let (elapsed, overflow) = instant.subtractingReportingOverflow(previous)
      if !overflow && elapsed >= 0 && elapsed <= repeatCallSeconds { return .repeatCaller }
    }
    if urgentBreaksThrough && message.urgent { return .urgent }
    if mentionsBreakThrough && mentioned { return .mention }
    return nil
  }
}

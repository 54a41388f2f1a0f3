import DNDSchedule

/// A user's push preferences compiled for the hot path: the level and breakthrough switches as
/// plain values, the priority senders as a table of hashes (with a filter and a directory of
/// hash prefixes) with the IDs' bytes beside them.
///
/// Asking it allocates nothing and counts no references: the decision reads the table through a
/// plain pointer. The table lives exactly as long as the last copy of the compiled value (it is
/// freed with it), so a server that compiles what its clients send keeps nothing longer than
/// the preferences that hold it. Preferences without priority senders hold no table at all.
public struct CompiledPushPreferences: Sendable, Hashable {
  /// The priority senders.
  @usableFromInline let senders: SenderTable
  /// The repeat-call window in seconds; 0 is off.
  @usableFromInline package let repeatCallSeconds: Int64
  /// The user's default level for message pushes.
  @usableFromInline package let level: NotificationLevel
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
  /// - Throws: `RuleError` listing every invalid field, with its key path
  ///   (`breakthrough.senders[3]`): a list longer than
  ///   ``PushPreferences/maximumSenderCount`` is `tooManySenders` (and its entries are not
  ///   looked at), an empty or overlong ID and a negative `repeatCallSeconds` are
  ///   `invalidPreferences`.
  /// - Complexity: O(*n* log *n*) in the priority senders (at most
  ///   ``PushPreferences/maximumSenderCount``).
  public init(_ preferences: PushPreferences) throws(RuleError) {
    let errors = preferences.validate()
    guard errors.isEmpty else { throw RuleError(errors: errors) }
    let breakthrough = preferences.breakthrough
    senders = SenderTable(ids: breakthrough.senders)
    repeatCallSeconds = breakthrough.repeatCallSeconds
    level = preferences.level
    breakthroughSwitches = (breakthrough.mentions ? 1 : 0) | (breakthrough.urgent ? 2 : 0)
  }

  /// How many distinct priority senders there are.
  package var prioritySenderCount: Int { senders.count }

  /// Whether a user ID is one of the priority senders (exact bytes).
  ///
  /// - Parameter id: A user ID.
  /// - Returns: Whether it is listed.
  /// - Complexity: O(*m*) to hash the ID's *m* bytes, then O(1) expected and O(log *n*)
  ///   comparisons of at most *m* bytes at worst in the *n* senders, whatever IDs are listed.
  package func isPrioritySender(_ id: String) -> Bool {
    senders.contains(id, hash: SenderTable.hash(of: id))
  }

  /// The object that owns the priority-sender table (nil without senders), for tests that the
  /// table goes with the last copy of the preferences.
  package var senderTableOwner: AnyObject? { senders.storage }

  /// The first breakthrough after the priority sender in the documented order (repeat caller,
  /// urgent, mention), selected with bit arithmetic rather than branches; nil for none.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - instant: Now, UNIX seconds.
  ///   - message: The push's urgency and previous call.
  ///   - mentioned: Whether the push @-mentions this recipient.
  @inlinable @inline(__always)
  func breakthroughAfterSender(
    kind: PushKind, at instant: Int64, message: PushMessage.Facts, mentioned: Bool
  ) -> Breakthrough? {
    var repeatCaller: UInt8 = 0
    if kind == .call, repeatCallSeconds > 0, let previous = message.previousCallAt {
      let (elapsed, overflow) = instant.subtractingReportingOverflow(previous)
      repeatCaller = unsafeBitCast(
        !overflow && elapsed >= 0 && elapsed <= repeatCallSeconds, to: UInt8.self)
    }
    // Bit i stands for the breakthrough with raw value i + 1; the lowest set bit is the first.
    let urgent = (breakthroughSwitches &>> 1) & unsafeBitCast(message.urgent, to: UInt8.self)
    let mention = breakthroughSwitches & 1 & unsafeBitCast(mentioned, to: UInt8.self)
    let bits = repeatCaller | urgent &<< 1 | mention &<< 2
    // No bit set gives raw value 4: no breakthrough.
    return Breakthrough(rawValue: UInt8(truncatingIfNeeded: (bits | 8).trailingZeroBitCount) &+ 1)
  }

  /// Whether the sender with a hash may be a priority sender, asked only when `asked`
  /// (without a branch on it): false for every sender that is not (and for a table without
  /// senders) but for about one in sixteen; one load, no branch.
  @inlinable @inline(__always)
  func mayListSender(hash: UInt64, if asked: Bool) -> Bool {
    guard let base = senders.base else { return false }
    // One test of one word, which the compiler cannot split into a branch on each condition.
    let bit = SenderTable.filterBit(hash: hash) &* UInt64(unsafeBitCast(asked, to: UInt8.self))
    return SenderTable.filterWord(hash: hash, base: base) & bit != 0
  }

  /// Whether the message's sender is one of the priority senders (exact bytes).
  @inlinable @inline(__always)
  func listsSender(of message: borrowing PushMessage) -> Bool {
    guard let base = senders.base, let sender = message.sender else { return false }
    return SenderTable.contains(sender, hash: message.senderHash, base: base)
  }

  /// Whether the message's sender, if any, is one of the priority senders (exact bytes).
  @inlinable @inline(__always)
  func listsSender(of message: borrowing PushMessage?, hash: UInt64) -> Bool {
    guard let base = senders.base else { return false }
    return SenderTable.contains(senderOf: message, hash: hash, base: base)
  }
}

import DNDSchedule
import ZoneInfo

/// An offline push rule compiled for the hot path: switches as bits, platform lists as
/// bitmasks, the DND rule as a `DoNotDisturbSchedule`.
///
/// 64 bytes beyond the zone's shared tables; deciding allocates nothing, takes no lock (except
/// once per zone: the first decision past 2050 builds the zone's later years under a lock, see
/// `Zone`) and counts no references: the zone's tables are interned when the rule is
/// compiled, and a rule whose platform values all lie in 0…63 holds nothing else. The rare
/// rule with values outside 0…63 keeps them in storage of its own, shared by its copies and
/// released with the last of them, as an `Array`'s is. Compile once per save, decide millions
/// of times.
public struct CompiledOfflinePushRule: Sendable, Hashable {
  /// The compiled DND schedule (disabled when the rule has none).
  public let schedule: DoNotDisturbSchedule
  @usableFromInline let onlineMask: UInt64
  @usableFromInline let silencedMask: UInt64
  /// Platform values outside 0…63, in the rare rule that has any: released with the last copy
  /// of the rule; nil (no reference to count) in every other rule.
  @usableFromInline let largePlatforms: LargePlatforms?
  /// Bit 0: master, bit 1: message, bit 2: call.
  @usableFromInline let switches: UInt8

  /// Compiles a stored rule.
  ///
  /// - Parameters:
  ///   - rule: The rule as stored (saved with ``OfflinePushRule/saved(at:zones:)``).
  ///   - zones: The database that resolves the DND rule's zone.
  /// - Throws: `RuleValidationError` listing every invalid field.
  /// - Complexity: O(*p* log *p*) in the number of platforms (at most
  ///   ``OfflinePushRule/maximumPlatformCount`` a list), plus a zone load on a cache miss.
  public init(rule: OfflinePushRule, zones: ZoneDatabase) throws(RuleValidationError) {
    let dnd = rule.doNotDisturbRule ?? DoNotDisturbRule()
    // The lengths first: a list past the limit is refused before any work in its length.
    let platformErrors = rule.validatePlatformLists()
    let schedule: DoNotDisturbSchedule
    do {
      schedule = try DoNotDisturbSchedule(rule: dnd, zones: zones)
    } catch {
      throw RuleValidationError(
        errors: platformErrors + error.errors.map { $0.nested(under: "doNotDisturbRule") })
    }
    guard platformErrors.isEmpty else { throw RuleValidationError(errors: platformErrors) }
    self.init(validatedRule: rule, schedule: schedule)
  }

  /// Compiles a rule whose fields are valid, with its DND rule already compiled.
  init(validatedRule rule: OfflinePushRule, schedule: DoNotDisturbSchedule) {
    self.schedule = schedule
    let online = PlatformSet(rule.onlinePlatforms)
    let silenced = PlatformSet(rule.notToReceiveOfflinePushPlatforms)
    onlineMask = online.mask
    silencedMask = silenced.mask
    largePlatforms =
      online.others.isEmpty && silenced.others.isEmpty
      ? nil : LargePlatforms(online: online.others, silenced: silenced.others)
    switches =
      (rule.offlinePushEnabled ? 1 : 0) | (rule.messageOfflinePushEnabled ? 2 : 0)
      | (rule.callOfflinePushEnabled ? 4 : 0)
  }

  /// Decides whether an offline push may go to a device now.
  ///
  /// Checks, in order, and reports the first that suppresses: the master switch, the switch
  /// for the kind, the platform rule, do-not-disturb.
  ///
  /// - Parameters:
  ///   - kind: Message or call.
  ///   - target: The platform of the device the push would go to.
  ///   - online: The platforms the user is online on now.
  ///   - instant: Now, UNIX seconds (injected by the caller).
  /// - Returns: ``PushDecision/deliver``, or the first reason to suppress; for
  ///   do-not-disturb, with the end of the block.
  /// - Throws: `ZoneError.instantOutOfRange(_:)` outside years -9999…9999.
  /// - Complexity: O(1); no allocation, no lock.
  @inlinable @inline(__always)
  public func decide(kind: PushKind, target: Platform, online: PlatformSet, at instant: Int64)
    throws(ZoneError) -> PushDecision
  {
    if let decision = decisionBeforeDND(kind: kind, target: target, online: online) {
      return decision
    }
    return Self.decision(dnd: try schedule.stateAndBlockEnd(instant))
  }

  /// The suppression by a switch or the platform rule, if any: the checks before DND.
  @inlinable @inline(__always)
  func decisionBeforeDND(kind: PushKind, target: Platform, online: PlatformSet) -> PushDecision? {
    if switches & 1 == 0 { return .suppress(.offlinePushDisabled, until: nil) }
    switch kind {
    case .message where switches & 2 == 0: return .suppress(.messagePushDisabled, until: nil)
    case .call where switches & 4 == 0: return .suppress(.callPushDisabled, until: nil)
    default: break
    }
    if silences(target: target, online: online) { return .suppress(.platformRule, until: nil) }
    return nil
  }

  /// The decision once only DND can suppress.
  @inlinable @inline(__always)
  static func decision(dnd state: (inDND: Bool, blockEnd: Int64)) -> PushDecision {
    // Both answers built and one selected, which compiles to conditional moves: whether a
    // random user is in do-not-disturb is unpredictable.
    let suppressed = PushDecision.suppress(
      .doNotDisturb, until: state.blockEnd == .max ? nil : state.blockEnd)
    return state.inDND ? suppressed : .deliver
  }

  /// Whether the platform rule silences a target given the online platforms.
  @inlinable @inline(__always)
  func silences(target: Platform, online: PlatformSet) -> Bool {
    if let largePlatforms {
      return largePlatforms.silences(
        target: target, online: online, onlineMask: onlineMask, silencedMask: silencedMask)
    }
    // Bit arithmetic rather than `&&`: which rules silence is unpredictable.
    let raw = UInt64(bitPattern: Int64(target.rawValue))
    let silenced = raw < 64 ? silencedMask &>> raw : 0
    let someOnline: UInt64 = onlineMask & online.mask != 0 ? 1 : 0
    return silenced & someOnline & 1 != 0
  }
}

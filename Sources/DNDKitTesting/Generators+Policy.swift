import DNDSchedule
import OfflinePush
import ZoneInfo

extension Generators {
  /// User IDs drawn as senders and priority senders: IDs equal but for case, IDs canonically
  /// equivalent in Unicode but not byte-equal (`café` precomposed and decomposed), non-ASCII,
  /// and longer than a hash word, where exact-string comparison goes wrong.
  public static let userIDs = [
    "bob", "Bob", "eve", "alice", "caf\u{E9}", "cafe\u{301}", "李雷", "u_0123456789abcdef",
    "u_0123456789abcdeg", "a",
  ]

  /// Preferences, a conversation setting and a message for a query at an instant, drawn
  /// around the edges of the semantics: `until` at, just before and just after the instant,
  /// `previousCallAt` at and around the repeat-call window's bounds and in the future, senders
  /// from ``userIDs`` (and sometimes a list of hundreds), each part absent some of the time.
  ///
  /// - Parameters:
  ///   - instant: The query's instant.
  ///   - rng: The generator.
  /// - Returns: The three inputs, each possibly nil.
  public func policyInputs(at instant: Int64, using rng: inout SplitMix64) -> (
    preferences: PushPreferences?, conversation: ConversationSetting?, message: PushMessage?
  ) {
    func level() -> NotificationLevel {
      NotificationLevel.allCases.randomElement(using: &rng) ?? .all
    }
    func clamped(_ value: Int64) -> Int64 {
      min(max(value, Zone.supportedInstants.lowerBound), Zone.supportedInstants.upperBound)
    }
    var preferences: PushPreferences?
    if Int.random(in: 0..<5, using: &rng) != 0 {
      var senders = Self.userIDs.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
      if Int.random(in: 0..<10, using: &rng) == 0 {
        senders += (0..<Int.random(in: 100...PushPreferences.maximumSenderCount - 20, using: &rng))
          .map { "user-\($0)" }
        senders.shuffle(using: &rng)
      }
      let window: Int64 =
        [0, 0, 1, 60, 900, Int64.random(in: 0...86_400, using: &rng)].randomElement(using: &rng)
        ?? 0
      preferences = PushPreferences(
        level: Int.random(in: 0..<2, using: &rng) == 0 ? .all : level(),
        breakthrough: .init(
          senders: senders, mentions: Bool.random(using: &rng), urgent: Bool.random(using: &rng),
          repeatCallSeconds: window))
    }
    var conversation: ConversationSetting?
    if Int.random(in: 0..<3, using: &rng) != 0 {
      let delta: Int64? =
        [nil, -1, 0, 1, Int64.random(in: -259_200...259_200, using: &rng)]
        .randomElement(using: &rng) ?? nil
      conversation = ConversationSetting(level: level(), until: delta.map { clamped(instant + $0) })
    }
    var message: PushMessage?
    if Int.random(in: 0..<5, using: &rng) != 0 {
      let window = preferences?.breakthrough.repeatCallSeconds ?? 900
      let elapsed: Int64? =
        [nil, 0, -1, window, window + 1, window - 1, Int64.random(in: 0...86_400, using: &rng)]
        .randomElement(using: &rng) ?? nil
      message = PushMessage(
        sender: Int.random(in: 0..<6, using: &rng) == 0
          ? nil : Self.userIDs.randomElement(using: &rng),
        mentioned: Bool.random(using: &rng), mentionAll: Int.random(in: 0..<4, using: &rng) == 0,
        urgent: Bool.random(using: &rng), previousCallAt: elapsed.map { clamped(instant - $0) })
    }
    return (preferences, conversation, message)
  }

  /// ``pushCase(zoneID:modes:using:)`` with ``policyInputs(at:using:)`` added to its query.
  ///
  /// - Parameters:
  ///   - zoneID: The do-not-disturb rule's zone.
  ///   - modes: The repeat modes to draw from.
  ///   - rng: The generator.
  /// - Returns: The case.
  /// - Throws: As ``pushCase(zoneID:modes:using:)``.
  public func policyCase(
    zoneID: String, modes: [RepeatMode] = [.daily, .custom, .once, .unknown],
    using rng: inout SplitMix64
  ) throws -> PushCase {
    var pushCase = try self.pushCase(zoneID: zoneID, modes: modes, using: &rng)
    addPolicyInputs(to: &pushCase, using: &rng)
    return pushCase
  }

  /// Replaces a case's preferences, conversation setting and message with drawn ones.
  func addPolicyInputs(to pushCase: inout PushCase, using rng: inout SplitMix64) {
    let inputs = policyInputs(at: pushCase.query.instant, using: &rng)
    pushCase.query.preferences = inputs.preferences
    pushCase.query.conversation = inputs.conversation
    pushCase.query.message = inputs.message
  }
}

import OfflinePush

/// A kind of query line the engine answers, with the fields of its answer: the one list
/// (``all``) that the engine's "expected …" message, `dnd eval --help` and the tests read.
package struct EvalQueryShape: Sendable {
  /// What it is called: `DND query`.
  package var name: String
  /// The query's fields, as JSON with placeholders, one line per entry.
  package var query: [String]
  /// The answer's fields, likewise.
  package var answer: [String]
  /// What the answer's fields mean where the placeholders do not say.
  package var note: String
  /// The query in one line, for the message to a line that is no query; nil for a shape that
  /// only adds keys to another one.
  package var brief: String?
  /// A line of this shape, which the engine answers without an error.
  package var example: String

  /// `"a"|"b"` for wire names.
  static func alternatives<S: Sequence>(_ names: S) -> String where S.Element == String {
    names.map { "\"\($0)\"" }.joined(separator: "|")
  }

  /// The reasons only a push query with preferences, a conversation or a message can give.
  static let policyReasons: [SuppressionReason] = [.conversationMuted, .notMentioned]

  /// `{"rule": …, "at": …}`: is `at` in do-not-disturb, and when does that change?
  package static let dnd = Self(
    name: "DND query",
    query: [#"{"rule": <doNotDisturbRule>, "at": <unix seconds>, "savedAt": <optional>}"#],
    answer: [#"{"inDoNotDisturb": true|false, "nextChange": <unix seconds or null>}"#],
    note: "",
    brief: #"{"rule": <doNotDisturbRule>, "at": <unix seconds>}"#,
    example: #"{"rule": {"enabled": true, "startHour": 22, "repeatMode": 2}, "at": 0}"#)

  /// `{"pushRule": …, "kind": …, "platform": …, "at": …}`: may this push go out?
  package static let push = Self(
    name: "Push query",
    query: [
      #"{"pushRule": <offlinePushRule>, "kind": "message"|"call", "platform": <number>,"#,
      #" "onlinePlatforms": [<number>…] (default []), "at": <unix seconds>,"#,
      #" "savedAt": <optional>}"#,
    ],
    answer: [
      #"{"deliver": true|false,"#,
      " \"reason\": null|"
        + alternatives(
          SuppressionReason.allCases.filter { !policyReasons.contains($0) }.map(\.description))
        + ",",
      #" "until": <unix seconds or null>}"#,
    ],
    note: "until is the end of the do-not-disturb block when the reason is doNotDisturb",
    brief: #"{"pushRule": <offlinePushRule>, "kind": "message"|"call", "platform": <number>, "#
      + #""onlinePlatforms": [<number>…], "at": <unix seconds>}"#,
    example: #"{"pushRule": {}, "kind": "message", "platform": 2, "at": 0}"#)

  /// A push query with the user's preferences, the conversation's setting or the message
  /// (each optional, every field in them optional): the whole decision, and what lifted
  /// do-not-disturb.
  package static let policyPush = Self(
    name: "Push query with preferences, conversation or message",
    query: [
      "a push query's keys, and any of:",
      #" "preferences": {"level": "all"|"mentions"|"none", "breakthrough": {"senders": [<id>…],"#,
      #"                "mentions": <bool>, "urgent": <bool>, "repeatCallSeconds": <int ≥ 0>}}"#,
      #" "conversation": {"level": "all"|"mentions"|"none", "until": <unix seconds, optional>}"#,
      #" "message": {"sender": <id>, "mentioned": <bool>, "mentionAll": <bool>,"#,
      #"             "urgent": <bool>, "previousCallAt": <unix seconds>}"#,
    ],
    answer: [
      "{\"breakthrough\": null|" + alternatives(Breakthrough.allCases.map(\.description)) + ",",
      #" "deliver": true|false,"#,
      " \"reason\": null|" + alternatives(SuppressionReason.allCases.map(\.description)) + ",",
      #" "until": <unix seconds or null>}"#,
    ],
    note: alternatives(policyReasons.map(\.description))
      + " are for messages only; until is then the conversation's until when its level "
      + "decided; breakthrough is what lifted do-not-disturb",
    brief: nil,
    example: #"{"pushRule": {}, "kind": "message", "platform": 2, "at": 0, "message": {}}"#)

  /// `{"schedule": …, "at": …}`: must a push wait at `at`, and when does that change?
  package static let schedule = Self(
    name: "Weekly schedule query",
    query: [#"{"schedule": <weeklySchedule>, "at": <unix seconds>}"#],
    answer: [#"{"quiet": true|false, "nextChange": <unix seconds or null>}"#],
    note: "quiet: a push must wait now; a schedule query has no savedAt",
    brief: #"{"schedule": <weeklySchedule>, "at": <unix seconds>}"#,
    example: #"{"schedule": {"polarity": "quiet", "windows": []}, "at": 0}"#)

  /// Every shape the engine answers.
  package static let all = [dnd, push, policyPush, schedule]

  /// The shape a line had, from its answer; nil for an error line.
  package static func of(_ answer: EvalAnswer) -> EvalQueryShape? {
    switch answer {
    case .dnd: return .dnd
    case .push: return .push
    case .policyPush: return .policyPush
    case .schedule: return .schedule
    case .error: return nil
    }
  }
}

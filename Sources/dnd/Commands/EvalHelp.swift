import BatchEvaluation
import DNDSchedule
import OfflinePush

/// The part of `dnd eval --help` after its options, built from the engine's own lists: every
/// query shape it answers (`EvalQueryShape.all`) and every error code it writes
/// (`RuleFieldError.Code.evalCodes`), so that the help cannot leave one out.
enum EvalHelp {
  /// What each error code means, for the help; a test checks that it covers exactly the
  /// codes the engine writes.
  static let meanings: [RuleFieldError.Code: String] = [
    .invalidJSON:
      "the line is not JSON (or is empty, or longer than 1 MiB), or a rule value has the "
      + "wrong JSON type",
    .invalidQuery:
      "JSON, but not a query: not an object, no rule or two, "
      + "at/savedAt/kind/platform/onlinePlatforms missing or ill-typed, more than "
      + "\(OfflinePushRule.maximumPlatformCount) onlinePlatforms, or preferences, "
      + "conversation or message beside a rule that is not a push rule",
    .invalidHour: "startHour or endHour outside 0...23",
    .invalidMinute: "startMinute or endMinute outside 0...59",
    .invalidRepeatMode: "repeatMode other than 0...3",
    .invalidCustomRepeatDays:
      "customRepeatDays outside 0...127, or 0 in an enabled custom rule",
    .invalidTimeZone:
      "timeZoneID unknown or malformed, or its zone could not be loaded",
    .missingOnceEnd:
      "an enabled one-off rule (repeatMode 1) without onceEndTimestamp (savedAt computes it)",
    .invalidInstant:
      "at, savedAt or onceEndTimestamp outside the years -9999...9999, or a save whose one-off"
      + " end would be UNIX 0 (the unset value)",
    .invalidSchedule:
      "schedule: an unknown polarity, a missing key, or a value of the wrong JSON type",
    .invalidWindow: "a schedule window's start or end not HH:MM in 00:00...23:59",
    .invalidWeekday:
      "a weekday outside 1...7 (ISO, 1 = Monday), or a window with no weekday",
    .invalidSnooze: "a snooze bound out of range, or from not before until",
    .tooManyPlatforms:
      "a rule's platform list has more than \(OfflinePushRule.maximumPlatformCount) entries",
    .invalidPlatform:
      "a rule's platform list holds a value outside 0...63 (ZIM's platforms are 1...10 and 32)",
    .invalidPreferences:
      "preferences: a bad level, an empty or overlong (> "
      + "\(PushPreferences.maximumUserIDByteCount) bytes) sender, a negative "
      + "repeatCallSeconds, or a wrong JSON type",
    .tooManySenders:
      "preferences.breakthrough.senders has more than \(PushPreferences.maximumSenderCount) "
      + "entries",
    .invalidConversation:
      "conversation: a bad level, until outside the supported years, or a wrong JSON type",
    .invalidMessage:
      "message: an empty or overlong sender, previousCallAt outside the supported years, or "
      + "a wrong JSON type",
  ]

  static var text: String {
    var lines = ["Queries, one JSON object a line:"]
    for shape in EvalQueryShape.all {
      lines.append(shape.name + ":")
      lines += shape.query.flatMap { fit("  " + $0) }
      for (index, line) in shape.answer.enumerated() {
        lines += fit((index == 0 ? "  answer: " : "          ") + line)
      }
      if !shape.note.isEmpty {
        lines += CommandSpec.wrap("(\(shape.note))", width: CommandSpec.width - 2).map {
          "  " + $0
        }
      }
    }
    lines += CommandSpec.wrap(
      "With savedAt, the rule is first saved (normalized) at that instant, which computes "
        + "onceEndTimestamp for once (1) and unknown (0) rules as the server does.",
      width: CommandSpec.width)
    lines += [
      "",
      #"Error line: {"error": {"code": "<code>", "message": "<text naming the field and value>"}}"#,
    ]
    lines += CommandSpec.wrap(
      "A rule's invalid fields are all named in the message; the code is the first one's.",
      width: CommandSpec.width - 2
    ).map { "  " + $0 }
    let column = (RuleFieldError.Code.evalCodes.map(\.rawValue.count).max() ?? 0) + 2
    for code in RuleFieldError.Code.evalCodes {
      lines += CommandSpec.item(code.rawValue, meanings[code] ?? "", column: column)
    }
    return lines.joined(separator: "\n") + "\n\n" + footer
  }

  /// A JSON template line broken after a `|` or `,` when it is wider than the help, the rest
  /// indented under the value it continues.
  static func fit(_ line: String) -> [String] {
    guard line.count > CommandSpec.width else { return [line] }
    let characters = Array(line)
    let valueStart =
      line.range(of: "\": ").map { line.distance(from: line.startIndex, to: $0.upperBound) } ?? 4
    var lines: [String] = []
    var start = 0
    var indent = ""
    while indent.count + characters.count - start > CommandSpec.width {
      let limit = start + CommandSpec.width - indent.count
      guard let cut = (start + 1..<limit).last(where: { "|,".contains(characters[$0 - 1]) }) else {
        break
      }
      lines.append(indent + String(characters[start..<cut]))
      start = cut
      indent = String(repeating: " ", count: valueStart)
    }
    lines.append(indent + String(characters[start...]))
    return lines
  }

  /// The examples, each command followed by the line it prints (a test runs them); the
  /// quotes close before each `\`, as a line break inside them would break the JSON line.
  static let footer = """
    Examples:
      echo '{"rule": {"enabled": true, "startHour": 22, "startMinute": 0, "endHour": 8,' \\
        '"endMinute": 0, "repeatMode": 2, "customRepeatDays": 0, "onceEndTimestamp": 0,' \\
        '"timeZoneID": "America/New_York"}, "at": 1773025200}' | dnd eval
      {"inDoNotDisturb": true, "nextChange": 1773057600}
      echo '{"rule": {"startHour": 24}, "at": 0}' | dnd eval
      {"error": {"code": "invalidHour", "message": "rule.startHour = 24: must be in 0...23"}}

    Exit status: 0 when the input was read through, even if some lines had errors; 1 when
    standard input or output failed (a reader that went away too: "Broken pipe", whatever
    the SIGPIPE disposition inherited); 2 for bad usage.
    """
}

import DNDSchedule
import OfflinePush
import ZoneInfo

/// `dnd check`: the do-not-disturb state at an instant and, for a push, the decision and why.
enum CheckCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let rule = OptionSpec.value(
      "--rule", "FILE|-",
      "the rule as JSON: an offline push rule, a bare doNotDisturbRule, a weekly schedule, or "
        + "an eval query line; - reads standard input (at most 1 MiB: reading stops there)")
    static let at = OptionSpec.value(
      "--at", "INSTANT",
      "when to decide (default now): ISO 8601 with an offset or Z (2026-03-08T07:30:00Z, "
        + "2026-03-08T02:30:00-05:00), UNIX seconds, or now")
    static let savedAt = OptionSpec.value(
      "--saved-at", "INSTANT",
      "save the rule at this instant first, as the server does: computes onceEndTimestamp for "
        + "once (1) and unknown (0) rules")
    static let kind = OptionSpec.value(
      "--kind", "KIND", "message or call: decide an offline push of this kind")
    static let platform = OptionSpec.value(
      "--platform", "P", "the target platform, by name or number: \(CheckCommand.platformList)")
    static let online = OptionSpec.value(
      "--online", "LIST",
      "platforms the user is online on now, comma-separated (default none)")
  }

  static let spec = CommandSpec(
    name: "check", summary: "DND state at an instant; with --kind, a push decision and why",
    usage: """
      dnd check --rule FILE|- [--at INSTANT] [--saved-at INSTANT]
                       [--kind message|call --platform NAME|NUMBER [--online LIST]]
      """,
    about: """
      Says whether an instant is in do-not-disturb under a rule and, with --kind, whether an
      offline push of that kind to that platform would go out, and why; for a weekly schedule,
      whether a push must wait and until when. Times are shown in the rule's zone and in UTC.
      """,
    options: [
      Option.rule, Option.at, Option.savedAt, Option.kind, Option.platform, Option.online,
    ],
    footer: """
      Exit status: 0 when the answer was given, whatever it is (in do-not-disturb or not,
      delivered or suppressed); 2 for bad usage or input (unknown option, malformed rule,
      invalid field, unknown zone).

      Example:
        dnd example --json > rule.json
        dnd check --rule rule.json --at 2026-03-08T07:30:00Z --kind message --platform iPhoneOS \\
          --online Win
      """)

  /// `Win 1, iPhoneOS 2, …` for help texts.
  static var platformList: String {
    Platform.named.map { "\($0.name) \($0.platform.rawValue)" }.joined(separator: ", ")
  }

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let input = try RuleInput(path: arguments.required(Option.rule))
    let at = try InstantParsing.instant(
      arguments[Option.at] ?? "now", option: Option.at.name, now: context.now)
    let savedAt = try arguments[Option.savedAt].map { (text) throws(CLIError) in
      try InstantParsing.instant(text, option: Option.savedAt.name, now: context.now)
    }
    for key in input.unknownKeys {
      printError("dnd check: warning: ignoring unknown key \(quoted(key)) in \(input.source)")
    }
    if let schedule = try input.compileWeeklySchedule(zones: context.zones()) {
      return try runWeekly(schedule, snooze: input.weeklySchedule?.snooze, arguments, at: at)
    }
    let push = try pushQuery(arguments)
    let rule = try input.compile(savedAt: savedAt, zones: context.zones())
    var lines = ruleLines(input, rule)
    lines.append(label("At", TimeFormatting.instant(at, in: rule.schedule.zone)))
    lines += try stateLines(rule.schedule, at: at)
    if let push {
      lines += try decisionLines(rule, push: push, at: at)
    }
    print(lines.joined(separator: "\n"))
    return ExitStatus.success
  }

  /// The push described by `--kind`, `--platform` and `--online`, if any.
  static func pushQuery(_ arguments: Arguments) throws(CLIError) -> (
    kind: PushKind, target: Platform, online: [Platform]
  )? {
    guard let kindText = arguments[Option.kind] else {
      for option in [Option.platform, Option.online] where arguments[option] != nil {
        throw .usage("\(option.name) needs \(Option.kind.name) message|call")
      }
      return nil
    }
    guard let kind = PushKind(rawValue: kindText) else {
      throw .usage("\(Option.kind.name) \(quoted(kindText)) must be message or call")
    }
    let target = try platform(arguments.required(Option.platform), option: Option.platform.name)
    let online = try platforms(arguments[Option.online] ?? "", option: Option.online.name)
    return (kind, target, online)
  }

  /// Parses a platform name or number.
  static func platform(_ text: String, option: String) throws(CLIError) -> Platform {
    let trimmed = text.trimmingSpaces()
    guard let platform = Platform(parsing: trimmed) else {
      throw .usage("\(option) \(quoted(text)) is not a platform name or number (\(platformList))")
    }
    return platform
  }

  /// Parses a comma-separated platform list; empty or `none` is the empty list.
  static func platforms(_ text: String, option: String) throws(CLIError) -> [Platform] {
    if text.trimmingSpaces() == "none" { return [] }
    var result: [Platform] = []
    for item in text.split(separator: ",") where !String(item).trimmingSpaces().isEmpty {
      result.append(try platform(String(item), option: option))
    }
    return result
  }

  /// A line with a label column.
  static func label(_ name: String, _ text: String) -> String {
    name.padding(to: 10) + text
  }

  /// The rule: its DND window and, for a push rule, its switches and platform rule.
  static func ruleLines(_ input: RuleInput, _ rule: CompiledOfflinePushRule) -> [String] {
    var lines = [label("Rule", rule.schedule.description)]
    guard input.isPushRule else { return lines }
    let push = input.pushRule
    func onOff(_ value: Bool) -> String { value ? "on" : "off" }
    lines.append(
      label(
        "",
        "offline push \(onOff(push.offlinePushEnabled)), "
          + "messages \(onOff(push.messageOfflinePushEnabled)), "
          + "calls \(onOff(push.callOfflinePushEnabled))"))
    if push.notToReceiveOfflinePushPlatforms.isEmpty || push.onlinePlatforms.isEmpty {
      lines.append(label("", "no platform rule"))
    } else {
      let silenced = push.notToReceiveOfflinePushPlatforms.map(\.description)
      let online = push.onlinePlatforms.map(\.description)
      lines.append(
        label(
          "",
          "no offline push to \(silenced.joined(separator: ", ")) while the user is online "
            + "on \(online.joined(separator: ", "))"))
    }
    return lines
  }

  /// The do-not-disturb state at an instant, with the block or the next period.
  static func stateLines(_ schedule: DoNotDisturbSchedule, at: Int64) throws(CLIError) -> [String] {
    let zone = schedule.zone
    do {
      if let block = try schedule.blockContaining(at) {
        if block.start == .min && block.end == .max {
          return [label("DND", "on, all the time (a 24-hour window every day)")]
        }
        if block.end == .max {
          return [
            label("DND", "on, and it never ends"),
            label("", "from  \(TimeFormatting.instant(block.start, in: zone))"),
          ]
        }
        return [
          label("DND", "on, for another \(TimeFormatting.duration(block.end - at))"),
          label("", "from  \(TimeFormatting.instant(block.start, in: zone))"),
          label("", "until \(TimeFormatting.instant(block.end, in: zone))"),
        ]
      }
      guard let next = try schedule.period(containingOrAfter: at) else {
        return [label("DND", "off, and no period is coming")]
      }
      return [
        label("DND", "off; the next period starts in \(TimeFormatting.duration(next.start - at))"),
        label("", "from  \(TimeFormatting.instant(next.start, in: zone))"),
        label("", "until \(TimeFormatting.instant(next.end, in: zone))"),
      ]
    } catch {
      throw .input(error.description)
    }
  }

  /// The decision for a push and its explanation.
  static func decisionLines(
    _ rule: CompiledOfflinePushRule, push: (kind: PushKind, target: Platform, online: [Platform]),
    at: Int64
  ) throws(CLIError) -> [String] {
    let explanation: PushDecisionExplanation
    do {
      explanation = try rule.explain(
        kind: push.kind, target: push.target, online: PlatformSet(push.online), at: at)
    } catch {
      throw .input(error.description)
    }
    let decision = explanation.decision
    let online =
      push.online.isEmpty
      ? "the user online nowhere else"
      : "the user online on \(push.online.map(\.description).joined(separator: ", "))"
    var verdict = "deliver"
    if let reason = decision.reason {
      verdict = "suppress (\(reason))"
      if let until = decision.until {
        verdict += " until \(TimeFormatting.instant(until, in: rule.schedule.zone))"
      }
    }
    return [
      label("Push", "\(push.kind) to \(push.target), \(online)"),
      label("Decision", verdict),
      label("", explanation.description),
    ]
  }
}

extension String {
  /// The string padded with spaces to a width (never cut).
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}

import DNDSchedule
import OfflinePush
import ZoneInfo

/// A case where the function under test disagreed with the reference, as
/// ``ReferenceCheck`` found and shrank it. Its ``description`` is the failure message: the
/// shrunk rule and instant on the rule's wall clock, the nearest transition, what the
/// reference says, and the seed that replays the run.
public struct Counterexample: Sendable, CustomStringConvertible {
  /// The seed of the run.
  public let seed: UInt64
  /// Which generated case failed first (1-based).
  public let caseNumber: Int
  /// How many cases the run would have generated.
  public let cases: Int
  /// The generated case that failed.
  public let original: PushCase
  /// The simplest failing case found from it.
  public let shrunk: PushCase
  /// The reference's answer for ``shrunk``: whether in do-not-disturb, or whether the push
  /// goes out.
  public let expected: Bool
  /// The reference's answer for ``shrunk`` in words, such as `suppress (doNotDisturb) until
  /// 1773057600`.
  public let expectedAnswer: String
  /// The function's answer for ``shrunk`` in words.
  public let actualAnswer: String
  /// The transition of the rule's zone nearest the shrunk instant, if any.
  public let nearestTransition: ZoneTransition?
  /// What was compared.
  let property: ReferenceCheck.Property
  /// Readable forms of the rules and instants, made when the case was found.
  let text: [String]

  init(
    seed: UInt64, caseNumber: Int, cases: Int, property: ReferenceCheck.Property,
    original: PushCase, shrunk: PushCase, expected: Bool, expectedAnswer: String,
    actualAnswer: String, zones: ZoneDatabase
  ) {
    self.expectedAnswer = expectedAnswer
    self.actualAnswer = actualAnswer
    self.seed = seed
    self.caseNumber = caseNumber
    self.cases = cases
    self.property = property
    self.original = original
    self.shrunk = shrunk
    self.expected = expected
    let id = shrunk.rule.doNotDisturbRule.map { $0.timeZoneID.isEmpty ? "UTC" : $0.timeZoneID }
    let zone = (try? zones.zone(id ?? "UTC")) ?? Zone.utc
    let t = shrunk.query.instant
    let previous = try? zone.previousTransition(atOrBefore: t)
    let next = try? zone.nextTransition(after: t)
    let nearest = [previous, next].compactMap { $0 }.min {
      abs($0.instant - t) < abs($1.instant - t)
    }
    nearestTransition = nearest
    func rule(_ pushCase: PushCase) -> String {
      var parts: [String] = []
      if let dnd = pushCase.rule.doNotDisturbRule {
        let schedule = try? DoNotDisturbSchedule(rule: dnd, zones: zones)
        parts.append(schedule?.description ?? "\(dnd)")
      } else {
        parts.append("no do-not-disturb rule")
      }
      let push = pushCase.rule
      let off = [
        push.offlinePushEnabled ? nil : "offlinePushEnabled",
        push.messageOfflinePushEnabled ? nil : "messageOfflinePushEnabled",
        push.callOfflinePushEnabled ? nil : "callOfflinePushEnabled",
      ].compactMap { $0 }
      if !off.isEmpty { parts.append("off: " + off.joined(separator: ", ")) }
      if !push.notToReceiveOfflinePushPlatforms.isEmpty {
        parts.append(
          "no push to \(push.notToReceiveOfflinePushPlatforms) while online on "
            + "\(push.onlinePlatforms)")
      }
      if pushCase.rule.doNotDisturbRule?.repeatMode.isOneOff == true {
        parts.append("saved \((try? zone.iso8601(pushCase.savedAt)) ?? String(pushCase.savedAt))")
      }
      return parts.joined(separator: "; ")
    }
    func instant(_ t: Int64) -> String {
      let local = (try? zone.iso8601(t)) ?? String(t)
      let utc = (try? Zone.utc.iso8601(t)) ?? String(t)
      return local == utc ? "\(utc) (\(t))" : "\(local) = \(utc) (\(t))"
    }
    var lines = [
      "counterexample at case \(caseNumber) of \(cases), seed \(hex(seed)) (replay with this seed):",
      "  rule        " + rule(shrunk),
    ]
    if property != .doNotDisturb {
      let q = shrunk.query
      lines.append("  push        \(q.kind) to \(q.target), the user online on \(q.online)")
      if let preferences = q.preferences { lines.append("  preferences \(preferences)") }
      if let conversation = q.conversation { lines.append("  conversation \(conversation)") }
      if let message = q.message { lines.append("  message     \(message)") }
    }
    lines.append("  at          " + instant(t))
    if let nearest {
      let shift = nearest.wallClockShift
      let what =
        shift > 0
        ? "clocks go forward \(duration(Int64(shift)))"
        : shift < 0 ? "clocks go back \(duration(Int64(-shift)))" : "same offset"
      let offset = t - nearest.instant
      let relation =
        offset == 0
        ? "at the transition"
        : offset > 0
          ? "\(duration(offset)) after the transition"
          : "\(duration(-offset)) before the transition"
      func wall(_ offset: Int32) -> String {
        let text = (try? Zone.utc.iso8601(nearest.instant + Int64(offset))) ?? ""
        return text.dropLast() + Zone.formatOffset(offset)
      }
      lines.append(
        "  transition  \((try? Zone.utc.iso8601(nearest.instant)) ?? String(nearest.instant)): "
          + "\(wall(nearest.offsetBefore)) becomes \(wall(nearest.offsetAfter)) (\(what)); "
          + "the instant is \(relation)")
    }
    lines.append("  expected    \(expectedAnswer) (reference)")
    lines.append("  got         \(actualAnswer)")
    if shrunk != original {
      lines.append("  shrunk from " + rule(original) + " at " + instant(original.query.instant))
    }
    text = lines
  }

  /// The failure message, several lines.
  public var description: String { text.joined(separator: "\n") }
}

/// `0x5EED`-style hexadecimal, as seeds are written.
func hex(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16, uppercase: true)
}

/// `1h 30m`, `59s`.
func duration(_ seconds: Int64) -> String {
  var parts: [String] = []
  if seconds >= 86_400 { parts.append("\(seconds / 86_400)d") }
  if seconds % 86_400 >= 3_600 { parts.append("\(seconds % 86_400 / 3_600)h") }
  if seconds % 3_600 >= 60 { parts.append("\(seconds % 3_600 / 60)m") }
  if seconds % 60 != 0 || parts.isEmpty { parts.append("\(seconds % 60)s") }
  return parts.joined(separator: " ")
}

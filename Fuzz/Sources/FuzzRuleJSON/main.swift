// Fuzz target `rule-json`: arbitrary bytes as the JSON of an offline push rule and of a
// do-not-disturb rule. A typed RuleError, or a rule that round-trips, validates,
// saves, compiles and decides consistently against the system tzdata. The same bytes as a
// received push: a recall command's id builds a recall payload again, within APNs' limit and
// read back to the same id, or a typed RecallPayloadError (payloadTooLarge).
import DNDKitTesting
import DNDSchedule
import Foundation
import FuzzSupport
import OfflinePush
import PushRecall
import PushRecallReader
import ZoneInfo

let zones: ZoneDatabase = {
  guard let zones = fuzzZoneDatabase else {
    fatalError("no tzdata: set TZDIR or install /usr/share/zoneinfo")
  }
  return zones
}()

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  let json = Data(buffer: input)
  let probes = PropertyProbes(input, extra: 2)
  if let rule = decode(
    json,
    { (json) throws(RuleError) in
      try DoNotDisturbRule(jsonBytes: json)
    })
  {
    exerciseDND(rule, probes: probes)
  }
  if let rule = decode(
    json,
    { (json) throws(RuleError) in
      try OfflinePushRule(jsonBytes: json)
    })
  {
    exercisePush(rule, probes: probes)
  }
  exerciseRecall(json)
  return 0
}

/// A received recall command's id, rebuilt into a recall payload: one APNs accepts (at most
/// 4,096 bytes) that a device reads back to the same id, or a typed size error.
func exerciseRecall(_ payload: Data) {
  guard case .remove(let id, let removed) = RecallAction(payload: payload, delivered: []) else {
    return
  }
  require(removed.isEmpty, "a recall removed \(removed) from no delivered notification")
  let rebuilt = RecallCommandPayload(
    recalledMessageId: id,
    command: RCMessageInfo(
      conversationType: "PR", senderId: "u", targetId: "u", messageId: "c",
      objectName: RecallCommand.category),
    alertBody: "You received a message")
  do {
    let json = try rebuilt.jsonString()
    require(json.utf8.count <= PayloadSizeLimit.apnsRegularNotificationBytes, "\(json.utf8.count)")
    let again = try? RecallCommand(payload: json.utf8).recalledMessageId
    require(again.map { Array($0.unicodeScalars) } == Array(id.unicodeScalars), "id changed")
  } catch let error as RecallPayloadError {
    require(
      error.code == .payloadTooLarge && error.reason.hasSuffix("over 4096 bytes"), "\(error)")
  } catch {
    require(false, "building a recall payload threw \(error)")
  }
}

/// Decodes through the library's decoder; a failure must be a keyed `RuleError`.
func decode<T: Codable & Equatable>(
  _ json: Data, _ decoder: (Data) throws(RuleError) -> T
) -> T? {
  let value: T
  do {
    value = try decoder(json)
  } catch {
    _ = error.description
    return nil
  }
  do {
    let again = try decoder(try JSONEncoder().encode(value))
    require(again == value, "\(T.self) does not round-trip: \(value) became \(again)")
  } catch {
    require(false, "\(T.self) \(value) does not round-trip: \(error)")
  }
  return value
}

/// The save instants tried: a few probes and the first instant out of range on each side.
func saveInstants(_ probes: PropertyProbes) -> [Int64] {
  [probes.instants[0], probes.instants[probes.instants.count / 2], 1_773_025_200]
    + PropertyProbes.outOfRange
}

func exerciseDND(_ rule: DoNotDisturbRule, probes: PropertyProbes) {
  // A refusal lists at least one field, each with its reason.
  let compiled: DoNotDisturbSchedule?
  do {
    compiled = try DoNotDisturbSchedule(rule: rule, zones: zones)
  } catch {
    compiled = nil
    require(
      !error.errors.isEmpty && error.errors.allSatisfy { !$0.reason.isEmpty },
      "refused without a field error and its reason: \(error)")
  }
  if let compiled { properties.exerciseSchedule(compiled, probes: probes) }
  for savedAt in saveInstants(probes) {
    guard let saved = try? rule.savedAndCompiled(at: savedAt, zones: zones).rule else { continue }
    require(Zone.supportedInstants.contains(savedAt), "saved at \(savedAt), out of range")
    require(
      saved == (try? rule.savedAndCompiled(at: savedAt, zones: zones).rule),
      "saving is not deterministic")
    do {
      properties.exerciseSchedule(
        try DoNotDisturbSchedule(rule: saved, zones: zones), probes: probes)
    } catch {
      require(false, "\(saved) saved at \(savedAt) does not compile: \(error)")
    }
  }
}

func exercisePush(_ rule: OfflinePushRule, probes: PropertyProbes) {
  guard let compiled = try? CompiledOfflinePushRule(rule: rule, zones: zones) else {
    // Refused: its DND rule does not compile on its own, or a platform list breaks the
    // documented limits (checked here from the public constants, not by the library's check).
    let dnd = rule.doNotDisturbRule ?? DoNotDisturbRule()
    let lists = [rule.onlinePlatforms, rule.notToReceiveOfflinePushPlatforms]
    let listsInvalid = lists.contains { list in
      list.count > OfflinePushRule.maximumPlatformCount
        || list.contains { !OfflinePushRule.platformValues.contains($0.rawValue) }
    }
    require(
      (try? DoNotDisturbSchedule(rule: dnd, zones: zones)) == nil || listsInvalid,
      "a valid push rule does not compile")
    return
  }
  var targets = Set(rule.notToReceiveOfflinePushPlatforms.prefix(4))
  targets.formUnion([.iPhoneOS, .web, Platform(rawValue: 64), Platform(rawValue: -1)])
  let onlines = [
    PlatformSet(), PlatformSet(rule.onlinePlatforms), PlatformSet([.win, .macOS, .web]),
  ]
  for t in probes.sample + PropertyProbes.outOfRange {
    let inRange = Zone.supportedInstants.contains(t)
    let state = inRange ? (try? compiled.schedule.contains(t)) : nil
    let next = inRange ? (try? compiled.schedule.nextChange(after: t)) : nil
    for kind in PushKind.allCases {
      for target in targets {
        for online in onlines {
          let expected = expectedReason(rule, kind: kind, target: target, online: online)
          do {
            let decision = try compiled.decide(
              kind: kind, target: target, online: online, at: t)
            if let expected {
              require(decision == .suppress(expected, until: nil), "\(decision) \(expected)")
            } else if state == true {
              require(decision == .suppress(.doNotDisturb, until: next), "\(decision)")
            } else {
              require(decision == .deliver, "\(decision) at \(t), expected deliver")
            }
          } catch {
            require(expected == nil && !inRange, "decide threw \(error) at \(t)")
          }
        }
      }
    }
  }
  for savedAt in saveInstants(probes) {
    guard let saved = try? rule.savedAndCompiled(at: savedAt, zones: zones).rule else { continue }
    require(
      (try? CompiledOfflinePushRule(rule: saved, zones: zones)) != nil,
      "\(saved) saved at \(savedAt) does not compile")
  }
}

/// The reason the switches or the platform rule give, before do-not-disturb.
func expectedReason(
  _ rule: OfflinePushRule, kind: PushKind, target: Platform, online: PlatformSet
) -> SuppressionReason? {
  if !rule.offlinePushEnabled { return .offlinePushDisabled }
  if kind == .message && !rule.messageOfflinePushEnabled { return .messagePushDisabled }
  if kind == .call && !rule.callOfflinePushEnabled { return .callPushDisabled }
  if rule.notToReceiveOfflinePushPlatforms.contains(target),
    rule.onlinePlatforms.contains(where: { online.contains($0) })
  {
    return .platformRule
  }
  return nil
}

runFuzzer(testOneInput)

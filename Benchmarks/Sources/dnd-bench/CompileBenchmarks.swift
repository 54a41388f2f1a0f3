import DNDSchedule
import Foundation
import OfflinePush

/// Rule compile (zone cached), memory per compiled rule, and the cold path from JSON to a
/// decision with the decoding's share of it.
func measureCompileAndColdPath(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
  let zones = run.zones
  let pushRule = run.pushRule
  let compileCalls = run.quick ? 20_000 : 100_000
  let (compile, _) = Timing.measure(calls: compileCalls, rounds: run.rounds) {
    var count = 0
    for _ in 0..<compileCalls {
      if let rule = try? CompiledOfflinePushRule(rule: pushRule, zones: zones),
        rule.schedule.zone.identifier.utf8.count > 0
      {
        count += 1
      }
    }
    return count
  }
  results.compileNs = compile.median
  results.bytesPerCompiledRule = MemoryLayout<CompiledOfflinePushRule>.stride
  results.bytesPerCompiledSchedule = MemoryLayout<DoNotDisturbSchedule>.stride
  run.log("Rule compile (zone cached)                    \(format(compile.median))")
  run.log(
    "Bytes per compiled rule                       \(MemoryLayout<CompiledOfflinePushRule>.stride) (schedule alone \(MemoryLayout<DoNotDisturbSchedule>.stride); zone tables shared)"
  )

  // Cold path: JSON → decode → validate → compile → decide, and the decoding's share.
  let coldJSON = Data(
    #"{"onlinePlatforms":[1,4],"notToReceiveOfflinePushPlatforms":[2],"offlinePushEnabled":true,"messageOfflinePushEnabled":true,"callOfflinePushEnabled":true,"doNotDisturbRule":{"enabled":true,"startHour":22,"startMinute":0,"endHour":8,"endMinute":0,"repeatMode":2,"customRepeatDays":0,"onceEndTimestamp":0,"timeZoneID":"America/New_York"}}"#
      .utf8)
  let coldCalls = run.quick ? 5_000 : 20_000
  let online = run.online
  let nyInstants = run.nyInstants
  let (cold, decodeOnly, _) = Timing.measurePair(
    calls: coldCalls, rounds: run.rounds,
    {
      var count = 0
      for i in 0..<coldCalls {
        guard let rule = try? OfflinePushRule(jsonBytes: coldJSON),
          let compiled = try? CompiledOfflinePushRule(rule: rule, zones: zones),
          let d = try? compiled.decide(
            kind: .message, target: .iPhoneOS, online: online, at: nyInstants[i & 4095])
        else { continue }
        if d.delivers { count += 1 }
      }
      return count
    },
    {
      // The same decoding step alone (OfflinePushRule(jsonBytes:), the strict reader).
      var count = 0
      for _ in 0..<coldCalls
      where (try? OfflinePushRule(jsonBytes: coldJSON)) != nil {
        count += 1
      }
      return count
    })
  // The decoding step timed alone is within noise of the whole path, so its share is taken as
  // what the path spends outside compile and decide (both timed above, far more precisely).
  let decoderShare =
    max(0, cold.median - (compile.median + results.decisionNs)) / cold.median
  results.coldPathNs = cold.median
  results.coldPathDecodeAloneNs = decodeOnly.median
  results.coldPathJSONDecoderShare = decoderShare
  run.log(
    "Cold path (JSON → decide)                     \(format(cold.median)), "
      + "\(String(format1: 100 * decoderShare))% in decoding (decoding alone "
      + "\(format(decodeOnly.median)))")
}

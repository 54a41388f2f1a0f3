import BatchEvaluation
import DNDSchedule
import Foundation
import OfflinePush

/// The wire figures, under the keys of the benchmark's JSON: decoding a rule document with the
/// strict reader against `JSONDecoder` and against a byte-scan floor, the document to a
/// compiled rule, `dnd eval` on distinct against repeating rules, and the writer against
/// `JSONEncoder`; each pair timed in alternating rounds.
struct WireResults: Codable {
  /// The documents' mean size.
  var wireDocumentBytes = 0
  var wireDocuments = 0
  /// `OfflinePushRule(jsonBytes:)`, per document.
  var wireDecodeNs = 0.0
  /// `JSONDecoder().decode(OfflinePushRule.self, from:)` on the same documents: the plain
  /// `Codable` conformance, for interop, not strict (a baseline, not a second reader).
  var wireDecodeJSONDecoderNs = 0.0
  /// JSONDecoder's time over the reader's (no target: a baseline; it was at least 30 while
  /// the conformance went through the strictness layer, which is gone).
  var wireDecodeSpeedupVsJSONDecoder = 0.0
  /// A loop that reads every byte of the same documents and counts structural characters.
  var wireByteScanFloorNs = 0.0
  /// The reader's time over the floor's (target: at most 3).
  var wireDecodeVsFloor = 0.0
  /// `OfflinePushRule.savedAndCompiled(jsonBytes:at:zones:)`, the save step: decode, save,
  /// compile, and the saved rule.
  var wireDocumentToCompiledNs = 0.0
  /// Over the decoding alone, timed beside it (target: at most 2).
  var wireDocumentToCompiledVsDecode = 0.0
  /// `CompiledOfflinePushRule(jsonBytes:zones:)`, the load step: decode, compile.
  var wireStoredDocumentToCompiledNs = 0.0
  /// Over the decoding alone, timed beside it (target: at most 2).
  var wireStoredDocumentToCompiledVsDecode = 0.0
  /// `dnd eval`'s engine on push queries whose rules are all distinct, and on the same
  /// queries with 200 rules repeating, lines per second on one core.
  var evalQueries = 0
  var evalDistinctLinesPerSecond = 0.0
  var evalRepeatingLinesPerSecond = 0.0
  /// Distinct over repeating (target: at least 0.5).
  var evalDistinctVsRepeating = 0.0
  /// `jsonBytes()`, per rule, and `JSONEncoder` with `.sortedKeys` on the same rules.
  var wireEncodeNs = 0.0
  var wireEncodeJSONEncoderNs = 0.0
  /// JSONEncoder's time over the writer's (target: at least 10).
  var wireEncodeSpeedupVsJSONEncoder = 0.0
}

/// Distinct ZIM rule documents of about 350 bytes, as clients send them: every field present,
/// the values varying with `index` (so that no two documents of one run are equal), zones
/// drawn from a list of common ones.
func wireDocument(_ index: Int) -> [UInt8] {
  let zones = [
    "Asia/Shanghai", "America/Los_Angeles", "Europe/Berlin", "America/Sao_Paulo", "Asia/Kolkata",
    "America/New_York", "Europe/London", "Asia/Tokyo", "Australia/Sydney", "Africa/Cairo",
    "Asia/Singapore", "Europe/Moscow", "America/Mexico_City", "Asia/Dubai", "Asia/Jakarta",
    "America/Chicago",
  ]
  let platforms = [1, 2, 3, 4, 5, 6, 7, 9, 10, 32]
  let text = #"""
    {"onlinePlatforms":[\#(platforms[index % 10]),\#(platforms[(index / 10) % 10])],"notToReceiveOfflinePushPlatforms":[2,\#(platforms[(index / 7) % 10])],"offlinePushEnabled":true,"messageOfflinePushEnabled":\#(index % 5 != 0),"callOfflinePushEnabled":true,"doNotDisturbRule":{"enabled":true,"startHour":\#(index % 24),"startMinute":\#((index / 24) % 60),"endHour":\#((index / 7) % 24),"endMinute":\#((index / 3) % 60),"repeatMode":\#([2, 3, 2, 1][index % 4]),"customRepeatDays":\#(index % 127 + 1),"onceEndTimestamp":\#(1_772_982_000 + index),"timeZoneID":"\#(zones[index % zones.count])"}}
    """#
  return Array(text.utf8)
}

func measureWire(_ run: BenchmarkRun) -> WireResults {
  var results = WireResults()
  let zones = run.zones
  let count = run.quick ? 4_000 : 20_000
  let documents = (0..<count).map(wireDocument)
  let data = documents.map { Data($0) }
  results.wireDocuments = count
  results.wireDocumentBytes = documents.reduce(0) { $0 + $1.count } / count
  let rounds = max(run.rounds, 5)

  // The reader and JSONDecoder must agree before either is timed.
  let decoder = JSONDecoder()
  var rules: [OfflinePushRule] = []
  for (bytes, document) in zip(documents, data) {
    guard let rule = try? OfflinePushRule(jsonBytes: bytes),
      (try? decoder.decode(OfflinePushRule.self, from: document)) == rule
    else {
      fail("the reader and JSONDecoder disagree on \(String(decoding: bytes, as: UTF8.self))")
    }
    rules.append(rule)
  }

  let decode = {
    var checksum = 0
    for bytes in documents {
      if let rule = try? OfflinePushRule(jsonBytes: bytes) {
        checksum &+= rule.onlinePlatforms.count
      }
    }
    return checksum
  }
  let (reader, foundation, _) = Timing.measurePair(
    calls: count, rounds: rounds, decode,
    {
      var checksum = 0
      for document in data {
        if let rule = try? decoder.decode(OfflinePushRule.self, from: document) {
          checksum &+= rule.onlinePlatforms.count
        }
      }
      return checksum
    })
  results.wireDecodeNs = reader.median
  results.wireDecodeJSONDecoderNs = foundation.median
  results.wireDecodeSpeedupVsJSONDecoder = foundation.median / reader.median

  let (readerBesideFloor, floor, _) = Timing.measurePair(
    calls: count, rounds: rounds, decode,
    {
      // Every byte read, the structural ones counted: what any reader of the text costs.
      var checksum = 0
      for bytes in documents {
        for byte in bytes {
          switch byte {
          case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\""):
            checksum &+= 1
          default: break
          }
        }
      }
      return checksum
    })
  results.wireByteScanFloorNs = floor.median
  results.wireDecodeVsFloor = readerBesideFloor.median / floor.median

  let savedAt: Int64 = 1_772_982_000
  let (compiled, readerBesideCompiled, _) = Timing.measurePair(
    calls: count, rounds: rounds,
    {
      var checksum = 0
      for bytes in documents {
        if let saved = try? OfflinePushRule.savedAndCompiled(
          jsonBytes: bytes, at: savedAt, zones: zones)
        {
          checksum &+= saved.compiled.schedule.zone.identifier.utf8.count
        }
      }
      return checksum
    }, decode)
  results.wireDocumentToCompiledNs = compiled.median
  results.wireDocumentToCompiledVsDecode = compiled.median / readerBesideCompiled.median

  let (loaded, readerBesideLoaded, _) = Timing.measurePair(
    calls: count, rounds: rounds,
    {
      var checksum = 0
      for bytes in documents {
        if let rule = try? CompiledOfflinePushRule(jsonBytes: bytes, zones: zones) {
          checksum &+= rule.schedule.zone.identifier.utf8.count
        }
      }
      return checksum
    }, decode)
  results.wireStoredDocumentToCompiledNs = loaded.median
  results.wireStoredDocumentToCompiledVsDecode = loaded.median / readerBesideLoaded.median

  // dnd eval: push queries, every rule distinct, against the same queries with 200 rules.
  let queries = run.quick ? 40_000 : 200_000
  func line(_ rule: [UInt8], _ index: Int) -> [UInt8] {
    Array(#"{"pushRule":"#.utf8) + rule
      + Array(#","kind":"message","platform":2,"at":\#(1_772_990_000 + index * 37)}"#.utf8)
  }
  // The whole read-answer-write loop of `dnd eval`, from a file of query lines to a file of
  // answers, both in the temporary directory.
  let prefix = NSTemporaryDirectory() + "/dnd-bench-\(ProcessInfo.processInfo.processIdentifier)"
  func write(_ lines: [[UInt8]], _ name: String) -> String {
    let path = "\(prefix)-\(name).jsonl"
    guard
      FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: [0x0A])))
    else { fail("cannot write \(path)") }
    return path
  }
  let distinct = write((0..<queries).map { line(wireDocument($0), $0) }, "distinct")
  let repeating = write((0..<queries).map { line(wireDocument($0 % 200), $0) }, "repeating")
  let answers = "\(prefix)-answers.jsonl"
  func evaluate(_ path: String) -> Int {
    // A fresh engine: no rule of one round is cached for the next.
    var engine = EvalEngine(zones: zones)
    guard let input = FileHandle(forReadingAtPath: path),
      FileManager.default.createFile(atPath: answers, contents: nil),
      let output = FileHandle(forWritingAtPath: answers)
    else { fail("cannot open \(path) or \(answers)") }
    defer {
      try? input.close()
      try? output.close()
    }
    let end = EvalStream.run(
      engine: &engine, input: input.fileDescriptor, output: output.fileDescriptor)
    guard end == .finished else { fail("dnd eval over \(path): \(end)") }
    return Int((try? output.offset()) ?? 0)
  }
  let (distinctTime, repeatingTime, _) = Timing.measurePair(
    calls: queries, rounds: run.quick ? 3 : 5, { evaluate(distinct) }, { evaluate(repeating) })
  for path in [distinct, repeating, answers] { try? FileManager.default.removeItem(atPath: path) }
  results.evalQueries = queries
  results.evalDistinctLinesPerSecond = 1e9 / distinctTime.median
  results.evalRepeatingLinesPerSecond = 1e9 / repeatingTime.median
  results.evalDistinctVsRepeating = repeatingTime.median / distinctTime.median

  // The writer must write JSONEncoder's bytes before either is timed.
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  for rule in rules where (try? encoder.encode(rule)).map(Array.init) != rule.jsonBytes() {
    fail("jsonBytes() and JSONEncoder differ on \(rule)")
  }
  let (writer, foundationWriter, _) = Timing.measurePair(
    calls: count, rounds: rounds,
    {
      var checksum = 0
      for rule in rules { checksum &+= rule.jsonBytes().count }
      return checksum
    },
    {
      var checksum = 0
      for rule in rules { checksum &+= (try? encoder.encode(rule))?.count ?? 0 }
      return checksum
    })
  results.wireEncodeNs = writer.median
  results.wireEncodeJSONEncoderNs = foundationWriter.median
  results.wireEncodeSpeedupVsJSONEncoder = foundationWriter.median / writer.median

  run.log("")
  run.log("Wire (\(count) distinct ZIM rule documents of \(results.wireDocumentBytes) bytes)")
  run.log(
    "Decode, strict reader                         \(format(reader.median)) "
      + "(JSONDecoder \(format(foundation.median)), "
      + "\(String(format1: results.wireDecodeSpeedupVsJSONDecoder))x)")
  run.log(
    "Decode over the byte-scan floor               \(String(format1: results.wireDecodeVsFloor))x "
      + "(floor \(format(floor.median)))")
  run.log(
    "Document → compiled rule (decode, save, compile) \(format(compiled.median)) "
      + "(\(String(format1: results.wireDocumentToCompiledVsDecode))x the decode)")
  run.log(
    "Stored document → compiled rule (decode, compile) \(format(loaded.median)) "
      + "(\(String(format1: results.wireStoredDocumentToCompiledVsDecode))x the decode)")
  run.log(
    "dnd eval, \(queries) push queries               distinct rules "
      + "\(Int(results.evalDistinctLinesPerSecond)) lines/s, 200 repeating "
      + "\(Int(results.evalRepeatingLinesPerSecond)) lines/s "
      + "(\(String(format1: 100 * results.evalDistinctVsRepeating))%)")
  run.log(
    "Encode, jsonBytes()                           \(format(writer.median)) "
      + "(JSONEncoder \(format(foundationWriter.median)), "
      + "\(String(format1: results.wireEncodeSpeedupVsJSONEncoder))x, byte-identical)")
  return results
}

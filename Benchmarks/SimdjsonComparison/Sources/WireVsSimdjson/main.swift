import CSimdjsonDecode
import Dispatch
import OfflinePush
import ZoneInfo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// DNDKit's reader beside simdjson On-Demand on dnd-bench's rule documents, in one process:
// rounds alternate simdjson, `OfflinePushRule(jsonBytes:)` and
// `OfflinePushRule.savedAndCompiled(jsonBytes:at:zones:)` (decode, save, compile), so that a change
// of the machine's speed affects all three; it prints each one's median and the medians of the
// per-round ratios.

/// dnd-bench's documents (`wireDocument` in Benchmarks/Sources/dnd-bench/WireBenchmarks.swift).
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

let arguments = CommandLine.arguments.dropFirst()
let count = 20_000
let rounds = arguments.first.flatMap { Int($0) } ?? 21
let documents = (0..<count).map(wireDocument)
var bytes: [UInt8] = []
var offsets: [Int] = [0]
for document in documents {
  bytes += document
  offsets.append(bytes.count)
}

let zones = try ZoneDatabase(root: ZoneDatabase.defaultRoot)
let savedAt: Int64 = 1_772_982_000

func decodeAll() -> Int {
  var checksum = 0
  for document in documents {
    guard let rule = try? OfflinePushRule(jsonBytes: document) else { return -1 }
    checksum &+= rule.onlinePlatforms.count &+ (rule.doNotDisturbRule?.timeZoneID.utf8.count ?? 0)
  }
  return checksum
}

func compileAll() -> Int {
  var checksum = 0
  for document in documents {
    guard
      let saved = try? OfflinePushRule.savedAndCompiled(
        jsonBytes: document, at: savedAt, zones: zones)
    else { return -1 }
    checksum &+= saved.compiled.schedule.zone.identifier.utf8.count
  }
  return checksum
}

// `count`: DNDKit's two passes once each, untimed, for callgrind
// (`--toggle-collect='*decodeAll*'`, `'*compileAll*'`; valgrind runs no AVX-512, so the
// simdjson side is counted with a harness built for haswell, see Benchmarks/NOTES.md).
if arguments.first == "count" {
  print("checksums \(decodeAll()) \(compileAll())")
  exit(0)
}

let prepared = bytes.withUnsafeBufferPointer { buffer in
  offsets.withUnsafeBufferPointer { sj_prepare(buffer.baseAddress, $0.baseAddress, count) }
}

// Both readers must read the same fields before either is timed.
let simdjsonChecksum = sj_decode_all(prepared)
let decodeChecksum = decodeAll()
guard simdjsonChecksum == decodeChecksum, compileAll() > 0 else {
  print("the readers disagree: simdjson \(simdjsonChecksum), DNDKit \(decodeChecksum)")
  exit(1)
}

func time(_ body: () -> Int) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  let checksum = body()
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  if checksum == 42 { print("") }
  return elapsed
}

var simdjson: [Double] = []
var decode: [Double] = []
var compile: [Double] = []
var decodeRatio: [Double] = []
var compileRatio: [Double] = []
for _ in 0..<rounds {
  let s = time { sj_decode_all(prepared) }
  let d = time(decodeAll)
  let s2 = time { sj_decode_all(prepared) }
  let c = time(compileAll)
  simdjson += [s, s2]
  decode.append(d)
  compile.append(c)
  decodeRatio.append(d / s)
  compileRatio.append(c / s2)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func text(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
print(
  "\(count) documents of \(bytes.count / count) bytes, \(rounds) alternated rounds; medians: "
    + "simdjson On-Demand \(text(median(simdjson))) ns, decode \(text(median(decode))) ns "
    + "(\(text(median(decodeRatio)))× simdjson, per-round ratios \(text(decodeRatio.min() ?? 0))–"
    + "\(text(decodeRatio.max() ?? 0))), decode + save + compile \(text(median(compile))) ns "
    + "(\(text(median(compileRatio)))× simdjson, \(text(compileRatio.min() ?? 0))–"
    + "\(text(compileRatio.max() ?? 0)))")

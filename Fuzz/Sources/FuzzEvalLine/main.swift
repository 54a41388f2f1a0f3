// Fuzz target `eval-line`: arbitrary bytes as the standard input of `dnd eval`.
//
// The line handler is the BatchEvaluation library, the same code `dnd eval` runs. Each input
// is checked twice:
// - line by line, the fast parser's answer must equal the general parser's, byte for byte,
//   for every line the fast parser takes (the contract in EvalFastParser.swift);
// - as a stream through `EvalStream.run`, exactly one JSON object line comes out per line in.
import BatchEvaluation
import DNDSchedule
import Foundation
import FuzzSupport
import OfflinePush
import ZoneInfo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

let zones: ZoneDatabase = {
  guard let zones = fuzzZoneDatabase else {
    fatalError("no tzdata: set TZDIR or install /usr/share/zoneinfo")
  }
  return zones
}()

/// The engine of the stream run and of the fast path: its rule caches live across inputs, as
/// they live across lines in the tool.
nonisolated(unsafe) var cachedEngine = EvalEngine(zones: zones)
/// The general parser alone, as `dnd eval --no-cache` runs it.
nonisolated(unsafe) var generalEngine = EvalEngine(zones: zones, usesFastPath: false)

/// Scratch files standing in for standard input and output.
nonisolated(unsafe) let inputFile: Int32 = scratchFile()
nonisolated(unsafe) let outputFile: Int32 = scratchFile()

func scratchFile() -> Int32 {
  guard let file = tmpfile() else { fatalError("tmpfile: \(String(cString: strerror(errno)))") }
  return dup(fileno(file))
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  compareParsers(input)
  checkStream(input)
  return 0
}

/// The answer with the fast path and the caches equals the general parser's for every line
/// (a line the fast path does not take goes to the general parser in both).
func compareParsers(_ input: UnsafeBufferPointer<UInt8>) {
  var start = 0
  while start <= input.count {
    var end = start
    while end < input.count && input[end] != 0x0A { end += 1 }
    var line = UnsafeBufferPointer(rebasing: input[start..<end])
    if let last = line.last, last == 0x0D {
      line = UnsafeBufferPointer(rebasing: line.dropLast())
    }
    let cached = cachedEngine.answer(line)
    let general = generalEngine.answer(line)
    require(
      cached == general,
      "fast path and general parser differ on \(String(decoding: line, as: UTF8.self)):\n"
        + "fast:    \(cached)\ngeneral: \(general)")
    start = end + 1
  }
}

/// One JSON object line out per line in, through the tool's read-answer-write loop.
func checkStream(_ input: UnsafeBufferPointer<UInt8>) {
  guard ftruncate(inputFile, 0) == 0, ftruncate(outputFile, 0) == 0,
    input.isEmpty || pwrite(inputFile, input.baseAddress, input.count, 0) == input.count,
    lseek(inputFile, 0, SEEK_SET) == 0, lseek(outputFile, 0, SEEK_SET) == 0
  else { fatalError("scratch file: \(String(cString: strerror(errno)))") }
  let end = EvalStream.run(engine: &cachedEngine, input: inputFile, output: outputFile)
  require(end == .finished, "the stream ended with \(end)")
  let written = Int(lseek(outputFile, 0, SEEK_END))
  var output = [UInt8](repeating: 0, count: written)
  let read = output.withUnsafeMutableBytes { pread(outputFile, $0.baseAddress, written, 0) }
  require(read == written, "short read of the output")
  var expected = input.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  if let last = input.last, last != 0x0A { expected += 1 }
  let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
  require(output.last == 0x0A || output.isEmpty, "the output does not end with a newline")
  require(lines.count == expected, "\(lines.count) answers to \(expected) lines")
  for line in lines {
    let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
    require(
      object?["error"] != nil || object?["inDoNotDisturb"] != nil || object?["deliver"] != nil
        || object?["quiet"] != nil,
      "not an answer object: \(String(decoding: line, as: UTF8.self))")
  }
}

runFuzzer(testOneInput)

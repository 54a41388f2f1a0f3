#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dnd eval`: batch evaluation for programs, JSON Lines in, JSON Lines out.
enum EvalCommand {
  static let spec = OptionSpec(flags: ["--no-cache"])

  /// The longest line read; a longer one is answered with an `invalidJSON` error and skipped.
  static let maximumLineLength = 1 << 20

  static let help = """
    Usage: dnd eval [--no-cache] < queries.jsonl > answers.jsonl

    Reads JSON Lines on standard input and writes exactly one JSON line per input line, in
    order, as it goes: every answer to the lines read so far is written before waiting for
    more input. A bad line gets an error line and the stream goes on.

    DND query:
      {"rule": <doNotDisturbRule>, "at": <unix seconds>, "savedAt": <unix seconds, optional>}
      answer: {"inDoNotDisturb": true|false, "nextChange": <unix seconds or null>}
    Push query:
      {"pushRule": <offlinePushRule>, "kind": "message"|"call", "platform": <number>,
       "onlinePlatforms": [<number>…] (default []), "at": <unix seconds>,
       "savedAt": <optional>}
      answer: {"deliver": true|false, "reason": null|"offlinePushDisabled"|
               "messagePushDisabled"|"callPushDisabled"|"platformRule"|"doNotDisturb",
               "until": <unix seconds or null>}
      (until is the end of the do-not-disturb block when the reason is doNotDisturb)
    With savedAt, the rule is first saved (normalized) at that instant, which computes
    onceEndTimestamp for once (1) and unknown (0) rules as the server does.

    Error line: {"error": {"code": "<code>", "message": "<text naming the field and value>"}}
      invalidJSON              the line is not JSON (or is empty, or longer than 1 MiB), or
                               a rule value has the wrong JSON type
      invalidQuery             JSON, but not a query: not an object, no rule or both rules,
                               at/savedAt/kind/platform/onlinePlatforms missing or ill-typed
      invalidHour, invalidMinute, invalidRepeatMode, invalidCustomRepeatDays,
      invalidTimeZone, missingOnceEnd
                               a rule field is invalid; with several, the code is the first
                               one's and the message lists them all
      invalidInstant           at, savedAt or onceEndTimestamp outside years -9999...9999

    Example:
      echo '{"rule": {"enabled": true, "startHour": 22, "startMinute": 0, "endHour": 8, \\
        "endMinute": 0, "repeatMode": 2, "customRepeatDays": 0, "onceEndTimestamp": 0, \\
        "timeZoneID": "America/New_York"}, "at": 1773025200}' | dnd eval

    Options:
      --no-cache   decode every line with the general JSON decoder and compile every rule
                   afresh (slower; for cross-checking the fast path)
      -h, --help   show this help

    Exit status: 0 when the input was read through, even if some lines had errors; 1 when
    standard input or output failed; 2 for bad usage.
    """

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    var engine = EvalEngine(zones: try context.zones(), usesFastPath: !arguments.has("--no-cache"))
    return run(engine: &engine, input: 0, output: 1)
  }

  /// Runs the read-answer-write loop.
  ///
  /// - Parameters:
  ///   - engine: The engine answering lines.
  ///   - input: The file descriptor to read.
  ///   - output: The file descriptor to write.
  /// - Returns: The exit status.
  static func run(engine: inout EvalEngine, input: Int32, output: Int32) -> Int32 {
    var storage = [UInt8](repeating: 0, count: 1 << 18)
    var filled = 0
    var discarding = false
    var out = ByteWriter()
    let tooLong = EvalAnswer.error(
      EvalError(
        code: EvalError.invalidJSON,
        message: "invalid JSON: the line is longer than \(maximumLineLength) bytes"))

    func answer(_ line: UnsafeBufferPointer<UInt8>) {
      var line = line
      if let last = line.last, last == 0x0D {
        line = UnsafeBufferPointer(rebasing: line.dropLast())
      }
      if line.count > maximumLineLength {
        tooLong.write(to: &out)
      } else {
        engine.answer(line).write(to: &out)
      }
    }

    while true {
      guard out.flush(to: output) else { return ExitStatus.checkFailed }
      if filled == storage.count {
        if filled <= maximumLineLength {
          storage += [UInt8](repeating: 0, count: storage.count)
        } else {
          discarding = true
          filled = 0
        }
      }
      let received = storage.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return read(input, base + filled, buffer.count - filled)
      }
      if received < 0 {
        if errno == EINTR { continue }
        printError(
          "dnd eval: error: cannot read standard input: \(String(cString: strerror(errno)))")
        return ExitStatus.checkFailed
      }
      if received == 0 {
        if discarding {
          tooLong.write(to: &out)
        } else if filled > 0 {
          storage.withUnsafeBufferPointer { answer(UnsafeBufferPointer(rebasing: $0[0..<filled])) }
        }
        return out.flush(to: output) ? ExitStatus.success : ExitStatus.checkFailed
      }
      let scanFrom = filled
      filled += received
      var lineStart = 0
      storage.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var position = scanFrom
        while position < filled,
          let found = memchr(base + position, 0x0A, filled - position)
        {
          position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if discarding {
            tooLong.write(to: &out)
            discarding = false
          } else {
            answer(UnsafeBufferPointer(rebasing: buffer[lineStart..<position]))
          }
          position += 1
          lineStart = position
          if out.count >= 1 << 16 { _ = out.flush(to: output) }
        }
      }
      if discarding {
        filled = 0
      } else if lineStart > 0 {
        let remaining = filled - lineStart
        storage.withUnsafeMutableBytes { buffer in
          guard let base = buffer.baseAddress else { return }
          memmove(base, base + lineStart, remaining)
        }
        filled = remaining
      }
    }
  }
}

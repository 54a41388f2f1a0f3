import StrictJSON
import SystemInterface

/// The read-answer-write loop of `dnd eval`: JSON Lines from one file descriptor, one answer
/// line per input line to another, written as it goes.
public enum EvalStream {
  /// The longest line read; a longer one is answered with an `invalidJSON` error and skipped.
  package static let maximumLineLength = 1 << 20

  /// How a run ended.
  public enum End: Equatable, Sendable {
    /// The input was read through and every answer written.
    case finished
    /// Reading the input failed with this `errno`.
    case readFailed(errno: Int32)
    /// Writing an answer failed with this `errno` (a closed pipe, a full disk); answers from
    /// the failed write on are missing.
    case writeFailed(errno: Int32)
  }

  /// Runs the read-answer-write loop.
  ///
  /// - Parameters:
  ///   - engine: The engine answering lines.
  ///   - input: The file descriptor to read.
  ///   - output: The file descriptor to write.
  /// - Returns: How the run ended.
  public static func run(engine: inout EvalEngine, input: Int32, output: Int32) -> End {
    var storage = [UInt8](repeating: 0, count: 1 << 18)
    var filled = 0
    var discarding = false
    var out = JSONWriter(capacity: 1 << 17)
    let tooLong = EvalAnswer.error(
      EvalError(
        code: .invalidJSON,
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
      let failure = out.flush(to: output)
      if failure != 0 { return .writeFailed(errno: failure) }
      if filled == storage.count {
        if filled <= maximumLineLength {
          storage += [UInt8](repeating: 0, count: storage.count)
        } else {
          discarding = true
          filled = 0
        }
      }
      let result = storage.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in
          try Syscalls.read(input, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        }
      }
      let received: Int
      switch result {
      case .success(let count): received = count
      case .failure(let error): return .readFailed(errno: error.code)
      }
      if received == 0 {
        if discarding {
          tooLong.write(to: &out)
        } else if filled > 0 {
          storage.withUnsafeBufferPointer { answer(UnsafeBufferPointer(rebasing: $0[0..<filled])) }
        }
        let failure = out.flush(to: output)
        return failure == 0 ? .finished : .writeFailed(errno: failure)
      }
      let scanFrom = filled
      filled += received
      var lineStart = 0
      var writeFailure: Int32 = 0
      storage.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var position = scanFrom
        while position < filled,
          let offset = RawMemory.firstOffset(
            of: 0x0A, in: base + position, count: filled - position)
        {
          position += offset
          if discarding {
            tooLong.write(to: &out)
            discarding = false
          } else {
            answer(UnsafeBufferPointer(rebasing: buffer[lineStart..<position]))
          }
          position += 1
          lineStart = position
          if out.bytes.count >= 1 << 16 {
            writeFailure = out.flush(to: output)
            if writeFailure != 0 { return }
          }
        }
      }
      // Stop at the first failed write: an answer lost must not be followed by later ones.
      if writeFailure != 0 { return .writeFailed(errno: writeFailure) }
      if discarding {
        filled = 0
      } else if lineStart > 0 {
        let remaining = filled - lineStart
        storage.withUnsafeMutableBytes { buffer in
          guard let base = buffer.baseAddress else { return }
          // Overlapping regions: copyMemory moves as memmove does.
          base.copyMemory(from: base + lineStart, byteCount: remaining)
        }
        filled = remaining
      }
    }
  }
}

extension JSONWriter {
  /// Writes everything to a file descriptor and empties the buffer.
  ///
  /// A non-blocking descriptor that is not ready is waited for, so every byte is written, in
  /// order, or the write failed.
  ///
  /// - Parameter descriptor: The file descriptor, such as 1 for standard output.
  /// - Returns: 0 when everything was written, else the `errno` of the failed write (a closed
  ///   pipe, a full disk).
  fileprivate mutating func flush(to descriptor: Int32) -> Int32 {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(Errno) in try Syscalls.writeAll(descriptor, buffer) }
    }
    bytes.removeAll(keepingCapacity: true)
    if case .failure(let error) = result { return error.code }
    return 0
  }
}

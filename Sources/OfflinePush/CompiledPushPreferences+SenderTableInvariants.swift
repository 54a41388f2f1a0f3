// The invariant walkers are for the tests (debug builds): a release build of the library,
// which a server or an app links, carries none of them.
#if DEBUG
  extension CompiledPushPreferences.SenderTable {
    /// The invariants of the buffer that its look-up relies on, each broken one named (none for
    /// a well-formed table): the header's layout and the elements right after it, the layout the
    /// header describes, at least one run per ID (and no more than twice as many), the filter's
    /// bits exactly the IDs' hash bits, the IDs sorted by hash then bytes with each ID once (the
    /// order the look-up binary-searches), and each run's hashes between its directory bounds.
    func invariantViolations() -> [String] {
      guard let base, let storage else {
        return base == nil && storage == nil ? [] : ["the header pointer without its buffer"]
      }
      var violations: [String] = []
      // The look-up reads the elements one header's stride past the header, through the pointer
      // the table keeps: both must be where the buffer has them.
      if !Self.headerIsWholeWords {
        violations.append(
          "the header is \(MemoryLayout<Header>.size) bytes (stride "
            + "\(MemoryLayout<Header>.stride), alignment \(MemoryLayout<Header>.alignment)), "
            + "not eight aligned words")
      }
      let (header, words) = storage.withUnsafeMutablePointers {
        (UnsafeRawPointer($0), UnsafeRawPointer($1))
      }
      if header != UnsafeRawPointer(base) {
        violations.append("the table's pointer is not its header")
      }
      if words != Self.elements(base) {
        violations.append("the elements are not right after the header")
      }
      guard violations.isEmpty else { return violations }
      let elements = Self.elements(base)
      let fields = base.pointee
      let count = fields.count
      let runBits = 64 - fields.runShift
      guard count > 0, runBits >= 1, runBits < 32 else {
        return ["\(count) IDs with \(runBits) directory bits"]
      }
      let runs = 1 << runBits
      if runs < count { violations.append("\(runs) runs for \(count) IDs: fewer runs than IDs") }
      if count > 1, runs >= 2 * count {
        violations.append("\(runs) runs for \(count) IDs: more than the power of two needed")
      }
      let filterBits = fields.filterMask + 1
      if filterBits != max(64, 16 * runs) {
        violations.append("\(filterBits) filter bits for \(runs) runs, not max(64, 16 per run)")
      }
      let layout: [(name: String, offset: Int, expected: Int)] = [
        ("hashes", fields.hashesOffset, filterBits / 8),
        ("ends", fields.endsOffset, fields.hashesOffset + 8 * (count + Self.probeWidth - 1)),
        ("directory", fields.directoryOffset, fields.endsOffset + 4 * count),
        ("text", fields.textOffset, fields.directoryOffset + 4 * (runs + 1)),
      ]
      for part in layout where part.offset != part.expected {
        violations.append("the \(part.name) start at \(part.offset), not \(part.expected)")
      }
      if fields.byteCount > 8 * storage.capacity {
        violations.append("\(fields.byteCount) bytes in a buffer of \(storage.capacity) words")
      }
      guard violations.isEmpty else { return violations }
      let hashes = elements + fields.hashesOffset
      let ends = elements + fields.endsOffset
      let directory = elements + fields.directoryOffset
      let text = elements + fields.textOffset
      func hash(_ index: Int) -> UInt64 { hashes.load(fromByteOffset: 8 * index, as: UInt64.self) }
      func end(_ index: Int) -> Int {
        index < 0 ? 0 : Int(ends.load(fromByteOffset: 4 * index, as: UInt32.self))
      }
      func runStart(_ run: Int) -> Int {
        Int(directory.load(fromByteOffset: 4 * run, as: UInt32.self))
      }
      if fields.textOffset + end(count - 1) != fields.byteCount {
        violations.append("the IDs' bytes end at \(end(count - 1)), not at the elements' end")
      }
      for padding in count..<(count + Self.probeWidth - 1) where hash(padding) != 0 {
        violations.append("the padding word \(padding - count) after the hashes is not zero")
      }
      // The filter: exactly the IDs' bits.
      var filter = [UInt64](repeating: 0, count: filterBits / 64)
      for index in 0..<count {
        let bit = Int(truncatingIfNeeded: hash(index)) & (filterBits - 1)
        filter[bit >> 6] |= 1 << UInt64(bit & 63)
      }
      for (word, expected) in filter.enumerated() {
        let stored = elements.load(fromByteOffset: 8 * word, as: UInt64.self)
        if stored != expected {
          violations.append("filter word \(word) is \(stored), the IDs' bits are \(expected)")
        }
      }
      // Each ID: its bytes' hash, in order (by hash, then bytes), once.
      var previous: (hash: UInt64, bytes: [UInt8])?
      for index in 0..<count {
        guard end(index) >= end(index - 1) else {
          violations.append("ID \(index) ends at \(end(index)), before ID \(index - 1)")
          return violations
        }
        let bytes = Array(
          UnsafeRawBufferPointer(start: text + end(index - 1), count: end(index) - end(index - 1)))
        let own = bytes.withUnsafeBytes { Self.hash($0) }
        if own != hash(index) { violations.append("ID \(index)'s hash is not its bytes' hash") }
        if let previous,
          previous.hash > own
            || (previous.hash == own && !previous.bytes.lexicographicallyPrecedes(bytes))
        {
          violations.append("ID \(index) is not after ID \(index - 1) (out of order or twice)")
        }
        previous = (own, bytes)
      }
      // The directory: from 0 to the count, each run's hashes with its top bits.
      if runStart(0) != 0 { violations.append("run 0 starts at \(runStart(0)), not 0") }
      if runStart(runs) != count {
        violations.append("the last run ends at \(runStart(runs)), not at the \(count) IDs")
      }
      for run in 0..<runs {
        guard runStart(run) <= runStart(run + 1), runStart(run + 1) <= count else {
          violations.append(
            "run \(run)'s bounds \(runStart(run))..<\(runStart(run + 1)) are not in order")
          continue
        }
        for index in runStart(run)..<runStart(run + 1)
        where Int(hash(index) >> UInt64(64 - runBits)) != run {
          violations.append("ID \(index) is in run \(run), its hash's run is another")
        }
      }
      return violations
    }
  }

  extension CompiledPushPreferences {
    /// For tests: each broken invariant of the priority-sender table, named (none when it is
    /// well-formed, and for a table without senders).
    package var senderTableInvariantViolations: [String] { senders.invariantViolations() }
  }
#endif

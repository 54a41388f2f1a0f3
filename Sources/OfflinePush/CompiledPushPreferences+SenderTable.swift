extension CompiledPushPreferences {
  /// Priority senders as one block of memory, which a look-up reads through a plain pointer:
  /// no `String`, no reference counting, and nothing of the table's but the pointer in the
  /// value (so that a loop over decisions keeps no copy of it).
  ///
  /// The block: a header of eight words (``Header``); a filter of at least 16 bits per ID, a
  /// bit set for each ID's hash; the IDs' 64-bit hashes sorted (and ``probeWidth`` − 1 zero
  /// words after them, so that a probe may read past the last); each ID's end offset
  /// (`UInt32`); a directory of where each run of hashes with the same top bits starts
  /// (`UInt32`, one more than there are runs); then the IDs' UTF-8 bytes in the order of the
  /// hashes.
  ///
  /// The filter's one bit answers most senders that are not listed (all but about one in
  /// sixteen) in a few instructions and no branch, so that a decision can ask it whether or
  /// not it is in do-not-disturb (which is unpredictable) and branch only when both say yes.
  /// A look-up proper reads its run's bounds from the directory (there are at least as many
  /// runs as IDs, so a run holds about one hash), compares the run's first ``probeWidth``
  /// hashes, and a longer run (rare, or chosen IDs that share a run) by binary search: O(1)
  /// expected, O(log *n*) at worst. Bytes are compared only on an equal hash. The block is
  /// owned by a ``Storage`` object, freed when the last copy of the table goes.
  @usableFromInline
  struct SenderTable: @unchecked Sendable, Hashable {
    /// The block; nil for an empty table.
    @usableFromInline let base: UnsafeRawPointer?
    /// Frees the block with the last copy; never read on the hot path.
    let storage: Storage?

    /// The header's words, by index.
    @usableFromInline
    enum Header {
      /// How many distinct IDs.
      @usableFromInline static var count: Int { 0 }
      /// The filter's bits minus one: a hash's low bits under it are its filter bit.
      @usableFromInline static var filterMask: Int { 1 }
      /// 64 minus the directory's bits: a hash shifted right by it is its run's number.
      @usableFromInline static var runShift: Int { 2 }
      /// Where the hashes, the end offsets, the directory and the IDs' bytes start.
      @usableFromInline static var hashesOffset: Int { 3 }
      @usableFromInline static var endsOffset: Int { 4 }
      @usableFromInline static var directoryOffset: Int { 5 }
      @usableFromInline static var textOffset: Int { 6 }
      /// The block's size in bytes.
      @usableFromInline static var byteCount: Int { 7 }
      /// Where the filter starts: right after the header.
      @usableFromInline static var filterOffset: Int { 64 }
    }

    /// The owner of a table's block.
    final class Storage: @unchecked Sendable {
      let block: UnsafeMutableRawPointer

      init(block: UnsafeMutableRawPointer) {
        self.block = block
      }

      deinit {
        block.deallocate()
      }
    }

    /// A table of distinct IDs (duplicates dropped).
    ///
    /// - Parameter ids: The IDs, each at most `PushPreferences.maximumUserIDByteCount` bytes
    ///   and at most `PushPreferences.maximumSenderCount` of them (validated before).
    init(ids: [String]) {
      var entries = ids.map { id -> (hash: UInt64, bytes: [UInt8]) in
        (Self.hash(of: id), Array(id.utf8))
      }
      entries.sort {
        $0.hash != $1.hash ? $0.hash < $1.hash : $0.bytes.lexicographicallyPrecedes($1.bytes)
      }
      var distinct: [(hash: UInt64, bytes: [UInt8])] = []
      for entry in entries
      where distinct.last.map({ $0.hash != entry.hash || $0.bytes != entry.bytes }) ?? true {
        distinct.append(entry)
      }
      guard !distinct.isEmpty else {
        base = nil
        storage = nil
        return
      }
      let runBits = Self.runBits(distinctCount: distinct.count)
      let runShift = 64 - runBits
      let runs = 1 << runBits
      let filterBits = max(64, 16 * runs)
      let hashesOffset = Header.filterOffset + filterBits / 8
      let endsOffset = hashesOffset + 8 * (distinct.count + Self.probeWidth - 1)
      let directoryOffset = endsOffset + 4 * distinct.count
      let textOffset = directoryOffset + 4 * (runs + 1)
      let byteCount = textOffset + distinct.reduce(0) { $0 + $1.bytes.count }
      let block = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 8)
      // The filter and the padding after the hashes start as zeros.
      UnsafeMutableRawBufferPointer(start: block, count: endsOffset).initializeMemory(
        as: UInt8.self, repeating: 0)
      for (index, word) in [
        distinct.count, filterBits - 1, runShift, hashesOffset, endsOffset, directoryOffset,
        textOffset, byteCount,
      ].enumerated() {
        block.storeBytes(of: UInt64(word), toByteOffset: 8 * index, as: UInt64.self)
      }
      var end = 0
      for (index, entry) in distinct.enumerated() {
        block.storeBytes(of: entry.hash, toByteOffset: hashesOffset + 8 * index, as: UInt64.self)
        let bit = entry.hash & UInt64(filterBits - 1)
        let word = Header.filterOffset + 8 * Int(bit >> 6)
        block.storeBytes(
          of: block.load(fromByteOffset: word, as: UInt64.self) | 1 << (bit & 63),
          toByteOffset: word, as: UInt64.self)
        let text = block + textOffset + end
        entry.bytes.withUnsafeBytes {
          UnsafeMutableRawBufferPointer(start: text, count: $0.count).copyMemory(from: $0)
        }
        end += entry.bytes.count
        block.storeBytes(of: UInt32(end), toByteOffset: endsOffset + 4 * index, as: UInt32.self)
      }
      // The directory: run r starts at the first hash whose top bits are at least r.
      var index = 0
      for run in 0...runs {
        while index < distinct.count, distinct[index].hash >> runShift < run { index += 1 }
        block.storeBytes(
          of: UInt32(index), toByteOffset: directoryOffset + 4 * run, as: UInt32.self)
      }
      base = UnsafeRawPointer(block)
      storage = Storage(block: block)
    }

    /// The directory's bits for a table of distinct IDs: at least one run per ID (and two runs
    /// at least, so that the shift stays below 64).
    static func runBits(distinctCount: Int) -> Int {
      var bits = 1
      while 1 << bits < distinctCount { bits += 1 }
      return bits
    }

    /// The runs' lengths, in order (none for an empty table).
    var runLengths: [Int] {
      guard let base else { return [] }
      let directory = base + Self.header(Header.directoryOffset, base)
      let runs = 1 << (64 - Self.header(Header.runShift, base))
      return (0..<runs).map {
        Int(directory.load(fromByteOffset: 4 * ($0 + 1), as: UInt32.self))
          - Int(directory.load(fromByteOffset: 4 * $0, as: UInt32.self))
      }
    }

    /// A header word of a table's block.
    @inlinable @inline(__always)
    static func header(_ word: Int, _ base: UnsafeRawPointer) -> Int {
      Int(truncatingIfNeeded: base.load(fromByteOffset: 8 &* word, as: UInt64.self))
    }

    /// How many distinct IDs.
    @inlinable var count: Int { base.map { Self.header(Header.count, $0) } ?? 0 }

    /// The hash the table is sorted by, of an ID's UTF-8 bytes (stable within a process).
    @inlinable
    static func hash(of id: String) -> UInt64 {
      if let hash = id.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
        return hash
      }
      return Array(id.utf8).withUnsafeBytes { hash($0) }
    }

    /// A multiply-xorshift hash over 8-byte words.
    @inlinable
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
      var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
      var i = 0
      while i &+ 8 <= bytes.count {
        h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h &>> 29
        i &+= 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while i < bytes.count {
        tail |= UInt64(bytes[i]) &<< shift
        shift &+= 8
        i &+= 1
      }
      h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
      return h ^ (h &>> 32)
    }

    /// How many of a run's hashes a look-up compares without branching.
    @usableFromInline static var probeWidth: Int { 4 }

    /// Whether an ID is in the table, given its ``hash(of:)``.
    @inlinable
    func contains(_ id: String, hash: UInt64) -> Bool {
      guard let base, Self.mayContain(hash: hash, base: base) else { return false }
      return Self.contains(id, hash: hash, base: base)
    }

    /// Whether the filter's bit for a hash is set: false for every hash not in the table and
    /// for most others; one load, no branch.
    @inlinable @inline(__always)
    static func mayContain(hash: UInt64, base: UnsafeRawPointer) -> Bool {
      filterWord(hash: hash, base: base) & filterBit(hash: hash) != 0
    }

    /// The filter's word that holds a hash's bit.
    @inlinable @inline(__always)
    static func filterWord(hash: UInt64, base: UnsafeRawPointer) -> UInt64 {
      let bit = Int(truncatingIfNeeded: hash) & header(Header.filterMask, base)
      return base.load(fromByteOffset: Header.filterOffset &+ 8 &* (bit &>> 6), as: UInt64.self)
    }

    /// A hash's bit in its ``filterWord(hash:base:)``.
    @inlinable @inline(__always)
    static func filterBit(hash: UInt64) -> UInt64 { 1 &<< (hash & 63) }

    /// Whether an ID is in the table, given its ``hash(of:)``, without the filter.
    @usableFromInline @inline(never)
    static func contains(_ id: String, hash: UInt64, base: UnsafeRawPointer) -> Bool {
      let first = firstIndex(ofHash: hash, base: base)
      guard first >= 0 else { return false }
      if let found = id.utf8.withContiguousStorageIfAvailable({
        matches(UnsafeRawBufferPointer($0), from: first, hash: hash, base: base)
      }) {
        return found
      }
      return Array(id.utf8).withUnsafeBytes { matches($0, from: first, hash: hash, base: base) }
    }

    /// The first entry with a hash, or -1 for none: the IDs to compare bytes with start there.
    @inline(__always)
    static func firstIndex(ofHash hash: UInt64, base: UnsafeRawPointer) -> Int {
      let hashes = base + header(Header.hashesOffset, base)
      // The run's bounds, adjacent in the directory.
      let directory = base + header(Header.directoryOffset, base)
      let run = Int(truncatingIfNeeded: hash &>> UInt64(header(Header.runShift, base)))
      let bounds = UInt64(
        littleEndian: directory.loadUnaligned(fromByteOffset: 4 &* run, as: UInt64.self))
      var low = Int(truncatingIfNeeded: bounds & 0xFFFF_FFFF)
      let runEnd = Int(truncatingIfNeeded: bounds &>> 32)
      if runEnd &- low <= probeWidth {
        // Compared with bit arithmetic: which of them is equal is unpredictable.
        var equal: UInt32 = 0
        for offset in 0..<probeWidth {
          let word = hashes.load(fromByteOffset: 8 &* (low &+ offset), as: UInt64.self)
          equal |= UInt32(unsafeBitCast(word == hash, to: UInt8.self)) &<< UInt32(offset)
        }
        // Only the run's own hashes count; the words past it belong to later runs (or padding).
        equal &= (1 &<< UInt32(truncatingIfNeeded: runEnd &- low)) &- 1
        return equal == 0 ? -1 : low &+ equal.trailingZeroBitCount
      }
      var high = runEnd
      while low < high {
        let middle = (low &+ high) &>> 1
        if hashes.load(fromByteOffset: 8 &* middle, as: UInt64.self) < hash {
          low = middle &+ 1
        } else {
          high = middle
        }
      }
      guard low < runEnd, hashes.load(fromByteOffset: 8 &* low, as: UInt64.self) == hash else {
        return -1
      }
      return low
    }

    /// Whether bytes equal one of the entries with their hash, from the first of them.
    static func matches(
      _ bytes: UnsafeRawBufferPointer, from first: Int, hash: UInt64, base: UnsafeRawPointer
    ) -> Bool {
      let count = header(Header.count, base)
      let hashes = base + header(Header.hashesOffset, base)
      let ends = base + header(Header.endsOffset, base)
      let text = base + header(Header.textOffset, base)
      var index = first
      while index < count, hashes.load(fromByteOffset: 8 * index, as: UInt64.self) == hash {
        let start =
          index == 0 ? 0 : Int(ends.load(fromByteOffset: 4 * (index - 1), as: UInt32.self))
        let end = Int(ends.load(fromByteOffset: 4 * index, as: UInt32.self))
        if end - start == bytes.count,
          bytesEqual(text + start, bytes)
        {
          return true
        }
        index += 1
      }
      return false
    }

    /// The block's bytes (none for an empty table).
    var bytes: UnsafeRawBufferPointer {
      guard let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
      return UnsafeRawBufferPointer(start: base, count: Self.header(Header.byteCount, base))
    }

    @usableFromInline
    static func == (lhs: SenderTable, rhs: SenderTable) -> Bool {
      let (left, right) = (lhs.bytes, rhs.bytes)
      guard left.count == right.count, let start = left.baseAddress else {
        return left.count == right.count
      }
      return bytesEqual(start, right)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
      hasher.combine(bytes: bytes)
    }
  }
}

/// Whether the bytes at a pointer equal a buffer's, eight at a time (the last eight
/// overlapping the ones before).
func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard let b = b.baseAddress.map({ ($0, b.count) }), b.1 != 0 else { return true }
  let (start, count) = b
  guard count >= 8 else {
    var index = 0
    while index < count {
      if a.load(fromByteOffset: index, as: UInt8.self)
        != start.load(fromByteOffset: index, as: UInt8.self)
      {
        return false
      }
      index &+= 1
    }
    return true
  }
  var index = 0
  while index &+ 8 < count {
    if a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      != start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
    {
      return false
    }
    index &+= 8
  }
  return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    == start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
}

extension CompiledPushPreferences {
  /// For tests of the look-up's paths: the directory run an ID falls in, in a table of
  /// `distinctCount` distinct IDs.
  package static func senderRun(of id: String, distinctCount: Int) -> Int {
    let runBits = SenderTable.runBits(distinctCount: distinctCount)
    return Int(SenderTable.hash(of: id) >> UInt64(64 - runBits))
  }

  /// For tests of the look-up's paths: the length of the longest run in the table (0 without
  /// senders).
  package var longestSenderRun: Int { senders.runLengths.max() ?? 0 }

  /// For tests of the look-up's paths: how many hashes a look-up compares without branching
  /// (a longer run is binary-searched).
  package static var senderProbeWidth: Int { SenderTable.probeWidth }
}

extension CompiledPushPreferences {
  /// Priority senders as one `ManagedBuffer`: a named ``Header`` and, as its tail-allocated
  /// elements, words that a look-up reads through a plain pointer: no `String`, no reference
  /// counting, and nothing of the table's but the pointer in the value (so that a loop over
  /// decisions keeps no copy of it).
  ///
  /// The elements, at the offsets the header names: a filter of at least 16 bits per ID, a bit
  /// set for each ID's hash; the IDs' 64-bit hashes sorted (and ``probeWidth`` − 1 zero words
  /// after them, so that a probe may read past the last); each ID's end offset (`UInt32`); a
  /// directory of where each run of hashes with the same top bits starts (`UInt32`, one more
  /// than there are runs); then the IDs' UTF-8 bytes in the order of the hashes, IDs that share
  /// a hash in the order of their bytes.
  ///
  /// The filter's one bit answers most senders that are not listed (all but about one in
  /// sixteen) in a few instructions and no branch, so that a decision can ask it whether or
  /// not it is in do-not-disturb (which is unpredictable) and branch only when both say yes.
  /// A look-up proper reads its run's bounds from the directory (there are at least as many
  /// runs as IDs, so a run holds about one hash) and compares the run's first ``probeWidth``
  /// hashes; a longer run (rare, or chosen IDs that share a run) and IDs that share one hash
  /// (rarer still, or chosen: the hash is not keyed) are binary-searched by hash, then bytes.
  /// So a look-up is O(1) expected and O(log *n*) comparisons of at most
  /// `PushPreferences.maximumUserIDByteCount` bytes at worst, whatever IDs a client lists. The
  /// buffer is freed when the last copy of the table goes.
  @usableFromInline
  struct SenderTable: @unchecked Sendable, Hashable {
    /// The header of the buffer; nil for an empty table. Valid while ``storage`` is: a class
    /// instance does not move.
    @usableFromInline let base: UnsafePointer<Header>?
    /// Owns the buffer and frees it with the last copy; never read on the hot path.
    let storage: Storage?

    /// Where each part of the elements is, and the counts and bits a look-up needs.
    @usableFromInline
    struct Header {
      /// How many distinct IDs.
      @usableFromInline let count: Int
      /// The filter's bits minus one: a hash's low bits under it are its filter bit. The filter
      /// starts the elements.
      @usableFromInline let filterMask: Int
      /// 64 minus the directory's bits: a hash shifted right by it is its run's number.
      @usableFromInline let runShift: Int
      /// Byte offsets, from the elements' start, of the hashes, the end offsets, the directory
      /// and the IDs' bytes.
      @usableFromInline let hashesOffset: Int
      @usableFromInline let endsOffset: Int
      @usableFromInline let directoryOffset: Int
      @usableFromInline let textOffset: Int
      /// The elements' size in bytes (the words past it, up to the buffer's capacity, are
      /// neither written nor read).
      @usableFromInline let byteCount: Int
    }

    /// The buffer: the header, then the elements as 64-bit words.
    final class Storage: ManagedBuffer<Header, UInt64> {}

    /// Whether the header is whole words: then `ManagedBuffer` puts the `UInt64` elements right
    /// after it, one pointer step from it, where the look-up reads them (checked when a table
    /// is built, and by the invariant hook).
    static var headerIsWholeWords: Bool {
      MemoryLayout<Header>.size == 8 * 8 && MemoryLayout<Header>.stride == 8 * 8
        && MemoryLayout<Header>.alignment == MemoryLayout<UInt64>.alignment
    }

    /// The elements of a table whose header is at `base`: right after it.
    @inlinable @inline(__always)
    static func elements(_ base: UnsafePointer<Header>) -> UnsafeRawPointer {
      UnsafeRawPointer(base + 1)
    }

    /// A table of distinct IDs (duplicates dropped).
    ///
    /// - Parameter ids: The IDs, each at most `PushPreferences.maximumUserIDByteCount` bytes
    ///   and at most `PushPreferences.maximumSenderCount` of them (validated before).
    init(ids: [String]) {
      var entries = ids.map { id -> (hash: UInt64, bytes: [UInt8]) in
        (Self.hash(of: id), Array(id.utf8))
      }
      // By hash, then bytes: the order a look-up binary-searches IDs that share a hash in.
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
      precondition(Self.headerIsWholeWords, "SenderTable.Header is not eight aligned words")
      let runBits = Self.runBits(distinctCount: distinct.count)
      let runShift = 64 - runBits
      let runs = 1 << runBits
      let filterBits = max(64, 16 * runs)
      let hashesOffset = filterBits / 8
      let endsOffset = hashesOffset + 8 * (distinct.count + Self.probeWidth - 1)
      let directoryOffset = endsOffset + 4 * distinct.count
      let textOffset = directoryOffset + 4 * (runs + 1)
      let byteCount = textOffset + distinct.reduce(0) { $0 + $1.bytes.count }
      let header = Header(
        count: distinct.count, filterMask: filterBits - 1, runShift: runShift,
        hashesOffset: hashesOffset, endsOffset: endsOffset, directoryOffset: directoryOffset,
        textOffset: textOffset, byteCount: byteCount)
      let wordCount = (byteCount + 7) / 8
      let storage = unsafeDowncast(
        Storage.create(minimumCapacity: wordCount) { _ in header }, to: Storage.self)
      let base = storage.withUnsafeMutablePointers { header, words in
        precondition(
          UnsafeMutableRawPointer(words) == UnsafeMutableRawPointer(header + 1),
          "the sender table's elements are not right after its header")
        // The filter and the padding after the hashes start as zeros (and the rest, so that
        // every element byte is initialized).
        words.initialize(repeating: 0, count: wordCount)
        let block = UnsafeMutableRawPointer(words)
        var end = 0
        for (index, entry) in distinct.enumerated() {
          block.storeBytes(
            of: entry.hash, toByteOffset: hashesOffset + 8 * index, as: UInt64.self)
          let bit = entry.hash & UInt64(filterBits - 1)
          let word = 8 * Int(bit >> 6)
          block.storeBytes(
            of: block.load(fromByteOffset: word, as: UInt64.self) | 1 << (bit & 63),
            toByteOffset: word, as: UInt64.self)
          let text = block + textOffset + end
          entry.bytes.withUnsafeBytes {
            UnsafeMutableRawBufferPointer(start: text, count: $0.count).copyMemory(from: $0)
          }
          end += entry.bytes.count
          block.storeBytes(
            of: UInt32(end), toByteOffset: endsOffset + 4 * index, as: UInt32.self)
        }
        // The directory: run r starts at the first hash whose top bits are at least r.
        var index = 0
        for run in 0...runs {
          while index < distinct.count, distinct[index].hash >> runShift < run { index += 1 }
          block.storeBytes(
            of: UInt32(index), toByteOffset: directoryOffset + 4 * run, as: UInt32.self)
        }
        return UnsafePointer(header)
      }
      self.base = base
      self.storage = storage
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
      let directory = Self.elements(base) + base.pointee.directoryOffset
      let runs = 1 << (64 - base.pointee.runShift)
      return (0..<runs).map {
        Int(directory.load(fromByteOffset: 4 * ($0 + 1), as: UInt32.self))
          - Int(directory.load(fromByteOffset: 4 * $0, as: UInt32.self))
      }
    }

    /// How many distinct IDs.
    @inlinable var count: Int { base.map { $0.pointee.count } ?? 0 }

    /// The hash the table is sorted by, of an ID's UTF-8 bytes (the same in every process).
    @inlinable
    static func hash(of id: String) -> UInt64 {
      if let hash = id.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
        return hash
      }
      return Array(id.utf8).withUnsafeBytes { hash($0) }
    }

    /// The hash's first constant, before the length is mixed in.
    @usableFromInline static var hashStart: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// The hash's step for each whole 8-byte word: the state with the word mixed in (a
    /// bijection of `state ^ word`).
    @inlinable @inline(__always)
    static func hashStep(_ state: UInt64, _ word: UInt64) -> UInt64 {
      let h = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
      return h ^ (h &>> 29)
    }

    /// A multiply-xorshift hash over 8-byte words. It is not keyed, so IDs that share a hash can
    /// be found; the look-up's order by bytes bounds what they cost.
    @inlinable
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
      var h: UInt64 = hashStart ^ UInt64(truncatingIfNeeded: bytes.count)
      var i = 0
      while i &+ 8 <= bytes.count {
        h = hashStep(h, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
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
    static func mayContain(hash: UInt64, base: UnsafePointer<Header>) -> Bool {
      filterWord(hash: hash, base: base) & filterBit(hash: hash) != 0
    }

    /// The filter's word that holds a hash's bit.
    @inlinable @inline(__always)
    static func filterWord(hash: UInt64, base: UnsafePointer<Header>) -> UInt64 {
      let bit = Int(truncatingIfNeeded: hash) & base.pointee.filterMask
      return elements(base).load(fromByteOffset: 8 &* (bit &>> 6), as: UInt64.self)
    }

    /// A hash's bit in its ``filterWord(hash:base:)``.
    @inlinable @inline(__always)
    static func filterBit(hash: UInt64) -> UInt64 { 1 &<< (hash & 63) }

    /// Whether a message's sender is in the table, given its ``hash(of:)``, without the
    /// filter. It takes the message, not its sender, so that a decision passes the caller's
    /// message along as it is (borrowed) and no `String` is copied for the look-up.
    @usableFromInline @inline(never)
    static func contains(
      senderOf message: borrowing PushMessage?, hash: UInt64, base: UnsafePointer<Header>
    ) -> Bool {
      switch message {
      case .some(let message):
        guard let sender = message.sender else { return false }
        return contains(sender, hash: hash, base: base)
      case .none: return false
      }
    }

    /// Whether an ID is in the table, given its ``hash(of:)``, without the filter.
    @usableFromInline @inline(never)
    static func contains(_ id: String, hash: UInt64, base: UnsafePointer<Header>) -> Bool {
      var comparisons = 0
      return find(id, hash: hash, base: base, comparisons: &comparisons)
    }

    /// Whether an ID is in the table, given its ``hash(of:)``, without the filter; counts the
    /// IDs whose bytes it compares with the ID's (for tests of the worst case; the count is
    /// dropped, and its arithmetic with it, in ``contains(_:hash:base:)``).
    @inline(__always)
    static func find(
      _ id: String, hash: UInt64, base: UnsafePointer<Header>, comparisons: inout Int
    ) -> Bool {
      let elements = elements(base)
      let hashes = elements + base.pointee.hashesOffset
      // The run's bounds, adjacent in the directory.
      let directory = elements + base.pointee.directoryOffset
      let run = Int(truncatingIfNeeded: hash &>> UInt64(base.pointee.runShift))
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
        guard equal != 0 else { return false }
        low &+= equal.trailingZeroBitCount
        // Nearly always one entry has the hash: then one comparison of bytes decides.
        if equal & (equal &- 1) == 0 {
          return withBytes(of: id) { bytes in
            comparisons &+= 1
            let (start, count) = entry(low, base: base)
            return count == bytes.count && bytesEqual(start, bytes)
          }
        }
      }
      return withBytes(of: id) {
        search($0, hash: hash, from: low, to: runEnd, base: base, comparisons: &comparisons)
      }
    }

    /// Where an entry's bytes start, and how many there are.
    @inline(__always)
    static func entry(
      _ index: Int, base: UnsafePointer<Header>
    ) -> (start: UnsafeRawPointer, count: Int) {
      let elements = elements(base)
      let ends = elements + base.pointee.endsOffset
      let start =
        index == 0 ? 0 : Int(ends.load(fromByteOffset: 4 &* (index &- 1), as: UInt32.self))
      let end = Int(ends.load(fromByteOffset: 4 &* index, as: UInt32.self))
      return (elements + base.pointee.textOffset + start, end &- start)
    }

    /// A function of an ID's UTF-8 bytes.
    @inline(__always)
    static func withBytes<Result>(
      of id: String, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
      if let result = id.utf8.withContiguousStorageIfAvailable({
        body(UnsafeRawBufferPointer($0))
      }) {
        return result
      }
      return Array(id.utf8).withUnsafeBytes(body)
    }

    /// Whether bytes with a hash are one of the IDs from `first` to `runEnd`, a run's entries
    /// whose hashes are at least the first's, by binary search on hash, then bytes: a run
    /// longer than the probe, or IDs that share a hash. The search halves the range with a
    /// select rather than a branch (which half is unpredictable), then compares at most two
    /// entries with the ID: ⌈log₂ *n*⌉ + 2 comparisons at most.
    @inline(never)
    static func search(
      _ bytes: UnsafeRawBufferPointer, hash: UInt64, from first: Int, to runEnd: Int,
      base: UnsafePointer<Header>, comparisons: inout Int
    ) -> Bool {
      let elements = elements(base)
      let hashes = elements + base.pointee.hashesOffset
      let ends = elements + base.pointee.endsOffset
      let text = elements + base.pointee.textOffset
      // The ID's first eight bytes as a number that orders as they do, which nearly always
      // decides a comparison with an entry.
      let keyWord =
        bytes.count >= 8 ? UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)) : nil
      var compared = 0
      defer { comparisons &+= compared }
      // How entry `index` orders against the ID: by hash, then bytes.
      func order(_ index: Int) -> Int {
        let stored = hashes.load(fromByteOffset: 8 &* index, as: UInt64.self)
        guard stored == hash else { return stored < hash ? -1 : 1 }
        let start =
          index == 0 ? 0 : Int(ends.load(fromByteOffset: 4 &* (index &- 1), as: UInt32.self))
        let count = Int(ends.load(fromByteOffset: 4 &* index, as: UInt32.self)) &- start
        compared &+= 1
        if let keyWord, count >= 8 {
          let word = UInt64(bigEndian: (text + start).loadUnaligned(as: UInt64.self))
          if word != keyWord { return word < keyWord ? -1 : 1 }
        }
        return compareBytes(UnsafeRawBufferPointer(start: text + start, count: count), bytes)
      }
      guard first < runEnd else { return false }
      // The last entry before the ID is in [low, low + length), or the ID is before them all.
      var low = first
      var length = runEnd &- first
      while length > 1 {
        let half = length &>> 1
        let before = order(low &+ half &- 1) < 0
        low = before ? low &+ half : low
        length &-= half
      }
      let last = order(low)
      if last == 0 { return true }
      return last < 0 && low &+ 1 < runEnd && order(low &+ 1) == 0
    }

    /// The elements' bytes (none for an empty table).
    var bytes: UnsafeRawBufferPointer {
      guard let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
      return UnsafeRawBufferPointer(start: Self.elements(base), count: base.pointee.byteCount)
    }

    @usableFromInline
    static func == (lhs: SenderTable, rhs: SenderTable) -> Bool {
      // The elements' layout follows from the count; their bytes hold the rest.
      let (left, right) = (lhs.bytes, rhs.bytes)
      guard lhs.count == rhs.count, left.count == right.count, let start = left.baseAddress
      else {
        return lhs.count == rhs.count && left.count == right.count
      }
      return bytesEqual(start, right)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
      hasher.combine(bytes: bytes)
    }
  }
}

/// How two byte strings order, as `[UInt8].lexicographicallyPrecedes` orders them (a prefix
/// first): negative, zero or positive. Eight bytes at a time, read as big-endian numbers.
func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
  let common = min(a.count, b.count)
  var index = 0
  while index &+ 8 <= common {
    let x = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    let y = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    if x != y { return x < y ? -1 : 1 }
    index &+= 8
  }
  while index < common {
    let (x, y) = (a[index], b[index])
    if x != y { return x < y ? -1 : 1 }
    index &+= 1
  }
  return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
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

  /// For tests of the worst case: how many listed IDs a look-up of an ID compares bytes with.
  ///
  /// - Parameter id: A user ID.
  /// - Returns: 0 when the filter or the hashes rule it out.
  package func senderByteComparisons(lookingUp id: String) -> Int {
    let hash = SenderTable.hash(of: id)
    guard let base = senders.base, SenderTable.mayContain(hash: hash, base: base) else { return 0 }
    var comparisons = 0
    _ = SenderTable.find(id, hash: hash, base: base, comparisons: &comparisons)
    return comparisons
  }

  /// For tests and the benchmark: the hash a table sorts an ID by.
  package static func senderHash(of id: String) -> UInt64 { SenderTable.hash(of: id) }

  /// For the benchmark: whether a message's sender is a priority sender, asked as a decision
  /// asks it (the filter with the message's hash, then the look-up). The benchmark is a
  /// package of its own, so it reaches this through the `Benchmark` SPI, not `package` access.
  ///
  /// - Parameter message: The message.
  /// - Returns: Whether its sender is listed.
  @inlinable
  @_spi(Benchmark) public func decisionListsSender(of message: PushMessage) -> Bool {
    guard mayListSender(hash: message.senderHash, if: true), let base = senders.base,
      let sender = message.sender
    else { return false }
    return SenderTable.contains(sender, hash: message.senderHash, base: base)
  }

  /// For tests and the benchmark: `count` distinct 16-byte IDs of ASCII bytes (no NUL) that all
  /// share one hash, as a client who knows the hash can craft them: the hash of two words is a
  /// function of the state after the first word xor the second, so for random first words the
  /// second is that state xor one target, kept when its bytes are ASCII (about 1 in 270).
  ///
  /// - Parameters:
  ///   - count: How many IDs.
  ///   - generator: The source of the first words and the target.
  /// - Returns: The IDs, in the order found.
  @_spi(Benchmark) public static func senderIDsSharingOneHash(
    count: Int, using generator: inout some RandomNumberGenerator
  ) -> [String] {
    let target = generator.next() as UInt64
    let start = SenderTable.hashStart ^ 16
    // 32 letters and digits, one for each 5 bits of a random word.
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
    var found: Set<String> = []
    var ids: [String] = []
    while ids.count < count {
      let random = generator.next() as UInt64
      var first: UInt64 = 0
      for byte in 0..<8 {
        let letter = alphabet[Int(truncatingIfNeeded: random >> (5 * UInt64(byte))) & 31]
        first |= UInt64(letter) << (8 * UInt64(byte))
      }
      let second = SenderTable.hashStep(start, first) ^ target
      // Every byte 0x01...0x7F: no high bit, no zero byte.
      let highBits: UInt64 = 0x8080_8080_8080_8080
      guard second & highBits == 0, (second &- 0x0101_0101_0101_0101) & ~second & highBits == 0
      else { continue }
      let bytes = (0..<16).map {
        UInt8(truncatingIfNeeded: ($0 < 8 ? first : second) >> (8 * UInt64($0 % 8)))
      }
      let id = String(decoding: bytes, as: UTF8.self)
      if found.insert(id).inserted { ids.append(id) }
    }
    return ids
  }
}

extension CompiledPushPreferences {
  /// Priority senders as one block of memory: their 64-bit hashes sorted, then each ID's end
  /// offset (`UInt32`), then the IDs' UTF-8 bytes in the same order. A look-up binary-searches
  /// the hashes and compares bytes only on equal hashes, through a plain pointer: no `String`,
  /// no reference counting. The block is owned by a ``Storage`` object, freed when the last
  /// copy of the table goes.
  @usableFromInline
  struct SenderTable: @unchecked Sendable, Hashable {
    /// The block; nil for an empty table.
    @usableFromInline let base: UnsafeRawPointer?
    /// How many distinct IDs.
    @usableFromInline let count: Int
    /// The block's size in bytes.
    let byteCount: Int
    /// Frees the block with the last copy; never read on the hot path.
    let storage: Storage?

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
      count = distinct.count
      guard !distinct.isEmpty else {
        base = nil
        byteCount = 0
        storage = nil
        return
      }
      let total = 12 * distinct.count + distinct.reduce(0) { $0 + $1.bytes.count }
      let block = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 8)
      var end = 0
      for (index, entry) in distinct.enumerated() {
        block.storeBytes(of: entry.hash, toByteOffset: 8 * index, as: UInt64.self)
        let text = block + 12 * distinct.count + end
        entry.bytes.withUnsafeBytes {
          UnsafeMutableRawBufferPointer(start: text, count: $0.count).copyMemory(from: $0)
        }
        end += entry.bytes.count
        block.storeBytes(
          of: UInt32(end), toByteOffset: 8 * distinct.count + 4 * index, as: UInt32.self)
      }
      base = UnsafeRawPointer(block)
      byteCount = total
      storage = Storage(block: block)
    }

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

    /// Whether an ID is in the table, given its ``hash(of:)``.
    @inlinable
    func contains(_ id: String, hash: UInt64) -> Bool {
      guard let base else { return false }
      // The first entry whose hash is not below `hash`.
      var low = 0
      var high = count
      while low < high {
        let middle = (low &+ high) &>> 1
        if base.load(fromByteOffset: 8 &* middle, as: UInt64.self) < hash {
          low = middle &+ 1
        } else {
          high = middle
        }
      }
      guard low < count, base.load(fromByteOffset: 8 &* low, as: UInt64.self) == hash else {
        return false
      }
      return matches(id, from: low, hash: hash, base: base)
    }

    /// Whether an ID's bytes equal one of the entries with its hash, from the first of them.
    @usableFromInline @inline(never)
    func matches(_ id: String, from first: Int, hash: UInt64, base: UnsafeRawPointer) -> Bool {
      if let found = id.utf8.withContiguousStorageIfAvailable({
        matches(UnsafeRawBufferPointer($0), from: first, hash: hash, base: base)
      }) {
        return found
      }
      return Array(id.utf8).withUnsafeBytes {
        matches($0, from: first, hash: hash, base: base)
      }
    }

    /// Whether bytes equal one of the entries with their hash, from the first of them.
    func matches(
      _ bytes: UnsafeRawBufferPointer, from first: Int, hash: UInt64, base: UnsafeRawPointer
    ) -> Bool {
      let ends = base + 8 * count
      let text = base + 12 * count
      var index = first
      while index < count, base.load(fromByteOffset: 8 * index, as: UInt64.self) == hash {
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

    @usableFromInline
    static func == (lhs: SenderTable, rhs: SenderTable) -> Bool {
      guard lhs.count == rhs.count, lhs.byteCount == rhs.byteCount else { return false }
      guard let left = lhs.base, let right = rhs.base else { return true }
      return bytesEqual(left, UnsafeRawBufferPointer(start: right, count: rhs.byteCount))
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
      hasher.combine(count)
      if let base { hasher.combine(bytes: UnsafeRawBufferPointer(start: base, count: byteCount)) }
    }
  }
}

/// Whether the bytes at a pointer equal a buffer's.
func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  var index = 0
  while index < b.count {
    if a.load(fromByteOffset: index, as: UInt8.self) != b[index] { return false }
    index &+= 1
  }
  return true
}

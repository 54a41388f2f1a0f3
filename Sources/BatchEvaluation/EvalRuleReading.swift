/// How `dnd eval`'s fast path gets the rules of one kind: through the rule cache, or read in
/// place by the strict reader with the cache left alone, decided on the stream so far.
///
/// The cache pays when rules repeat, and costs every line a skip over the rule's text, a hash
/// of it and a lookup that misses when they do not (a day's pushes, nearly every line another
/// user's rule). So the stream is watched in windows of ``window`` lines: through the cache,
/// a window with fewer than a quarter hits switches to reading in place; read in place, a
/// window where at least half the rule texts fingerprinted (one line in four, in a small
/// table) were seen shortly before switches back. Answers are the same either way; only the
/// cost differs.
package struct EvalRuleReading {
  /// What decides the way (tests force each one).
  package enum Policy: Sendable {
    /// Decided on the stream, as above.
    case adaptive
    /// Always through the cache.
    case cached
    /// Always read in place.
    case inPlace
  }

  /// The lines of one window.
  package static var window: Int { 1024 }

  package let policy: Policy
  /// Whether rules are read in place now.
  package private(set) var readsInPlace: Bool
  private var lines = 0
  /// Cache hits (through the cache) or fingerprinted rule texts seen shortly before (read in
  /// place) in this window.
  private var repeats = 0
  /// The fingerprints of the latest rule texts read in place, one per slot of a table of
  /// fixed size (128 KiB), allocated when first needed.
  private var recent: [UInt64] = []

  package init(policy: Policy = .adaptive) {
    self.policy = policy
    readsInPlace = policy == .inPlace
  }

  /// Counts a line whose rule was looked up in the cache.
  ///
  /// - Parameter hit: Whether the cache held the rule.
  package mutating func lookedUp(hit: Bool) {
    guard policy == .adaptive else { return }
    if hit { repeats += 1 }
    lines += 1
    if lines == Self.window { endWindow(readingInPlace: repeats < Self.window / 4) }
  }

  /// Counts a line whose rule was read in place.
  ///
  /// - Parameter text: The rule's JSON text.
  package mutating func readInPlace(_ text: UnsafeBufferPointer<UInt8>) {
    guard policy == .adaptive else { return }
    lines += 1
    // One line in four is fingerprinted: rules that repeat often enough for the cache to pay
    // are seen again among those.
    guard lines & 3 == 0 else { return }
    if recent.isEmpty { recent = [UInt64](repeating: 0, count: 1 << 14) }
    let fingerprint = Self.fingerprint(text)
    let slot = Int(truncatingIfNeeded: fingerprint) & (recent.count - 1)
    if recent[slot] == fingerprint { repeats += 1 }
    recent[slot] = fingerprint
    if lines == Self.window { endWindow(readingInPlace: repeats < Self.window / 8) }
  }

  private mutating func endWindow(readingInPlace: Bool) {
    readsInPlace = readingInPlace
    lines = 0
    repeats = 0
  }

  /// A cheap fingerprint of some bytes, eight at a time. It only tells whether texts repeat
  /// (a collision miscounts one line); the cache itself hashes and compares the bytes.
  package static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    let count = bytes.count
    var hash = UInt64(truncatingIfNeeded: count) &* multiplier
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return hash }
    var offset = 0
    while offset &+ 8 <= count {
      hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash &>> 29
      offset &+= 8
    }
    var last: UInt64 = 0
    while offset < count {
      last = last &<< 8 | UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
      offset &+= 1
    }
    hash = (hash ^ last) &* multiplier
    return hash ^ hash &>> 32
  }
}

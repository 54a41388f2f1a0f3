import DNDKitTesting
import DNDKitTestingXCTest
import XCTest

@testable import BatchEvaluation

/// `dnd eval`'s rule cache on its own: its byte and count budgets, how it starts over, when it
/// admits a text, and its keys, against a slow model that keeps a plain list.
final class EvalRuleCacheTests: XCTestCase {
  typealias Cache = EvalRuleCache<Int>

  /// Stores `entry` under a text with the text's own hash.
  func insert(_ text: [UInt8], entry: Int, cost: Int, into cache: inout Cache) {
    text.withUnsafeBufferPointer {
      cache.insert($0, hash: Cache.hash($0), entry: entry, cost: cost)
    }
  }

  func lookup(_ text: [UInt8], in cache: Cache) -> Int? {
    text.withUnsafeBufferPointer { cache.lookup($0, hash: Cache.hash($0)) }
  }

  /// What the cache charges an entry beyond its text and its cost (its slot and its share of
  /// the tables), measured on an empty cache.
  func overhead() -> Int {
    var cache = Cache(byteBudget: 1 << 20)
    insert(Array("probe".utf8), entry: 0, cost: 10, into: &cache)
    return cache.bytes - 5 - 10
  }

  func testAnEntryOverTheWholeBudgetIsNotKept() {
    let budget = 1_000
    let overhead = overhead()
    XCTAssertGreaterThan(overhead, 0, "the slot itself is charged")
    let text = Array(repeating: UInt8(ascii: "r"), count: 40)
    // Exactly the budget: kept.
    var cache = Cache(byteBudget: budget)
    insert(text, entry: 1, cost: budget - text.count - overhead, into: &cache)
    XCTAssertEqual(lookup(text, in: cache), 1, "an entry charged exactly the budget is kept")
    XCTAssertEqual(cache.bytes, budget)
    // One byte over the whole budget: not kept, and the entries already there stay.
    let other = Array(repeating: UInt8(ascii: "s"), count: 40)
    insert(other, entry: 2, cost: budget - other.count - overhead + 1, into: &cache)
    XCTAssertNil(lookup(other, in: cache), "an entry charged one byte over the budget was kept")
    XCTAssertEqual(lookup(text, in: cache), 1, "a refused entry emptied the cache")
    XCTAssertEqual(cache.count, 1)
    XCTAssertEqual(cache.bytes, budget)
    // Far over it (a 2,000-byte text under 1,000 bytes), into an empty cache.
    var empty = Cache(byteBudget: budget)
    let long = Array(repeating: UInt8(ascii: "l"), count: 2_000)
    insert(long, entry: 3, cost: 16, into: &empty)
    XCTAssertNil(lookup(long, in: empty), "an entry larger than the whole budget was kept")
    XCTAssertEqual(empty.count, 0, "an entry larger than the whole budget was counted")
    XCTAssertLessThanOrEqual(
      empty.bytes, budget, "\(empty.bytes) bytes kept under a \(budget)-byte budget")
  }

  /// Seeded inserts of texts and costs of every size around the budget, against a model: a
  /// list that refuses an entry over the budget and starts over when the next one would not fit.
  func testTheBytesNeverExceedTheBudgetAndMatchTheModel() {
    let seed = SplitMix64.seed(default: 0xCAC4E_B1D6)
    var rng = SplitMix64(seed: seed)
    let overhead = overhead()
    var restarts = 0
    var refused = 0
    for round in 0..<40 {
      let budget = [256, 1_000, 4_096, 65_536][round % 4]
      var cache = Cache(byteBudget: budget)
      var model: [(text: [UInt8], entry: Int, charge: Int)] = []
      var asked: [[UInt8]] = []
      for step in 0..<300 {
        let length = Int.random(in: 0...(budget / 2), using: &rng)
        // A step number in front keeps the texts distinct, as the engine only stores a miss.
        let text =
          Array("\(round).\(step):".utf8)
          + [UInt8](repeating: UInt8.random(in: 0x20...0x7E, using: &rng), count: length)
        let cost = Int.random(in: 0...(budget / 3), using: &rng)
        let entry = round * 1_000 + step
        insert(text, entry: entry, cost: cost, into: &cache)
        asked.append(text)
        let charge = text.count + cost + overhead
        if charge > budget {
          refused += 1
        } else {
          if model.reduce(0, { $0 + $1.charge }) + charge > budget {
            model.removeAll()
            restarts += 1
          }
          model.append((text, entry, charge))
        }
        XCTAssertLessThanOrEqual(
          cache.bytes, budget,
          "[seed \(seed)] \(cache.bytes) bytes kept under a \(budget)-byte budget")
        XCTAssertEqual(cache.bytes, model.reduce(0) { $0 + $1.charge }, "[seed \(seed)]")
        XCTAssertEqual(cache.count, model.count, "[seed \(seed)]")
        guard cache.bytes <= budget, cache.count == model.count else { return }
      }
      // Every text asked is found exactly when the model keeps it, with its own entry.
      for text in asked {
        let expected = model.first { $0.text == text }?.entry
        XCTAssertEqual(lookup(text, in: cache), expected, "[seed \(seed)] budget \(budget)")
      }
    }
    XCTAssertGreaterThan(restarts, 100, "[seed \(seed)]")
    XCTAssertGreaterThan(refused, 100, "[seed \(seed)]")
  }

  /// Entries that fill the budget exactly are all kept; the next one, however small, starts the
  /// cache over with itself alone.
  func testAFullCacheStartsOverWithTheNewEntry() {
    let overhead = overhead()
    let budget = 10 * (20 + overhead)
    var cache = Cache(byteBudget: budget)
    let texts = (0..<10).map { Array("text-\($0)".utf8) }
    for (index, text) in texts.enumerated() {
      insert(text, entry: index, cost: 20 - text.count, into: &cache)
    }
    XCTAssertEqual(cache.bytes, budget)
    for (index, text) in texts.enumerated() {
      XCTAssertEqual(lookup(text, in: cache), index, "entries that fit the budget exactly")
    }
    let next = Array("next".utf8)
    insert(next, entry: 99, cost: 0, into: &cache)
    XCTAssertEqual(lookup(next, in: cache), 99)
    XCTAssertEqual(cache.count, 1, "the cache did not start over")
    XCTAssertEqual(cache.bytes, next.count + overhead)
    for text in texts { XCTAssertNil(lookup(text, in: cache)) }
  }

  /// The count budget: ``EvalRuleCache/capacity`` small entries are all kept, and the next
  /// starts the cache over.
  func testTheCountBudgetKeepsCapacityEntries() {
    let capacity = Cache.capacity
    var cache = Cache()
    XCTAssertLessThan(
      capacity * (8 + overhead()), cache.byteBudget, "the entries fit the default byte budget")
    var text = [UInt8](repeating: 0, count: 8)
    func setNumber(_ number: Int) {
      for byte in 0..<8 { text[byte] = UInt8(truncatingIfNeeded: number >> (8 * byte)) }
    }
    for number in 0..<capacity {
      setNumber(number)
      insert(text, entry: number, cost: 0, into: &cache)
      guard cache.count == number + 1 else {
        XCTFail("\(number + 1) entries inserted, \(cache.count) kept (capacity \(capacity))")
        return
      }
    }
    for number in [0, 1, capacity / 2, capacity - 1] {
      setNumber(number)
      XCTAssertEqual(lookup(text, in: cache), number, "entry \(number) of \(capacity)")
    }
    setNumber(capacity)
    insert(text, entry: capacity, cost: 0, into: &cache)
    XCTAssertEqual(cache.count, 1, "one entry past the capacity did not start the cache over")
    XCTAssertEqual(lookup(text, in: cache), capacity)
    setNumber(0)
    XCTAssertNil(lookup(text, in: cache))
  }

  /// Two texts that differ anywhere (a byte changed at any position, one cut or grown by a byte)
  /// are two entries, even when they share a hash: the bytes are compared.
  func testTextsThatDifferAnywhereAreTwoEntries() {
    let base = Array(#"{"startHour": 22, "endHour": 7, "timeZoneID": "Asia/Tokyo"}"#.utf8)
    for length in 0...base.count {
      let text = Array(base[0..<length])
      var variants: [[UInt8]] = [text + [UInt8(ascii: "x")]]
      if length > 0 { variants.append(Array(text.dropLast())) }
      for position in 0..<length {
        var changed = text
        changed[position] ^= 0x01
        variants.append(changed)
      }
      for variant in variants {
        // One hash for both: only the bytes tell them apart.
        let hash = 42
        var cache = Cache()
        text.withUnsafeBufferPointer { cache.insert($0, hash: hash, entry: 1, cost: 0) }
        let missed = variant.withUnsafeBufferPointer { cache.lookup($0, hash: hash) }
        XCTAssertNil(missed, "\(variant) found under \(text)")
        variant.withUnsafeBufferPointer { cache.insert($0, hash: hash, entry: 2, cost: 0) }
        XCTAssertEqual(text.withUnsafeBufferPointer { cache.lookup($0, hash: hash) }, 1)
        XCTAssertEqual(variant.withUnsafeBufferPointer { cache.lookup($0, hash: hash) }, 2)
        XCTAssertEqual(cache.count, 2)
        // And with their own hashes.
        var hashed = Cache()
        insert(text, entry: 1, cost: 0, into: &hashed)
        XCTAssertNil(lookup(variant, in: hashed), "\(variant) found under \(text)")
      }
    }
  }

  /// A text is admitted the second time its hash is seen, also when another hash sharing its
  /// first slot came in between.
  func testATextIsAdmittedTheSecondTimeItIsSeen() {
    var cache = Cache()
    // The same low bits (one slot of the table), different high bits (the second slot).
    let first = 5
    let second = 5 | 1 << 32
    XCTAssertFalse(cache.admits(hash: first), "a text seen once was admitted")
    XCTAssertFalse(cache.admits(hash: second), "a text seen once was admitted")
    XCTAssertTrue(cache.admits(hash: first), "a text seen twice was not admitted")
    XCTAssertTrue(cache.admits(hash: second), "a text seen twice was not admitted")
    var rng = SplitMix64(seed: 0xAD_3175)
    for _ in 0..<1_000 {
      let hash = Int(truncatingIfNeeded: rng.next())
      if cache.admits(hash: hash) { continue }  // a random hash may already sit in its slots
      XCTAssertTrue(cache.admits(hash: hash), "\(hash) seen twice was not admitted")
    }
  }
}

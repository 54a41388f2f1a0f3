import DNDKitTesting
import DNDSchedule
import DNDTestSupport
import Foundation
@_spi(Benchmark) import OfflinePush
import XCTest
import ZoneInfo

/// The priority-sender table's look-up (a filter bit, then a run's first hashes compared
/// without branches, or a binary search by hash and bytes in a longer run or among IDs that
/// share a hash, then the bytes) against a plain set of byte strings, through
/// `isPrioritySender` and through the whole decision, with random IDs and IDs crafted to share
/// one hash; and the table's invariants (its layout, runs, directory bounds, filter bits and
/// order) through its invariant hook.
final class SenderTableTests: XCTestCase, NightRuleCase {
  var zones: ZoneDatabase!  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals

  override func setUpWithError() throws {
    zones = try ZoneDatabase(root: TestPaths.zoneinfo)
  }

  /// An ID of 1 to 40 bytes: ASCII, sometimes with non-ASCII and NUL.
  func randomID(using rng: inout SplitMix64) -> String {
    let alphabet: [String] = ["a", "b", "c", "0", "1", "-", "_", "é", "李", "\u{0}", "x", "y"]
    let length = [1, 2, 7, 8, 9, 15, 16, 17, 36, 40].randomElement(using: &rng) ?? 8
    var id = ""
    while id.utf8.count < length { id += alphabet.randomElement(using: &rng) ?? "a" }
    return id
  }

  /// IDs that differ from one by a byte: one longer, one shorter, the last byte changed.
  func nearMisses(of id: String) -> [String] {
    var bytes = Array(id.utf8)
    var misses = [id + "a", String(decoding: bytes.dropLast(), as: UTF8.self)]
    bytes[bytes.count - 1] ^= 1
    misses.append(String(decoding: bytes, as: UTF8.self))
    return misses
  }

  /// Checks every query through `isPrioritySender` and, inside do-not-disturb with no other
  /// breakthrough, through the decision; returns how many queries were members.
  func check(
    _ ids: [String], queries: [String], rule: CompiledOfflinePushRule, seed: UInt64
  ) throws -> Int {
    let preferences = try CompiledPushPreferences(
      PushPreferences(breakthrough: .init(senders: ids, mentions: true)))
    let reference = Set(ids.map { Array($0.utf8) })
    XCTAssertEqual(preferences.prioritySenderCount, reference.count, "seed \(seed)")
    // The table's shape, which the answers alone do not show: a look-up in a table with too few
    // runs, or a filter with a stray bit, still answers, only slower.
    XCTAssertEqual(
      preferences.senderTableInvariantViolations, [],
      "seed \(seed): the table of \(reference.count) IDs")
    var members = 0
    for query in queries {
      let listed = reference.contains(Array(query.utf8))
      members += listed ? 1 : 0
      XCTAssertEqual(preferences.isPrioritySender(query), listed, "seed \(seed): \(query)")
      let answer = try rule.decide(
        kind: .message, target: .android, online: PlatformSet(), at: midnight,
        preferences: preferences, conversation: nil, message: PushMessage(sender: query))
      XCTAssertEqual(answer.breakthrough, listed ? .prioritySender : nil, "seed \(seed): \(query)")
      XCTAssertEqual(answer.delivers, listed, "seed \(seed): \(query)")
    }
    return members
  }

  func testTheLookUpAgreesWithASetOfByteStrings() throws {
    let seed = SplitMix64.seed(default: 0x5E_DE75)
    var rng = SplitMix64(seed: seed)
    let rule = try nightRule()
    var members = 0
    var queries = 0
    for _ in 0..<40 {
      let count =
        [1, 2, 3, 5, 17, 100, 257, PushPreferences.maximumSenderCount - 3]
        .randomElement(using: &rng) ?? 1
      var ids = (0..<count).map { _ in randomID(using: &rng) }
      // Duplicates, which the table drops.
      ids += ids.prefix(3)
      let asked =
        ids.shuffled(using: &rng).prefix(60).flatMap { [$0] + nearMisses(of: $0) }
        + (0..<60).map { _ in randomID(using: &rng) }
      members += try check(ids, queries: asked, rule: rule, seed: seed)
      queries += asked.count
    }
    // Both answers were asked for many times.
    XCTAssertGreaterThan(members, 500)
    XCTAssertGreaterThan(queries - members, 2_000)
  }

  /// Every table size up to a few hundred IDs, and the largest: the invariants hold (one run per
  /// ID at least, the filter exactly the IDs' bits, each ID once in its run).
  func testTheTablesShapeHoldsForEverySize() throws {
    for count in Array(0...300) + [PushPreferences.maximumSenderCount] {
      let ids = (0..<count).map { "sender-\($0)" }
      // With two duplicates, which the table drops, where the list has room for them.
      let listed = count + 2 <= PushPreferences.maximumSenderCount ? ids + ids.prefix(2) : ids
      let preferences = try CompiledPushPreferences(
        PushPreferences(breakthrough: .init(senders: listed)))
      XCTAssertEqual(preferences.prioritySenderCount, count)
      let violations = preferences.senderTableInvariantViolations
      XCTAssertEqual(violations, [], "a table of \(count) IDs")
      if !violations.isEmpty { return }
    }
  }

  /// IDs chosen to share one run of the directory, longer than the probe: the binary search's
  /// path, and the probe's on the other runs.
  func testRunsLongerThanTheProbeAreSearched() throws {
    let seed = SplitMix64.seed(default: 0x5E_DE76)
    var rng = SplitMix64(seed: seed)
    let rule = try nightRule()
    let count = 64
    let crowded = CompiledPushPreferences.senderProbeWidth * 3
    // Candidates in run 0 until there are enough for the list and as many to ask that are not.
    var sameRun: [String] = []
    var candidate = 0
    while sameRun.count < 2 * crowded {
      let id = "crowd-\(candidate)"
      if CompiledPushPreferences.senderRun(of: id, distinctCount: count) == 0 {
        sameRun.append(id)
      }
      candidate += 1
    }
    let listed = Array(sameRun.prefix(crowded))
    let others = (0..<(count - crowded)).map { "other-\($0)" }
    let ids = (listed + others).shuffled(using: &rng)
    let preferences = try CompiledPushPreferences(
      PushPreferences(breakthrough: .init(senders: ids)))
    XCTAssertGreaterThanOrEqual(preferences.longestSenderRun, crowded)
    let members = try check(
      ids, queries: sameRun + others + others.map { $0 + "!" }, rule: rule, seed: seed)
    XCTAssertEqual(members, count)
  }

  /// A client who knows the hash (it is not keyed) lists 1,024 IDs that share one 64-bit hash,
  /// the most a list holds: every answer is still right (the IDs that share the hash are
  /// ordered by their bytes and binary-searched), for the listed IDs, for IDs with the same
  /// hash that are not listed, and for near misses; the table's invariants hold.
  func testIDsCraftedToShareOneHashAreFoundByTheirBytes() throws {
    let seed = SplitMix64.seed(default: 0x5E_DE77)
    var rng = SplitMix64(seed: seed)
    let rule = try nightRule()
    let crafted = CompiledPushPreferences.senderIDsSharingOneHash(
      count: PushPreferences.maximumSenderCount + 100, using: &rng)
    // The generator did what it says: distinct ASCII IDs, one hash.
    XCTAssertEqual(Set(crafted).count, crafted.count, "seed \(seed)")
    XCTAssertTrue(
      crafted.allSatisfy { $0.utf8.allSatisfy { $0 != 0 && $0 < 0x80 } }, "seed \(seed)")
    XCTAssertEqual(
      Set(crafted.map(CompiledPushPreferences.senderHash(of:))).count, 1, "seed \(seed)")
    let listed = Array(crafted.prefix(PushPreferences.maximumSenderCount)).shuffled(using: &rng)
    let unlisted = Array(crafted.dropFirst(PushPreferences.maximumSenderCount))
    let preferences = try CompiledPushPreferences(
      PushPreferences(breakthrough: .init(senders: listed)))
    // The worst case was built: every ID in one run.
    XCTAssertEqual(preferences.longestSenderRun, listed.count, "seed \(seed)")
    let queries = listed + unlisted + listed.prefix(100).flatMap(nearMisses(of:))
    let members = try check(listed, queries: queries, rule: rule, seed: seed)
    XCTAssertEqual(members, listed.count, "seed \(seed)")
    // And cheaply: a binary search's comparisons (⌈log₂ 1,024⌉ + 2 = 12), not one per ID that
    // shares the hash.
    let worst = (listed + unlisted).map { preferences.senderByteComparisons(lookingUp: $0) }.max()
    XCTAssertLessThanOrEqual(worst ?? 0, 12, "seed \(seed)")
    XCTAssertGreaterThanOrEqual(worst ?? 0, 10, "seed \(seed): the search ran")
  }

  /// A few IDs that share a hash among random ones: runs short enough for the probe whose first
  /// hash is shared (the binary search by bytes from there), beside the one-entry path.
  func testAFewIDsSharingAHashAmongOthers() throws {
    let seed = SplitMix64.seed(default: 0x5E_DE78)
    var rng = SplitMix64(seed: seed)
    let rule = try nightRule()
    for _ in 0..<20 {
      let crafted = CompiledPushPreferences.senderIDsSharingOneHash(
        count: Int(rng.next(upperBound: 6 as UInt64)) + 2, using: &rng)
      let listedCrafted = Array(crafted.dropFirst())
      let others = (0..<Int(rng.next(upperBound: 200 as UInt64))).map { _ in
        randomID(using: &rng)
      }
      let ids = (listedCrafted + others).shuffled(using: &rng)
      let queries = crafted + others.prefix(20) + crafted.flatMap(nearMisses(of:))
      let members = try check(ids, queries: queries, rule: rule, seed: seed)
      XCTAssertGreaterThanOrEqual(members, listedCrafted.count, "seed \(seed)")
    }
  }

  /// The message hashes its sender when it is set in any way: by the initializer, by
  /// assignment, by either JSON reader.
  func testAMessageKeepsItsSendersHashWithTheSender() throws {
    let rule = try nightRule()
    let preferences = try CompiledPushPreferences(
      PushPreferences(breakthrough: .init(senders: ["bob", "u_0123456789abcdef"])))
    func lifted(_ message: PushMessage) throws -> Bool {
      try rule.decide(
        kind: .call, target: .android, online: PlatformSet(), at: midnight,
        preferences: preferences, conversation: nil, message: message
      ).breakthrough == .prioritySender
    }
    var message = PushMessage(sender: "eve")
    XCTAssertFalse(try lifted(message))
    message.sender = "u_0123456789abcdef"
    XCTAssertTrue(try lifted(message))
    message.sender = nil
    XCTAssertFalse(try lifted(message))
    message.sender = "bob"
    XCTAssertTrue(try lifted(message))
    XCTAssertEqual(message, PushMessage(sender: "bob"))
    let document = Data(#"{"sender": "b\u006fb"}"#.utf8)
    XCTAssertTrue(try lifted(PushMessage(jsonBytes: document)))
    XCTAssertTrue(try lifted(JSONDecoder().decode(PushMessage.self, from: document)))
    XCTAssertFalse(
      try lifted(JSONDecoder().decode(PushMessage.self, from: Data(#"{"sender": "Bob"}"#.utf8))))
  }
}

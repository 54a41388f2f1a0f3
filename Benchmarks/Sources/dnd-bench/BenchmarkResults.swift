import Foundation

/// Everything `--json` prints, as one flat object: the single-rule figures and the server
/// workload's, side by side.
struct BenchmarkReport: Encodable {
  var results: BenchmarkResults
  var server: ServerResults
  var wire: WireResults

  func encode(to encoder: any Encoder) throws {
    // All write their keys into the same top-level object.
    try results.encode(to: encoder)
    try server.encode(to: encoder)
    try wire.encode(to: encoder)
  }
}

/// The figures of one run, as `--json` prints them (CI and Benchmarks/NOTES.md read these
/// names): times in nanoseconds unless the name says otherwise.
struct BenchmarkResults: Codable {
  /// One membership case against the Foundation baseline.
  struct MembershipCase: Codable {
    var medianNs: Double
    var bestNs: Double
    var foundationNs: Double
    /// Foundation's median over DNDKit's.
    var speedup: Double
  }

  /// The same loop with bare arithmetic and no zone: the floor the other times compare with.
  var floorArithmeticNs = 0.0
  /// America/New_York, the headline case.
  var membershipNs = 0.0
  var membershipBestNs = 0.0
  var foundationCalendarNs = 0.0
  var speedupVsFoundation = 0.0
  var membershipByCase: [String: MembershipCase] = [:]
  var decisionNs = 0.0
  var nextChangeNs = 0.0
  /// The weekly schedule of the ZIM rule's window, and its time over the ZIM rule's, timed in
  /// alternating rounds; absent when the schedules could not be built.
  var weeklyOneWindowNs: Double?
  var weeklyOneWindowVsZIM: Double?
  /// Five windows, at most four a day, and a snooze.
  var weeklyFiveWindowsNs: Double?
  var weeklyFiveWindowsVsZIM: Double?
  var weeklyAllocationsPerCall: Double?
  /// Bytes of the five-window schedule's table.
  var weeklyBytes: Double?
  var allocationsPerCall: Double?
  /// The whole decision (100 priority senders, a conversation setting, a message), its time
  /// over today's decision in the same rounds, and its allocations per call.
  var policyDecisionNs = 0.0
  var policyDecisionVsToday = 0.0
  var policyAllocationsPerCall: Double?
  /// A priority-sender look-up over 1,024 IDs crafted to share one hash, over one over 1,024
  /// random IDs (same rounds): for listed senders, and for unlisted ones.
  var senderLookUpCraftedVsRandomListed = 0.0
  var senderLookUpCraftedVsRandomUnlisted = 0.0
  var twoThreadScaling = 0.0
  var foundationTwoThreadScaling = 0.0
  var floorTwoThreadScaling = 0.0
  var zoneLoadMicros = 0.0
  /// A freshly loaded zone's first answer past 2050, which builds the rest of its table.
  var zoneExtensionMicros = 0.0
  var allocationsPerExtension: Double?
  var allZonesLoadMillis = 0.0
  /// The same New York load from the bundled snapshot, and its ratio to the system's.
  var bundleZoneLoadMicros = 0.0
  var bundleZoneLoadVsSystem = 0.0
  var bundleAllZonesLoadMillis = 0.0
  /// The first `ZoneBundle.embedded()`: the name index and one copy of the bytes.
  var bundleFirstUseMicros = 0.0
  var zoneCount = 0
  var compileNs = 0.0
  var bytesPerCompiledRule = 0
  var bytesPerCompiledSchedule = 0
  /// JSON → decode → compile → decide.
  var coldPathNs = 0.0
  var coldPathDecodeAloneNs = 0.0
  var coldPathJSONDecoderShare = 0.0
}

/// Prints figures as one JSON object with sorted keys (`--json`).
func printJSON(_ figures: some Encodable) {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  print(String(decoding: (try? encoder.encode(figures)) ?? Data(), as: UTF8.self))
}

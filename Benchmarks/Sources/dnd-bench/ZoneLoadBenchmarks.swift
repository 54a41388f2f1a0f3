import DNDSchedule
import Dispatch
import ZoneInfo
import ZoneInfoBundle

/// Zone loading: one zone, then its first answer past 2050, then every zone, each from a fresh
/// database (no cache); and the same loads from the bundled snapshot, interleaved with the
/// system's so that the machine's drift hits both alike.
func measureZoneLoading(_ run: BenchmarkRun, into results: inout BenchmarkResults) {
  let root = run.root
  let loadRounds = run.quick ? 50 : 200
  let firstUse = DispatchTime.now().uptimeNanoseconds
  guard let bundle = try? ZoneBundle.embedded() else { fail("the bundled snapshot is corrupt") }
  results.bundleFirstUseMicros = Double(DispatchTime.now().uptimeNanoseconds - firstUse) / 1_000
  var loadSamples: [Double] = []
  var bundleSamples: [Double] = []
  for _ in 0..<loadRounds {
    guard let fresh = try? ZoneDatabase(root: root) else { fail("cannot open \(root)") }
    var start = DispatchTime.now().uptimeNanoseconds
    _ = try? fresh.zone("America/New_York")
    loadSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    let bundled = ZoneDatabase(bundle: bundle)
    start = DispatchTime.now().uptimeNanoseconds
    guard (try? bundled.zone("America/New_York")) != nil else { fail("no New York in the bundle") }
    bundleSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  }
  loadSamples.sort()
  bundleSamples.sort()
  results.zoneLoadMicros = loadSamples[loadSamples.count / 2] / 1_000
  results.bundleZoneLoadMicros = bundleSamples[bundleSamples.count / 2] / 1_000
  results.bundleZoneLoadVsSystem =
    bundleSamples[bundleSamples.count / 2]
    / loadSamples[loadSamples.count / 2]
  // Loading builds a zone's table to 2050; the first question past that builds the rest
  // (once per zone). Timed on a freshly loaded zone: its first answer for an instant in 2300.
  var extensionSamples: [Double] = []
  var extensionAllocations: UInt? = AllocationCount.isCounted ? 0 : nil
  for _ in 0..<loadRounds {
    // A schedule compiled on a freshly loaded zone, asked about 2299-12-31 23:00 in New York.
    let rule = DoNotDisturbRule(
      enabled: true, startHour: 22, endHour: 8, repeatMode: .daily,
      timeZoneID: "America/New_York")
    guard let fresh = try? ZoneDatabase(root: root),
      let schedule = try? DoNotDisturbSchedule(rule: rule, zones: fresh)
    else { fail("cannot load America/New_York from \(root)") }
    let allocationsBefore = AllocationCount.now
    let start = DispatchTime.now().uptimeNanoseconds
    let inside = try? schedule.contains(10_413_806_400)
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    if let before = allocationsBefore, let after = AllocationCount.now {
      extensionAllocations? += after - before
    }
    extensionSamples.append(Double(elapsed))
    if inside != true { fail("America/New_York in 2300: DND answer \(String(describing: inside))") }
  }
  extensionSamples.sort()
  results.zoneExtensionMicros = extensionSamples[extensionSamples.count / 2] / 1_000
  // The extension is part of a hot-path call, so it must not allocate either.
  let allocationsPerExtension = extensionAllocations.map { Double($0) / Double(loadRounds) }
  results.allocationsPerExtension = allocationsPerExtension
  let ids = run.zones.identifiers()
  var allSamples: [Double] = []
  var allBundleSamples: [Double] = []
  for _ in 0..<(run.quick ? 3 : 7) {
    guard let fresh = try? ZoneDatabase(root: root) else { fail("cannot open \(root)") }
    var start = DispatchTime.now().uptimeNanoseconds
    for id in ids { _ = try? fresh.zone(id) }
    allSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    let bundled = ZoneDatabase(bundle: bundle)
    start = DispatchTime.now().uptimeNanoseconds
    for id in bundled.identifiers() { _ = try? bundled.zone(id) }
    allBundleSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  }
  allSamples.sort()
  allBundleSamples.sort()
  results.allZonesLoadMillis = allSamples[allSamples.count / 2] / 1_000_000
  results.bundleAllZonesLoadMillis = allBundleSamples[allBundleSamples.count / 2] / 1_000_000
  results.zoneCount = ids.count
  run.log("")
  run.log(
    "Zone load (America/New_York, fresh database)  \(format(loadSamples[loadSamples.count / 2]))")
  let extensionMedian = format(extensionSamples[extensionSamples.count / 2])
  run.log(
    "First answer past 2050 (builds rest of table)  \(extensionMedian), "
      + "allocations: \(AllocationCount.describe(allocationsPerExtension))")
  run.log(
    "All \(ids.count) zones, fresh database             \(format(allSamples[allSamples.count / 2]))"
  )
  let bundleMedian = bundleSamples[bundleSamples.count / 2]
  run.log(
    "Zone load from \(ZoneDatabase(bundle: bundle))      \(format(bundleMedian))  "
      + "(\(String(format1: bundleMedian / loadSamples[loadSamples.count / 2]))× the system's)")
  run.log(
    "All \(ZoneDatabase(bundle: bundle).identifiers().count) zones from the bundle             "
      + "\(format(allBundleSamples[allBundleSamples.count / 2])) "
      + "(first use of the bundle \(format(results.bundleFirstUseMicros * 1_000)))")
}

// swift-tools-version:6.0
// libFuzzer targets for DNDKit. Not part of the DNDKit package: it depends on the package in
// the folder above, which stays free of dependencies. Build and run with Fuzz/run.sh, which
// passes `-sanitize=fuzzer,address` (see Fuzz/README.md).
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let zoneInfo = Target.Dependency.product(name: "ZoneInfo", package: root)
let dndSchedule = Target.Dependency.product(name: "DNDSchedule", package: root)
let offlinePush = Target.Dependency.product(name: "OfflinePush", package: root)
let batchEvaluation = Target.Dependency.product(name: "BatchEvaluation", package: root)
let pushRecall = Target.Dependency.product(name: "PushRecall", package: root)
let pushRecallReader = Target.Dependency.product(name: "PushRecallReader", package: root)
/// The properties every zone and schedule has (`PropertyChecks`), shared with the package's tests.
let testing = Target.Dependency.product(name: "DNDKitTesting", package: root)

let package = Package(
  name: "DNDKitFuzz",
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "FuzzDriver"),
    .target(name: "FuzzSupport", dependencies: ["FuzzDriver", testing, zoneInfo]),
    .executableTarget(
      name: "FuzzTZif", dependencies: ["FuzzSupport", testing, zoneInfo, dndSchedule]),
    .executableTarget(
      name: "FuzzPOSIXTZ", dependencies: ["FuzzSupport", testing, zoneInfo, dndSchedule]),
    .executableTarget(
      name: "FuzzRuleJSON",
      dependencies: [
        "FuzzSupport", testing, zoneInfo, dndSchedule, offlinePush, pushRecall, pushRecallReader,
      ]),
    .executableTarget(
      name: "FuzzWireJSON", dependencies: ["FuzzSupport", dndSchedule, offlinePush]),
    .executableTarget(
      name: "FuzzEvalLine",
      dependencies: [
        "FuzzSupport", batchEvaluation, zoneInfo, dndSchedule, offlinePush,
      ]),
  ],
  swiftLanguageModes: [.v6]
)

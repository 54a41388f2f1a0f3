// swift-tools-version:6.0
import PackageDescription

// Sources/ is laid out by layer, bottom up: 1-ZoneData (time zones), 2-Schedule (do-not-disturb
// schedules), 3-Push (the push decision facade and recall), 4-BatchEvaluation (the JSON Lines
// engine), 5-Tools (the executables), 6-Checks (fixture tables and property checks for tests).
let package = Package(
  name: "DNDKit",
  products: [
    .library(name: "ZoneInfo", targets: ["ZoneInfo"]),
    .library(name: "DNDSchedule", targets: ["DNDSchedule"]),
    .library(name: "OfflinePush", targets: ["OfflinePush"]),
    .library(name: "PushRecall", targets: ["PushRecall"]),
    .library(name: "BatchEvaluation", targets: ["BatchEvaluation"]),
    // For DNDKit's own fuzz package (Fuzz/), which shares these checks with the tests.
    .library(name: "DNDPropertyChecks", targets: ["DNDPropertyChecks"]),
    .executable(name: "dnd", targets: ["dnd"]),
    .executable(name: "dnd-bench", targets: ["dnd-bench"]),
  ],
  targets: [
    // openat2 for ZoneInfo, which Swift cannot call directly (syscall(2) is variadic).
    .target(name: "CZoneFileOpen", path: "Sources/1-ZoneData/CZoneFileOpen"),
    .target(
      name: "ZoneInfo", dependencies: ["CZoneFileOpen"], path: "Sources/1-ZoneData/ZoneInfo"),
    .target(
      name: "DNDSchedule", dependencies: ["ZoneInfo"], path: "Sources/2-Schedule/DNDSchedule"),
    .target(
      name: "OfflinePush", dependencies: ["DNDSchedule", "ZoneInfo"],
      path: "Sources/3-Push/OfflinePush"),
    .target(name: "PushRecall", dependencies: ["OfflinePush"], path: "Sources/3-Push/PushRecall"),
    .target(
      name: "BatchEvaluation", dependencies: ["OfflinePush", "DNDSchedule", "ZoneInfo"],
      path: "Sources/4-BatchEvaluation/BatchEvaluation"),
    .executableTarget(
      name: "dnd",
      dependencies: [
        "BatchEvaluation", "PushRecall", "OfflinePush", "DNDSchedule", "ZoneInfo", "DNDFixtures",
      ],
      path: "Sources/5-Tools/dnd"),
    // Interposes malloc in dnd-bench only, to count allocations on the hot path.
    .target(name: "CAllocationCounter", path: "Sources/5-Tools/CAllocationCounter"),
    .executableTarget(
      name: "dnd-bench",
      dependencies: ["OfflinePush", "DNDSchedule", "ZoneInfo", "CAllocationCounter"],
      path: "Sources/5-Tools/dnd-bench"),
    .target(
      name: "DNDFixtures", dependencies: ["DNDSchedule", "ZoneInfo"],
      path: "Sources/6-Checks/DNDFixtures"),
    .target(
      name: "DNDPropertyChecks", dependencies: ["DNDSchedule", "ZoneInfo"],
      path: "Sources/6-Checks/DNDPropertyChecks"),
    .target(
      name: "DNDTestSupport", dependencies: ["DNDSchedule", "ZoneInfo"],
      path: "Tests/DNDTestSupport"),
    .testTarget(
      name: "ZoneInfoTests", dependencies: ["ZoneInfo", "DNDTestSupport", "DNDFixtures"]),
    .testTarget(
      name: "DNDScheduleTests",
      dependencies: [
        "DNDSchedule", "ZoneInfo", "DNDTestSupport", "DNDFixtures", "DNDPropertyChecks",
      ]),
    .testTarget(
      name: "OfflinePushTests", dependencies: ["OfflinePush", "DNDSchedule", "DNDTestSupport"]),
    .testTarget(
      name: "PushRecallTests", dependencies: ["PushRecall", "OfflinePush", "DNDTestSupport"]),
    .testTarget(
      name: "dndTests",
      dependencies: [
        "dnd", "BatchEvaluation", "DNDTestSupport", "PushRecall", "OfflinePush", "DNDSchedule",
        "ZoneInfo", "DNDFixtures",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

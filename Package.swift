// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DNDKit",
  products: [
    .library(name: "ZoneInfo", targets: ["ZoneInfo"]),
    .library(name: "DNDSchedule", targets: ["DNDSchedule"]),
    .library(name: "OfflinePush", targets: ["OfflinePush"]),
    .executable(name: "dnd", targets: ["dnd"]),
    .executable(name: "dnd-bench", targets: ["dnd-bench"]),
  ],
  targets: [
    // openat2 for ZoneInfo, which Swift cannot call directly (syscall(2) is variadic).
    .target(name: "CZoneFileOpen"),
    .target(name: "ZoneInfo", dependencies: ["CZoneFileOpen"]),
    .target(name: "DNDSchedule", dependencies: ["ZoneInfo"]),
    .target(name: "OfflinePush", dependencies: ["DNDSchedule", "ZoneInfo"]),
    .target(name: "DNDFixtures", dependencies: ["DNDSchedule", "ZoneInfo"]),
    .executableTarget(
      name: "dnd", dependencies: ["OfflinePush", "DNDSchedule", "ZoneInfo", "DNDFixtures"]),
    // Interposes malloc in dnd-bench only, to count allocations on the hot path.
    .target(name: "CAllocationCounter"),
    .executableTarget(
      name: "dnd-bench",
      dependencies: ["OfflinePush", "DNDSchedule", "ZoneInfo", "CAllocationCounter"]),
    .target(
      name: "DNDTestSupport", dependencies: ["DNDSchedule", "ZoneInfo"],
      path: "Tests/DNDTestSupport"),
    .testTarget(
      name: "ZoneInfoTests", dependencies: ["ZoneInfo", "DNDTestSupport", "DNDFixtures"]),
    .testTarget(
      name: "DNDScheduleTests",
      dependencies: ["DNDSchedule", "ZoneInfo", "DNDTestSupport", "DNDFixtures"]),
    .testTarget(
      name: "OfflinePushTests", dependencies: ["OfflinePush", "DNDSchedule", "DNDTestSupport"]),
    .testTarget(
      name: "dndTests",
      dependencies: [
        "dnd", "DNDTestSupport", "OfflinePush", "DNDSchedule", "ZoneInfo", "DNDFixtures",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

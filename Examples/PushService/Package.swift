// swift-tools-version:6.0
// An example downstream package: a stand-in push service that decides with DNDKit,
// and its test suite built on the DNDKitTesting products. Not part of the DNDKit package; it
// depends on the package two folders up, as a team's service depends on DNDKit.
import Foundation
import PackageDescription

/// The DNDKit package's identity is the name of its folder, whatever the clone is called.
let dndkit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "PushService",
  // DNDKit's minimum Apple platforms: a package that depends on it declares at least these.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "PushService",
      dependencies: [
        .product(name: "OfflinePush", package: dndkit),
        .product(name: "DNDSchedule", package: dndkit),
        .product(name: "ZoneInfo", package: dndkit),
      ]),
    .testTarget(
      name: "PushServiceTests",
      dependencies: [
        "PushService",
        .product(name: "DNDKitTesting", package: dndkit),
        .product(name: "DNDKitTestingXCTest", package: dndkit),
        // The tzdata the fixture table was derived from, pinned.
        .product(name: "ZoneInfoBundle", package: dndkit),
      ],
      resources: [.copy("quiet-hours.tsv")]),
  ],
  swiftLanguageModes: [.v6]
)

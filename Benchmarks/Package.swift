// swift-tools-version:6.0
// DNDKit's benchmark, beside the package rather than inside it: `dnd-bench` times the hot path
// against Foundation and counts its allocations; it sees DNDKit as any user does, through the
// library products of the package one level up. Run with
// `swift run -c release --package-path Benchmarks dnd-bench` from the root (see NOTES.md).
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "DNDKitBenchmarks",
  // The root package's minimums: the benchmark uses nothing newer.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "..")],
  targets: [
    // Interposes malloc in dnd-bench, to count allocations on the hot path.
    .target(name: "CAllocationCounter"),
    // dnd-bench's server loops, in a module of their own as a server's code is.
    .target(
      name: "ServerLoops",
      dependencies: [
        .product(name: "OfflinePush", package: root),
        .product(name: "DNDSchedule", package: root),
      ]),
    .executableTarget(
      name: "dnd-bench",
      dependencies: [
        "CAllocationCounter", "ServerLoops",
        .product(name: "BatchEvaluation", package: root),
        .product(name: "OfflinePush", package: root),
        .product(name: "DNDSchedule", package: root),
        .product(name: "ZoneInfo", package: root),
        .product(name: "ZoneInfoBundle", package: root),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// DNDKit's wire reader beside simdjson On-Demand on the same rule documents, timed in one
// process. Not part of the DNDKit package, which stays free of dependencies: this package uses
// the system's simdjson (`apt-get install libsimdjson-dev`) and the package in the folder two
// levels up. Run with `swift run -c release` here (see README.md).
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "SimdjsonComparison",
  dependencies: [.package(path: "../..")],
  targets: [
    // simdjson On-Demand reading a rule document into the fields OfflinePushRule has; built
    // for this machine's instruction set, as simdjson is meant to be.
    .target(
      name: "CSimdjsonDecode",
      cxxSettings: [.unsafeFlags(["-O3", "-march=native"])],
      linkerSettings: [.linkedLibrary("simdjson")]),
    .executableTarget(
      name: "WireVsSimdjson",
      dependencies: [
        "CSimdjsonDecode",
        .product(name: "OfflinePush", package: root),
        .product(name: "ZoneInfo", package: root),
      ]),
  ],
  cxxLanguageStandard: .cxx17
)

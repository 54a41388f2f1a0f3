// swift-tools-version:6.0
// The recall Notification Service Extension's decision, built and tested on any platform.
//
// `NotificationService/` holds the files of the extension's Xcode target as a developer adds
// them: the `UNNotificationServiceExtension` subclass, its Info.plist and its entitlements.
// Its decision (which delivered notifications to remove, and whether to show the command's own
// alert) is the plain Swift file `RecallHandling.swift`, which the Xcode target compiles
// beside the subclass and this package compiles for its tests. The subclass is compiled here
// too: on Apple platforms it is type-checked; elsewhere `#if canImport(UserNotifications)`
// leaves it empty. Not part of the DNDKit package; it depends on the package two folders up.
import Foundation
import PackageDescription

/// The DNDKit package's identity is the name of its folder, whatever the clone is called.
let dndkit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "RecallExtension",
  // DNDKit's minimum Apple platforms: a package that depends on it declares at least these.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "NotificationService",
      dependencies: [.product(name: "PushRecallReader", package: dndkit)],
      path: "NotificationService",
      exclude: ["Info.plist", "NotificationService.entitlements"]),
    .testTarget(
      name: "RecallHandlingTests",
      dependencies: [
        "NotificationService",
        .product(name: "PushRecallReader", package: dndkit),
        // The server's payload builders, so a test reads what the server sends.
        .product(name: "PushRecall", package: dndkit),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

import Foundation

/// Paths of the package's data, found from this file's location.
public enum TestPaths {
  /// The package root (the folder holding `Package.swift`).
  public static let packageRoot: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
  }()

  /// `Fixtures/` in the package root.
  public static var fixtures: String { packageRoot + "/Fixtures" }

  /// The system tzdata the tests run against: `TZDIR` when set, else `/usr/share/zoneinfo`.
  public static var zoneinfo: String {
    let tzdir = ProcessInfo.processInfo.environment["TZDIR"] ?? ""
    return tzdir.isEmpty ? "/usr/share/zoneinfo" : tzdir
  }
}

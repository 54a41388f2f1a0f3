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

  /// The `dnd` executable, in the build products folder that holds the test bundle (or the
  /// test runner); nil when it is not built.
  public static let dndExecutable: String? = {
    var folders: [URL] = []
    if let first = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(bundle.bundleURL)
    }
    folders.append(Bundle.main.bundleURL)
    if let path = Bundle.main.executablePath {
      folders.append(URL(fileURLWithPath: path).resolvingSymlinksInPath())
    }
    for start in folders {
      var folder = start
      for _ in 0..<4 {
        folder.deleteLastPathComponent()
        let candidate = folder.appendingPathComponent("dnd").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }()

  /// The system tzdata the tests run against: `TZDIR` when set, else `/usr/share/zoneinfo`.
  public static var zoneinfo: String {
    let tzdir = ProcessInfo.processInfo.environment["TZDIR"] ?? ""
    return tzdir.isEmpty ? "/usr/share/zoneinfo" : tzdir
  }
}

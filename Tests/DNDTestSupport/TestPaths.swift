import Foundation
import ZoneInfo
import ZoneInfoBundle

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

/// A replay folder that is missing, unreadable or empty: a replay of it would check nothing.
public struct MissingReplayInputs: Error, CustomStringConvertible {
  /// The folder.
  public var folder: String
  /// What is wrong with it.
  public var reason: String

  /// `replay folder PATH: REASON`.
  public var description: String { "replay folder \(folder): \(reason)" }
}

extension TestPaths {
  /// The saved inputs in a replay folder (such as `Fixtures/fuzz-regressions/tzif`), sorted by
  /// name, READMEs left out.
  ///
  /// - Parameter folder: The folder.
  /// - Returns: Each file's name and bytes; never empty.
  /// - Throws: ``MissingReplayInputs`` when the folder cannot be listed, a file cannot be read,
  ///   or it holds no input, so that a replay of nothing fails instead of passing.
  public static func replayInputs(in folder: String) throws -> [(name: String, bytes: [UInt8])] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw MissingReplayInputs(folder: folder, reason: "cannot be listed (\(error))")
    }
    let inputs = try names.sorted().filter { !$0.hasPrefix("README") && !$0.hasPrefix(".") }
      .map { name in
        guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
          throw MissingReplayInputs(folder: folder, reason: "\(name) cannot be read")
        }
        return (name: name, bytes: [UInt8](data))
      }
    guard !inputs.isEmpty else { throw MissingReplayInputs(folder: folder, reason: "no inputs") }
    return inputs
  }
}

extension TestPaths {
  /// The tzdata release the fixture tables were derived from (see their header comments).
  public static let fixtureTZDataVersion = "2025b"

  /// The tzdata the fixture tables run against: the snapshot the ZoneInfoBundle product
  /// embeds, pinned to ``fixtureTZDataVersion``, so that a host with newer tzdata does not
  /// fail them for reasons that are not bugs. (The host's tzdata gets one differential test.)
  ///
  /// - Throws: ``ZoneError`` if the embedded snapshot does not load.
  public static func pinnedZones() throws -> ZoneDatabase {
    try ZoneDatabase(bundle: ZoneBundle.embedded())
  }
}

import Foundation
import XCTest

extension XCTestCase {
  /// A new, empty folder under the temporary directory, removed when the test ends.
  ///
  /// - Parameter prefix: The start of its name, saying which suite made it.
  /// - Returns: The folder's path.
  /// - Throws: The file system's error when it cannot be made.
  public func scratchDirectory(prefix: String) throws -> String {
    let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
  }

  /// Compiles zic source text into a zoneinfo root with `zic -d root`, failing the test when
  /// zic does. The source is written beside the root (`root.zi`) and removed when the test ends.
  ///
  /// - Parameters:
  ///   - source: The zic source text.
  ///   - root: The folder to write the zones into.
  /// - Throws: The file system's or the process's error.
  public func compileZones(_ source: String, into root: String) throws {
    let sourcePath = root + ".zi"
    try Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: sourcePath) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/zic")
    process.arguments = ["-d", root, sourcePath]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "zic \(sourcePath)")
  }
}

import DNDTestSupport
import Foundation
import SystemInterface
import XCTest

/// What `dnd bundle --out` and `dnd timeline --svg` may write to: a regular file (replaced
/// whole, its permissions kept) or a new name. A FIFO, a symbolic link, a directory or a
/// device is refused and left as it was, and a failed write says why.
final class OutputPathTests: XCTestCase {
  /// The two commands that write a file, with the output path last.
  func commands(_ folder: String) throws -> [(name: String, arguments: (String) -> [String])] {
    let rule = folder + "/rule.json"
    try Data(#"{"enabled": true, "startHour": 22, "endHour": 8, "repeatMode": 2}"#.utf8)
      .write(to: URL(fileURLWithPath: rule))
    let root = folder + "/zoneinfo"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: TestPaths.zoneinfo + "/Europe/Paris", toPath: root + "/Paris")
    try Data("2099z\n".utf8).write(to: URL(fileURLWithPath: root + "/+VERSION"))
    return [
      ("timeline --svg", { ["timeline", "--rule", rule, "--svg", $0] }),
      ("bundle --out", { ["bundle", "--from", root, "--out", $0] }),
    ]
  }

  /// The kind of what a path names, without following a symbolic link.
  func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  func testNonRegularOutputsAreRefusedAndLeftAlone() throws {
    let folder = try scratchDirectory(prefix: "dnd-output")
    let fifo = folder + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o644), 0)
    let target = folder + "/target"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    let link = folder + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let directory = folder + "/directory"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    var cases = [
      (fifo, S_IFIFO, "a FIFO"), (link, S_IFLNK, "a symbolic link"),
      (directory, S_IFDIR, "a directory"),
    ]
    // A device node of its own (the null device's numbers, 1:3 in Linux's encoding) where
    // the tests may make one (as root); the system's /dev/null is never put at risk.
    let device = folder + "/device"
    if mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0 {
      cases.append((device, S_IFCHR, "a character device"))
    }
    for (name, arguments) in try commands(folder) {
      for (path, expectedKind, description) in cases {
        let result = try DNDProcess.run(arguments(path))
        XCTAssertEqual(result.status, 2, "\(name) \(path)")
        XCTAssertTrue(
          result.stderr.contains(
            "\"\(path)\" is \(description): an output must be a regular file"),
          "\(name): \(result.stderr)")
        XCTAssertEqual(kind(path), expectedKind, "\(name) replaced \(path)")
      }
      XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep", name)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [], name)
    }
  }

  func testRegularFilesAreReplacedWholeAndNewOnesCreated() throws {
    let folder = try scratchDirectory(prefix: "dnd-output")
    for (name, arguments) in try commands(folder) {
      let existing = folder + "/existing-\(name.count)"
      try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
      XCTAssertEqual(chmod(existing, 0o600), 0)
      let replaced = try DNDProcess.run(arguments(existing))
      XCTAssertEqual(replaced.status, 0, "\(name): \(replaced.stderr)")
      let contents = try Data(contentsOf: URL(fileURLWithPath: existing))
      XCTAssertGreaterThan(contents.count, 100, name)
      var info = stat()
      XCTAssertEqual(stat(existing, &info), 0)
      XCTAssertEqual(info.st_mode & 0o777, 0o600, "\(name) keeps the file's permissions")
      let fresh = folder + "/fresh-\(name.count)"
      let created = try DNDProcess.run(arguments(fresh))
      XCTAssertEqual(created.status, 0, "\(name): \(created.stderr)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fresh)), contents, name)
    }
    // No temporary file is left behind.
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") },
      [])
  }

  func testFailedWritesSayWhy() throws {
    let folder = try scratchDirectory(prefix: "dnd-output")
    for (name, arguments) in try commands(folder) {
      let path = folder + "/missing-folder/out"
      let result = try DNDProcess.run(arguments(path))
      XCTAssertEqual(result.status, 2, name)
      XCTAssertTrue(
        result.stderr.contains("\"\(path)\": cannot write: No such file or directory"),
        "\(name): \(result.stderr)")
    }
  }
}

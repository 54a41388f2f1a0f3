import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import SystemInterface
import SystemTestBench
import XCTest
import ZoneInfo

/// Files under a database root are untrusted: every read stays inside the root with no gap
/// between checking a path and opening it, reads regular files only, and stops at a size
/// limit. Each test runs both ways of resolving a path: by the kernel (openat2) and by the
/// component-by-component walk used where openat2 is missing.
final class ZoneRootTests: XCTestCase {
  func copyZone(_ id: String, to path: String) throws {
    try FileManager.default.copyItem(atPath: TestPaths.zoneinfo + "/" + id, toPath: path)
  }

  /// A thread swaps a directory inside the root with a link to an outside directory, as fast
  /// as it can, while zones are loaded through it: a load answers from the inside zone or
  /// fails, and never answers from the outside file.
  func testSwappingADirectoryForALinkNeverReadsOutside() throws {
    let scratch = try scratchDirectory(prefix: "dndkit-root")
    let root = scratch + "/root"
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/Swap", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: scratch + "/outside", withIntermediateDirectories: true)
    // Inside 5 hours behind UTC, outside 9 hours ahead: told apart by their offsets, and
    // quick to load.
    try copyZone("Etc/GMT+5", to: root + "/Swap/Zone")
    try copyZone("Etc/GMT-9", to: scratch + "/outside/Zone")
    try manager.createSymbolicLink(atPath: root + "/Other", withDestinationPath: "../outside")
    let instant: Int64 = 1_700_000_000
    let insideOffset = try ZoneDatabase(root: TestPaths.zoneinfo).zone("Etc/GMT+5")
      .offset(at: instant)
    let outsideOffset = try ZoneDatabase(root: TestPaths.zoneinfo).zone("Etc/GMT-9")
      .offset(at: instant)
    XCTAssertNotEqual(insideOffset, outsideOffset)

    for kernelChecksPaths in [true, false] {
      let swapper = DirectorySwapper(root + "/Swap", root + "/Other")
      swapper.start()
      var (loads, inside, escapes) = (0, 0, 0)
      let deadline = Date().addingTimeInterval(2)
      // Enough loads and swaps that the old realpath-then-open escaped every time; capped in
      // time for a slow machine.
      while (loads < 20_000 || swapper.swaps < 5_000) && Date() < deadline {
        loads += 1
        // A fresh database each time: the cache would answer every load after the first.
        guard
          let zone = try? ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths).zone(
            "Swap/Zone")
        else { continue }
        switch try zone.offset(at: instant) {
        case insideOffset: inside += 1
        default: escapes += 1
        }
      }
      let swaps = swapper.stop()
      XCTAssertEqual(escapes, 0, "kernel \(kernelChecksPaths): \(loads) loads, \(swaps) swaps")
      XCTAssertGreaterThan(inside, 0, "kernel \(kernelChecksPaths): the inside zone still loads")
      XCTAssertGreaterThan(swaps, 0, "kernel \(kernelChecksPaths): the swapper ran")
    }
  }

  /// Links that stay inside the root load, however their targets get there (through a link
  /// to a directory, with `..`, in a chain, as Debian ships `posixrules` and the backward
  /// names); links that leave it, loops, `..` above the root, and paths whose directories as
  /// written are links (which would give one file endless names) do not.
  func testLinksInsideTheRootLoad() throws {
    let scratch = try scratchDirectory(prefix: "dndkit-root")
    let root = scratch + "/root"
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/Area/Sub", withIntermediateDirectories: true)
    try copyZone("Europe/Berlin", to: root + "/Area/City")
    try copyZone("Asia/Tokyo", to: scratch + "/Beside")
    let links = [
      ("Alias", "Area/City"), ("Area/Twin", "City"), ("Area/Sub/Up", "../City"),
      ("Area/Sub/Chain", "../../Alias"), ("Folder", "Area"), ("Area/Sub/Self", "."),
      ("Through", "Folder/Sub/Self/Up"),
      ("Absolute", root + "/Area/City"), ("Escape", "../Beside"), ("Climb", "Area/../../Beside"),
      ("Loop", "Loop"), ("PingA", "PingB"), ("PingB", "PingA"), ("Dangling", "Nowhere"),
    ]
    for (link, target) in links {
      try manager.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
    }
    let loads = [
      "Area/City", "Alias", "Area/Twin", "Area/Sub/Up", "Area/Sub/Chain", "Through",
    ]
    let refused: [(String, RootFileError)] = [
      ("Absolute", .outsideRoot), ("Escape", .outsideRoot), ("Climb", .outsideRoot),
      ("Loop", .tooManyLinks), ("PingA", .tooManyLinks), ("Dangling", .missing),
      ("Area/City/Nope", .missing), ("Area/Sub", .notRegularFile(.directory)),
      ("Folder/City", .directoryLink(component: "Folder")),
      ("Folder/Sub/Up", .directoryLink(component: "Folder")),
      ("Area/Sub/Self/Self/Up", .directoryLink(component: "Self")),
      ("Folder/Twin", .directoryLink(component: "Folder")),
    ]
    let berlin = try ZoneDatabase(root: TestPaths.zoneinfo).zone("Europe/Berlin")
    for kernelChecksPaths in [true, false] {
      let zones = try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths)
      for id in loads {
        XCTAssertEqual(
          try zones.zone(id).offset(at: 1_700_000_000), try berlin.offset(at: 1_700_000_000),
          "kernel \(kernelChecksPaths): \(id)")
      }
      for (path, expected) in refused {
        XCTAssertThrowsError(
          try zones.readRootFile(path, sizeLimit: 1 << 20), "kernel \(kernelChecksPaths): \(path)"
        ) { error in
          guard let error = error as? RootFileError else { return XCTFail("\(error)") }
          XCTAssertEqual(error, expected, "kernel \(kernelChecksPaths): \(path)")
        }
        XCTAssertThrowsError(try zones.zone(path), path)
      }
    }
  }

  /// Random trees of directories, files and relative links (some leaving the root, some
  /// looping), read through random paths: the kernel and the walk give the same bytes or the
  /// same error, and no read returns a file outside the root.
  func testKernelAndWalkResolveAlike() throws {
    let seed = SplitMix64.seed(default: 0x5EED_200F)
    var rng = SplitMix64(seed: seed)
    let names = ["a", "b", "c", "..", ".", "f", "g", "l", "m", "n"]
    for tree in 0..<12 {
      let scratch = try scratchDirectory(prefix: "dndkit-root")
      let root = scratch + "/root"
      let manager = FileManager.default
      try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
      try Data("OUTSIDE".utf8).write(to: URL(fileURLWithPath: scratch + "/f"))
      // Directories a, b, c at random depths; files f, g; links l, m, n with targets made of
      // the same names.
      var directories = [""]
      for _ in 0..<4 {
        let parent = directories.randomElement(using: &rng) ?? ""
        let name = ["a", "b", "c"].randomElement(using: &rng) ?? "a"
        let path = parent.isEmpty ? name : parent + "/" + name
        if !directories.contains(path) {
          try manager.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
          directories.append(path)
        }
      }
      for directory in directories {
        let prefix = directory.isEmpty ? "" : directory + "/"
        for file in ["f", "g"] where Bool.random(using: &rng) {
          try Data("inside \(prefix)\(file)".utf8).write(
            to: URL(fileURLWithPath: root + "/" + prefix + file))
        }
        for link in ["l", "m", "n"] where Bool.random(using: &rng) {
          let target = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            names.randomElement(using: &rng) ?? "."
          }.joined(separator: "/")
          try manager.createSymbolicLink(
            atPath: root + "/" + prefix + link, withDestinationPath: target)
        }
      }
      let kernel = try ZoneDatabase(root: root, kernelChecksPaths: true)
      let walk = try ZoneDatabase(root: root, kernelChecksPaths: false)
      for _ in 0..<80 {
        let path = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
          names.randomElement(using: &rng) ?? "."
        }.joined(separator: "/")
        let byKernel = Result { try kernel.readRootFile(path, sizeLimit: 1_000) }
        let byWalk = Result { try walk.readRootFile(path, sizeLimit: 1_000) }
        let label = "[seed \(seed)] tree \(tree) path \(path)"
        switch (byKernel, byWalk) {
        case (.success(let a), .success(let b)):
          XCTAssertEqual(a, b, label)
          XCTAssertNotEqual(String(decoding: a, as: UTF8.self), "OUTSIDE", label)
        case (.failure(let a), .failure(let b)):
          XCTAssertEqual("\(a)", "\(b)", label)
        default:
          XCTFail("\(label): kernel \(byKernel), walk \(byWalk)")
        }
      }
    }
  }

  /// `tzdata.zi` and `+VERSION` are read like zones: a FIFO does not hang `version()` or
  /// `identifiers()`, a link out of the root is not followed, and an oversized file is
  /// refused.
  func testVersionFilesAreRegularFilesInsideTheRoot() throws {
    let scratch = try scratchDirectory(prefix: "dndkit-root")
    let manager = FileManager.default
    for kernelChecksPaths in [true, false] {
      // A FIFO no one writes to, as tzdata.zi and then as +VERSION.
      for name in ["tzdata.zi", "+VERSION"] {
        let root = scratch + "/fifo-\(kernelChecksPaths)-\(name)"
        try manager.createDirectory(atPath: root + "/Area", withIntermediateDirectories: true)
        try copyZone("Europe/Berlin", to: root + "/Area/City")
        XCTAssertEqual(mkfifo(root + "/" + name, 0o644), 0)
        let zones = try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths)
        let answered = inBoundedTime(seconds: 10, unblocking: root + "/" + name) {
          (zones.version(), zones.identifiers())
        }
        guard let (version, identifiers) = answered else {
          XCTFail("\(name) a FIFO: version() or identifiers() hung")
          continue
        }
        XCTAssertNil(version, "\(name) a FIFO: no version")
        XCTAssertEqual(identifiers, ["Area/City"], "\(name) a FIFO: the tree is listed")
        XCTAssertThrowsError(try zones.readRootFile(name, sizeLimit: 4_096)) {
          guard case .notRegularFile(.fifo) = $0 as? RootFileError
          else { return XCTFail("\(name): \($0)") }
        }
      }
      // +VERSION linking to a file outside the root, absolutely and relatively.
      for target in ["/etc/passwd", "../outside-version"] {
        let root = scratch + "/link-\(kernelChecksPaths)-\(target.count)"
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("2099z\n".utf8).write(to: URL(fileURLWithPath: scratch + "/outside-version"))
        try manager.createSymbolicLink(atPath: root + "/+VERSION", withDestinationPath: target)
        let zones = try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths)
        XCTAssertNil(zones.version(), target)
        XCTAssertThrowsError(try zones.readRootFile("+VERSION", sizeLimit: 256)) {
          XCTAssertEqual($0 as? RootFileError, .outsideRoot, target)
        }
      }
      // A +VERSION inside the root, through a link, and one over its size limit.
      let root = scratch + "/sizes-\(kernelChecksPaths)"
      try manager.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
      try Data("2031q\n".utf8).write(to: URL(fileURLWithPath: root + "/data/version"))
      try manager.createSymbolicLink(
        atPath: root + "/+VERSION", withDestinationPath: "data/version")
      XCTAssertEqual(
        try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths).version(), "2031q")
      try manager.removeItem(atPath: root + "/+VERSION")
      try Data(repeating: 0x31, count: 257).write(to: URL(fileURLWithPath: root + "/+VERSION"))
      let zones = try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths)
      XCTAssertNil(zones.version())
      XCTAssertThrowsError(try zones.readRootFile("+VERSION", sizeLimit: 256)) {
        XCTAssertEqual($0 as? RootFileError, .tooLarge(limit: 256))
      }
    }
  }

  /// The size limit holds while reading too: files under /proc report a size of 0 and yield
  /// more, as a file that grows after `fstat` would.
  func testSizeLimitHoldsWhileReading() throws {
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else {
      throw XCTSkip("needs /proc/self/status, a file that yields more than it reports; none here")
    }
    for kernelChecksPaths in [true, false] {
      let proc = try ZoneDatabase(root: "/proc/self", kernelChecksPaths: kernelChecksPaths)
      let status = try proc.readRootFile("status", sizeLimit: 1 << 20)
      XCTAssertGreaterThan(status.count, 64, "the file yields more than it reports")
      XCTAssertThrowsError(try proc.readRootFile("status", sizeLimit: 64)) {
        XCTAssertEqual($0 as? RootFileError, .tooLarge(limit: 64))
      }
      XCTAssertThrowsError(try proc.zone("status")) {
        guard case .malformedTZif = $0 as? ZoneError else { return XCTFail("\($0)") }
      }
    }
  }

  /// Runs `body` on another thread and waits up to `seconds` for it; on a timeout, opens the
  /// FIFO at `fifo` for writing so that a blocked reader wakes, and returns nil.
  func inBoundedTime<T: Sendable>(
    seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () -> T
  ) -> T? {
    let result = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }
    if done.wait(timeout: .now() + seconds) == .timedOut {
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      _ = done.wait(timeout: .now() + 5)
      return nil
    }
    return result.withLock { $0 }
  }
}

/// Swaps two directory entries on a thread of its own until stopped: atomically with
/// `renameat2(RENAME_EXCHANGE)` where the C library has it, else by three renames.
final class DirectorySwapper: @unchecked Sendable {
  let first: String
  let second: String
  private let stopped = Locked(false)
  private let count = Locked(0)
  private let finished = DispatchSemaphore(value: 0)

  init(_ first: String, _ second: String) {
    self.first = first
    self.second = second
  }

  var swaps: Int { count.withLock { $0 } }

  func start() {
    Thread.detachNewThread { [self] in
      while !stopped.withLock({ $0 }) {
        Syscalls.swapEntries(first, second)
        count.withLock { $0 += 1 }
      }
      finished.signal()
    }
  }

  /// Stops the thread, leaving the entries in either order, and returns the number of swaps.
  func stop() -> Int {
    stopped.withLock { $0 = true }
    finished.wait()
    return swaps
  }
}

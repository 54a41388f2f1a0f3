import DNDKitTesting
import DNDKitTestingXCTest
import DNDTestSupport
import Foundation
import SystemInterface
import XCTest
import ZoneInfo

/// The two ways of opening a path under a database root give one answer: the kernel's
/// (openat2 with `RESOLVE_BENEATH`) and the component walk (the only way on Apple systems and
/// Android). The walk resolves a link's target as POSIX path resolution does: a target that
/// ends in `/` must name a directory, `.` and `..` are steps, at most 40 links are followed,
/// and targets are bytes. Tables fix the answers the walk must give on every platform; the
/// differential tests compare it with the kernel over generated trees where openat2 runs.
final class ZonePathResolutionTests: XCTestCase {
  /// The TZif bytes every zone file of these trees holds (a real zone, so that loads parse).
  private static let tzif: Data = {
    (try? Data(contentsOf: URL(fileURLWithPath: TestPaths.zoneinfo + "/Etc/GMT+5"))) ?? Data()
  }()

  private func makeFile(_ path: String) throws {
    XCTAssertFalse(Self.tzif.isEmpty, "no Etc/GMT+5 in \(TestPaths.zoneinfo)")
    try Self.tzif.write(to: URL(fileURLWithPath: path))
  }

  /// A symbolic link with exactly this target (a trailing slash kept: checked).
  private func link(_ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: path), target,
      "the link \(path) must keep its target byte for byte")
  }

  /// Why the kernel path cannot be compared here, or nil when openat2 runs.
  private func kernelPathUnavailable(_ root: String) throws -> String? {
    let descriptor = try Syscalls.openPath(root, [.readOnly, .directory, .closeOnExec])
    defer { Syscalls.closeDescriptor(descriptor) }
    do {
      Syscalls.closeDescriptor(
        try Syscalls.openBeneath(
          descriptor, PathBytes("."), [.readOnly, .directory, .closeOnExec]))
      return nil
    } catch {
      #if os(Linux)
        return "openat2 is refused here (\(error), errno \(error.code)): the kernel or a "
          + "seccomp filter rejects it, so both databases would walk and nothing is compared"
      #else
        return "no openat2 on this system (\(error)): the walk is the only path here"
      #endif
    }
  }

  /// What one path gives: its bytes or its error, as text.
  private func answer(_ zones: ZoneDatabase, _ path: String) -> String {
    do {
      return "read \(try zones.readRootFile(path, sizeLimit: 1 << 20).count) bytes"
    } catch {
      return "\(error)"
    }
  }

  /// The trees the issue names, with the answer POSIX path resolution gives: a link whose
  /// target ends in `/` (or `//`, `/.`, `/..`) and names a file is no zone; a link to such a
  /// link is none either, and so is a link whose target ends in `/` through a link to a file;
  /// a target ending in `/` that names a directory is a directory. Chains of 39 and 40 links
  /// load; 41 is too many. The walk gives these answers on every platform.
  func testTrailingSlashesDotsAndChainsResolveAsPOSIXSays() throws {
    let root = try scratchDirectory(prefix: "dndkit-paths") + "/root"
    let files = FileManager.default
    try files.createDirectory(atPath: root + "/Real/Dir", withIntermediateDirectories: true)
    try files.createDirectory(atPath: root + "/Link", withIntermediateDirectories: true)
    try files.createDirectory(atPath: root + "/Chain", withIntermediateDirectories: true)
    try makeFile(root + "/Real/Zone")
    try makeFile(root + "/Real/Dir/Inner")
    let links = [
      ("Link/Plain", "../Real/Zone"), ("Link/Slash", "../Real/Zone/"),
      ("Link/Slashes", "../Real/Zone//"), ("Link/ToSlash", "Slash"),
      ("Link/ToToSlash", "ToSlash"), ("Link/Dot", "../Real/Zone/."),
      ("Link/DotDot", "../Real/Zone/.."), ("Link/ViaPlain", "Plain/"),
      ("Link/Folder", "../Real/Dir/"), ("Link/FolderDot", "../Real/Dir/."),
      ("Link/Up", "../Real/Dir/../Zone"), ("Link/Loop", "Loop"), ("Link/Gone", "Nowhere/"),
    ]
    for (path, target) in links { try link(root + "/" + path, to: target) }
    // Chain/L1 -> Chain/L2 -> … -> Chain/L41 -> ../Real/Zone: opening Chain/Lk follows
    // 42 - k links.
    try link(root + "/Chain/L41", to: "../Real/Zone")
    for k in 1...40 { try link(root + "/Chain/L\(k)", to: "L\(k + 1)") }
    let expected: [(String, RootFileError?)] = [
      ("Link/Plain", nil), ("Link/Up", nil),
      ("Link/Slash", .missing), ("Link/Slashes", .missing), ("Link/ToSlash", .missing),
      ("Link/ToToSlash", .missing), ("Link/Dot", .missing), ("Link/DotDot", .missing),
      ("Link/ViaPlain", .missing), ("Link/Gone", .missing),
      ("Link/Folder", .notRegularFile(.directory)), ("Link/FolderDot", .notRegularFile(.directory)),
      ("Link/Loop", .tooManyLinks),
      ("Chain/L3", nil),  // 39 links
      ("Chain/L2", nil),  // 40 links, the most Linux follows
      ("Chain/L1", .tooManyLinks),  // 41
    ]
    let walk = try ZoneDatabase(root: root, kernelChecksPaths: false)
    let kernel = try ZoneDatabase(root: root, kernelChecksPaths: true)
    for database in [walk, kernel] {
      let label = database === walk ? "walk" : "kernel (or its fallback)"
      for (path, error) in expected {
        switch Result(catching: { try database.readRootFile(path, sizeLimit: 1 << 20) }) {
        case .success(let bytes):
          XCTAssertNil(error, "\(label): \(path) read \(bytes.count) bytes, expected an error")
          XCTAssertEqual(Data(bytes), Self.tzif, "\(label): \(path)")
        case .failure(let failure):
          XCTAssertEqual(failure as? RootFileError, error, "\(label): \(path)")
        }
      }
      // As zones: the trailing-slash links are none, the chain of 40 is one.
      XCTAssertNoThrow(try database.zone("Chain/L2"), label)
      XCTAssertThrowsError(try database.zone("Link/Slash"), label) {
        XCTAssertEqual($0 as? ZoneError, .unknownZone("Link/Slash", root: root), label)
      }
      XCTAssertThrowsError(try database.zone("Chain/L1"), label)
    }
    if let reason = try kernelPathUnavailable(root) { throw XCTSkip(reason) }
    for (path, _) in expected {
      XCTAssertEqual(answer(kernel, path), answer(walk, path), path)
    }
    XCTAssertEqual(kernel.listing().ids, walk.listing().ids)
  }

  /// A listing leaves out a link to a folder as that one entry, with why, and lists nothing
  /// through it: not each file under it, on either path.
  func testAListingLeavesOutALinkedFolderAsOneEntry() throws {
    let root = try scratchDirectory(prefix: "dndkit-paths") + "/root"
    try FileManager.default.createDirectory(
      atPath: root + "/Area/Sub", withIntermediateDirectories: true)
    try makeFile(root + "/Area/City")
    try makeFile(root + "/Area/Sub/Town")
    try link(root + "/Folder", to: "Area")
    try link(root + "/Twin", to: "Area/City")
    for kernelChecksPaths in [true, false] {
      let (ids, omissions) = try ZoneDatabase(root: root, kernelChecksPaths: kernelChecksPaths)
        .listing()
      XCTAssertEqual(ids, ["Area/City", "Area/Sub/Town", "Twin"], "kernel \(kernelChecksPaths)")
      XCTAssertEqual(
        omissions,
        [
          ZoneListingOmission(
            path: "Folder",
            reason: RootFileError.directoryLink(component: "Folder").reason, mayBeAZone: true)
        ], "kernel \(kernelChecksPaths)")
    }
  }

  /// Seeded random trees of folders, zone files and links whose targets mix names, `.`, `..`,
  /// trailing `/` and `//`, links to folders, loops, dangling targets and a chain of 39, 40 or
  /// 41 links: both paths give the same bytes or the same error for every path tried, the
  /// same zone or the same error for every ID, and the same listing (IDs and entries left
  /// out, with why).
  func testKernelAndWalkAgreeOnGeneratedTrees() throws {
    let seed = SplitMix64.seed(default: 0x5EED_0039)
    var rng = SplitMix64(seed: seed)
    let names = ["a", "b", "f", "g", "l", "m", "n"]
    let steps = names + [".", "..", "a", "f", "l"]
    var compared = 0
    for tree in 0..<24 {
      let root = try scratchDirectory(prefix: "dndkit-paths") + "/root"
      let files = FileManager.default
      try files.createDirectory(atPath: root, withIntermediateDirectories: true)
      if tree == 0, let reason = try kernelPathUnavailable(root) { throw XCTSkip(reason) }
      var directories = [""]
      for _ in 0..<4 {
        let parent = directories.randomElement(using: &rng) ?? ""
        let name = ["a", "b"].randomElement(using: &rng) ?? "a"
        let path = parent.isEmpty ? name : parent + "/" + name
        if !directories.contains(path) {
          try files.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
          directories.append(path)
        }
      }
      var made: [String] = []
      for directory in directories {
        let prefix = directory.isEmpty ? "" : directory + "/"
        for file in ["f", "g"] where Bool.random(using: &rng) {
          try makeFile(root + "/" + prefix + file)
          made.append(prefix + file)
        }
        for name in ["l", "m", "n"] where Bool.random(using: &rng) {
          var target = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            steps.randomElement(using: &rng) ?? "."
          }.joined(separator: "/")
          switch Int.random(in: 0..<6, using: &rng) {
          case 0: target += "/"
          case 1: target += "//"
          case 2: target += "/."
          default: break
          }
          try link(root + "/" + prefix + name, to: target)
          made.append(prefix + name)
        }
      }
      // A chain of 39, 40 or 41 links to a file or to a link with a trailing slash.
      let length = 39 + tree % 3
      try files.createDirectory(atPath: root + "/c", withIntermediateDirectories: true)
      try link(root + "/c/k\(length)", to: Bool.random(using: &rng) ? "../f" : "../l/")
      for k in stride(from: length - 1, through: 1, by: -1) {
        try link(root + "/c/k\(k)", to: "k\(k + 1)")
      }
      made += ["c/k1", "c/k2"]
      let kernel = try ZoneDatabase(root: root, kernelChecksPaths: true)
      let walk = try ZoneDatabase(root: root, kernelChecksPaths: false)
      var paths = made
      for _ in 0..<60 {
        paths.append(
          (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            steps.randomElement(using: &rng) ?? "."
          }.joined(separator: "/"))
      }
      for path in paths {
        let label = "[seed \(seed)] tree \(tree) path \(path)"
        XCTAssertEqual(answer(kernel, path), answer(walk, path), label)
        compared += 1
      }
      for id in made {
        let byKernel = Result { try kernel.zone(id).offset(at: 1_700_000_000) }
        let byWalk = Result { try walk.zone(id).offset(at: 1_700_000_000) }
        XCTAssertEqual(
          "\(byKernel)", "\(byWalk)", "[seed \(seed)] tree \(tree) zone \(id)")
      }
      let (kernelIDs, kernelLeftOut) = kernel.listing()
      let (walkIDs, walkLeftOut) = walk.listing()
      XCTAssertEqual(kernelIDs, walkIDs, "[seed \(seed)] tree \(tree) listing")
      XCTAssertEqual(kernelLeftOut, walkLeftOut, "[seed \(seed)] tree \(tree) left out")
    }
    XCTAssertGreaterThan(compared, 24 * 60)
  }

  /// Runs a POSIX shell script with arguments (`$1`…), for names that are not UTF-8, which a
  /// Swift string cannot spell: `printf '\377'` makes the byte.
  private func shell(_ script: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh"] + arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// A root whose path is not UTF-8 opens and loads, and is shown with escapes; one that is
  /// missing is refused for its real reason, named with escapes, never U+FFFD. A file of the
  /// listing whose name is not UTF-8 is left out naming its real first byte (0xff), not the
  /// 0xef of a replacement character.
  func testPathsThatAreNotUTF8() throws {
    let scratch = try scratchDirectory(prefix: "dndkit-paths")
    let zone = TestPaths.zoneinfo + "/Etc/GMT+5"
    let made = try shell(
      #"mkdir "$1/r$(printf '\377')" && cp "$2" "$1/r$(printf '\377')/Zone" "#
        + #"&& cp "$2" "$1/r$(printf '\377')/$(printf '\377\376')""#, [scratch, zone])
    if made != 0 {
      throw XCTSkip("this file system refuses names that are not UTF-8 (status \(made))")
    }
    let root = PathBytes(Array((scratch + "/r").utf8) + [0xFF])
    for kernelChecksPaths in [true, false] {
      let zones = try ZoneDatabase(rootPath: root, kernelChecksPaths: kernelChecksPaths)
      XCTAssertEqual(zones.root, scratch + "/r\\xFF")
      XCTAssertEqual(zones.description, "tzdata (unknown version) at \(scratch)/r\\xFF")
      XCTAssertEqual(try zones.zone("Zone").offset(at: 0), -5 * 3600)
      let (ids, omissions) = zones.listing()
      XCTAssertEqual(ids, ["Zone"])
      XCTAssertEqual(
        omissions,
        [
          ZoneListingOmission(
            path: #"\xFF\xFE"#, reason: "not a zone ID: non-ASCII byte 0xff at offset 0",
            mayBeAZone: false)
        ])
    }
    let missing = PathBytes(Array((scratch + "/r").utf8) + [0xFE])
    XCTAssertThrowsError(try ZoneDatabase(rootPath: missing)) { error in
      XCTAssertEqual(
        (error as? ZoneError).map { "\($0)".prefix(while: { $0 != ";" }) },
        "time zone database at \(scratch)/r\\xFE is unavailable: No such file or directory")
      XCTAssertFalse("\(error)".contains("\u{FFFD}"), "\(error)")
    }
  }

  /// How a path is named in a message: UTF-8 as text, each other byte, a control character
  /// and a backslash escaped, so that two paths never read alike.
  func testPathsAreNamedWithEscapes() {
    let cases: [([UInt8], String)] = [
      (Array("/usr/share/zoneinfo".utf8), "/usr/share/zoneinfo"),
      (Array("/tmp/".utf8) + [0xFF] + Array("root".utf8), "/tmp/\\xFFroot"),
      ([0xFF, 0xFE], "\\xFF\\xFE"),
      (Array("caf\u{E9}".utf8), "caf\u{E9}"),
      ([0x63, 0x61, 0x66, 0xC3], "caf\\xC3"),  // a sequence cut short
      ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),  // an encoded surrogate is not UTF-8
      ([0xC0, 0xAF], "\\xC0\\xAF"),  // an overlong `/`
      (Array("a\\xFF".utf8), "a\\\\xFF"),  // the four characters, not the byte
      ([0x61, 0x0A, 0x62, 0x7F], "a\\x0Ab\\x7F"),
      (Array(#"say "hi""#.utf8), #"say \"hi\""#),
    ]
    for (bytes, shown) in cases {
      XCTAssertEqual(PathBytes(bytes).description, shown, "\(bytes)")
      XCTAssertFalse(PathBytes(bytes).description.contains("\u{FFFD}"), "\(bytes)")
    }
  }
}

import SystemInterface

/// Compiled IANA tzdata, with a thread-safe cache of the zones loaded from it: a directory of
/// TZif files such as `/usr/share/zoneinfo` (``init(root:)``), a snapshot carried with the
/// program (``init(bundle:)``), or nothing at all (``init(unavailable:)``).
///
/// `UTC`, `Etc/UTC`, `Etc/GMT` and the fixed offsets `Etc/GMT+N`/`Etc/GMT-N` are computed,
/// never read, so they resolve in every database, including one with no data.
///
/// Servers share one database per tzdata copy: zones are loaded once and shared by every
/// rule in that zone. The cache takes a lock only to find or insert a zone; the returned
/// ``Zone`` answers every question without one. Nothing is ever reloaded: to follow a tzdata
/// upgrade, ask ``hasChangedOnDisk()``, open a new database and recompile rules against it.
///
/// The database never reads the process environment itself: read `TZDIR` at the edge of your
/// program and pass it as the root (the `dnd` tool does).
public final class ZoneDatabase: Sendable, CustomStringConvertible {
  /// The default root when `TZDIR` is not set.
  public static let defaultRoot = "/usr/share/zoneinfo"

  /// The directory this database reads; for a snapshot, its name (`bundled tzdata 2025b`);
  /// for a database with no data, the root that was unavailable. A directory whose path is
  /// not UTF-8 (opened by the `dnd` tool from `TZDIR` or `--tzdata`) is shown with escapes,
  /// `\xFF` for the byte 0xFF.
  public let root: String
  /// The directory's path as opened, byte for byte (empty for a snapshot or no data).
  let rootPath: PathBytes
  /// The root directory, held open: every file is opened relative to it and must stay
  /// inside it (see `openBeneathRoot(_:directory:)`). -1 when the zones come from elsewhere.
  let rootDescriptor: Int32
  /// Whether to try openat2 first, rather than walk the path in user space.
  let kernelChecksPaths: Bool
  private let cache = Locked<[String: Zone]>([:])
  /// Where zones other than the computed ones come from.
  private let source: Source
  /// The tzdata release read when the database was opened.
  private let openedVersion = Locked<String?>(nil)
  /// For a directory without a version: the identity of the root and of each zone file read,
  /// taken before reading it, for ``hasChangedOnDisk()``.
  private let identities = Locked<[String: FileIdentity]>([:])

  /// Where a database's zones come from.
  private enum Source: Sendable {
    case directory
    case bundle(ZoneBundle)
    case unavailable(ZoneError)
  }

  /// The root a program should use given the value of its `TZDIR` environment variable.
  ///
  /// - Parameter tzdir: The variable's value byte for byte, or nil when unset.
  /// - Returns: `tzdir` when set and non-empty, else ``defaultRoot``.
  package static func environmentRoot(_ tzdir: [UInt8]?) -> PathBytes {
    guard let tzdir, !tzdir.isEmpty else { return PathBytes(defaultRoot) }
    return PathBytes(tzdir)
  }

  /// The same root, for a `TZDIR` value already read as text (UTF-8, so nothing is lost).
  package static func environmentRoot(_ tzdir: String?) -> String {
    String(decoding: environmentRoot(tzdir.map { Array($0.utf8) }).bytes, as: UTF8.self)
  }

  /// Opens a tzdata directory.
  ///
  /// - Parameter root: The directory, for example `/usr/share/zoneinfo` or a pinned copy.
  /// - Throws: ``ZoneError/databaseUnavailable(root:reason:)`` if it is missing, not a
  ///   directory, or unreadable. A slim container without tzdata fails here, with the fix in
  ///   the message.
  public convenience init(root: String = ZoneDatabase.defaultRoot) throws(ZoneError) {
    try self.init(rootPath: PathBytes(root))
  }

  /// ``init(root:)`` choosing how paths under the root are resolved: by the kernel in the
  /// open itself (openat2, where available), or by a walk of one component at a time. For
  /// tests, which run both.
  package convenience init(root: String, kernelChecksPaths: Bool) throws(ZoneError) {
    try self.init(rootPath: PathBytes(root), kernelChecksPaths: kernelChecksPaths)
  }

  /// Opens a tzdata directory named by the bytes the system gave (`TZDIR`, an argument),
  /// which need not be UTF-8: a `String` could not name such a directory.
  ///
  /// - Parameters:
  ///   - rootPath: The directory.
  ///   - kernelChecksPaths: Whether to try openat2 first, or always walk (for tests).
  /// - Throws: ``ZoneError/databaseUnavailable(root:reason:)``, naming the root with escapes
  ///   where it is not UTF-8 and giving the system's reason.
  package init(rootPath: PathBytes, kernelChecksPaths: Bool = true) throws(ZoneError) {
    self.kernelChecksPaths = kernelChecksPaths
    let root = rootPath.text ?? rootPath.description
    guard !rootPath.bytes.isEmpty, !rootPath.containsNUL else {
      throw .databaseUnavailable(root: root, reason: "empty path or NUL in path")
    }
    // The root is the operator's choice and is opened as given; what lies under it is not
    // trusted.
    let descriptor: Int32
    do {
      descriptor = try Syscalls.openPath(rootPath, [.readOnly, .directory, .closeOnExec])
    } catch {
      let reason =
        error == .notDirectory
        ? "not a directory; point TZDIR at a zoneinfo directory such as \(ZoneDatabase.defaultRoot)"
        : "\(error.message); install tzdata (apt-get install tzdata, apk add tzdata) or point "
          + "TZDIR at a zoneinfo directory"
      throw .databaseUnavailable(root: root, reason: reason)
    }
    self.root = root
    self.rootPath = rootPath
    self.rootDescriptor = descriptor
    self.source = .directory
    // An empty directory is no database: say so, rather than call every zone unknown.
    guard hasEntries() else {
      throw .databaseUnavailable(
        root: root,
        reason: "empty directory; install tzdata (apt-get install tzdata, apk add tzdata) or "
          + "point TZDIR at a zoneinfo directory")
    }
    let version = readVersion()
    openedVersion.withLock { $0 = version }
    if version == nil, let identity = FileIdentity(openingDirectory: rootPath) {
      identities.withLock { $0[""] = identity }
    }
  }

  /// A database over a snapshot carried with the program, such as the `ZoneInfoBundle`
  /// product's `ZoneBundle.embedded()`.
  ///
  /// Loading a zone from it copies the zone's bytes and parses them, with no system call.
  ///
  /// - Parameter bundle: The snapshot.
  public init(bundle: ZoneBundle) {
    root = bundle.name
    rootPath = PathBytes([])
    rootDescriptor = -1
    kernelChecksPaths = false
    source = .bundle(bundle)
    openedVersion.withLock { $0 = bundle.version }
  }

  /// A database with no tzdata: the computed zones (`UTC`, `Etc/UTC`, `Etc/GMT±N`) resolve,
  /// and every other ID throws `error`, which should say why there is no data and what to do.
  ///
  /// For a program that must keep serving UTC rules where the tzdata is missing:
  /// `let zones = (try? ZoneDatabase(root: r)) ?? …` loses the reason, so catch the error and
  /// pass it here.
  ///
  /// - Parameter error: The error of the failed open, usually
  ///   ``ZoneError/databaseUnavailable(root:reason:)``.
  public init(unavailable error: ZoneError) {
    if case .databaseUnavailable(let root, _) = error {
      self.root = root
    } else {
      self.root = "(none)"
    }
    rootPath = PathBytes([])
    rootDescriptor = -1
    kernelChecksPaths = false
    source = .unavailable(error)
  }

  deinit {
    if rootDescriptor >= 0 { Syscalls.closeDescriptor(rootDescriptor) }
  }

  /// Where the answers come from, such as `tzdata 2025b at /usr/share/zoneinfo`,
  /// `bundled tzdata 2025b` or `no tzdata: …`.
  public var description: String {
    switch source {
    case .directory: return "tzdata \(version() ?? "(unknown version)") at \(root)"
    case .bundle: return root
    case .unavailable(let error): return "no tzdata: \(error)"
    }
  }

  /// Throws the reason this database has no data (see ``init(unavailable:)``); returns for one
  /// that has data.
  ///
  /// - Throws: The error the database was made with.
  package func checkAvailable() throws(ZoneError) {
    if case .unavailable(let error) = source { throw error }
  }

  /// The zone with an ID, loading it on first use.
  ///
  /// Canonical names, links and backward names (`US/Pacific`, `Asia/Calcutta`), `UTC` and
  /// `Etc/GMT+5` all load; the ID is checked as a name and never used as a path outside the
  /// root (symbolic links are followed only while they stay inside it, and the ID's own
  /// directories must be real ones, not links).
  ///
  /// - Parameter id: An IANA zone ID.
  /// - Returns: The zone, shared with every other caller of the same ID.
  /// - Throws: ``ZoneError/invalidIdentifier(_:reason:)``, ``ZoneError/notAZone(_:reason:)``,
  ///   ``ZoneError/unknownZone(_:root:)``, ``ZoneError/malformedTZif(zone:reason:)``, or, in
  ///   a database with no data, the error it was made with.
  /// - Complexity: A dictionary lookup under a lock when cached; a file read otherwise.
  public func zone(_ id: String) throws(ZoneError) -> Zone {
    if let cached = cache.withLock({ $0[id] }) { return cached }
    let zone: Zone
    if let builtIn = Zone.builtIn(id) {
      zone = builtIn
    } else {
      zone = try Zone(identifier: id, tzif: tzif(id))
    }
    return cache.withLock { cache in
      if let existing = cache[id] { return existing }
      cache[id] = zone
      return zone
    }
  }

  /// The TZif bytes of a zone, from the directory or the snapshot.
  package func tzif(_ id: String) throws(ZoneError) -> [UInt8] {
    try ZoneIdentifier.validate(id)
    switch source {
    case .directory:
      if openedVersion.withLock({ $0 == nil }) {
        // Taken before the read: a file replaced after it is seen as changed.
        let identity = try? FileIdentity(of: openBeneathRoot(id))
        identities.withLock { $0[id] = identity ?? $0[id] }
      }
      return try readZoneFile(id)
    case .bundle(let bundle):
      guard let bytes = bundle.tzif(id) else { throw .unknownZone(id, root: root) }
      return Array(bytes)
    case .unavailable(let error):
      throw error
    }
  }

  /// Reads the bytes of a zone's TZif file, refusing anything outside the root, anything but
  /// a regular file, and files over the TZif size limit.
  func readZoneFile(_ id: String) throws(ZoneError) -> [UInt8] {
    do {
      return try readRootFile(id, sizeLimit: TZifParser.maximumFileSize)
    } catch {
      switch error {
      case .missing: throw .unknownZone(id, root: root)
      case .tooLarge: throw .malformedTZif(zone: id, reason: error.reason)
      default: throw .notAZone(id, reason: error.reason)
      }
    }
  }

  /// Largest `tzdata.zi` read (the 2025 one is about 110 KB).
  static let tzdataSizeLimit = 8 << 20
  /// Largest `+VERSION` read.
  static let versionSizeLimit = 256

  /// The tzdata release this database holds, such as `2025b`, as it was when the database
  /// was opened: no file is read (``hasChangedOnDisk()`` reads it again).
  ///
  /// For a directory, read from the first line of `tzdata.zi` (`# version 2025b`), else from
  /// `+VERSION`. Like zone files, each must be a regular file inside the root (links are
  /// followed only while they stay inside it) and under a size limit; one that is not counts
  /// as absent. For a snapshot, the release it states.
  ///
  /// - Returns: The version, or nil when there is none.
  public func version() -> String? {
    openedVersion.withLock { $0 }
  }

  /// Whether the data this database answers from has changed since it was opened.
  ///
  /// For a directory with a version, whether the version now on disk differs (one small
  /// read); without one, whether the root directory or any zone file read so far has been
  /// replaced or modified (its device, inode, size or modification time). A snapshot, or a
  /// database with no data, never changes.
  ///
  /// Nothing reloads by itself: when this says yes, open a new database, recompile your rules
  /// against it and swap them in; rules compiled from this one keep answering as before.
  ///
  /// - Returns: Whether to reopen.
  public func hasChangedOnDisk() -> Bool {
    guard case .directory = source else { return false }
    if let version = version() { return readVersion() != version }
    // A list of its own, made under the lock: the check, which opens files, runs outside the
    // lock on storage no load can write (iterating the dictionary itself there once shared its
    // storage with a load's insert).
    let known = identities.withLock { identities in identities.map { ($0.key, $0.value) } }
    for (id, identity) in known {
      let now =
        id.isEmpty
        ? FileIdentity(openingDirectory: rootPath) : try? FileIdentity(of: openBeneathRoot(id))
      if now != identity { return true }
    }
    return false
  }

  /// The version on disk now.
  private func readVersion() -> String? {
    if let bytes = try? readRootFile(
      "tzdata.zi", sizeLimit: ZoneDatabase.tzdataSizeLimit, prefix: 4_096),
      let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first,
      line.hasPrefix("# version ")
    {
      return String(line.dropFirst("# version ".count)).trimmingSpaces()
    }
    if let bytes = try? readRootFile("+VERSION", sizeLimit: ZoneDatabase.versionSizeLimit) {
      let v = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
      return v.isEmpty ? nil : v
    }
    return nil
  }

  /// The zone IDs this database can load, sorted.
  ///
  /// Taken from the zone (`Z`) and link (`L`) lines of `tzdata.zi` when present (a regular
  /// file inside the root, as for ``version()``); otherwise every regular file under the root
  /// that starts with the TZif magic, except the deliberate non-zones (`localtime`,
  /// `posixrules`, `right/`, `posix/`).
  ///
  /// - Returns: IDs such as `Africa/Abidjan` … `Zulu`.
  public func identifiers() -> [String] {
    listing().ids
  }

  /// The zone IDs this database can load, sorted, and the entries of its directory left out
  /// of them, with why (see ``identifiers()``).
  package func listing() -> (ids: [String], omissions: [ZoneListingOmission]) {
    switch source {
    case .directory: break
    case .bundle(let bundle): return (bundle.identifiers, [])
    case .unavailable: return ([], [])
    }
    var ids: Set<String> = []
    var omissions: [ZoneListingOmission] = []
    if let bytes = try? readRootFile("tzdata.zi", sizeLimit: ZoneDatabase.tzdataSizeLimit) {
      // Names as bytes: one that is not UTF-8 is named by its bytes, never decoded lossily.
      var names: Set<[UInt8]> = []
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        let fields = line.split(separator: UInt8(ascii: " "))
        if fields.count >= 2 && fields[0].elementsEqual("Z".utf8) {
          names.insert(Array(fields[1]))
        } else if fields.count >= 3 && fields[0].elementsEqual("L".utf8) {
          names.insert(Array(fields[2]))
        }
      }
      for name in names {
        if let problem = ZoneIdentifier.problem(in: name) {
          omissions.append(
            .init(path: PathBytes(name).description, reason: problem.reason, mayBeAZone: true))
        } else {
          ids.insert(String(decoding: name, as: UTF8.self))
        }
      }
    } else {
      walk(relative: "", depth: 0, into: &ids, omissions: &omissions)
    }
    return (
      ids.sorted(), omissions.sorted { $0.path < $1.path }
    )
  }

  /// Adds the TZif files under `relative` (the root when empty) to `ids`, through the same
  /// opens as zone loads, and every other entry to `omissions` with why it is not one.
  private func walk(
    relative: String, depth: Int, into ids: inout Set<String>,
    omissions: inout [ZoneListingOmission]
  ) {
    let descriptor: Int32
    do {
      descriptor = try openBeneathRoot(relative.isEmpty ? "." : relative, directory: true)
    } catch {
      omissions.append(.init(path: relative, reason: error.reason, mayBeAZone: true))
      return
    }
    guard let stream = try? Syscalls.directoryStream(descriptor) else {
      omissions.append(
        .init(path: relative, reason: "cannot be listed", mayBeAZone: true))
      return
    }
    // Each entry's path under the root, byte for byte.
    let prefix = relative.isEmpty ? [] : Array(relative.utf8) + [UInt8(ascii: "/")]
    var paths: [PathBytes] = []
    while let name = Syscalls.nextEntry(stream) {
      guard name != ZoneDatabase.dot, name != ZoneDatabase.dotDot else { continue }
      let path = PathBytes(prefix + name.bytes)
      if name.bytes.first == UInt8(ascii: ".") {
        omissions.append(.init(path: path.description, reason: "a hidden entry", mayBeAZone: false))
      } else {
        paths.append(path)
      }
    }
    Syscalls.closeDirectoryStream(stream)
    for path in paths {
      // The version file is read as the version, not left out.
      if path.bytes.elementsEqual("+VERSION".utf8) { continue }
      // A zone ID is ASCII, so a name that passes is its own text exactly.
      if let problem = ZoneIdentifier.problem(in: path.bytes) {
        omissions.append(.init(path: path.description, reason: problem.reason, mayBeAZone: false))
        continue
      }
      let id = String(decoding: path.bytes, as: UTF8.self)
      do {
        let head = try readRootFile(id, sizeLimit: TZifParser.maximumFileSize, prefix: 4)
        if head.starts(with: Array("TZif".utf8)) {
          ids.insert(id)
        } else {
          omissions.append(
            .init(path: path.description, reason: "not a TZif file", mayBeAZone: false))
        }
      } catch .notRegularFile(.directory) {
        let folder = PathBytes(path.bytes + [UInt8(ascii: "/")])
        // right/ and posix/ are refused as a whole, not file by file.
        if let problem = ZoneIdentifier.problem(in: Array((id + "/Zone").utf8)) {
          omissions.append(
            .init(path: folder.description, reason: problem.reason, mayBeAZone: false))
          continue
        }
        guard depth + 1 < ZoneDatabase.maximumListingDepth else {
          omissions.append(
            .init(
              path: folder.description,
              reason: "a folder nested deeper than \(ZoneDatabase.maximumListingDepth) levels",
              mayBeAZone: true))
          continue
        }
        walk(relative: id, depth: depth + 1, into: &ids, omissions: &omissions)
      } catch {
        omissions.append(.init(path: path.description, reason: error.reason, mayBeAZone: true))
      }
    }
  }

  /// The deepest folders listed: zone IDs have at most three components
  /// (`America/Argentina/Buenos_Aires`).
  static let maximumListingDepth = 4
}

/// An entry of a zoneinfo directory that ``ZoneDatabase/listing()`` leaves out of the zones,
/// and why.
package struct ZoneListingOmission: Equatable, Sendable {
  /// The entry's path under the root (a folder's ends in `/`), as ``PathBytes`` shows it in a
  /// message: a name that is not UTF-8 with escapes (`\xFF\xFE`), never decoded lossily.
  package var path: String
  /// Why it is left out.
  package var reason: String
  /// Whether it may hold a zone that is then missing: a link that leaves the root or loops,
  /// a FIFO, device or socket, a file over the TZif size limit or unreadable, a folder too
  /// deep. Otherwise it is not a zone: a text file, a hidden entry, a name that is no zone
  /// ID (`localtime`, `posixrules`, `+VERSION`, `right/`, `posix/`).
  package var mayBeAZone: Bool

  package init(path: String, reason: String, mayBeAZone: Bool) {
    self.path = path
    self.reason = reason
    self.mayBeAZone = mayBeAZone
  }
}

extension String {
  /// The string without leading and trailing whitespace (spaces, tabs, line ends).
  package func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
    let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { scalars.index(after: $0) }
    return String(scalars[start..<(end ?? start)])
  }
}

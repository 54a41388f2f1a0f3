import CZoneFileOpen

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory of compiled IANA tzdata (TZif files), such as `/usr/share/zoneinfo`, with a
/// thread-safe cache of the zones loaded from it.
///
/// Servers share one database per tzdata copy: zones are loaded once and shared by every
/// rule in that zone. The cache takes a lock only to find or insert a zone; the returned
/// ``Zone`` answers every question without one.
///
/// The database never reads the process environment itself: pass ``environmentRoot(_:)`` the
/// value of `TZDIR` at the edge of your program (the `dnd` tool does).
public final class ZoneDatabase: Sendable {
  /// The default root when `TZDIR` is not set.
  public static let defaultRoot = "/usr/share/zoneinfo"

  /// The directory this database reads.
  public let root: String
  private let resolvedRoot: String
  /// The root directory, held open so that zone files are opened relative to it.
  private let rootDescriptor: Int32
  /// Whether to try openat2 first (see `openPlainFile(_:)`).
  private let kernelChecksPaths: Bool
  private let cache = Locked<[String: Zone]>([:])

  /// The root a program should use given the value of its `TZDIR` environment variable.
  ///
  /// - Parameter tzdir: The variable's value, or nil when unset.
  /// - Returns: `tzdir` when set and non-empty, else ``defaultRoot``.
  public static func environmentRoot(_ tzdir: String?) -> String {
    guard let tzdir, !tzdir.isEmpty else { return defaultRoot }
    return tzdir
  }

  /// Opens a tzdata directory.
  ///
  /// - Parameter root: The directory, for example `/usr/share/zoneinfo` or a pinned copy.
  /// - Throws: ``ZoneError/databaseUnavailable(root:reason:)`` if it is missing, not a
  ///   directory, or unreadable. A slim container without tzdata fails here, with the fix in
  ///   the message.
  public convenience init(root: String = ZoneDatabase.defaultRoot) throws(ZoneError) {
    try self.init(root: root, kernelChecksPaths: true)
  }

  /// Opens a tzdata directory, choosing how zone paths are checked: by the kernel in the open
  /// itself (openat2, where available), or by a check of each directory first. For tests,
  /// which run both.
  package init(root: String, kernelChecksPaths: Bool) throws(ZoneError) {
    self.kernelChecksPaths = kernelChecksPaths
    guard !root.isEmpty, !root.utf8.contains(0) else {
      throw .databaseUnavailable(root: root, reason: "empty path or NUL in path")
    }
    var info = stat()
    guard stat(root, &info) == 0 else {
      throw .databaseUnavailable(
        root: root,
        reason: "\(String(cString: strerror(errno))); install tzdata (apt-get install tzdata, "
          + "apk add tzdata) or point TZDIR at a zoneinfo directory")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .databaseUnavailable(root: root, reason: "not a directory")
    }
    guard let resolved = realpath(root, nil) else {
      throw .databaseUnavailable(root: root, reason: String(cString: strerror(errno)))
    }
    defer { free(resolved) }
    let descriptor = open(resolved, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .databaseUnavailable(root: root, reason: String(cString: strerror(errno)))
    }
    self.root = root
    self.resolvedRoot = String(cString: resolved)
    self.rootDescriptor = descriptor
  }

  deinit {
    close(rootDescriptor)
  }

  /// The zone with an ID, loading it on first use.
  ///
  /// Canonical names, links and backward names (`US/Pacific`, `Asia/Calcutta`), `UTC` and
  /// `Etc/GMT+5` all load; the ID is checked as a name and never used as a path outside the
  /// root (symbolic links are resolved and must stay inside it).
  ///
  /// - Parameter id: An IANA zone ID.
  /// - Returns: The zone, shared with every other caller of the same ID.
  /// - Throws: ``ZoneError/invalidIdentifier(_:reason:)``, ``ZoneError/notAZone(_:reason:)``,
  ///   ``ZoneError/unknownZone(_:root:)`` or ``ZoneError/malformedTZif(zone:reason:)``.
  /// - Complexity: A dictionary lookup under a lock when cached; a file read otherwise.
  public func zone(_ id: String) throws(ZoneError) -> Zone {
    if let cached = cache.withLock({ $0[id] }) { return cached }
    try ZoneIdentifier.validate(id)
    let zone = try Zone(identifier: id, tzif: readZoneFile(id))
    return cache.withLock { cache in
      if let existing = cache[id] { return existing }
      cache[id] = zone
      return zone
    }
  }

  /// Reads the bytes of a zone's TZif file, refusing anything outside the root.
  ///
  /// The common case costs three system calls: the file is opened relative to the root with
  /// the kernel refusing any link or escape on the way (openat2; without it, each directory
  /// is first checked to be a real one), read in one call and closed. Links (the backward
  /// names, `US/Pacific`) take the slow path: their real path is resolved and must lie inside
  /// the root.
  func readZoneFile(_ id: String) throws(ZoneError) -> [UInt8] {
    var fd = openPlainFile(id)
    if fd < 0 {
      let path = resolvedRoot + "/" + id
      guard let resolvedPointer = realpath(path, nil) else {
        throw .unknownZone(id, root: root)
      }
      let resolved = String(cString: resolvedPointer)
      free(resolvedPointer)
      guard resolved.hasPrefix(resolvedRoot + "/") else {
        throw .notAZone(id, reason: "resolves outside the database root")
      }
      fd = open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard fd >= 0 else { throw .unknownZone(id, root: root) }
    }
    defer { close(fd) }
    // Read without asking the size first: a read that does not fill the buffer has reached
    // the end of a regular file, so real files take one read. A directory fails the read
    // (EISDIR); a FIFO or device is not worth a system call to tell apart, since whoever can
    // plant one in the database could plant any bytes: what it yields is refused by the size
    // limit or the parser like any other bad file.
    var readFailed = false
    // The first read goes straight into uninitialized storage: no zero-filling 8 KiB a load.
    var room = 8_192
    var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
      var n: Int
      repeat { n = read(fd, buffer.baseAddress, buffer.count) } while n < 0 && errno == EINTR
      readFailed = n < 0
      initialized = max(0, n)
    }
    guard !readFailed else { throw .unknownZone(id, root: root) }
    // A read that filled the buffer may have stopped short of the end: larger files (no real
    // one is) are read on, into zero-filled growth, up to one byte past the size limit.
    var filled = bytes.count
    while filled == room {
      let limit = TZifParser.maximumFileSize
      guard filled <= limit else {
        throw .malformedTZif(zone: id, reason: "file larger than \(limit) bytes")
      }
      bytes.append(contentsOf: repeatElement(0, count: min(filled, limit + 1 - filled)))
      room = bytes.count
      var n: Int
      repeat {
        n = bytes.withUnsafeMutableBytes { buffer in
          read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
        }
      } while n < 0 && errno == EINTR
      guard n >= 0 else { throw .unknownZone(id, root: root) }
      filled += n
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Opens `id` under the root when no component of it is a symbolic link; -1 otherwise.
  private func openPlainFile(_ id: String) -> Int32 {
    // One system call where the kernel can check the whole path itself (openat2), which also
    // leaves no moment for a directory to be swapped for a link between check and open.
    if kernelChecksPaths {
      let fd = dndkit_open_beneath(rootDescriptor, id)
      guard fd < 0 && (errno == ENOSYS || errno == EPERM || errno == EINVAL || errno == E2BIG)
      else { return fd }
    }
    // Without openat2: each directory of the ID must be a real directory, then the file is
    // opened without following a final link.
    var slash = id.utf8.firstIndex(of: UInt8(ascii: "/"))
    while let end = slash {
      var info = stat()
      let directory = String(id[..<end])
      guard fstatat(rootDescriptor, directory, &info, AT_SYMLINK_NOFOLLOW) == 0,
        (info.st_mode & S_IFMT) == S_IFDIR
      else { return -1 }
      slash = id.utf8[id.utf8.index(after: end)...].firstIndex(of: UInt8(ascii: "/"))
    }
    // Non-blocking, so that a FIFO planted in the tree cannot hang the caller.
    return openat(rootDescriptor, id, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
  }

  /// The tzdata release this database holds, such as `2025b`.
  ///
  /// Read from the first line of `tzdata.zi` (`# version 2025b`), else from `+VERSION`.
  ///
  /// - Returns: The version, or nil when neither file is present.
  public func version() -> String? {
    if let text = readSmallTextFile("tzdata.zi", limit: 4096),
      let line = text.split(separator: "\n").first, line.hasPrefix("# version ")
    {
      return String(line.dropFirst("# version ".count)).trimmingSpaces()
    }
    if let text = readSmallTextFile("+VERSION", limit: 256) {
      let v = text.trimmingSpaces()
      return v.isEmpty ? nil : v
    }
    return nil
  }

  /// The zone IDs this database can load, sorted.
  ///
  /// Taken from the zone (`Z`) and link (`L`) lines of `tzdata.zi` when present; otherwise
  /// every regular file under the root that starts with the TZif magic, except the
  /// deliberate non-zones (`localtime`, `posixrules`, `right/`, `posix/`).
  ///
  /// - Returns: IDs such as `Africa/Abidjan` … `Zulu`.
  public func identifiers() -> [String] {
    var ids: Set<String> = []
    if let text = readSmallTextFile("tzdata.zi", limit: 8 << 20) {
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.count >= 2 && fields[0] == "Z" {
          ids.insert(String(fields[1]))
        } else if fields.count >= 3 && fields[0] == "L" {
          ids.insert(String(fields[2]))
        }
      }
    } else {
      walk(relative: "", depth: 0, into: &ids)
    }
    return ids.filter { (try? ZoneIdentifier.validate($0)) != nil }.sorted()
  }

  private func walk(relative: String, depth: Int, into ids: inout Set<String>) {
    guard depth < 4, let dir = opendir(resolvedRoot + "/" + relative) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      let id = relative.isEmpty ? name : relative + "/" + name
      guard (try? ZoneIdentifier.validate(id)) != nil else { continue }
      var info = stat()
      guard stat(resolvedRoot + "/" + id, &info) == 0 else { continue }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        walk(relative: id, depth: depth + 1, into: &ids)
      } else if (info.st_mode & S_IFMT) == S_IFREG, let head = try? readZoneFile(id),
        head.starts(with: Array("TZif".utf8))
      {
        ids.insert(id)
      }
    }
  }

  private func readSmallTextFile(_ name: String, limit: Int) -> String? {
    guard let file = fopen(resolvedRoot + "/" + name, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < limit {
      let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if n == 0 { break }
      bytes += buffer[0..<n]
    }
    return String(decoding: bytes.prefix(limit), as: UTF8.self)
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
    let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { scalars.index(after: $0) }
    return String(scalars[start..<(end ?? start)])
  }
}

import SystemInterface

/// Why a file under the database root could not be read.
package enum RootFileError: Error, Equatable {
  /// No such file (or a directory on the way is missing or is not one).
  case missing
  /// The path leaves the root: an absolute link, or a `..` above the root.
  case outsideRoot
  /// More than ``ZoneDatabase/maximumLinks`` symbolic links on the way (a loop, most likely).
  case tooManyLinks
  /// A directory of the path as written is a symbolic link (see
  /// `ZoneDatabase.checkRealDirectories(_:includingLast:)`).
  case directoryLink(component: String)
  /// Not a regular file: a FIFO, a device, a socket or a directory.
  case notRegularFile(PathKind)
  /// Larger than the limit for this file.
  case tooLarge(limit: Int)
  /// Any other failure of the system call `operation`.
  case system(operation: String, Errno)

  /// A short explanation for an error message.
  package var reason: String {
    switch self {
    case .missing: return "no such file"
    case .outsideRoot: return "resolves outside the database root"
    case .tooManyLinks: return "more than \(ZoneDatabase.maximumLinks) symbolic links (a loop?)"
    case .directoryLink(let component):
      return "\(component) is a symbolic link, not a directory (links between directories "
        + "would give one file endless names)"
    case .notRegularFile(let kind): return "not a regular file (\(kind.description))"
    case .tooLarge(let limit): return "file larger than \(limit) bytes"
    case .system(let operation, let error): return "\(operation) failed: \(error.message)"
    }
  }
}

extension ZoneDatabase {
  /// Most symbolic links followed in one path, as Linux's own limit.
  static let maximumLinks = 40

  /// Opens `path` under the root with no moment between checking the path and opening it:
  /// links are followed only while every step stays inside the root, by the kernel where it
  /// can (openat2) and else by ``walkBeneathRoot(_:directory:)``. Non-blocking, so that
  /// opening a FIFO cannot hang.
  ///
  /// - Parameters:
  ///   - path: A relative path, `/`-separated (a checked zone ID or a fixed file name).
  ///   - directory: Whether to open a directory (for listing) rather than a file.
  /// - Returns: The descriptor, which the caller closes.
  func openBeneathRoot(_ path: String, directory: Bool = false) throws(RootFileError) -> Int32 {
    try checkRealDirectories(path, includingLast: directory)
    var flags: OpenFlags = [.readOnly, .closeOnExec, .nonBlocking, .noControllingTerminal]
    if directory { flags.insert(.directory) }
    if kernelChecksPaths {
      // EAGAIN: the kernel saw a rename during a `..` and asks for a retry.
      for _ in 0..<8 {
        do {
          return try Syscalls.openBeneath(rootDescriptor, PathBytes(path), flags)
        } catch {
          switch error {
          case .resourceTemporarilyUnavailable: continue
          // No openat2 here: walk.
          case .noFunction, .notPermitted, .invalidArgument, .argListTooLong: break
          default: throw RootFileError(opening: error)
          }
        }
        break
      }
    }
    return try walkBeneathRoot(path, directory: directory)
  }

  /// Refuses a path whose directories, as written, are not all real directories: a link to a
  /// directory (`Dot -> .`, `Sub/Up -> ..`) would let one zone file be loaded under endlessly
  /// many IDs (`Dot/Sub/Up/America/New_York`, …), each keeping a table of its own. Only the
  /// last component may be a link (as tzdata's backward names are), and its target is followed
  /// as before, links and all. The directories are opened one by one without following links;
  /// a step that fails for any other reason is left to the open that follows, which says why.
  ///
  /// The check comes before the open, so a root that swaps a directory for a link between
  /// the two gets that one load through; the open still stays inside the root.
  ///
  /// - Parameters:
  ///   - path: The relative path about to be opened.
  ///   - includingLast: Whether the last component must be a real directory too (when a
  ///     directory is opened).
  func checkRealDirectories(_ path: String, includingLast: Bool) throws(RootFileError) {
    var components = ZoneDatabase.components(of: PathBytes(path))
    if !includingLast { components = components.dropLast() }
    guard !components.isEmpty else { return }
    // The directories entered, innermost last; the root itself is not closed.
    var held: [Int32] = []
    defer { held.forEach(Syscalls.closeDescriptor) }
    for name in components where name != ZoneDatabase.dot {
      if name == ZoneDatabase.dotDot {
        guard let parent = held.popLast() else { return }
        Syscalls.closeDescriptor(parent)
        continue
      }
      let current = held.last ?? rootDescriptor
      do {
        held.append(
          try Syscalls.openRelative(
            current, name, [.readOnly, .closeOnExec, .nonBlocking, .directory, .noFollow]))
      } catch {
        // A link fails with ELOOP, or ENOTDIR as a directory was asked for; so does a file.
        guard error == .tooManySymbolicLinkLevels || error == .notDirectory,
          (try? Syscalls.linkTarget(current, name)) != nil
        else { return }
        throw .directoryLink(component: name.description)
      }
    }
  }

  /// Opens `path` under the root one component at a time, for systems without openat2: each
  /// directory is opened relative to the one before without following a link
  /// (`O_NOFOLLOW`), and a link is read (`readlinkat`) and its target walked the same way, so
  /// the walk holds a real directory inside the root at every step. A `..` returns to the
  /// directory held before, and never above the root; an absolute target is refused, as
  /// openat2's `RESOLVE_BENEATH` refuses it. A target is walked as the kernel walks it
  /// (``components(of:)``): byte for byte, and a target that ends in `/` must name a
  /// directory, so `Link -> ../Real/Zone/` is no zone on either path.
  func walkBeneathRoot(_ path: String, directory: Bool = false) throws(RootFileError) -> Int32 {
    // The directories entered below the root, innermost last; the root itself is not closed.
    var held: [Int32] = []
    defer { held.forEach(Syscalls.closeDescriptor) }
    // The components still to walk, next last.
    var pending = Array(ZoneDatabase.components(of: PathBytes(path)).reversed())
    var links = 0
    while let name = pending.popLast() {
      if name == ZoneDatabase.dot { continue }
      if name == ZoneDatabase.dotDot {
        guard let parent = held.popLast() else { throw .outsideRoot }
        Syscalls.closeDescriptor(parent)
        continue
      }
      let current = held.last ?? rootDescriptor
      let isLast = pending.isEmpty
      var flags: OpenFlags = [
        .readOnly, .closeOnExec, .nonBlocking, .noControllingTerminal, .noFollow,
      ]
      if !isLast || directory { flags.insert(.directory) }
      let openFailure: Errno
      do {
        let descriptor = try Syscalls.openRelative(current, name, flags)
        if isLast { return descriptor }
        held.append(descriptor)
        continue
      } catch {
        openFailure = error
      }
      // A link fails with ELOOP (ENOTDIR when a directory was asked for); anything else is
      // the answer.
      guard openFailure == .tooManySymbolicLinkLevels || openFailure == .notDirectory else {
        throw RootFileError(opening: openFailure)
      }
      let target: PathBytes
      do {
        target = try Syscalls.linkTarget(current, name)
      } catch {
        guard error == .invalidArgument else { throw RootFileError(opening: error) }
        // Not a link: a file where a directory was needed (ENOTDIR), or an entry that stopped
        // being a link since the open (ELOOP), which is tried again, counted like a link.
        guard openFailure == .tooManySymbolicLinkLevels else { throw .missing }
        links += 1
        guard links <= ZoneDatabase.maximumLinks else { throw .tooManyLinks }
        pending.append(name)
        continue
      }
      links += 1
      guard links <= ZoneDatabase.maximumLinks else { throw .tooManyLinks }
      guard target.bytes.first != UInt8(ascii: "/") else { throw .outsideRoot }
      guard !target.bytes.isEmpty else { throw .missing }
      pending.append(contentsOf: ZoneDatabase.components(of: target).reversed())
    }
    // The path ends in a directory held (`.`, `..`, or the root itself).
    do {
      return try Syscalls.openRelative(
        held.last ?? rootDescriptor, ZoneDatabase.dot, [.readOnly, .closeOnExec, .directory])
    } catch {
      throw RootFileError(opening: error)
    }
  }

  /// `.`, the directory itself.
  static let dot = PathBytes(".")
  /// `..`, the parent directory.
  static let dotDot = PathBytes("..")

  /// The components of a relative path or a link's target in the order the kernel walks them
  /// (POSIX path resolution): an empty component (`a//b`) is none, and a path that ends in
  /// `/` ends in `.`, so that its last component must be a directory (`Zone/` is `Zone/.`:
  /// a file there fails as it does in openat2, with `ENOTDIR`). A `.` left at the end of the
  /// components still to walk also holds for the target of a link that comes last in them,
  /// as the kernel's "must be a directory" holds through a chain of links.
  ///
  /// - Parameter path: A relative path (an absolute one is refused before this is asked).
  /// - Returns: Its components, first first.
  static func components(of path: PathBytes) -> [PathBytes] {
    let slash = UInt8(ascii: "/")
    var components = path.bytes.split(separator: slash).map { PathBytes(Array($0)) }
    if path.bytes.last == slash { components.append(dot) }
    return components
  }

  /// Reads a regular file under the root (see ``openBeneathRoot(_:directory:)``), refusing
  /// anything else before reading a byte: a FIFO, device or directory, or a file whose size is
  /// over `sizeLimit`. A file that grows while being read is cut off just past the limit and
  /// refused too.
  ///
  /// - Parameters:
  ///   - path: A relative path under the root.
  ///   - sizeLimit: The largest size accepted.
  ///   - prefix: Read at most this many bytes (the file's size is still checked).
  /// - Returns: The bytes.
  package func readRootFile(_ path: String, sizeLimit: Int, prefix: Int = .max)
    throws(RootFileError)
    -> [UInt8]
  {
    let descriptor = try openBeneathRoot(path)
    defer { Syscalls.closeDescriptor(descriptor) }
    let info: FileStatus
    do { info = try Syscalls.fileStatus(descriptor) } catch {
      throw .system(operation: "fstat", error)
    }
    guard info.kind == .regularFile else { throw .notRegularFile(info.kind) }
    guard info.size <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
    // One byte past what is wanted: a read that does not fill the buffer has reached the end
    // of the file, so a file that keeps its size takes one read.
    let wanted = min(prefix, sizeLimit + 1)
    var room = min(wanted, Int(info.size) + 1)
    var failure: Errno?
    var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
      do throws(Errno) {
        initialized = try Syscalls.read(
          descriptor, into: UnsafeMutableRawBufferPointer(buffer))
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw .system(operation: "read", failure) }
    // The file grew since fstat: read on, into zero-filled growth, up to what is wanted.
    var filled = bytes.count
    while filled == room && room < wanted {
      bytes.append(contentsOf: repeatElement(0, count: min(max(room, 4_096), wanted - room)))
      room = bytes.count
      let result = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in
          try Syscalls.read(
            descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        }
      }
      let n: Int
      switch result {
      case .success(let count): n = count
      case .failure(let error): throw .system(operation: "read", error)
      }
      filled += n
      if n == 0 { break }
    }
    bytes.removeSubrange(filled...)
    guard bytes.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
    return bytes
  }
}

extension RootFileError {
  /// The error for a failed open or walk step.
  init(opening error: Errno) {
    switch error {
    case .noSuchFileOrDirectory, .notDirectory: self = .missing
    case .improperLink: self = .outsideRoot
    case .tooManySymbolicLinkLevels: self = .tooManyLinks
    default: self = .system(operation: "open", error)
    }
  }
}

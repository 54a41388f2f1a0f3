import CSystemTestBench
import SystemInterface

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("SystemTestBench has no branch for this platform's C library")
#endif

/// Child processes, for the tests that run `dnd` with exact standard streams and signal
/// dispositions, or run hostile work where a trap cannot take the test run down with it.
package enum ChildProcesses {
  /// Where a child's standard stream comes from or goes to.
  package enum Stream: Sendable {
    /// The parent's own.
    case inherited
    /// A descriptor of the parent, duplicated onto the stream.
    case descriptor(Int32)
    /// A file opened onto the stream with these flags (created with mode 0644).
    case path(String, OpenFlags)
  }

  /// How a child ended.
  package enum Outcome: Equatable, Sendable {
    /// It exited with this status (0–255).
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)

    /// The outcome `waitpid` reports (the `WIFSIGNALED` / `WEXITSTATUS` macros, which Swift
    /// does not import, spelled out: the same encoding on every supported platform).
    init(waitStatus status: Int32) {
      let signal = status & 0x7F
      self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
  }

  /// Spawns a program.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments, without its name (which is `executable`).
  ///   - environment: Its environment.
  ///   - streams: Standard input, output and error.
  ///   - closing: A descriptor to close in the child (the parent's end of a pipe), or nil.
  ///   - defaultSignals: Whether every signal is at its default disposition and unblocked in
  ///     the child, whatever the parent does (a test of SIGPIPE's default, say).
  /// - Returns: The child's process ID.
  /// - Throws: ``Errno`` from `posix_spawn`.
  package static func spawn(
    _ executable: String, arguments: [String], environment: [String: String],
    streams: (Stream, Stream, Stream), closing: Int32? = nil, defaultSignals: Bool = false
  ) throws(Errno) -> Int32 {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var descriptors: [Int32] = [-1, -1, -1]
    var paths: [UnsafeMutablePointer<CChar>?] = [nil, nil, nil]
    var flags: [Int32] = [0, 0, 0]
    defer { for pointer in paths { free(pointer) } }
    for (index, stream) in [streams.0, streams.1, streams.2].enumerated() {
      switch stream {
      case .inherited: break
      case .descriptor(let descriptor): descriptors[index] = descriptor
      case .path(let path, let openFlags):
        paths[index] = strdup(path)
        flags[index] = openFlags.rawValue
      }
    }
    var process: Int32 = 0
    let status = paths.map { UnsafePointer($0) }.withUnsafeBufferPointer { pathList in
      dndkit_spawn(
        executable, argv, envp, descriptors, pathList.baseAddress, flags, closing ?? -1,
        defaultSignals ? 1 : 0, &process)
    }
    guard status == 0 else { throw Errno(status) }
    return process
  }

  /// Whether a child has ended, without waiting (`waitpid` with `WNOHANG`).
  ///
  /// - Returns: Its outcome, or nil while it runs.
  package static func poll(_ process: Int32) throws(Errno) -> Outcome? {
    var status: Int32 = 0
    let done = try Syscalls.retrying { waitpid(process, &status, WNOHANG) }
    return done == process ? Outcome(waitStatus: status) : nil
  }

  /// Waits for a child to end (`waitpid`).
  package static func wait(_ process: Int32) throws(Errno) -> Outcome {
    var status: Int32 = 0
    _ = try Syscalls.retrying { waitpid(process, &status, 0) }
    return Outcome(waitStatus: status)
  }

  /// Ends a child at once (`SIGKILL`).
  package static func kill(_ process: Int32) {
    _ = Glue.kill(process, SIGKILL)
  }

  /// Runs `body` in a forked child, which exits with its result; nil where a Swift program may
  /// not fork (Darwin, whose overlay marks `fork` unavailable: its frameworks do not survive
  /// a fork of a multithreaded process).
  ///
  /// - Returns: The child's process ID, or nil when no child was made.
  package static func fork(_ body: () -> Int32) -> Int32? {
    #if canImport(Darwin)
      return nil
    #else
      fflush(nil)
      let process = Glue.fork()
      if process == 0 {
        let status = body()
        fflush(nil)
        _exit(status)
      }
      return process > 0 ? process : nil
    #endif
  }

  /// A child's resident memory now and its peak so far (`VmRSS`, `VmHWM` in
  /// `/proc/PID/status`), or nil where there is no such file (Darwin, or a child gone).
  package static func memory(of process: Int32) -> (resident: Int, peak: Int)? {
    guard
      let descriptor = try? Syscalls.openPath("/proc/\(process)/status", [.readOnly, .closeOnExec])
    else { return nil }
    defer { Syscalls.closeDescriptor(descriptor) }
    guard let bytes = try? Syscalls.readPrefix(descriptor, atMost: 1 << 16) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    func kilobytes(_ key: String) -> Int? {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else {
        return nil
      }
      let fields = line.split { $0 == " " || $0 == "\t" }
      return fields.count > 1 ? Int(fields[1]).map { $0 * 1024 } : nil
    }
    guard let resident = kilobytes("VmRSS:"), let peak = kilobytes("VmHWM:") else { return nil }
    return (resident, peak)
  }

  /// A pipe: `(read end, write end)`, close-on-exec not set (a child is meant to get one end).
  package static func makePipe() throws(Errno) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    _ = try Syscalls.retrying { pipe(&ends) }
    return (ends[0], ends[1])
  }

  /// The C library's functions whose names this enum's own methods shadow.
  private enum Glue {
    static func kill(_ process: Int32, _ signal: Int32) -> Int32 {
      #if canImport(Darwin)
        Darwin.kill(process, signal)
      #elseif canImport(Android)
        Android.kill(process, signal)
      #elseif canImport(Glibc)
        Glibc.kill(process, signal)
      #else
        Musl.kill(process, signal)
      #endif
    }

    #if !canImport(Darwin)
      static func fork() -> Int32 {
        #if canImport(Android)
          Android.fork()
        #elseif canImport(Glibc)
          Glibc.fork()
        #else
          Musl.fork()
        #endif
      }
    #endif
  }
}

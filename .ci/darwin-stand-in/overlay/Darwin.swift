// Stand-in for the Swift overlay of Darwin: the declarations the Swift toolchain's Darwin
// module adds over the C headers, where the C form cannot be imported (a variadic function, a
// macro that is an expression). Transcribed from swiftlang/swift
// stdlib/public/Platform/Platform.swift, the `os(macOS) || os(iOS) || os(watchOS) || os(tvOS)`
// branches; built with -import-underlying-module over ../include/module.modulemap, so that
// `import Darwin` gives both halves, as on an Apple platform. Only type-checked against, never
// run: the bodies are not Apple's.

/// Platform.swift "sys/errno.h": `errno` is the macro `(*__error())` in C.
public var errno: Int32 {
  get { __error().pointee }
  set { __error().pointee = newValue }
}

/// Platform.swift "fcntl.h": `open` is variadic in C.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { standIn() }
/// Platform.swift "fcntl.h".
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
  standIn()
}
/// Platform.swift "fcntl.h".
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 {
  standIn()
}
/// Platform.swift "fcntl.h".
public func openat(
  _ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t
) -> Int32 { standIn() }
/// Platform.swift "fcntl.h".
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { standIn() }
/// Platform.swift "fcntl.h".
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { standIn() }
/// Platform.swift "fcntl.h".
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 {
  standIn()
}

/// Platform.swift "fcntl.h": the file type bits as `mode_t` (16 bits on Darwin), shadowing
/// the C macros.
public var S_IFMT: mode_t { mode_t(0o170000) }
/// Platform.swift.
public var S_IFIFO: mode_t { mode_t(0o010000) }
/// Platform.swift.
public var S_IFCHR: mode_t { mode_t(0o020000) }
/// Platform.swift.
public var S_IFDIR: mode_t { mode_t(0o040000) }
/// Platform.swift.
public var S_IFBLK: mode_t { mode_t(0o060000) }
/// Platform.swift.
public var S_IFREG: mode_t { mode_t(0o100000) }
/// Platform.swift.
public var S_IFLNK: mode_t { mode_t(0o120000) }
/// Platform.swift.
public var S_IFSOCK: mode_t { mode_t(0o140000) }

/// Platform.swift "unistd.h": unavailable on Apple platforms.
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func fork() -> Int32 { standIn() }

/// Platform.swift "signal.h": the handlers are casts of integers in C.
public var SIG_DFL: sig_t? { nil }
/// Platform.swift "signal.h".
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
/// Platform.swift "signal.h".
public var SIG_ERR: sig_t { unsafeBitCast(-1, to: sig_t.self) }

@inline(never)
func standIn() -> Never { fatalError("the Darwin stand-in is for type-checking only") }

#ifndef CSYSTEMINTERFACE_H
#define CSYSTEMINTERFACE_H

// The C half of SystemInterface, DNDKit's platform layer: the calls Swift cannot make the same
// way on every platform (a variadic syscall). Nothing but SystemInterface imports it; what
// only the tests, `dnd` and the benchmark need is in CSystemTestBench.

/// Opens `path` relative to the directory `directory` with the open(2) `flags`, in one system
/// call in which the kernel resolves the whole path, symbolic links included, and refuses any
/// step out of `directory` (Linux openat2 with RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS).
///
/// Returns the descriptor, or -1 with errno set: EXDEV for a step out of `directory` (an
/// absolute link, a `..` above it), ELOOP for too many links, EAGAIN when the kernel could
/// not rule out a race on `..` (retry), and ENOSYS where openat2 is not available (other
/// systems, kernels before 5.6, headers without it), EPERM where a seccomp filter refuses it.
/// ZoneInfo walks the path itself then.
int dndkit_open_beneath(int directory, const char *path, int flags);

#endif

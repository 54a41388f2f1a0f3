#ifndef CZONEFILEOPEN_H
#define CZONEFILEOPEN_H

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

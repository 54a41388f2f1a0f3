#ifndef CZONEFILEOPEN_H
#define CZONEFILEOPEN_H

/// Opens `path` for reading relative to the directory `directory`, refusing to leave it or to
/// follow any symbolic link on the way, in one system call (Linux openat2 with
/// RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS), non-blocking and
/// close-on-exec.
///
/// Returns the descriptor, or -1 with errno set: ELOOP for a link, EXDEV for an escape, and
/// ENOSYS where openat2 is not available (other systems, kernels before 5.6, headers without
/// it), EPERM where a seccomp filter refuses it. ZoneInfo falls back to a slower check then.
int dndkit_open_beneath(int directory, const char *path);

#endif

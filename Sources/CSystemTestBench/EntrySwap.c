// Two directory entries swapped in one step, for the tests that race a zone root's directories
// against readers: Linux renameat2(RENAME_EXCHANGE) through syscall(2) (glibc added a wrapper
// only in 2.28, musl has none), Darwin renameatx_np(RENAME_SWAP) (<stdio.h>, macOS 10.12).
// Elsewhere ENOSYS, and the caller renames three times instead.
#if defined(__APPLE__)
#define _DARWIN_C_SOURCE 1
#endif
#include "CSystemTestBench.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

int dndkit_swap_entries(const char *first, const char *second) {
#if defined(__APPLE__)
  return renameatx_np(AT_FDCWD, first, AT_FDCWD, second, RENAME_SWAP);
#elif defined(__linux__) && defined(SYS_renameat2)
  // include/uapi/linux/fs.h: RENAME_EXCHANGE (1 << 1).
  return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 1 << 1);
#else
  (void)first;
  (void)second;
  errno = ENOSYS;
  return -1;
#endif
}

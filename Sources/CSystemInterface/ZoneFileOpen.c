// openat2 has no libc wrapper in glibc 2.36 or musl, and Swift cannot call the variadic
// syscall(2), so ZoneInfo reaches it through this one function.
//
// Per platform:
// - Linux with glibc: the kernel's <linux/openat2.h> and SYS_openat2 from the headers.
// - Linux with musl (the static Linux SDK): musl has SYS_openat2 in recent releases but no
//   <linux/openat2.h>; the structure and flags are the kernel's ABI, declared here when the
//   header is missing, and the number is 437 on every architecture Swift targets.
// - Android: compiled out. The app seccomp filter kills a process that calls openat2 with
//   SIGSYS instead of failing with ENOSYS, so the call is never made there.
// - Darwin and everything else: compiled out (ENOSYS); ZoneInfo walks the path itself.
#include "CSystemInterface.h"

#include <errno.h>
#include <fcntl.h>

#if defined(__linux__) && !defined(__ANDROID__)
#define DNDKIT_HAS_OPENAT2 1
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#else
// include/uapi/linux/openat2.h, Linux 5.6 on.
struct open_how {
  uint64_t flags;
  uint64_t mode;
  uint64_t resolve;
};
#define RESOLVE_NO_MAGICLINKS 0x02
#define RESOLVE_BENEATH 0x08
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#endif

int dndkit_open_beneath(int directory, const char *path, int flags) {
#if defined(DNDKIT_HAS_OPENAT2)
  struct open_how how = {0};
  how.flags = (unsigned long long)(unsigned)flags;
  // Links are followed, by the kernel, as long as every step stays beneath `directory`.
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  return (int)syscall(SYS_openat2, directory, path, &how, sizeof how);
#else
  (void)directory;
  (void)path;
  (void)flags;
  errno = ENOSYS;
  return -1;
#endif
}

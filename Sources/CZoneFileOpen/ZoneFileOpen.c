// openat2 has no libc wrapper in glibc 2.36 and Swift cannot call the variadic syscall(2), so
// ZoneInfo reaches it through this one function.
#include "CZoneFileOpen.h"

#include <errno.h>
#include <fcntl.h>

#if defined(__linux__) && __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

int dndkit_open_beneath(int directory, const char *path, int flags) {
#if defined(__linux__) && __has_include(<linux/openat2.h>) && defined(SYS_openat2)
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

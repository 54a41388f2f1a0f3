// The process's resident memory, for the benchmarks and the memory-bound tests. A platform
// without a way to read it says so (-1), so that a bound is never checked against 0.
#define _GNU_SOURCE 1  // RTLD_DEFAULT in glibc's and musl's <dlfcn.h>
#include "CSystemTestBench.h"

#include <dlfcn.h>
#include <stddef.h>

int dndkit_symbol_is_loaded(const char *name) { return dlsym(RTLD_DEFAULT, name) != NULL; }

#if defined(__APPLE__)
#include <mach/mach.h>

long long dndkit_resident_memory_bytes(void) {
  // <mach/task_info.h>: MACH_TASK_BASIC_INFO, mach_task_basic_info_data_t.
  mach_task_basic_info_data_t info;
  mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
  if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) !=
      KERN_SUCCESS) {
    return -1;
  }
  return (long long)info.resident_size;
}

#elif defined(__linux__)
#include <fcntl.h>
#include <unistd.h>

long long dndkit_resident_memory_bytes(void) {
  // proc(5): /proc/self/statm is "size resident shared text lib data dt", in pages.
  int descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return -1;
  char text[128];
  ssize_t count = read(descriptor, text, sizeof text - 1);
  close(descriptor);
  if (count <= 0) return -1;
  text[count] = 0;
  const char *p = text;
  while (*p >= '0' && *p <= '9') p++;
  if (*p != ' ') return -1;
  p++;
  long long pages = 0;
  if (*p < '0' || *p > '9') return -1;
  while (*p >= '0' && *p <= '9') {
    if (pages > (1LL << 50)) return -1;
    pages = pages * 10 + (*p - '0');
    p++;
  }
  long page_size = sysconf(_SC_PAGESIZE);
  if (page_size <= 0) return -1;
  return pages * (long long)page_size;
}

#else
long long dndkit_resident_memory_bytes(void) { return -1; }
#endif

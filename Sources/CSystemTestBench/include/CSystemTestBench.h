#ifndef CSYSTEMTESTBENCH_H
#define CSYSTEMTESTBENCH_H

// The C half of SystemTestBench, the platform layer of the tests and the tools: thread start
// routines whose Swift signatures differ between Darwin, glibc, musl and bionic, posix_spawn's
// attribute types, an atomic swap of two directory entries, Mach's task_info. No library
// links it; nothing but SystemTestBench imports it.

/// The process's resident memory in bytes, or -1 where it cannot be read: `/proc/self/statm`
/// on Linux and Android, Mach's `task_info(MACH_TASK_BASIC_INFO)` on Darwin.
long long dndkit_resident_memory_bytes(void);

/// 1 when a symbol of this name is loaded in the process (dlsym with RTLD_DEFAULT), else 0.
int dndkit_symbol_is_loaded(const char *name);

/// Starts a POSIX thread that calls `body(context)` and returns. `*thread` receives a handle
/// to give to `dndkit_thread_join` exactly once. Returns 0, or the error number of
/// pthread_create (nothing to join then).
int dndkit_thread_start(void (*body)(void *context), void *context, void **thread);

/// Waits for a thread from `dndkit_thread_start` to return, and frees its handle. Returns 0
/// or pthread_join's error number.
int dndkit_thread_join(void *thread);

/// Swaps two directory entries in one step. Returns 0, or -1 with errno (ENOSYS where the
/// system has no such call, EINVAL where the file system refuses it).
int dndkit_swap_entries(const char *first, const char *second);

/// Spawns `executable` (posix_spawn) with NULL-terminated `arguments` and `environment`. For
/// each standard stream i (0, 1, 2): `stream_descriptors[i] >= 0` is duplicated onto it, else
/// a non-NULL `stream_paths[i]` is opened onto it with `stream_flags[i]` (mode 0644), else it
/// is inherited. `close_descriptor >= 0` is closed in the child. With `default_signals`, every
/// signal is at its default disposition and unblocked in the child. Returns 0 and the child's
/// process ID in `*process`, or posix_spawn's error number.
int dndkit_spawn(const char *executable, char *const arguments[], char *const environment[],
                 const int stream_descriptors[3], const char *const stream_paths[3],
                 const int stream_flags[3], int close_descriptor, int default_signals,
                 int *process);

#endif

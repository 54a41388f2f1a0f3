// Stand-in for Darwin's <spawn.h>. "xnu" is apple-oss-distributions/xnu at xnu-11417.101.15.
// The functions are __SPI_AVAILABLE(watchos, tvos) there: not public API on watchOS and tvOS,
// which the SDK's headers mark unavailable (as here).
#ifndef DARWIN_STAND_IN_SPAWN_H
#define DARWIN_STAND_IN_SPAWN_H

#include <sys/_types.h>

#define DARWIN_STAND_IN_NO_WATCH_TV \
  __attribute__((availability(watchos, unavailable))) \
  __attribute__((availability(tvos, unavailable)))

#define POSIX_SPAWN_SETSIGDEF 0x0004   // xnu bsd/sys/spawn.h
#define POSIX_SPAWN_SETSIGMASK 0x0008  // xnu bsd/sys/spawn.h

typedef void *posix_spawnattr_t;          // xnu libsyscall/wrappers/spawn/spawn.h (a pointer)
typedef void *posix_spawn_file_actions_t; // xnu libsyscall/wrappers/spawn/spawn.h (a pointer)

// xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawn(pid_t *__restrict, const char *__restrict, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t *__restrict, char *const __argv[__restrict],
                char *const __envp[__restrict]) DARWIN_STAND_IN_NO_WATCH_TV;
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *__restrict, int,
                                     const char *__restrict, int, mode_t)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawnattr_destroy(posix_spawnattr_t *)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawnattr_init(posix_spawnattr_t *)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawnattr_setsigdefault(posix_spawnattr_t *__restrict, const sigset_t *__restrict)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawnattr_setflags(posix_spawnattr_t *, short)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h
int posix_spawnattr_setsigmask(posix_spawnattr_t *__restrict, const sigset_t *__restrict)
    DARWIN_STAND_IN_NO_WATCH_TV;  // xnu libsyscall/wrappers/spawn/spawn.h

#endif

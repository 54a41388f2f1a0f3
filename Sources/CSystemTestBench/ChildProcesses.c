// Child processes for the tests: posix_spawn with its file actions and signal attributes,
// whose Swift types differ by platform (Darwin's posix_spawn_file_actions_t is a pointer,
// glibc's and musl's a structure). ENOTSUP on watchOS and tvOS, which have no posix_spawn.
#include "CSystemTestBench.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>

#if defined(__APPLE__)
#include <TargetConditionals.h>
#endif

// <spawn.h> on Darwin: posix_spawn is __API_UNAVAILABLE(watchos, tvos).
#if defined(__APPLE__) && (TARGET_OS_WATCH || TARGET_OS_TV)
#define DNDKIT_HAS_SPAWN 0
#else
#define DNDKIT_HAS_SPAWN 1
#include <spawn.h>
#endif

int dndkit_spawn(const char *executable, char *const arguments[], char *const environment[],
                 const int stream_descriptors[3], const char *const stream_paths[3],
                 const int stream_flags[3], int close_descriptor, int default_signals,
                 int *process) {
#if !DNDKIT_HAS_SPAWN
  (void)executable;
  (void)arguments;
  (void)environment;
  (void)stream_descriptors;
  (void)stream_paths;
  (void)stream_flags;
  (void)close_descriptor;
  (void)default_signals;
  (void)process;
  return ENOTSUP;
#else
  posix_spawn_file_actions_t actions;
  int status = posix_spawn_file_actions_init(&actions);
  if (status != 0) return status;
  for (int stream = 0; stream < 3 && status == 0; stream++) {
    if (stream_descriptors[stream] >= 0) {
      status = posix_spawn_file_actions_adddup2(&actions, stream_descriptors[stream], stream);
    } else if (stream_paths[stream] != NULL) {
      status = posix_spawn_file_actions_addopen(&actions, stream, stream_paths[stream],
                                                stream_flags[stream], 0644);
    }
  }
  if (status == 0 && close_descriptor >= 0) {
    status = posix_spawn_file_actions_addclose(&actions, close_descriptor);
  }
  posix_spawnattr_t attributes;
  int attributes_ready = 0;
  if (status == 0 && default_signals) {
    status = posix_spawnattr_init(&attributes);
    if (status == 0) {
      attributes_ready = 1;
      // Every signal at its default disposition and none blocked in the child, whatever
      // the test process does with them (SIGPIPE ignored, say).
      sigset_t all, none;
      sigfillset(&all);
      sigemptyset(&none);
      status = posix_spawnattr_setsigdefault(&attributes, &all);
      if (status == 0) status = posix_spawnattr_setsigmask(&attributes, &none);
      if (status == 0) {
        status = posix_spawnattr_setflags(&attributes,
                                          (short)(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK));
      }
    }
  }
  if (status == 0) {
    pid_t child = 0;
    status = posix_spawn(&child, executable, &actions, attributes_ready ? &attributes : NULL,
                         arguments, environment);
    if (status == 0) *process = (int)child;
  }
  if (attributes_ready) posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return status;
#endif
}

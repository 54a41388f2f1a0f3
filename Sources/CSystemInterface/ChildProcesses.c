// Child processes for the tests: posix_spawn with its file actions and signal attributes,
// whose Swift types differ by platform (Darwin's posix_spawn_file_actions_t is a pointer,
// glibc's and musl's a structure), and fork where Swift may not call it (the Darwin overlay
// marks fork unavailable).
#include "CSystemInterface.h"

#include <signal.h>
#include <spawn.h>
#include <stddef.h>

int dndkit_spawn(const char *executable, char *const arguments[], char *const environment[],
                 const int stream_descriptors[3], const char *const stream_paths[3],
                 const int stream_flags[3], int close_descriptor, int default_signals,
                 int *process) {
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
}

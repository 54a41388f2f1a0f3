// POSIX threads for the tests and dnd-bench. In C because the start routine's Swift type
// differs by platform (Darwin's and bionic's take a non-optional pointer, glibc's an optional
// one; musl's pthread_t is a pointer, glibc's an integer), while the C API is the same.
#include "CSystemTestBench.h"

#include <pthread.h>
#include <stdlib.h>

struct dndkit_thread {
  pthread_t handle;
  void (*body)(void *);
  void *context;
};

static void *dndkit_thread_main(void *raw) {
  struct dndkit_thread *thread = raw;
  thread->body(thread->context);
  return NULL;
}

int dndkit_thread_start(void (*body)(void *context), void *context, void **thread) {
  struct dndkit_thread *started = malloc(sizeof *started);
  if (started == NULL) return 12;  // ENOMEM
  started->body = body;
  started->context = context;
  int status = pthread_create(&started->handle, NULL, dndkit_thread_main, started);
  if (status != 0) {
    free(started);
    return status;
  }
  *thread = started;
  return 0;
}

int dndkit_thread_join(void *thread) {
  struct dndkit_thread *started = thread;
  int status = pthread_join(started->handle, NULL);
  free(started);
  return status;
}

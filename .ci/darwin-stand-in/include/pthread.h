// Stand-in for Darwin's <pthread.h>: "libpthread" is apple-oss-distributions/libpthread at
// libpthread-539, include/pthread/pthread.h, whose declarations are under
// `clang assume_nonnull` (so Swift imports unannotated pointers as non-optional).
#ifndef DARWIN_STAND_IN_PTHREAD_H
#define DARWIN_STAND_IN_PTHREAD_H

#include <sys/_types.h>

#pragma clang assume_nonnull begin  // libpthread include/pthread/pthread.h

// libpthread include/pthread/pthread.h: the older form, whose start routine takes a
// non-optional pointer, only for a Swift compiler that defines SWIFT_CLASS_EXTRA without
// SWIFT_SDK_OVERLAY_PTHREAD_EPOCH >= 1; today's defines both (epoch 1), so Swift and C alike
// see the newer form, whose start routine takes an optional pointer, as on glibc.
#define _PTHREAD_SWIFT_IMPORTER_NULLABILITY_COMPAT()            \
  defined(SWIFT_CLASS_EXTRA) && (!defined(SWIFT_SDK_OVERLAY_PTHREAD_EPOCH) || \
                                 (SWIFT_SDK_OVERLAY_PTHREAD_EPOCH < 1))
#if !_PTHREAD_SWIFT_IMPORTER_NULLABILITY_COMPAT()
int pthread_create(pthread_t _Nullable *_Nonnull __restrict,
                   const pthread_attr_t *_Nullable __restrict,
                   void *_Nullable (*_Nonnull)(void *_Nullable), void *_Nullable __restrict);
#else
int pthread_create(pthread_t *__restrict, const pthread_attr_t *_Nullable __restrict,
                   void *(*_Nonnull)(void *), void *_Nullable __restrict);
#endif
int pthread_join(pthread_t, void *_Nullable *_Nullable);  // libpthread include/pthread/pthread.h
int pthread_mutex_destroy(pthread_mutex_t *);             // libpthread include/pthread/pthread.h
int pthread_mutex_init(pthread_mutex_t *__restrict,
                       const pthread_mutexattr_t *_Nullable __restrict);  // libpthread pthread.h
int pthread_mutex_lock(pthread_mutex_t *);                // libpthread include/pthread/pthread.h
int pthread_mutex_unlock(pthread_mutex_t *);              // libpthread include/pthread/pthread.h

#pragma clang assume_nonnull end

#endif

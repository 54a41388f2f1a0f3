// Stand-in for Darwin's base types (<sys/_types.h>, <arm/_types.h>, <sys/_types/_*.h>,
// <sys/_pthread/_pthread_types.h>) on a 64-bit Apple target (arm64 and x86_64 agree on every
// type here). Each line cites the header it is transcribed from; "xnu" is
// apple-oss-distributions/xnu at xnu-11417.101.15, "libpthread" apple-oss-distributions/libpthread
// at libpthread-539.
#ifndef DARWIN_STAND_IN_SYS_TYPES_H
#define DARWIN_STAND_IN_SYS_TYPES_H

#include <sys/cdefs.h>

typedef signed char __int8_t;          // xnu bsd/arm/_types.h
typedef unsigned char __uint8_t;       // xnu bsd/arm/_types.h
typedef short __int16_t;               // xnu bsd/arm/_types.h
typedef unsigned short __uint16_t;     // xnu bsd/arm/_types.h
typedef int __int32_t;                 // xnu bsd/arm/_types.h
typedef unsigned int __uint32_t;       // xnu bsd/arm/_types.h
typedef long long __int64_t;           // xnu bsd/arm/_types.h
typedef unsigned long long __uint64_t; // xnu bsd/arm/_types.h
typedef unsigned int __darwin_natural_t;  // xnu bsd/arm/_types.h
typedef __SIZE_TYPE__ __darwin_size_t;    // xnu bsd/arm/_types.h (unsigned long)
typedef long __darwin_ssize_t;            // xnu bsd/arm/_types.h
typedef long __darwin_time_t;             // xnu bsd/arm/_types.h

typedef __int64_t __darwin_blkcnt_t;   // xnu bsd/sys/_types.h
typedef __int32_t __darwin_blksize_t;  // xnu bsd/sys/_types.h
typedef __int32_t __darwin_dev_t;      // xnu bsd/sys/_types.h: dev_t is SIGNED 32-bit
typedef __uint32_t __darwin_gid_t;     // xnu bsd/sys/_types.h
typedef __uint64_t __darwin_ino64_t;   // xnu bsd/sys/_types.h
typedef __darwin_ino64_t __darwin_ino_t;  // xnu bsd/sys/_types.h (__DARWIN_64_BIT_INO_T)
typedef __darwin_natural_t __darwin_mach_port_name_t;  // xnu bsd/sys/_types.h
typedef __darwin_mach_port_name_t __darwin_mach_port_t; // xnu bsd/sys/_types.h
typedef __uint16_t __darwin_mode_t;    // xnu bsd/sys/_types.h: mode_t is 16-bit
typedef __int64_t __darwin_off_t;      // xnu bsd/sys/_types.h
typedef __int32_t __darwin_pid_t;      // xnu bsd/sys/_types.h
typedef __uint32_t __darwin_sigset_t;  // xnu bsd/sys/_types.h: sigset_t is one word
typedef __uint32_t __darwin_uid_t;     // xnu bsd/sys/_types.h

typedef __darwin_blkcnt_t blkcnt_t;    // xnu bsd/sys/_types/_blkcnt_t.h
typedef __darwin_blksize_t blksize_t;  // xnu bsd/sys/_types/_blksize_t.h
typedef __darwin_dev_t dev_t;          // xnu bsd/sys/_types/_dev_t.h
typedef __darwin_gid_t gid_t;          // xnu bsd/sys/_types/_gid_t.h
typedef __darwin_ino_t ino_t;          // xnu bsd/sys/_types/_ino_t.h
typedef __darwin_mode_t mode_t;        // xnu bsd/sys/_types/_mode_t.h
typedef __uint16_t nlink_t;            // xnu bsd/sys/_types/_nlink_t.h
typedef __darwin_off_t off_t;          // xnu bsd/sys/_types/_off_t.h
typedef __darwin_pid_t pid_t;          // xnu bsd/sys/_types/_pid_t.h
typedef __darwin_sigset_t sigset_t;    // xnu bsd/sys/_types/_sigset_t.h
typedef __darwin_size_t size_t;        // xnu bsd/sys/_types/_size_t.h
typedef __darwin_ssize_t ssize_t;      // xnu bsd/sys/_types/_ssize_t.h
typedef __darwin_time_t time_t;        // xnu bsd/sys/_types/_time_t.h
typedef __darwin_uid_t uid_t;          // xnu bsd/sys/_types/_uid_t.h

// xnu bsd/sys/_types/_timespec.h
struct timespec {
  __darwin_time_t tv_sec;  // xnu bsd/sys/_types/_timespec.h
  long tv_nsec;            // xnu bsd/sys/_types/_timespec.h
};

// xnu EXTERNAL_HEADERS/sys/_pthread/_pthread_types.h (__LP64__ sizes)
#define __PTHREAD_ATTR_SIZE__ 56       // _pthread_types.h, __LP64__
#define __PTHREAD_MUTEXATTR_SIZE__ 8   // _pthread_types.h, __LP64__
#define __PTHREAD_MUTEX_SIZE__ 56      // _pthread_types.h, __LP64__
struct _opaque_pthread_t;              // _pthread_types.h (its fields are private here)
struct _opaque_pthread_attr_t {        // _pthread_types.h
  long __sig;
  char __opaque[__PTHREAD_ATTR_SIZE__];
};
struct _opaque_pthread_mutex_t {       // _pthread_types.h
  long __sig;
  char __opaque[__PTHREAD_MUTEX_SIZE__];
};
struct _opaque_pthread_mutexattr_t {   // _pthread_types.h
  long __sig;
  char __opaque[__PTHREAD_MUTEXATTR_SIZE__];
};
typedef struct _opaque_pthread_attr_t __darwin_pthread_attr_t;            // _pthread_types.h
typedef struct _opaque_pthread_mutex_t __darwin_pthread_mutex_t;          // _pthread_types.h
typedef struct _opaque_pthread_mutexattr_t __darwin_pthread_mutexattr_t;  // _pthread_types.h
typedef struct _opaque_pthread_t *__darwin_pthread_t;                     // _pthread_types.h
typedef __darwin_pthread_attr_t pthread_attr_t;            // libpthread include/sys/_pthread/_pthread_attr_t.h
typedef __darwin_pthread_mutex_t pthread_mutex_t;          // libpthread include/sys/_pthread/_pthread_mutex_t.h
typedef __darwin_pthread_mutexattr_t pthread_mutexattr_t;  // libpthread include/sys/_pthread/_pthread_mutexattr_t.h
typedef __darwin_pthread_t pthread_t;                      // libpthread include/sys/_pthread/_pthread_t.h

#endif

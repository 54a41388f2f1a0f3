// Stand-in for Darwin's <fcntl.h> (Libc include/fcntl.h includes <sys/fcntl.h>). "xnu" is
// apple-oss-distributions/xnu at xnu-11417.101.15. The values differ from Linux's: O_DIRECTORY
// is 0x00100000 here (0x10000 on Linux x86-64), O_CLOEXEC 0x01000000 (0x80000), O_NOFOLLOW
// 0x100 (0x20000).
#ifndef DARWIN_STAND_IN_FCNTL_H
#define DARWIN_STAND_IN_FCNTL_H

#include <sys/_types.h>

#define O_RDONLY 0x0000           // xnu bsd/sys/fcntl.h
#define O_WRONLY 0x0001           // xnu bsd/sys/fcntl.h
#define O_NONBLOCK 0x00000004     // xnu bsd/sys/fcntl.h
#define O_NOFOLLOW 0x00000100     // xnu bsd/sys/fcntl.h
#define O_CREAT 0x00000200        // xnu bsd/sys/fcntl.h
#define O_TRUNC 0x00000400        // xnu bsd/sys/fcntl.h
#define O_EXCL 0x00000800         // xnu bsd/sys/fcntl.h
#define O_NOCTTY 0x00020000       // xnu bsd/sys/fcntl.h
#define O_DIRECTORY 0x00100000    // xnu bsd/sys/fcntl.h
#define O_CLOEXEC 0x01000000      // xnu bsd/sys/fcntl.h
#define AT_FDCWD -2               // xnu bsd/sys/fcntl.h
#define F_GETFD 1                 // xnu bsd/sys/fcntl.h

// Variadic, so Swift does not import them: the overlay declares Swift wrappers.
int open(const char *, int, ...);            // xnu bsd/sys/fcntl.h
int openat(int, const char *, int, ...);     // xnu bsd/sys/fcntl.h
int fcntl(int, int, ...);                    // xnu bsd/sys/fcntl.h

#endif

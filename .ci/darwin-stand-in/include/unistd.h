// Stand-in for Darwin's <unistd.h>. "Libc" is apple-oss-distributions/Libc at Libc-1725.0.11,
// "xnu" apple-oss-distributions/xnu at xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_UNISTD_H
#define DARWIN_STAND_IN_UNISTD_H

#include <sys/_types.h>

#ifndef NULL
#define NULL ((void *)0)  // xnu bsd/sys/_types/_null.h, included by Libc include/unistd.h
#endif

#define _SC_PAGESIZE 29          // Libc include/unistd.h
#define _SC_NPROCESSORS_ONLN 58  // Libc include/unistd.h (a macro; an enum case in glibc)

void _exit(int) __attribute__((__noreturn__));          // Libc include/unistd.h
int close(int);                                         // Libc include/unistd.h
int dup2(int, int);                                     // Libc include/unistd.h
pid_t getpid(void);                                     // Libc include/unistd.h
int pipe(int[2]);                                       // Libc include/unistd.h
ssize_t read(int, void *, size_t);                      // Libc include/unistd.h
long sysconf(int);                                      // Libc include/unistd.h
int unlink(const char *);                               // Libc include/unistd.h
ssize_t write(int, const void *, size_t);               // Libc include/unistd.h
int fsync(int);                                         // Libc include/unistd.h
ssize_t readlinkat(int, const char *, char *, size_t);  // xnu bsd/sys/unistd.h

#endif

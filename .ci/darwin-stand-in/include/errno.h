// Stand-in for Darwin's <errno.h> (Libc include/errno.h includes <sys/errno.h>): the errno
// values the platform layer names. "xnu" is apple-oss-distributions/xnu at xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_ERRNO_H
#define DARWIN_STAND_IN_ERRNO_H

extern int *__error(void);  // xnu bsd/sys/errno.h
#define errno (*__error())  // xnu bsd/sys/errno.h (Swift cannot import it: the overlay's `errno`)

#define EPERM 1           // xnu bsd/sys/errno.h
#define ENOENT 2          // xnu bsd/sys/errno.h
#define EINTR 4           // xnu bsd/sys/errno.h
#define EIO 5             // xnu bsd/sys/errno.h
#define E2BIG 7           // xnu bsd/sys/errno.h
#define EBADF 9           // xnu bsd/sys/errno.h
#define ENOMEM 12         // xnu bsd/sys/errno.h
#define EACCES 13         // xnu bsd/sys/errno.h
#define EXDEV 18          // xnu bsd/sys/errno.h
#define ENOTDIR 20        // xnu bsd/sys/errno.h
#define EINVAL 22         // xnu bsd/sys/errno.h
#define EAGAIN 35         // xnu bsd/sys/errno.h (not 11 as on Linux)
#define EWOULDBLOCK EAGAIN  // xnu bsd/sys/errno.h
#define ENOTSUP 45        // xnu bsd/sys/errno.h
#define ELOOP 62          // xnu bsd/sys/errno.h
#define ENAMETOOLONG 63   // xnu bsd/sys/errno.h
#define ENOSYS 78         // xnu bsd/sys/errno.h

#endif

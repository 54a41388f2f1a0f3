// Stand-in for Darwin's <poll.h> (Libc include/poll.h includes <sys/poll.h>). "xnu" is
// apple-oss-distributions/xnu at xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_POLL_H
#define DARWIN_STAND_IN_POLL_H

#define POLLIN 0x0001   // xnu bsd/sys/poll.h
#define POLLOUT 0x0004  // xnu bsd/sys/poll.h

struct pollfd {    // xnu bsd/sys/poll.h
  int fd;          // xnu bsd/sys/poll.h
  short events;    // xnu bsd/sys/poll.h
  short revents;   // xnu bsd/sys/poll.h
};
typedef unsigned int nfds_t;  // xnu bsd/sys/poll.h (unsigned long on glibc)

extern int poll(struct pollfd *, nfds_t, int);  // xnu bsd/sys/poll.h

#endif

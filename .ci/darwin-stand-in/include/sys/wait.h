// Stand-in for Darwin's <sys/wait.h>. "xnu" is apple-oss-distributions/xnu at
// xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_SYS_WAIT_H
#define DARWIN_STAND_IN_SYS_WAIT_H

#include <sys/_types.h>

#define WNOHANG 0x00000001           // xnu bsd/sys/wait.h
pid_t waitpid(pid_t, int *, int);    // xnu bsd/sys/wait.h

#endif

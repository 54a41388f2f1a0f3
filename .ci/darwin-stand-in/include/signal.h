// Stand-in for Darwin's <signal.h>. "Libc" is apple-oss-distributions/Libc at
// Libc-1725.0.11, "xnu" apple-oss-distributions/xnu at xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_SIGNAL_H
#define DARWIN_STAND_IN_SIGNAL_H

#include <sys/_types.h>

#define SIGKILL 9   // xnu bsd/sys/signal.h
#define SIGPIPE 13  // xnu bsd/sys/signal.h

typedef void (*sig_t)(int);                   // xnu bsd/sys/signal.h
void (*signal(int, void (*)(int)))(int);      // xnu bsd/sys/signal.h
int kill(pid_t, int);                         // Libc include/signal.h
int sigemptyset(sigset_t *);                  // Libc include/signal.h
int sigfillset(sigset_t *);                   // Libc include/signal.h
// Libc include/signal.h, unless _ANSI_SOURCE: the two are macros over the one-word sigset_t.
#ifndef _ANSI_SOURCE
#define sigemptyset(set) (*(set) = 0, 0)            // Libc include/signal.h
#define sigfillset(set) (*(set) = ~(sigset_t)0, 0)  // Libc include/signal.h
#endif

#endif

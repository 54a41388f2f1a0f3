// Stand-in for Darwin's <sys/cdefs.h>: only the C-level selection the other stand-in headers
// use. Transcribed from apple-oss-distributions/xnu (xnu-11417.101.15) bsd/sys/cdefs.h.
#ifndef DARWIN_STAND_IN_SYS_CDEFS_H
#define DARWIN_STAND_IN_SYS_CDEFS_H

#define __DARWIN_C_ANSI 010000L  // xnu bsd/sys/cdefs.h
#define __DARWIN_C_FULL 900000L  // xnu bsd/sys/cdefs.h
// xnu bsd/sys/cdefs.h: _POSIX_C_SOURCE without _DARWIN_C_SOURCE hides the Darwin extensions.
#if defined(_ANSI_SOURCE)
#define __DARWIN_C_LEVEL __DARWIN_C_ANSI
#elif defined(_POSIX_C_SOURCE) && !defined(_DARWIN_C_SOURCE) && !defined(_NONSTD_SOURCE)
#define __DARWIN_C_LEVEL _POSIX_C_SOURCE
#else
#define __DARWIN_C_LEVEL __DARWIN_C_FULL
#endif

#endif

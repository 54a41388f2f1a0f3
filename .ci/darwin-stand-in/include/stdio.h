// Stand-in for Darwin's <stdio.h> (Libc include/stdio.h, which includes <_stdio.h> and, for
// the Darwin extensions, <sys/stdio.h>). "Libc" is apple-oss-distributions/Libc at
// Libc-1725.0.11, "xnu" apple-oss-distributions/xnu at xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_STDIO_H
#define DARWIN_STAND_IN_STDIO_H

#include <sys/_types.h>

#ifndef NULL
#define NULL ((void *)0)  // xnu bsd/sys/_types/_null.h, included by Libc include/_stdio.h
#endif

// Libc include/_stdio.h declares the whole struct __sFILE; nothing here reads its fields.
typedef struct __sFILE FILE;                 // Libc include/_stdio.h
int fflush(FILE *);                          // Libc include/_stdio.h
int rename(const char *__old, const char *__new);  // Libc include/_stdio.h

#if __DARWIN_C_LEVEL >= __DARWIN_C_FULL
#define RENAME_SWAP 0x00000002  // xnu bsd/sys/stdio.h
int renamex_np(const char *, const char *, unsigned int);             // xnu bsd/sys/stdio.h
int renameatx_np(int, const char *, int, const char *, unsigned int); // xnu bsd/sys/stdio.h
#endif

#endif

// Stand-in for Darwin's <string.h> (Libc include/string.h includes <_string.h>). "Libc" is
// apple-oss-distributions/Libc at Libc-1725.0.11; its bounds annotations (_LIBC_SIZE,
// _LIBC_CSTR) expand to nothing outside -fbounds-safety and are left out.
#ifndef DARWIN_STAND_IN_STRING_H
#define DARWIN_STAND_IN_STRING_H

#include <sys/_types.h>

#ifndef NULL
#define NULL ((void *)0)  // xnu bsd/sys/_types/_null.h, included by Libc include/_string.h
#endif

void *memchr(const void *, int, size_t);        // Libc include/_string.h
int memcmp(const void *, const void *, size_t); // Libc include/_string.h
char *strerror(int);                            // Libc include/_string.h
char *strdup(const char *);                     // Libc include/_string.h
size_t strlen(const char *__s);                 // Libc include/_string.h

#endif

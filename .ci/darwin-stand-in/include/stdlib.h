// Stand-in for Darwin's <stdlib.h>, whose malloc and free are declared in libmalloc's
// <malloc/_malloc.h> (Libc include/_stdlib.h includes it). "libmalloc" is
// apple-oss-distributions/libmalloc at libmalloc-792.1.1; "Libc" is apple-oss-distributions/Libc
// at Libc-1725.0.11, whose bounds annotations (_LIBC_CSTR) expand to nothing outside
// -fbounds-safety.
#ifndef DARWIN_STAND_IN_STDLIB_H
#define DARWIN_STAND_IN_STDLIB_H

#include <sys/_types.h>

#ifndef NULL
#define NULL ((void *)0)  // xnu bsd/sys/_types/_null.h, included by Libc include/_stdlib.h
#endif

void *malloc(size_t);  // libmalloc include/malloc/_malloc.h
void free(void *);     // libmalloc include/malloc/_malloc.h
char *getenv(const char *);  // Libc include/_stdlib.h (_LIBC_CSTR left out, as above)

#endif

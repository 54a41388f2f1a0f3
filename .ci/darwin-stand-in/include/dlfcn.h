// Stand-in for Darwin's <dlfcn.h>: "dyld" is apple-oss-distributions/dyld at dyld-1378.
#ifndef DARWIN_STAND_IN_DLFCN_H
#define DARWIN_STAND_IN_DLFCN_H

extern void *dlsym(void *__handle, const char *__symbol);  // dyld include/dlfcn.h
#if !defined(_POSIX_C_SOURCE) || defined(_DARWIN_C_SOURCE)  // dyld include/dlfcn.h
#define RTLD_DEFAULT ((void *)-2)  // dyld include/dlfcn.h (a GNU extension on glibc)
#endif

#endif

// Stand-in for Darwin's <dirent.h>: DIR is a complete structure here (Swift imports
// `UnsafeMutablePointer<DIR>`), where glibc's, musl's and bionic's is incomplete. "Libc" is
// apple-oss-distributions/Libc at Libc-1725.0.11, "xnu" apple-oss-distributions/xnu at
// xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_DIRENT_H
#define DARWIN_STAND_IN_DIRENT_H

#include <sys/_types.h>

#define __DARWIN_MAXPATHLEN 1024  // xnu bsd/sys/dirent.h (via <sys/syslimits.h>)

// xnu bsd/sys/dirent.h: struct dirent __DARWIN_STRUCT_DIRENTRY (64-bit inodes).
struct dirent {
  __uint64_t d_ino;                  // xnu bsd/sys/dirent.h
  __uint64_t d_seekoff;              // xnu bsd/sys/dirent.h
  __uint16_t d_reclen;               // xnu bsd/sys/dirent.h
  __uint16_t d_namlen;               // xnu bsd/sys/dirent.h
  __uint8_t d_type;                  // xnu bsd/sys/dirent.h
  char d_name[__DARWIN_MAXPATHLEN];  // xnu bsd/sys/dirent.h
};

struct _telldir;  // Libc include/dirent.h
// Libc include/dirent.h
typedef struct {
  int __dd_fd;                        // Libc include/dirent.h
  long __dd_loc;                      // Libc include/dirent.h
  long __dd_size;                     // Libc include/dirent.h
  char *__dd_buf;                     // Libc include/dirent.h
  int __dd_len;                       // Libc include/dirent.h
  long __dd_seek;                     // Libc include/dirent.h
  long __padding;                     // Libc include/dirent.h
  int __dd_flags;                     // Libc include/dirent.h
  __darwin_pthread_mutex_t __dd_lock; // Libc include/dirent.h
  struct _telldir *__dd_td;           // Libc include/dirent.h
} DIR;

int closedir(DIR *);             // Libc include/dirent.h
struct dirent *readdir(DIR *);   // Libc include/dirent.h
DIR *fdopendir(int);             // Libc include/dirent.h

#endif

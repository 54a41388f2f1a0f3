// Stand-in for Darwin's <sys/stat.h>: struct stat as every 64-bit Apple target has it
// (__DARWIN_64_BIT_INO_T, __DARWIN_STRUCT_STAT64). "xnu" is apple-oss-distributions/xnu at
// xnu-11417.101.15.
#ifndef DARWIN_STAND_IN_SYS_STAT_H
#define DARWIN_STAND_IN_SYS_STAT_H

#include <sys/_types.h>

// xnu bsd/sys/stat.h: struct stat __DARWIN_STRUCT_STAT64 (field for field).
struct stat {
  dev_t st_dev;                // xnu bsd/sys/stat.h
  mode_t st_mode;              // xnu bsd/sys/stat.h
  nlink_t st_nlink;            // xnu bsd/sys/stat.h
  __darwin_ino64_t st_ino;     // xnu bsd/sys/stat.h
  uid_t st_uid;                // xnu bsd/sys/stat.h
  gid_t st_gid;                // xnu bsd/sys/stat.h
  dev_t st_rdev;               // xnu bsd/sys/stat.h
#if !defined(_POSIX_C_SOURCE) || defined(_DARWIN_C_SOURCE)
  struct timespec st_atimespec;      // xnu bsd/sys/stat.h __DARWIN_STRUCT_STAT64_TIMES
  struct timespec st_mtimespec;      // xnu bsd/sys/stat.h (st_mtim on Linux)
  struct timespec st_ctimespec;      // xnu bsd/sys/stat.h
  struct timespec st_birthtimespec;  // xnu bsd/sys/stat.h
#else
  time_t st_atime;             // xnu bsd/sys/stat.h (strict POSIX spelling)
  long st_atimensec;           // xnu bsd/sys/stat.h
  time_t st_mtime;             // xnu bsd/sys/stat.h
  long st_mtimensec;           // xnu bsd/sys/stat.h
  time_t st_ctime;             // xnu bsd/sys/stat.h
  long st_ctimensec;           // xnu bsd/sys/stat.h
  time_t st_birthtime;         // xnu bsd/sys/stat.h
  long st_birthtimensec;       // xnu bsd/sys/stat.h
#endif
  off_t st_size;               // xnu bsd/sys/stat.h
  blkcnt_t st_blocks;          // xnu bsd/sys/stat.h
  blksize_t st_blksize;        // xnu bsd/sys/stat.h
  __uint32_t st_flags;         // xnu bsd/sys/stat.h
  __uint32_t st_gen;           // xnu bsd/sys/stat.h
  __int32_t st_lspare;         // xnu bsd/sys/stat.h
  __int64_t st_qspare[2];      // xnu bsd/sys/stat.h
};

#define S_IFMT 0170000    // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFIFO 0010000   // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFCHR 0020000   // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFDIR 0040000   // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFBLK 0060000   // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFREG 0100000   // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFLNK 0120000   // xnu bsd/sys/_types/_s_ifmt.h
#define S_IFSOCK 0140000  // xnu bsd/sys/_types/_s_ifmt.h

int fchmod(int, mode_t);                  // xnu bsd/sys/stat.h
int fstat(int, struct stat *);            // xnu bsd/sys/stat.h
int lstat(const char *, struct stat *);   // xnu bsd/sys/stat.h
int stat(const char *, struct stat *);    // xnu bsd/sys/stat.h

#endif

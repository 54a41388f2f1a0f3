// The umbrella of the stand-in Clang module `Darwin` (module.modulemap): the C declarations
// SystemInterface's Swift files reach through `import Darwin`, each transcribed, with its
// source cited, in the header named as Apple's.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

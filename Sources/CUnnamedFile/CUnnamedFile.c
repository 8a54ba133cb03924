#define _GNU_SOURCE
#include "CUnnamedFile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int intentmark_open_unnamed(const char *directory, unsigned int mode) {
#if defined(O_TMPFILE)
    return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
#else
    (void)directory;
    (void)mode;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int intentmark_link_unnamed(int descriptor, const char *path) {
#if defined(O_TMPFILE) && defined(AT_EMPTY_PATH)
    if (linkat(descriptor, "", AT_FDCWD, path, AT_EMPTY_PATH) == 0) return 0;
    if (errno == EEXIST) return -1;
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, link, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
#else
    (void)descriptor;
    (void)path;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

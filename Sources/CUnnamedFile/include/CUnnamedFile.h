#ifndef INTENTMARK_UNNAMED_FILE_H
#define INTENTMARK_UNNAMED_FILE_H

/* Output files written without a name until they are complete (Linux's O_TMPFILE), for the
   command line's `-o`: the file gets its name with linkat only once every byte is written, so
   no partial or temporary file can ever be seen or left behind — not even when the process is
   killed (the kernel frees an unnamed file when its last descriptor closes). Where the system or
   the file system has no such files, both functions fail and the caller writes a named temporary
   file beside the target instead. */

/* Opens an unnamed regular file in `directory` for writing, with `mode` (less the umask), or
   returns -1 with errno set (EOPNOTSUPP, EISDIR or EINVAL where unnamed files are not
   supported; EACCES, ENOENT as for any file the directory cannot take). */
int intentmark_open_unnamed(const char *directory, unsigned int mode);

/* Gives the unnamed file open as `descriptor` the name `path` (a new name: an existing file
   there makes it fail with EEXIST), through `linkat` with AT_EMPTY_PATH, or, without the
   privilege that needs, through /proc/self/fd; returns 0 or -1 with errno set. */
int intentmark_link_unnamed(int descriptor, const char *path);

#endif

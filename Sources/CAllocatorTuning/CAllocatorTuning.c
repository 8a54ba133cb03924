#include "CAllocatorTuning.h"

/* Any libc header defines __GLIBC__ under glibc; malloc.h has mallopt there. */
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

bool intentmark_keep_freed_memory(void) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
  /* 32 MiB is the largest mmap threshold glibc accepts on 64-bit systems (half its largest
     per-thread heap); setting either value turns off glibc's own sliding of both. */
  int mapped = mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  int trimmed = mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
  return mapped == 1 && trimmed == 1;
#else
  return false;
#endif
}

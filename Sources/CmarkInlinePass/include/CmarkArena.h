#ifndef INTENTMARK_CMARK_ARENA_H
#define INTENTMARK_CMARK_ARENA_H

/* Region allocation for libcmark-gfm parses.

   A parse allocates every node, every line's content and every inline delimiter one at a time
   (calloc, realloc, free through the parser's cmark_mem), and frees each again when its tree is
   freed. An arena serves those from chunks of up to 1 MiB instead: an allocation takes the next
   bytes of the current chunk or a freed block of the same capacity (up to 4 KiB), a free gives
   the chunk's newest block back or keeps a small block for reuse, and every chunk is given back
   at once when the arena is freed.

   cmark_mem's functions have no context argument, so the arena that serves an allocation is the
   calling thread's current one (intentmark_arena_enter). Every block carries its arena in a
   one-word header, so a block allocated outside any arena (a plain malloc, marked so) is freed as
   usual, and a block is always grown and freed in its own arena whatever the thread's current
   one is. An arena is used by one thread at a time. Blocks of more than 32 KiB are plain mallocs
   (marked so) and are freed as usual; an arena's owner must therefore still free the parse's
   tree and parser through libcmark-gfm (cmark_node_free, cmark_parser_free), inside the arena,
   before the arena: the frees inside it cost little, and nothing leaks. Like libcmark-gfm's
   default allocator, it aborts when memory runs out. Blocks are 8-byte aligned, which every
   structure of libcmark-gfm and its extensions needs at most. */

#include <cmark-gfm.h>
#include <stddef.h>

typedef struct intentmark_arena intentmark_arena;

/* A new, empty arena; its first chunk is allocated with its first block. */
intentmark_arena *intentmark_arena_new(void);

/* Frees every chunk of `arena`. Every block it served must be out of use. */
void intentmark_arena_free(intentmark_arena *arena);

/* Makes `arena` (or none, for NULL) the calling thread's current one and returns the one it
   replaces, which the caller gives back to intentmark_arena_leave. */
intentmark_arena *intentmark_arena_enter(intentmark_arena *arena);

/* Makes `previous` the calling thread's current arena again. */
void intentmark_arena_leave(intentmark_arena *previous);

/* The allocator that serves from the current arena (cmark_mem's calloc, realloc and free). */
cmark_mem *intentmark_arena_allocator(void);

#endif

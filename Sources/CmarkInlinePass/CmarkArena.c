#include "CmarkArena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every block, in an arena or not, follows a one-word header: for a plain malloc 0; for an
   arena's block the arena's address (aligned to arena_alignment) plus the block's capacity in
   words, which is below arena_alignment. A block is 8-byte aligned, as libcmark-gfm's structures
   need (pointers, sizes and ints): the header costs what glibc's own costs a chunk. */
typedef uintptr_t block_header;

enum {
  word = sizeof(block_header),
  arena_alignment = 4096,
  first_chunk_bytes = 32 * 1024,
  largest_chunk_bytes = 1024 * 1024,
  /* Larger blocks are plain mallocs: a growing buffer is moved by realloc, not copied in the
     arena. Its capacity in words must stay below arena_alignment. */
  largest_arena_block = 32 * 1024 - word,
  /* Freed blocks of up to this many bytes are kept by capacity, for the next allocation of it. */
  largest_reused_block = 4096,
  capacity_classes = largest_reused_block / word + 1,
};

/* A chunk: this header, then blocks. */
typedef struct chunk {
  struct chunk *previous;
  size_t capacity; /* bytes after the header */
  size_t used;
} chunk;

/* A freed block waiting for reuse: its first bytes link to the next of its capacity. */
typedef struct free_block {
  struct free_block *next;
} free_block;

struct intentmark_arena {
  chunk *current;
  /* The newest block of the current chunk, which a free or a realloc can give back or grow in place. */
  block_header *newest;
  free_block *freed[capacity_classes];
};

static _Thread_local intentmark_arena *current_arena = NULL;

static size_t in_words(size_t size) { return (size + (word - 1)) / word; }

static unsigned char *chunk_bytes(chunk *c) { return (unsigned char *)(c + 1); }

static intentmark_arena *arena_of(block_header header) {
  return (intentmark_arena *)(header & ~(uintptr_t)(arena_alignment - 1));
}

static size_t capacity_of(block_header header) { return (size_t)(header & (arena_alignment - 1)) * word; }

intentmark_arena *intentmark_arena_new(void) {
  size_t bytes = (sizeof(intentmark_arena) + arena_alignment - 1) / arena_alignment * arena_alignment;
  intentmark_arena *arena = aligned_alloc(arena_alignment, bytes);
  if (arena == NULL) abort();
  memset(arena, 0, sizeof(intentmark_arena));
  return arena;
}

void intentmark_arena_free(intentmark_arena *arena) {
  if (arena == NULL) return;
  chunk *c = arena->current;
  while (c != NULL) {
    chunk *previous = c->previous;
    free(c);
    c = previous;
  }
  free(arena);
}

intentmark_arena *intentmark_arena_enter(intentmark_arena *arena) {
  intentmark_arena *previous = current_arena;
  current_arena = arena;
  return previous;
}

void intentmark_arena_leave(intentmark_arena *previous) { current_arena = previous; }

static void *plain_block(size_t size) {
  if (size > SIZE_MAX - word) abort();
  block_header *header = malloc(word + size);
  if (header == NULL) abort();
  *header = 0;
  return header + 1;
}

/* A block of at least `size` bytes (at most largest_arena_block; not zeroed) in `arena`: a freed
   one of its capacity, or the next bytes of the current chunk. */
static void *arena_block(intentmark_arena *arena, size_t size) {
  size_t words = in_words(size == 0 ? 1 : size);
  if (words < capacity_classes) {
    free_block *reused = arena->freed[words];
    if (reused != NULL) {
      arena->freed[words] = reused->next;
      return reused;
    }
  }
  size_t needed = word * (1 + words);
  chunk *c = arena->current;
  if (c == NULL || c->capacity - c->used < needed) {
    size_t bytes = c == NULL ? first_chunk_bytes : c->capacity * 2;
    if (bytes > largest_chunk_bytes) bytes = largest_chunk_bytes;
    chunk *fresh = malloc(sizeof(chunk) + bytes);
    if (fresh == NULL) abort();
    fresh->previous = c;
    fresh->capacity = bytes;
    fresh->used = 0;
    arena->current = fresh;
    c = fresh;
  }
  block_header *header = (block_header *)(chunk_bytes(c) + c->used);
  c->used += needed;
  *header = (uintptr_t)arena | words;
  arena->newest = header;
  return header + 1;
}

static void *allocate(size_t size) {
  intentmark_arena *arena = current_arena;
  if (arena == NULL || size > largest_arena_block) return plain_block(size);
  return arena_block(arena, size);
}

static void *arena_calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) abort();
  size_t total = count * size;
  void *block = allocate(total);
  memset(block, 0, total);
  return block;
}

/* Gives `header`'s block back to its arena: the chunk's newest block shortens the chunk; any
   other small one waits for an allocation of its capacity; a larger one stays until the arena is
   freed. */
static void give_back(intentmark_arena *arena, block_header *header) {
  if (arena->newest == header) {
    arena->current->used = (size_t)((unsigned char *)header - chunk_bytes(arena->current));
    arena->newest = NULL;
    return;
  }
  size_t words = capacity_of(*header) / word;
  if (words < capacity_classes) {
    free_block *block = (free_block *)(header + 1);
    block->next = arena->freed[words];
    arena->freed[words] = block;
  }
}

static void *arena_realloc(void *block, size_t size) {
  if (block == NULL) return allocate(size);
  block_header *header = (block_header *)block - 1;
  if (*header == 0) {
    if (size > SIZE_MAX - word) abort();
    block_header *moved = realloc(header, word + size);
    if (moved == NULL) abort();
    return moved + 1;
  }
  intentmark_arena *arena = arena_of(*header);
  size_t capacity = capacity_of(*header);
  if (size <= capacity) return block;
  /* The newest block grows in place while its chunk has room. */
  if (arena->newest == header && size <= largest_arena_block) {
    chunk *c = arena->current;
    size_t start = (size_t)((unsigned char *)block - chunk_bytes(c));
    size_t words = in_words(size);
    if (c->capacity - start >= word * words) {
      c->used = start + word * words;
      *header = (uintptr_t)arena | words;
      return block;
    }
  }
  void *moved = size > largest_arena_block ? plain_block(size) : arena_block(arena, size);
  memcpy(moved, block, capacity);
  give_back(arena, header);
  return moved;
}

static void arena_release(void *block) {
  if (block == NULL) return;
  block_header *header = (block_header *)block - 1;
  if (*header == 0) {
    free(header);
    return;
  }
  give_back(arena_of(*header), header);
}

cmark_mem *intentmark_arena_allocator(void) {
  static cmark_mem allocator = {arena_calloc, arena_realloc, arena_release};
  return &allocator;
}

#ifndef INTENTMARK_CCMARKGFM_SHIM_H
#define INTENTMARK_CCMARKGFM_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
/* The node layout of the installed library (shipped by libcmark-gfm-dev with the library it
   describes). Read only through the accessors below, for facts the public API of 0.29.0.gfm.6 does
   not expose: a bullet list's marker character, setext vs ATX headings, footnote labels. */
#include <cmark-gfm/node.h>

/* The node types of the GFM syntax extensions are exported as variables by
   libcmark-gfm-extensions but not declared in any installed header (0.29.0.gfm.6). They are
   assigned when the core extensions are registered. */
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

/* Readers for those variables (Swift 6 refuses direct access to mutable C globals). */
static inline cmark_node_type intentmark_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type intentmark_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type intentmark_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type intentmark_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

/* The bullet character ('-', '+', '*') of a bullet list node; 0 for any other node. */
static inline unsigned char intentmark_list_bullet_char(cmark_node *node) {
  if (node == NULL || cmark_node_get_type(node) != CMARK_NODE_LIST) return 0;
  if (cmark_node_get_list_type(node) != CMARK_BULLET_LIST) return 0;
  return node->as.list.bullet_char;
}

/* 1 for a setext heading, 0 for an ATX heading or any other node. */
static inline int intentmark_heading_is_setext(cmark_node *node) {
  if (node == NULL || cmark_node_get_type(node) != CMARK_NODE_HEADING) return 0;
  return node->as.heading.setext ? 1 : 0;
}

/* The label of a footnote definition, or of the definition a footnote reference points to.
   Sets *length to its length in bytes; returns NULL (length 0) when there is none. */
static inline const unsigned char *intentmark_footnote_label(cmark_node *node, size_t *length) {
  *length = 0;
  if (node == NULL) return NULL;
  cmark_node_type type = cmark_node_get_type(node);
  cmark_node *definition = NULL;
  if (type == CMARK_NODE_FOOTNOTE_DEFINITION) definition = node;
  else if (type == CMARK_NODE_FOOTNOTE_REFERENCE) definition = node->parent_footnote_def;
  if (definition == NULL || definition->as.literal.data == NULL) return NULL;
  *length = (size_t)definition->as.literal.len;
  return definition->as.literal.data;
}

/* The literal of a text, code, inline or block HTML, code block or footnote node, as bytes and a
   length, straight from the node. cmark_node_get_literal returns a NUL-terminated string and, for
   the many literals that point into the parser's buffers, makes it by allocating and copying (kept
   until the tree is freed); the HTML renderer reads the chunk directly, and so do we. The bytes are
   valid while the tree lives. Sets *length; returns NULL (length 0) for other nodes. */
static inline const unsigned char *intentmark_node_literal(cmark_node *node, size_t *length) {
  *length = 0;
  if (node == NULL) return NULL;
  const cmark_chunk *chunk;
  switch (node->type) {
  case CMARK_NODE_CODE_BLOCK:
    chunk = &node->as.code.literal;
    break;
  case CMARK_NODE_HTML_BLOCK:
  case CMARK_NODE_HTML_INLINE:
  case CMARK_NODE_TEXT:
  case CMARK_NODE_CODE:
  case CMARK_NODE_FOOTNOTE_REFERENCE:
  case CMARK_NODE_FOOTNOTE_DEFINITION:
    chunk = &node->as.literal;
    break;
  default:
    return NULL;
  }
  if (chunk->data == NULL || chunk->len <= 0) return NULL;
  *length = (size_t)chunk->len;
  return chunk->data;
}

/* Asks the CPU to start loading the nodes the iterator visits after `node` (its first child and its
   next sibling: the cache lines holding their links and their type). A large tree does not fit in
   the cache and the walk would otherwise wait on memory at every node in cmark_iter_next;
   prefetching while the converter works on `node` overlaps that wait with the work. Prefetching
   never faults, and NULL is not prefetched. */
static inline void intentmark_prefetch_successors(cmark_node *node) {
  if (node == NULL) return;
  cmark_node *child = node->first_child;
  cmark_node *next = node->next;
  if (child != NULL) {
    __builtin_prefetch(child);
    __builtin_prefetch(&child->type);
  }
  if (next != NULL) {
    __builtin_prefetch(next);
    __builtin_prefetch(&next->type);
  }
}

/* The allocator IntentMark's parsers use: the C library's malloc, realloc and free, with calloc
   done as malloc then memset. glibc's calloc (2.36, Debian 12) skips the per-thread cache that
   malloc serves small blocks from and searches the heap's bins instead; libcmark-gfm callocs
   every node, list entry and inline delimiter, so in a process whose heap holds a large
   document a region parse of a few hundred bytes spent a fifth of its time in those searches.
   Blocks from this allocator and from the default one are the same heap's: either frees the
   other's. Like the default allocator, it aborts when memory runs out (libcmark-gfm does not
   check for NULL). */
static inline void *intentmark_calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) abort();
  void *block = malloc(count * size == 0 ? 1 : count * size);
  if (block == NULL) abort();
  memset(block, 0, count * size);
  return block;
}

static inline void *intentmark_realloc(void *block, size_t size) {
  void *moved = realloc(block, size == 0 ? 1 : size);
  if (moved == NULL) abort();
  return moved;
}

static inline void intentmark_free(void *block) { free(block); }

/* The allocator above, for cmark_parser_new_with_mem. */
static inline cmark_mem *intentmark_library_allocator(void) {
  static cmark_mem allocator = {intentmark_calloc, intentmark_realloc, intentmark_free};
  return &allocator;
}

#endif

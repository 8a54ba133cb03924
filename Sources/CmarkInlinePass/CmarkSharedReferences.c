#include "CmarkSharedReferences.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
/* The layouts of the parser, its reference map and nodes (libcmark-gfm-dev ships them with the
   library they describe). */
#include <cmark-gfm/node.h>
#include <cmark-gfm/parser.h>
#include <cmark-gfm/references.h>

int intentmark_parser_open_block(cmark_parser *parser) {
  cmark_node *tip = parser->current;
  if (tip == NULL) return 2;
  switch (tip->type) {
  case CMARK_NODE_DOCUMENT:
  case CMARK_NODE_LIST:
  case CMARK_NODE_ITEM:
    return 0;
  case CMARK_NODE_CODE_BLOCK:
    return tip->as.code.fenced ? 2 : 0;
  case CMARK_NODE_PARAGRAPH:
    return 1;
  default:
    return 2;
  }
}

bool intentmark_parser_has_footnote_definition(cmark_parser *parser) {
  /* Depth first through the blocks read so far (no inlines exist before the parser finishes). */
  cmark_node *node = parser->root;
  while (node != NULL) {
    if (node->type == CMARK_NODE_FOOTNOTE_DEFINITION) return true;
    if (node->first_child != NULL && (node->type & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) {
      node = node->first_child;
      continue;
    }
    while (node != NULL && node->next == NULL) node = node->parent;
    if (node != NULL) node = node->next;
  }
  return false;
}

const unsigned char *intentmark_parser_open_paragraph_definitions(cmark_parser *parser, size_t *length) {
  *length = 0;
  cmark_node *tip = parser->current;
  if (tip == NULL || tip->type != CMARK_NODE_PARAGRAPH) return NULL;
  if (tip->content.size < 1 || tip->content.ptr[0] != '[') return NULL;
  *length = (size_t)tip->content.size;
  return tip->content.ptr;
}

/* A definition, with its place in document order. */
typedef struct {
  cmark_map_entry *entry;
  size_t order;
} placed_entry;

static int by_label_then_order(const void *left, const void *right) {
  const placed_entry *a = left;
  const placed_entry *b = right;
  int labels = strcmp((const char *)a->entry->label, (const char *)b->entry->label);
  if (labels != 0) return labels;
  return a->order < b->order ? -1 : (a->order > b->order ? 1 : 0);
}

/* Appends the entries of `map` to `all` in the order they were read (the map keeps the newest
   first), numbering them from `*order` on. */
static void append_in_order(cmark_map *map, placed_entry *all, size_t *filled, size_t *order) {
  size_t first = *filled;
  for (cmark_map_entry *entry = map->refs; entry != NULL; entry = entry->next) all[(*filled)++].entry = entry;
  /* Reverse the newest-first run into reading order. */
  for (size_t low = first, high = *filled; high > low + 1; low++, high--) {
    cmark_map_entry *swap = all[low].entry;
    all[low].entry = all[high - 1].entry;
    all[high - 1].entry = swap;
  }
  for (size_t index = first; index < *filled; index++) all[index].order = (*order)++;
}

static size_t entry_count(cmark_map *map) {
  size_t count = 0;
  for (cmark_map_entry *entry = map->refs; entry != NULL; entry = entry->next) count++;
  return count;
}

/* The definitions every parser looks labels up in: a copy of each label's first definition,
   owned here (a parser frees its own map when it finishes), in a table sorted by label. */
struct intentmark_shared_references {
  cmark_reference **entries;
  size_t count;
};

static unsigned char *copied_bytes(const unsigned char *bytes, size_t length) {
  unsigned char *copy = malloc(length + 1);
  if (copy == NULL) abort();
  if (length > 0) memcpy(copy, bytes, length);
  copy[length] = 0;
  return copy;
}

static cmark_chunk copied_chunk(cmark_chunk chunk) {
  cmark_chunk copy;
  copy.len = chunk.len < 0 ? 0 : chunk.len;
  copy.data = copied_bytes(chunk.data == NULL ? (const unsigned char *)"" : chunk.data, (size_t)copy.len);
  copy.alloc = copy.len + 1;
  return copy;
}

void intentmark_shared_references_free(intentmark_shared_references *shared) {
  if (shared == NULL) return;
  for (size_t index = 0; index < shared->count; index++) {
    cmark_reference *entry = shared->entries[index];
    free(entry->entry.label);
    free(entry->url.data);
    free(entry->title.data);
    free(entry);
  }
  free(shared->entries);
  free(shared);
}

/* A copy of the shared `source` for `map`: an entry and label of its own (which the map frees),
   the destination and title borrowed (a chunk with no allocation is not freed with the entry). */
static cmark_map_entry *borrowed_copy(cmark_map *map, cmark_reference *source, unsigned int age) {
  cmark_reference *copy = map->mem->calloc(1, sizeof(cmark_reference));
  size_t label_length = strlen((const char *)source->entry.label);
  copy->entry.label = map->mem->calloc(label_length + 1, 1);
  memcpy(copy->entry.label, source->entry.label, label_length);
  copy->url = source->url;
  copy->url.alloc = 0;
  copy->title = source->title;
  copy->title.alloc = 0;
  copy->entry.age = age;
  return &copy->entry;
}

intentmark_shared_references *intentmark_share_references(cmark_parser **parsers, size_t count, cmark_parser *late, bool *shared) {
  *shared = false;
  if (count == 0) return NULL;
  size_t total = 0;
  for (size_t index = 0; index < count; index++) {
    if (parsers[index]->refmap->sorted != NULL) return NULL;
    total += entry_count(parsers[index]->refmap);
  }
  if (late != NULL) total += entry_count(late->refmap);
  if (total > UINT32_MAX / 2) return NULL;
  if (total == 0) {
    *shared = true;
    return NULL;
  }
  placed_entry *all = malloc(total * sizeof(placed_entry));
  intentmark_shared_references *result = calloc(1, sizeof(intentmark_shared_references));
  if (all == NULL || result == NULL) abort();
  size_t filled = 0;
  size_t order = 0;
  size_t before_last = 0;
  for (size_t index = 0; index < count; index++) {
    if (index == count - 1) before_last = filled;
    append_in_order(parsers[index]->refmap, all, &filled, &order);
  }
  if (late != NULL) append_in_order(late->refmap, all, &filled, &order);

  /* Each label's first definition, copied, in order of label. */
  qsort(all, filled, sizeof(placed_entry), by_label_then_order);
  size_t unique = 0;
  for (size_t index = 0; index < filled; index++) {
    if (unique == 0 || strcmp((const char *)all[index].entry->label, (const char *)all[unique - 1].entry->label) != 0)
      all[unique++] = all[index];
  }
  result->entries = malloc(unique * sizeof(cmark_reference *));
  if (result->entries == NULL) abort();
  for (size_t index = 0; index < unique; index++) {
    cmark_reference *from = (cmark_reference *)all[index].entry;
    cmark_reference *copy = calloc(1, sizeof(cmark_reference));
    if (copy == NULL) abort();
    copy->entry.label = copied_bytes(from->entry.label, strlen((const char *)from->entry.label));
    copy->entry.age = (unsigned int)all[index].order;
    copy->url = copied_chunk(from->url);
    copy->title = copied_chunk(from->title);
    result->entries[index] = copy;
  }
  result->count = unique;

  /* Every parser but the last looks labels up in a table of those copies. */
  for (size_t index = 0; index + 1 < count; index++) {
    cmark_map *map = parsers[index]->refmap;
    cmark_map_entry **table = map->mem->calloc(unique, sizeof(cmark_map_entry *));
    for (size_t slot = 0; slot < unique; slot++) table[slot] = &result->entries[slot]->entry;
    map->sorted = table;
    map->size = (unsigned int)unique;
  }

  /* The last parser: copies of the labels first defined before it (ages below its own), its own
     definitions after them in reading order, so that the table it makes when it first looks a
     label up keeps each label's first definition; those it reads when finished come after
     (their age is the map's size then). */
  cmark_map *last = parsers[count - 1]->refmap;
  unsigned int own = (unsigned int)entry_count(last);
  unsigned int copies = 0;
  for (size_t index = 0; index < unique; index++) copies += result->entries[index]->entry.age < before_last ? 1 : 0;
  /* Its own, newest first in the list: the newest gets the largest age. */
  unsigned int age = copies + own;
  for (cmark_map_entry *entry = last->refs; entry != NULL; entry = entry->next) entry->age = --age;
  age = 0;
  for (size_t index = 0; index < unique; index++) {
    if (result->entries[index]->entry.age >= before_last) continue;
    cmark_map_entry *copy = borrowed_copy(last, result->entries[index], age++);
    copy->next = last->refs;
    last->refs = copy;
  }
  last->size = copies + own;
  free(all);
  *shared = true;
  return result;
}

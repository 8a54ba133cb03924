#include "CmarkInlinePass.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
/* The parser's layout (shipped by libcmark-gfm-dev with the library it describes): its list of
   inline extensions, the key of a set of special characters. */
#include <cmark-gfm/parser.h>

typedef void (*manage_function)(cmark_parser *, int);

/* The most inline extensions a key holds; a parser with more takes the characters alone. */
enum { key_capacity = 16 };

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t state_drained = PTHREAD_COND_INITIALIZER;
/* Parsers in their inline pass now, all with the inline extensions of active_key. */
static int active_count = 0;
static const void *active_key[key_capacity];
static int active_key_length = 0;
/* Calls that reached this definition (read by the self-test). */
static unsigned long call_count = 0;

static pthread_once_t original_once = PTHREAD_ONCE_INIT;
static manage_function original = NULL;

static void find_original(void) {
  void *symbol = dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
  original = (manage_function)(uintptr_t)symbol;
}

/* The parser's inline extensions, in order, into key; their number, or -1 when there are more
   than key_capacity. */
static int inline_extensions(cmark_parser *parser, const void **key) {
  int length = 0;
  for (cmark_llist *item = parser->inline_syntax_extensions; item != NULL; item = item->next) {
    if (length == key_capacity) return -1;
    key[length++] = item->data;
  }
  return length;
}

/* Takes the place of libcmark-gfm's function of the same name (see the header). The weak
   definition yields to the library's own in a static link instead of clashing with it. */
__attribute__((weak)) void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
  pthread_once(&original_once, find_original);
  if (original == NULL || original == cmark_manage_extensions_special_characters) return;
  const void *key[key_capacity];
  int length = inline_extensions(parser, key);
  pthread_mutex_lock(&state_lock);
  call_count += 1;
  if (add) {
    while (active_count > 0 &&
           (length < 0 || length != active_key_length || memcmp(key, active_key, sizeof(void *) * (size_t)length) != 0))
      pthread_cond_wait(&state_drained, &state_lock);
    if (active_count == 0) {
      active_key_length = length < 0 ? 0 : length;
      if (length > 0) memcpy(active_key, key, sizeof(void *) * (size_t)length);
      original(parser, 1);
    }
    /* A parser with too many extensions to key is alone: nothing joins it (see the wait). */
    active_count += 1;
    if (length < 0) active_key_length = -1;
  } else if (active_count > 0) {
    active_count -= 1;
    if (active_count == 0) {
      original(parser, 0);
      pthread_cond_broadcast(&state_drained);
    }
  } else {
    original(parser, 0);
  }
  pthread_mutex_unlock(&state_lock);
}

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static bool concurrent = false;

static void probe(void) {
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  if (parser == NULL) return;
  cmark_syntax_extension *strikethrough = cmark_find_syntax_extension("strikethrough");
  if (strikethrough != NULL) cmark_parser_attach_syntax_extension(parser, strikethrough);
  pthread_mutex_lock(&state_lock);
  unsigned long before = call_count;
  pthread_mutex_unlock(&state_lock);
  cmark_parser_feed(parser, "a", 1);
  cmark_node *document = cmark_parser_finish(parser);
  pthread_mutex_lock(&state_lock);
  unsigned long calls = call_count - before;
  pthread_mutex_unlock(&state_lock);
  if (document != NULL) cmark_node_free(document);
  cmark_parser_free(parser);
  pthread_once(&original_once, find_original);
  /* Only this probe can have called while no other parser runs: the caller asks before its
     first parse. Other threads' parses may add calls, never remove them. */
  concurrent = calls >= 2 && original != NULL && original != cmark_manage_extensions_special_characters;
}

bool intentmark_inline_pass_is_concurrent(void) {
  pthread_once(&probe_once, probe);
  return concurrent;
}

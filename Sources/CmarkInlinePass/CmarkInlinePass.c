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
#include <cmark-gfm/syntax_extension.h>

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

/* How a parser's special characters are switched on (add) or off: the library's own function
   (dynamic link) or its per-character functions (static link, below). */
typedef void (*switch_function)(cmark_parser *, int);

/* A parser's inline pass starts: the first of the parsers running at once with the same inline
   extensions switches their characters on; a parser with other extensions waits until those
   have finished. Called with state_lock held. */
static void enter(cmark_parser *parser, switch_function apply) {
  const void *key[key_capacity];
  int length = inline_extensions(parser, key);
  while (active_count > 0 &&
         (length < 0 || length != active_key_length || memcmp(key, active_key, sizeof(void *) * (size_t)length) != 0))
    pthread_cond_wait(&state_drained, &state_lock);
  if (active_count == 0) {
    active_key_length = length < 0 ? 0 : length;
    if (length > 0) memcpy(active_key, key, sizeof(void *) * (size_t)length);
    apply(parser, 1);
  }
  /* A parser with too many extensions to key is alone: nothing joins it (see the wait). */
  active_count += 1;
  if (length < 0) active_key_length = -1;
}

/* A parser's inline pass has ended: the last one running switches the characters off. Called
   with state_lock held. */
static void leave(cmark_parser *parser, switch_function apply) {
  if (active_count > 0) {
    active_count -= 1;
    if (active_count == 0) {
      apply(parser, 0);
      pthread_cond_broadcast(&state_drained);
    }
  } else {
    apply(parser, 0);
  }
}

static void switch_with_original(cmark_parser *parser, int add) { original(parser, add); }

/* Takes the place of libcmark-gfm's function of the same name (see the header). The weak
   definition yields to the library's own in a static link instead of clashing with it. */
__attribute__((weak)) void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
  pthread_once(&original_once, find_original);
  if (original == NULL || original == cmark_manage_extensions_special_characters) return;
  pthread_mutex_lock(&state_lock);
  call_count += 1;
  if (add)
    enter(parser, switch_with_original);
  else
    leave(parser, switch_with_original);
  pthread_mutex_unlock(&state_lock);
}

/* A static link. libcmark-gfm's own function is the one its finish calls, but that function
   switches each character through cmark_inlines_add_special_character and
   cmark_inlines_remove_special_character, which the library's blocks reach through relocations.
   Linked with `--wrap` for both names (the intentmark executable's linker settings on Linux),
   those calls reach the two functions below instead, and `__real_…` the library's. Around each
   cmark_parser_finish the caller brackets the inline pass (intentmark_inline_pass_begin/_end),
   which switches the characters as the counting above does; the library's own calls inside a
   bracket do nothing. Without `--wrap` the `__real_…` references are weak and unresolved (NULL),
   the wrappers are never called, and the probe below says so. ELF only: elsewhere (Mach-O) a weak
   reference must resolve at link time, and no `--wrap` exists. */
#if defined(__ELF__)
extern void __real_cmark_inlines_add_special_character(unsigned char c, bool emphasis) __attribute__((weak));
extern void __real_cmark_inlines_remove_special_character(unsigned char c, bool emphasis) __attribute__((weak));

/* Whether the calling thread is inside a bracket. */
static _Thread_local bool bracketed = false;
/* Calls of the wrappers from outside any bracket (read by the probe). */
static unsigned long wrapped_call_count = 0;

void __wrap_cmark_inlines_add_special_character(unsigned char c, bool emphasis);
void __wrap_cmark_inlines_remove_special_character(unsigned char c, bool emphasis);

void __wrap_cmark_inlines_add_special_character(unsigned char c, bool emphasis) {
  if (bracketed) return;
  __atomic_add_fetch(&wrapped_call_count, 1, __ATOMIC_RELAXED);
  if (__real_cmark_inlines_add_special_character != NULL) __real_cmark_inlines_add_special_character(c, emphasis);
}

void __wrap_cmark_inlines_remove_special_character(unsigned char c, bool emphasis) {
  if (bracketed) return;
  __atomic_add_fetch(&wrapped_call_count, 1, __ATOMIC_RELAXED);
  if (__real_cmark_inlines_remove_special_character != NULL) __real_cmark_inlines_remove_special_character(c, emphasis);
}

/* What libcmark-gfm's cmark_manage_extensions_special_characters does, through the library's
   per-character functions. */
static void switch_per_character(cmark_parser *parser, int add) {
  for (cmark_llist *item = parser->inline_syntax_extensions; item != NULL; item = item->next) {
    cmark_syntax_extension *extension = (cmark_syntax_extension *)item->data;
    for (cmark_llist *character = extension->special_inline_chars; character != NULL; character = character->next) {
      unsigned char c = (unsigned char)(size_t)character->data;
      if (add)
        __real_cmark_inlines_add_special_character(c, extension->emphasis);
      else
        __real_cmark_inlines_remove_special_character(c, extension->emphasis);
    }
  }
}

static bool wrapping_linked(void) {
  return __real_cmark_inlines_add_special_character != NULL && __real_cmark_inlines_remove_special_character != NULL;
}

static unsigned long wrapped_calls(void) { return __atomic_load_n(&wrapped_call_count, __ATOMIC_RELAXED); }
#else
static _Thread_local bool bracketed = false;
static void switch_per_character(cmark_parser *parser, int add) {
  (void)parser;
  (void)add;
}
static bool wrapping_linked(void) { return false; }
static unsigned long wrapped_calls(void) { return 0; }
#endif

void intentmark_inline_pass_begin(cmark_parser *parser) {
  pthread_mutex_lock(&state_lock);
  enter(parser, switch_per_character);
  pthread_mutex_unlock(&state_lock);
  bracketed = true;
}

void intentmark_inline_pass_end(cmark_parser *parser) {
  bracketed = false;
  pthread_mutex_lock(&state_lock);
  leave(parser, switch_per_character);
  pthread_mutex_unlock(&state_lock);
}

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static bool concurrent = false;
static bool bracketing = false;

/* Finishes a parse of a one-character document with strikethrough (whose '~' is switched on and
   off around the inline pass) and counts which of this module's definitions the library's calls
   reached. */
static void probe(void) {
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  if (parser == NULL) return;
  cmark_syntax_extension *strikethrough = cmark_find_syntax_extension("strikethrough");
  if (strikethrough != NULL) cmark_parser_attach_syntax_extension(parser, strikethrough);
  pthread_mutex_lock(&state_lock);
  unsigned long before = call_count;
  pthread_mutex_unlock(&state_lock);
  unsigned long wrapped_before = wrapped_calls();
  cmark_parser_feed(parser, "a", 1);
  cmark_node *document = cmark_parser_finish(parser);
  pthread_mutex_lock(&state_lock);
  unsigned long calls = call_count - before;
  pthread_mutex_unlock(&state_lock);
  unsigned long wrapped = wrapped_calls() - wrapped_before;
  if (document != NULL) cmark_node_free(document);
  cmark_parser_free(parser);
  pthread_once(&original_once, find_original);
  /* Only this probe can have called while no other parser runs: the caller asks before its
     first parse. Other threads' parses may add calls, never remove them. */
  concurrent = calls >= 2 && original != NULL && original != cmark_manage_extensions_special_characters;
  bracketing = !concurrent && wrapped >= 2 && wrapping_linked();
}

bool intentmark_inline_pass_is_concurrent(void) {
  pthread_once(&probe_once, probe);
  return concurrent;
}

bool intentmark_inline_pass_is_bracketed(void) {
  pthread_once(&probe_once, probe);
  return bracketing;
}

#ifndef INTENTMARK_CMARK_INLINE_PASS_H
#define INTENTMARK_CMARK_INLINE_PASS_H

/* Concurrent inline passes in libcmark-gfm 0.29.0.gfm.6.

   cmark_parser_finish runs the inline pass between two calls of
   cmark_manage_extensions_special_characters: one switches the special characters of the
   parser's inline extensions on in process-wide tables ('~' for strikethrough, ':' and 'w' for
   autolinks), the other switches them off. Two parsers finishing at once therefore corrupt each
   other's inlines: one switches '~' off while the other is still parsing.

   This module defines that function too. Where the dynamic linker lets a definition in the
   program take the place of the library's (ELF platforms, with the library linked dynamically),
   the library's own calls reach it, and it counts: the characters are switched on by the first of
   the parsers finishing at once with the same inline extensions and off by the last; a parser
   with other extensions waits until those have finished. One thread alone sees exactly the
   library's behaviour.

   Where the library keeps its own definition (a static link on an ELF platform), that
   definition still switches each character through two functions the library's blocks reach by
   relocation. An executable linked with `-Xlinker --wrap=cmark_inlines_add_special_character
   -Xlinker --wrap=cmark_inlines_remove_special_character` (the intentmark executable's linker
   settings on Linux) sends those calls here; the caller then brackets each cmark_parser_finish with
   intentmark_inline_pass_begin and intentmark_inline_pass_end, which count as above, and the
   library's own switching inside the bracket does nothing. Where neither holds (Apple platforms'
   two-level namespace, a static link without the two `--wrap` flags), nothing of this runs, and
   the caller must serialise cmark_parser_finish. The two probes say which holds. */

#include <stdbool.h>

#include <cmark-gfm.h>

/* True when libcmark-gfm's calls of cmark_manage_extensions_special_characters reach this
   module's definition, so that cmark_parser_finish may run on several threads at once. Found
   once, by finishing a parse of a one-character document and counting the calls. */
bool intentmark_inline_pass_is_concurrent(void);

/* True when libcmark-gfm's per-character switching reaches this module's wrappers (a static link
   with the two `--wrap` flags) and intentmark_inline_pass_is_concurrent is false: then
   cmark_parser_finish may run on several threads at once, each call bracketed by the two
   functions below. Found once, by the same probe. */
bool intentmark_inline_pass_is_bracketed(void);

/* Before cmark_parser_finish(parser) where intentmark_inline_pass_is_bracketed: switches the
   parser's special characters on unless parsers with the same inline extensions already run
   (waits while parsers with others do). Each call is paired with intentmark_inline_pass_end on
   the same thread. */
void intentmark_inline_pass_begin(cmark_parser *parser);

/* After that cmark_parser_finish: the last parser running switches the characters off. */
void intentmark_inline_pass_end(cmark_parser *parser);

#endif

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
   library's behaviour. Where the library keeps its own definition (Apple platforms' two-level
   namespace, a static link), nothing of this runs, and the caller must serialise
   cmark_parser_finish: intentmark_inline_pass_is_concurrent says which holds. */

#include <stdbool.h>

/* True when libcmark-gfm's calls of cmark_manage_extensions_special_characters reach this
   module's definition, so that cmark_parser_finish may run on several threads at once. Found
   once, by finishing a parse of a one-character document and counting the calls. */
bool intentmark_inline_pass_is_concurrent(void);

#endif

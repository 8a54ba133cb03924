#ifndef INTENTMARK_CMARK_SHARED_REFERENCES_H
#define INTENTMARK_CMARK_SHARED_REFERENCES_H

/* Parsing one document as several pieces with libcmark-gfm 0.29.0.gfm.6, one parser per piece.

   A piece is fed (cmark_parser_feed: the block pass, which reads link reference definitions
   into the parser's map as each paragraph closes) before any piece is finished
   (cmark_parser_finish: the inline pass, which looks labels up in that map). In between,
   intentmark_share_references gives every parser the definitions of all, so that each label
   resolves to its first definition in the whole document, as in one parse. The functions below
   read the layout of the parser, its map and its nodes from the library's own headers, as
   shipped by libcmark-gfm-dev. */

#include <stdbool.h>
#include <stddef.h>
#include <cmark-gfm.h>

/* What the innermost open block of a fed parser is, after input that ended with a blank line:
   0 when a fresh parse of what follows (a line that starts with a letter) reads as this parse
   would go on reading it, because that line closes every open block: the document, a list, a
   list item or an indented code block; 1 for a paragraph (it may still read link reference
   definitions when finished); 2 for any other block (a fenced code block or an HTML block a
   blank line does not end, a table, a footnote definition, a block quote). */
int intentmark_parser_open_block(cmark_parser *parser);

/* Whether the blocks the parser has read so far hold a footnote definition. */
bool intentmark_parser_has_footnote_definition(cmark_parser *parser);

/* The content of the parser's open paragraph (its innermost open block) when that begins with
   '[', so may hold link reference definitions that finishing it reads; NULL otherwise. Sets
   *length. The bytes are valid until the parser is fed or finished again. */
const unsigned char *intentmark_parser_open_paragraph_definitions(cmark_parser *parser, size_t *length);

/* The link reference definitions shared by the parsers of one document's pieces. */
typedef struct intentmark_shared_references intentmark_shared_references;

/* Gives each of the `count` parsers (fed, none finished, in document order) the link reference
   definitions all of them have read, followed by those of `late` (a parser that read the
   definitions the last parser will read when finished, or NULL), so that a label resolves to its
   first definition in that order, as in one parse. Each label's first definition is copied into
   the returned store; every parser but the last looks labels up in a table of its own that
   points into it, and the last gets entries of its own borrowing from it for the labels first
   defined before its own, and still reads its late ones itself. The store must outlive every
   parser's finish: free it with intentmark_shared_references_free after. Sets *shared to false,
   changing nothing, when a parser has looked a label up already (or there are more than 2^31
   definitions); returns NULL when there is nothing to share. */
intentmark_shared_references *intentmark_share_references(cmark_parser **parsers, size_t count, cmark_parser *late, bool *shared);

/* Frees a store of shared definitions (NULL does nothing). */
void intentmark_shared_references_free(intentmark_shared_references *shared);

#endif

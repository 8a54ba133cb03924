#ifndef INTENTMARK_INPUT_LINE_SCAN_H
#define INTENTMARK_INPUT_LINE_SCAN_H

/* The inner loop of IntentMark's limits pre-scan (MarkdownParsing's InputShape): the bytes of one
   line after its container markers, counted by the characters the parsing limits bound.

   Sixteen bytes at a time with SSE2 where the compiler targets it (every x86-64 processor), one
   at a time elsewhere; both give the same counts (InputShapeTests compares them with a byte-by-byte
   reading of the same rules). */

#include <stddef.h>
#include <stdint.h>

/* What one line holds up to its line ending. */
typedef struct {
    /* `[` */
    size_t brackets;
    /* `*`, `_` and `~` */
    size_t delimiters;
    /* `|` */
    size_t pipes;
    /* 1 when the line holds a byte other than a space or a tab, else 0. */
    int has_content;
} intentmark_line_counts;

/* Counts bytes[start ..< count) up to the first LF or CR (or `count`) into `counts` (set, not
   added to) and returns the index of that line ending (or `count`). */
size_t intentmark_scan_line(const uint8_t *bytes, size_t count, size_t start, intentmark_line_counts *counts);

/* The same, one byte at a time (the reference the tests compare the fast path with). */
size_t intentmark_scan_line_bytewise(const uint8_t *bytes, size_t count, size_t start, intentmark_line_counts *counts);

#endif

#ifndef INTENTMARK_INPUT_SHAPE_SCAN_H
#define INTENTMARK_INPUT_SHAPE_SCAN_H

/* IntentMark's limits pre-scan (MarkdownParsing's InputShape), in one pass over the input: per
   line its container markers (`>`, bullets, ordered-list markers) and, after them, the
   characters the parsing limits bound, read sixteen bytes at a time with SSE2 where the compiler
   targets it (every x86-64 processor), one at a time elsewhere.

   InputShape keeps a Swift reading of the same rules, one byte at a time, that the tests compare
   this one with (InputShapeTests). The sums wrap, as the Swift reading's `&+` and `&*` do. */

#include <stddef.h>
#include <stdint.h>

/* The measures of InputShape, field for field. */
typedef struct {
    int64_t nesting_depth;
    int64_t nesting_work;
    int64_t brackets_per_block;
    int64_t bracket_work;
    int64_t emphasis_delimiters_per_block;
    int64_t emphasis_work;
    int64_t nested_inline_work;
    int64_t table_cell_work;
} intentmark_input_shape;

/* Scans bytes[0 ..< count] and sets every field of `shape`. */
void intentmark_scan_input_shape(const uint8_t *bytes, size_t count, intentmark_input_shape *shape);

#endif

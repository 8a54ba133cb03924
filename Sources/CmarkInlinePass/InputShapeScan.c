#include "InputShapeScan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* What one line holds after its container markers, up to its line ending. */
typedef struct {
    uint64_t brackets;   /* `[` */
    uint64_t delimiters; /* `*`, `_` and `~` */
    uint64_t pipes;      /* `|` */
    int has_content;     /* a byte other than a space or a tab */
} line_counts;

static inline int is_space(uint8_t byte) { return byte == ' ' || byte == '\t'; }

/* Counts bytes[index ..< count) up to the first LF or CR (or `count`) into `counts` (added to)
   and returns the index of that line ending (or `count`), one byte at a time. */
static size_t scan_line_bytewise(const uint8_t *bytes, size_t count, size_t index, line_counts *counts) {
    for (; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte == '\n' || byte == '\r') break;
        if (byte == '[') counts->brackets++;
        else if (byte == '*' || byte == '_' || byte == '~') counts->delimiters++;
        else if (byte == '|') counts->pipes++;
        if (!is_space(byte)) counts->has_content = 1;
    }
    return index;
}

#if defined(__SSE2__)

static inline uint64_t count_bits(unsigned value) { return (uint64_t)__builtin_popcount(value); }

/* scan_line_bytewise, sixteen bytes at a time while sixteen remain. */
static size_t scan_line(const uint8_t *bytes, size_t count, size_t index, line_counts *counts) {
    const __m128i newline = _mm_set1_epi8('\n'), carriage_return = _mm_set1_epi8('\r');
    const __m128i bracket = _mm_set1_epi8('['), star = _mm_set1_epi8('*'), underscore = _mm_set1_epi8('_');
    const __m128i tilde = _mm_set1_epi8('~'), pipe = _mm_set1_epi8('|');
    const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
    while (index < count && count - index >= 16) {
        __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(bytes + index));
        unsigned endings = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(block, newline), _mm_cmpeq_epi8(block, carriage_return)));
        /* The bytes before the first line ending, as a mask of bit positions. */
        unsigned before = endings ? (endings & (0u - endings)) - 1 : 0xFFFFu;
        unsigned bracket_bits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, bracket)) & before;
        unsigned pipe_bits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, pipe)) & before;
        unsigned delimiter_bits = (unsigned)_mm_movemask_epi8(_mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(block, star), _mm_cmpeq_epi8(block, underscore)), _mm_cmpeq_epi8(block, tilde))) & before;
        if (bracket_bits | pipe_bits | delimiter_bits) {
            counts->brackets += count_bits(bracket_bits);
            counts->pipes += count_bits(pipe_bits);
            counts->delimiters += count_bits(delimiter_bits);
        }
        if (!counts->has_content) {
            unsigned blanks = (unsigned)_mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(block, space), _mm_cmpeq_epi8(block, tab)));
            if ((~blanks) & before) counts->has_content = 1;
        }
        if (endings) return index + (size_t)__builtin_ctz(endings);
        index += 16;
    }
    return scan_line_bytewise(bytes, count, index, counts);
}

#else

static size_t scan_line(const uint8_t *bytes, size_t count, size_t index, line_counts *counts) {
    return scan_line_bytewise(bytes, count, index, counts);
}

#endif

/* Reads a line's indentation and container markers from `*index`, leaving it at the first byte
   after them; sets the indentation in bytes and returns the number of markers. */
static int64_t scan_container_markers(const uint8_t *bytes, size_t count, size_t *index, int64_t *indentation) {
    size_t at = *index;
    int64_t spaces = 0;
    while (at < count && is_space(bytes[at])) {
        at++;
        spaces++;
    }
    int64_t depth = 0;
    while (at < count) {
        uint8_t byte = bytes[at];
        if (byte == '>') {
            depth++;
            at++;
        } else if (byte == '-' || byte == '+' || byte == '*') {
            if (!(at + 1 >= count || is_space(bytes[at + 1]) || bytes[at + 1] == '\n' || bytes[at + 1] == '\r')) break;
            depth++;
            at++;
        } else if (byte >= '0' && byte <= '9') {
            size_t digits = at;
            while (digits < count && digits - at < 10 && bytes[digits] >= '0' && bytes[digits] <= '9') digits++;
            if (!(digits < count && (bytes[digits] == '.' || bytes[digits] == ')') &&
                  (digits + 1 >= count || is_space(bytes[digits + 1]))))
                break;
            depth++;
            at = digits + 1;
        } else {
            break;
        }
        while (at < count && is_space(bytes[at])) at++;
    }
    *index = at;
    *indentation = spaces;
    return depth;
}

static inline int64_t larger(int64_t a, int64_t b) { return a > b ? a : b; }

/* Table rows. libcmark-gfm parses the inlines of each table cell alone, so the rows of a table
   are counted one at a time instead of as one chunk — but only lines that are rows without a
   doubt, since a line counted alone that is in fact part of a paragraph would hide that
   paragraph's delimiters from the limits. A table starts with a header line and a delimiter
   row of as many cells, the header at the top level (no container marker, no indentation, in a
   chunk whose lines have none either and open no footnote definition: nothing open that a line
   could continue lazily; not after a byte order mark, which libcmark-gfm skips); its rows follow
   at the top level, each with a `|` and as many cells. A line that could start another block
   (`#`, a fence, `<`, a footnote definition, a container marker, indentation) or end an HTML
   block or a fence (a `>`, a fence) ends the counting of rows, as does a blank line. The Swift
   reading of the same rules: InputShape.TableRows. */

/* Whether the line from `start` (before `end`) could start a block other than a table row, or
   (`as_header`) a paragraph that is not a table header: `#`, a backtick or tilde fence, `<`,
   `[^` (a footnote definition) — and for a header any `[` (a link reference definition). */
static int starts_other_block(const uint8_t *bytes, size_t start, size_t end, int as_header) {
    if (start >= end) return 1;
    uint8_t first = bytes[start];
    if (first == '#' || first == '`' || first == '~' || first == '<') return 1;
    if (first == '[') return as_header || (start + 1 < end && bytes[start + 1] == '^');
    return 0;
}

/* The cells libcmark-gfm reads in a row or header line from `start` (not a space) to `end`: the
   `|` separators, less a leading and a trailing one; 0 for a line read otherwise or whose cells
   another version may count differently — a `|` after a backslash, a vertical tab or form feed
   (trimmed like spaces around cells), a `>` (which may end an HTML block). */
static int64_t plain_row_cells(const uint8_t *bytes, size_t start, size_t end) {
    int64_t pipes = 0;
    for (size_t index = start; index < end; index++) {
        uint8_t byte = bytes[index];
        if (byte == '|') {
            if (index > start && bytes[index - 1] == '\\') return 0;
            pipes++;
        } else if (byte == '\v' || byte == '\f' || byte == '>') {
            return 0;
        }
    }
    size_t last = end;
    while (last > start && is_space(bytes[last - 1])) last--;
    if (last == start) return 0;
    return pipes + 1 - (bytes[start] == '|') - (bytes[last - 1] == '|');
}

/* The cells of a delimiter row from `start` to `end` (`:---|---:|:-:`, with at least one `|`;
   spaces and tabs around cells), or 0 for any other line. */
static int64_t delimiter_row_cells(const uint8_t *bytes, size_t start, size_t end) {
    size_t last = end;
    while (last > start && is_space(bytes[last - 1])) last--;
    size_t index = start;
    int has_pipe = 0;
    if (index < last && bytes[index] == '|') {
        index++;
        has_pipe = 1;
    }
    int64_t cells = 0;
    for (;;) {
        while (index < last && is_space(bytes[index])) index++;
        if (index < last && bytes[index] == ':') index++;
        size_t dashes = index;
        while (index < last && bytes[index] == '-') index++;
        if (index == dashes) return 0;
        if (index < last && bytes[index] == ':') index++;
        while (index < last && is_space(bytes[index])) index++;
        cells++;
        if (index == last) break;
        if (bytes[index] != '|') return 0;
        index++;
        has_pipe = 1;
        if (index == last) break;
    }
    return has_pipe ? cells : 0;
}

void intentmark_scan_input_shape(const uint8_t *bytes, size_t count, intentmark_input_shape *shape) {
    int64_t nesting_depth = 0, brackets_per_block = 0, emphasis_delimiters_per_block = 0;
    uint64_t nesting_work = 0, bracket_work = 0, emphasis_work = 0, nested_inline_work = 0, table_cell_work = 0;
    int64_t open_depth = 0, brackets = 0, delimiters = 0;
    /* Tables: whether the chunk's lines are all at the top level, the cells of the line before
       when it may be a table's header (else 0), the cells of the table whose rows are counted
       one at a time (0 when none). */
    int chunk_at_top_level = 1;
    int64_t header_cells = 0, table_cells = 0;
    size_t index = 0;
    while (index < count) {
        int64_t indentation = 0;
        int64_t depth = scan_container_markers(bytes, count, &index, &indentation);
        size_t content_start = index;
        line_counts line = {0, 0, 0, 0};
        index = scan_line(bytes, count, index, &line);
        brackets += (int64_t)line.brackets;
        delimiters += (int64_t)line.delimiters;
        table_cell_work += line.pipes * line.pipes;
        if (depth > 0 || line.has_content) {
            int at_top_level = depth == 0 && indentation == 0
                && !(content_start == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF);
            int alone = 0;
            if (table_cells > 0) {
                if (at_top_level && line.pipes > 0 && !starts_other_block(bytes, content_start, index, 0)
                    && plain_row_cells(bytes, content_start, index) == table_cells) {
                    alone = 1;
                } else {
                    table_cells = 0;
                }
            } else if (at_top_level && chunk_at_top_level && header_cells > 0 && line.pipes > 0
                       && delimiter_row_cells(bytes, content_start, index) == header_cells) {
                /* The delimiter row: the chunk (header and the lines before it) ends here. */
                table_cells = header_cells;
                alone = 1;
            }
            /* A footnote definition is a container opened without a marker: a line after it
               may continue its paragraph lazily. */
            int opens_footnote = at_top_level && index - content_start >= 2 && bytes[content_start] == '['
                && bytes[content_start + 1] == '^';
            if (!at_top_level || opens_footnote) chunk_at_top_level = 0;
            header_cells = table_cells == 0 && at_top_level && line.pipes > 0 && !starts_other_block(bytes, content_start, index, 1)
                ? plain_row_cells(bytes, content_start, index) : 0;
            nesting_depth = larger(nesting_depth, depth);
            if (depth > 0 && !line.has_content) {
                /* Only container markers: the blocks open inside stay open. */
                open_depth = larger(open_depth, depth);
            } else if (depth > 0) {
                open_depth = depth;
            } else if (indentation < 2) {
                open_depth = 0;
            }
            uint64_t open = (uint64_t)larger(depth, open_depth);
            nesting_work += open;
            nested_inline_work += open * (line.brackets + line.delimiters);
            brackets_per_block = larger(brackets_per_block, brackets);
            emphasis_delimiters_per_block = larger(emphasis_delimiters_per_block, delimiters);
            if (alone) {
                bracket_work += (uint64_t)brackets * (uint64_t)brackets;
                emphasis_work += (uint64_t)delimiters * (uint64_t)delimiters;
                brackets = 0;
                delimiters = 0;
            }
        } else {
            /* Blank: nesting stays open; the chunk of text ends, and any table. */
            nesting_work += (uint64_t)open_depth;
            bracket_work += (uint64_t)brackets * (uint64_t)brackets;
            emphasis_work += (uint64_t)delimiters * (uint64_t)delimiters;
            brackets = 0;
            delimiters = 0;
            chunk_at_top_level = 1;
            header_cells = 0;
            table_cells = 0;
        }
        /* Past the line ending (LF, CR or CRLF). */
        if (index < count && bytes[index] == '\r') index++;
        if (index < count && bytes[index] == '\n') index++;
    }
    bracket_work += (uint64_t)brackets * (uint64_t)brackets;
    emphasis_work += (uint64_t)delimiters * (uint64_t)delimiters;
    shape->nesting_depth = nesting_depth;
    shape->nesting_work = (int64_t)nesting_work;
    shape->brackets_per_block = brackets_per_block;
    shape->bracket_work = (int64_t)bracket_work;
    shape->emphasis_delimiters_per_block = emphasis_delimiters_per_block;
    shape->emphasis_work = (int64_t)emphasis_work;
    shape->nested_inline_work = (int64_t)nested_inline_work;
    shape->table_cell_work = (int64_t)table_cell_work;
}

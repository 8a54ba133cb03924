#include "InputLineScan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t intentmark_scan_line_bytewise(const uint8_t *bytes, size_t count, size_t start, intentmark_line_counts *counts) {
    size_t brackets = 0, delimiters = 0, pipes = 0;
    int has_content = 0;
    size_t index = start;
    for (; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte == '\n' || byte == '\r') break;
        if (byte == '[') brackets++;
        else if (byte == '*' || byte == '_' || byte == '~') delimiters++;
        else if (byte == '|') pipes++;
        if (byte != ' ' && byte != '\t') has_content = 1;
    }
    counts->brackets = brackets;
    counts->delimiters = delimiters;
    counts->pipes = pipes;
    counts->has_content = has_content;
    return index;
}

#if defined(__SSE2__)

static inline unsigned count_bits(unsigned value) { return (unsigned)__builtin_popcount(value); }

size_t intentmark_scan_line(const uint8_t *bytes, size_t count, size_t start, intentmark_line_counts *counts) {
    const __m128i newline = _mm_set1_epi8('\n'), carriage_return = _mm_set1_epi8('\r');
    const __m128i bracket = _mm_set1_epi8('['), star = _mm_set1_epi8('*'), underscore = _mm_set1_epi8('_');
    const __m128i tilde = _mm_set1_epi8('~'), pipe = _mm_set1_epi8('|');
    const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
    size_t brackets = 0, delimiters = 0, pipes = 0;
    int has_content = 0;
    size_t index = start;
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
            brackets += count_bits(bracket_bits);
            pipes += count_bits(pipe_bits);
            delimiters += count_bits(delimiter_bits);
        }
        if (!has_content) {
            unsigned blanks = (unsigned)_mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(block, space), _mm_cmpeq_epi8(block, tab)));
            if ((~blanks) & before) has_content = 1;
        }
        if (endings) {
            counts->brackets = brackets;
            counts->delimiters = delimiters;
            counts->pipes = pipes;
            counts->has_content = has_content;
            return index + (size_t)__builtin_ctz(endings);
        }
        index += 16;
    }
    /* The last bytes (fewer than 16): one at a time. */
    intentmark_line_counts tail;
    size_t end = intentmark_scan_line_bytewise(bytes, count, index, &tail);
    counts->brackets = brackets + tail.brackets;
    counts->delimiters = delimiters + tail.delimiters;
    counts->pipes = pipes + tail.pipes;
    counts->has_content = has_content | tail.has_content;
    return end;
}

#else

size_t intentmark_scan_line(const uint8_t *bytes, size_t count, size_t start, intentmark_line_counts *counts) {
    return intentmark_scan_line_bytewise(bytes, count, start, counts);
}

#endif

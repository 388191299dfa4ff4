/* ym_parse.h - the tile notation parsers: mpsz strings and lists of 136-ids.
 *
 * These are the only implementations: the single-hand parsers of the Cython glue (tiles.parse,
 * parse_mpsz, parse_136, every score() input) and the batch loop yakuman.batch.parse_many call
 * them, and the glue words an error from the ym_parse_err_t (so messages are the same on both
 * paths). No allocation, no Python objects: callable without the GIL.
 *
 * mpsz: digits followed by a suit letter m p s z; '0' is a red five (m p s only); honors are
 * 1z-7z; ' ', ',' and '_' separate groups but not digits from their letter. At most 136 tiles.
 * The string is read as code points of 1, 2 or 4 bytes each (CPython's compact str storage), so
 * positions are character positions. Errors are reported in scan order, first one wins; after
 * the scan, a count above 4 is an error (the lowest such kind).
 * 136-ids: integers 0..135 (tile kind = id / 4; 16, 52, 88 are the red fives), no duplicates.
 */
#ifndef YM_PARSE_H
#define YM_PARSE_H

#include <stdint.h>

enum {
    YM_P_OK = 0,
    YM_P_TOO_MANY,        /* a 137th digit (pos) */
    YM_P_DIGITS_NO_SUIT,  /* a separator after digits (pos) */
    YM_P_UNKNOWN_SUIT,    /* a character that is no digit, separator or suit letter (pos, ch) */
    YM_P_SUIT_NO_DIGITS,  /* a suit letter without digits (pos, ch) */
    YM_P_BAD_HONOR,       /* 0z, 8z or 9z (pos, digit) */
    YM_P_END_DIGITS,      /* digits at the end without a suit letter */
    YM_P_COPIES,          /* more than four copies of a kind (tile, count) */
    YM_P_ID_RANGE,        /* a 136-id outside 0..135 (pos = index, value) */
    YM_P_ID_DUPLICATE,    /* a repeated 136-id (pos = index, value) */
};

typedef struct {
    uint8_t code;     /* YM_P_* */
    uint8_t digit;    /* YM_P_BAD_HONOR */
    uint8_t tile;     /* YM_P_COPIES: the kind */
    uint8_t count;    /* YM_P_COPIES: its count */
    uint32_t ch;      /* YM_P_UNKNOWN_SUIT / YM_P_SUIT_NO_DIGITS: the code point */
    int64_t pos;      /* character position or list index */
    int64_t value;    /* YM_P_ID_*: the id */
} ym_parse_err_t;

/* Parse n code points of `width` bytes (1, 2 or 4) each. Fills counts[34] and reds[3] (red fives
 * per suit); returns the number of tiles, or -1 with *err filled. */
int ym_parse_mpsz(const void *data, int width, int64_t n, uint8_t *counts, uint8_t *reds,
                  ym_parse_err_t *err);

/* Parse n 136-ids; aka = 0 counts the red-five ids as plain fives. Returns n or -1. */
int ym_parse_136(const int64_t *ids, int64_t n, int aka, uint8_t *counts, uint8_t *reds,
                 ym_parse_err_t *err);

#endif

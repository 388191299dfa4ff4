/* ym_parse.c - the mpsz and 136-id parsers (see ym_parse.h for the notation and the invariants:
 * no allocation, no read outside data[0..n) or ids[0..n), counts never above 136 so uint8 holds
 * them, errors in scan order). */
#include "ym_parse.h"

#include <string.h>

static inline uint32_t code_point(const void *data, int width, int64_t i) {
    if (width == 1) return ((const uint8_t *)data)[i];
    if (width == 2) return ((const uint16_t *)data)[i];
    return ((const uint32_t *)data)[i];
}

static int fail(ym_parse_err_t *err, int code, int64_t pos, uint32_t ch) {
    err->code = (uint8_t)code;
    err->pos = pos;
    err->ch = ch;
    return -1;
}

int ym_parse_mpsz(const void *data, int width, int64_t n, uint8_t *c, uint8_t *reds, ym_parse_err_t *err) {
    uint8_t digits[137];
    int pending = 0, ntiles = 0;
    memset(c, 0, 34);
    memset(reds, 0, 3);
    memset(err, 0, sizeof *err);
    for (int64_t i = 0; i < n; i++) {
        uint32_t ch = code_point(data, width, i);
        if (ch >= '0' && ch <= '9') {
            if (ntiles >= 136) return fail(err, YM_P_TOO_MANY, i, ch);
            digits[pending++] = (uint8_t)(ch - '0');
            ntiles++;
            continue;
        }
        if (ch == ' ' || ch == ',' || ch == '_') {
            if (pending) return fail(err, YM_P_DIGITS_NO_SUIT, i, ch);
            continue;
        }
        int suit;
        if (ch == 'm') suit = 0;
        else if (ch == 'p') suit = 1;
        else if (ch == 's') suit = 2;
        else if (ch == 'z') suit = 3;
        else return fail(err, YM_P_UNKNOWN_SUIT, i, ch);
        if (!pending) return fail(err, YM_P_SUIT_NO_DIGITS, i, ch);
        for (int j = 0; j < pending; j++) {
            int d = digits[j];
            if (suit == 3) {
                if (d < 1 || d > 7) {
                    err->digit = (uint8_t)d;
                    return fail(err, YM_P_BAD_HONOR, i, ch);
                }
                c[27 + d - 1]++;
            } else if (d == 0) {
                c[suit * 9 + 4]++;
                reds[suit]++;
            } else {
                c[suit * 9 + d - 1]++;
            }
        }
        pending = 0;
    }
    if (pending) return fail(err, YM_P_END_DIGITS, n, 0);
    for (int k = 0; k < 34; k++)
        if (c[k] > 4) {
            err->tile = (uint8_t)k;
            err->count = c[k];
            return fail(err, YM_P_COPIES, -1, 0);
        }
    return ntiles;
}

int ym_parse_136(const int64_t *ids, int64_t n, int aka, uint8_t *c, uint8_t *reds, ym_parse_err_t *err) {
    uint64_t seen[3] = {0, 0, 0};
    memset(c, 0, 34);
    memset(reds, 0, 3);
    memset(err, 0, sizeof *err);
    for (int64_t i = 0; i < n; i++) {
        int64_t v = ids[i];
        if (v < 0 || v > 135) {
            err->value = v;
            return fail(err, YM_P_ID_RANGE, i, 0);
        }
        if ((seen[v >> 6] >> (v & 63)) & 1) {
            err->value = v;
            return fail(err, YM_P_ID_DUPLICATE, i, 0);
        }
        seen[v >> 6] |= 1ULL << (v & 63);
        c[v >> 2]++;
        if (aka && (v == 16 || v == 52 || v == 88)) reds[(v - 16) / 36]++;
    }
    return (int)n;
}

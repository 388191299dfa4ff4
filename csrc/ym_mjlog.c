/* ym_mjlog.c - the mjlog tokenizer and value decoders (interface and invariants: ym_mjlog.h).
 *
 * The tokenizer is the reader's scanner pattern, matched by hand on latin-1 text:
 *   (1) <([A-Za-z]+)(\d*)((?:\s+[A-Za-z_][\w.]*\s*=\s*"[^"<>]*")*)\s*\/?>   a tag
 *   (2) </mjloggm\s*>                                                       the end of a record
 *   (3) <(?=[A-Za-z]+)                                                      a '<' opening a name
 * tried in this order at each '<', left to right, each search resuming after the previous match
 * (a non-matching '<' is skipped). \s, \d and \w are the Unicode classes restricted to
 * U+0000-U+00FF (tables below). Every part of (1) is greedy and each of its parts is forced (a
 * shorter run of letters, digits, spaces or value characters can never let the rest match), so
 * one left-to-right pass with no backtracking finds the same match as the regex engine.
 * Every read is guarded by an index < n: the functions are total on any bytes.
 */
#include "ym_mjlog.h"

#include <string.h>

/* character classes of U+0000-U+00FF (Python's str \s, \w, [A-Za-z], \d = [0-9] here):
 * 1 = \s, 2 = \w, 4 = ASCII letter, 8 = ASCII digit, 16 = an end of a value ('"', '<', '>');
 * tests/logs/test_mjlog_native.py checks every character against the pattern */
static const uint8_t cls[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
    1, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 16, 0, 16, 0,
    0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 2,
    0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 2, 0, 0, 0, 2, 2, 0, 2, 2, 2, 0,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2,
};

#define IS_SPACE(c) (cls[(c)] & 1)
#define IS_WORD(c) (cls[(c)] & 2)
#define IS_ALPHA(c) (cls[(c)] & 4)
#define IS_DIGIT(c) (cls[(c)] & 8)
#define IS_VALUE_END(c) (cls[(c)] & 16)

static const char *const tag_names[YM_MJ_NTAGS - 1] = {
    "mjloggm", "SHUFFLE", "GO", "UN", "TAIKYOKU", "INIT", "N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "BYE",
};

static const char *const attr_names[YM_MJ_NATTRS] = {
    "type", "seed", "n0", "n1", "n2", "n3", "oya", "ten", "hai0", "hai1", "hai2", "hai3", "who", "m",
    "step", "hai", "ba", "fromWho", "machi", "yaku", "yakuman", "doraHai", "doraHaiUra", "sc", "paoWho",
    "owari",
};

/* the index of s[a..b) in names[0..count) (by length first, then bytes), or -1 */
static int64_t lookup(const uint8_t *s, size_t a, size_t b, const char *const *names, const uint8_t *lens,
                      int count) {
    size_t len = b - a;
    for (int i = 0; i < count; i++)
        if (lens[i] == len && s[a] == (uint8_t)names[i][0] && memcmp(s + a, names[i], len) == 0) return i;
    return -1;
}

static const uint8_t tag_lens[YM_MJ_NTAGS - 1] = {7, 7, 2, 2, 8, 4, 1, 5, 4, 5, 9, 3};
static const uint8_t attr_lens[YM_MJ_NATTRS] = {4, 4, 2, 2, 2, 2, 3, 3, 4, 4, 4, 4, 3, 1,
                                                4, 3, 2, 7, 5, 4, 7, 7, 10, 2, 6, 5};

/* T U V W D E F G -> 0-7 (draws of seats 0-3, discards of seats 0-3), else -1 */
static int64_t play_code(uint8_t c) {
    switch (c) {
    case 'T': return 0;
    case 'U': return 1;
    case 'V': return 2;
    case 'W': return 3;
    case 'D': return 4;
    case 'E': return 5;
    case 'F': return 6;
    case 'G': return 7;
    default: return -1;
    }
}

static int64_t tag_id(const uint8_t *s, size_t a, size_t b) {
    if (b - a == 1 && play_code(s[a]) >= 0) return YM_MJ_T_LETTER;
    return lookup(s, a, b, tag_names, tag_lens, YM_MJ_NTAGS - 1);
}

static size_t skip_space(const uint8_t *s, size_t n, size_t i) {
    while (i < n && IS_SPACE(s[i])) i++;
    return i;
}

/* One attribute ``\s+name\s*=\s*"value"`` at i: its end (after the quote), or 0 if none. */
static size_t attribute(const uint8_t *s, size_t n, size_t i, size_t *ns, size_t *ne, size_t *vs,
                        size_t *ve) {
    size_t j = skip_space(s, n, i);
    if (j == i || j >= n || !(IS_ALPHA(s[j]) || s[j] == '_')) return 0;
    *ns = j++;
    while (j < n && (IS_WORD(s[j]) || s[j] == '.')) j++;
    *ne = j;
    j = skip_space(s, n, j);
    if (j >= n || s[j] != '=') return 0;
    j = skip_space(s, n, j + 1);
    if (j >= n || s[j] != '"') return 0;
    *vs = ++j;
    while (j < n && !IS_VALUE_END(s[j])) j++;
    if (j >= n || s[j] != '"') return 0;
    *ve = j;
    return j + 1;
}

/* Pattern (1) at s[i] == '<': writes a PLAY or NAMED record into rec (room for
 * YM_MJ_NAMED_WORDS words) and returns the match end, or 0 when (1) does not match. */
static size_t tag(const uint8_t *s, size_t n, size_t i, int64_t *rec) {
    size_t j = i + 1, name_end, num_end;
    while (j < n && IS_ALPHA(s[j])) j++;
    if (j == i + 1) return 0;
    name_end = j;
    while (j < n && IS_DIGIT(s[j])) j++;
    num_end = j;
    int64_t count = 0;
    int64_t *vals = rec + 6;
    if (num_end == name_end)
        for (int k = 0; k < 2 * YM_MJ_NATTRS; k++) vals[k] = -1;
    for (;;) {
        size_t ns, ne, vs, ve, e = attribute(s, n, j, &ns, &ne, &vs, &ve);
        if (!e) break;
        int64_t id = num_end == name_end ? lookup(s, ns, ne, attr_names, attr_lens, YM_MJ_NATTRS) : -1;
        if (id >= 0) {
            vals[2 * id] = (int64_t)vs;
            vals[2 * id + 1] = (int64_t)ve;
        }
        count++;
        j = e;
    }
    j = skip_space(s, n, j);
    if (j < n && s[j] == '/') j++;
    if (j >= n || s[j] != '>') return 0;
    j++;
    rec[2] = (int64_t)i;
    rec[3] = (int64_t)j;
    if (num_end > name_end) {
        int64_t code = name_end - i == 2 ? play_code(s[i + 1]) : -1, tile = 0;
        if (num_end - name_end > 9) tile = -1;
        else
            for (size_t k = name_end; k < num_end; k++) tile = tile * 10 + (s[k] - '0');
        rec[0] = YM_MJ_PLAY;
        rec[4] = code;
        rec[5] = tile;
        rec[6] = (int64_t)name_end;
        rec[7] = (int64_t)num_end;
    } else {
        rec[0] = YM_MJ_NAMED;
        rec[4] = tag_id(s, i + 1, name_end);
        rec[5] = count;
    }
    return j;
}

size_t ym_mjlog_scan(const uint8_t *s, size_t n, size_t *pos, int64_t *ti, int64_t *out, size_t cap) {
    size_t used = 0, i = *pos;
    /* a record is written in place, so each match needs room for the largest one */
    while (i < n && cap - used >= YM_MJ_NAMED_WORDS) {
        if (s[i] != '<') { /* tags mostly follow each other: memchr only for a gap */
            const uint8_t *lt = memchr(s + i, '<', n - i);
            if (lt == NULL) {
                i = n;
                break;
            }
            i = (size_t)(lt - s);
        }
        int64_t *rec = out + used;
        size_t end = 0, words;
        int64_t code = i + 2 < n ? play_code(s[i + 1]) : -1;
        if (code >= 0 && IS_DIGIT(s[i + 2])) { /* fast path: <T12/> or <T12> (what (1) matches) */
            size_t j = i + 2;
            int64_t tile = 0;
            while (j < n && IS_DIGIT(s[j]) && j - i < 11) tile = tile * 10 + (s[j++] - '0');
            if (j < n && !IS_DIGIT(s[j])) {
                size_t e = s[j] == '/' && j + 1 < n ? j + 1 : j;
                if (s[e] == '>') {
                    rec[0] = YM_MJ_PLAY;
                    rec[2] = (int64_t)i;
                    rec[3] = (int64_t)(e + 1);
                    rec[4] = code;
                    rec[5] = tile;
                    rec[6] = (int64_t)(i + 2);
                    rec[7] = (int64_t)j;
                    end = e + 1;
                }
            }
        }
        if (!end) end = tag(s, n, i, rec);
        if (end) {
            words = rec[0] == YM_MJ_PLAY ? YM_MJ_PLAY_WORDS : YM_MJ_NAMED_WORDS;
        } else if (i + 1 < n && s[i + 1] == '/' && n - i >= 9 && memcmp(s + i + 2, "mjloggm", 7) == 0 &&
                   (end = skip_space(s, n, i + 9)) < n && s[end] == '>') {
            end++;
            rec[0] = YM_MJ_CLOSE;
            rec[2] = (int64_t)i;
            rec[3] = (int64_t)end;
            words = YM_MJ_CLOSE_WORDS;
        } else if (i + 1 < n && IS_ALPHA(s[i + 1])) {
            size_t j = i + 1;
            while (j < n && IS_ALPHA(s[j])) j++;
            end = i + 1;
            rec[0] = YM_MJ_BAD;
            rec[2] = (int64_t)i;
            rec[3] = (int64_t)end;
            rec[4] = tag_id(s, i + 1, j);
            rec[5] = (int64_t)(i + 1);
            rec[6] = (int64_t)j;
            words = YM_MJ_BAD_WORDS;
        } else {
            i++;
            continue;
        }
        rec[1] = (*ti)++;
        used += words;
        i = end;
    }
    *pos = i;
    return used;
}

int ym_mjlog_int(const uint8_t *s, int64_t a, int64_t b, int64_t *v) {
    int neg = 0;
    if (a < b && s[a] == '-') {
        neg = 1;
        a++;
    }
    if (b - a < 1 || b - a > 18) return 0;
    int64_t x = 0;
    for (int64_t k = a; k < b; k++) {
        if (s[k] < '0' || s[k] > '9') return 0;
        x = x * 10 + (s[k] - '0');
    }
    *v = neg ? -x : x;
    return 1;
}

int ym_mjlog_ints(const uint8_t *s, int64_t a, int64_t b, int64_t *out, int cap) {
    int count = 0;
    int64_t k = a;
    while (k < b) {
        int64_t e = k;
        while (e < b && s[e] != ',') e++;
        if (e > k) {
            if (count >= cap || !ym_mjlog_int(s, k, e, out + count)) return -1;
            count++;
        }
        k = e + 1;
    }
    return count;
}

/* floor division and modulo by a positive constant, as Python's // and % (and >> for 2^k) */
static int64_t fdiv(int64_t x, int64_t d) {
    int64_t q = x / d;
    return (x % d != 0 && x < 0) ? q - 1 : q;
}
static int64_t fmod_(int64_t x, int64_t d) { return x - fdiv(x, d) * d; }

int ym_mjlog_meld(int64_t who, int64_t m, int64_t out[9]) {
    const int64_t big = (int64_t)1 << 62;
    if (m >= big || m <= -big || who >= big || who <= -big) return -1;
    int64_t rel = fmod_(m, 4), from = fmod_(who + rel, 4);
    for (int k = 0; k < 9; k++) out[k] = -1;
    if (fmod_(fdiv(m, 4), 2)) { /* chi: m & 4 */
        int64_t t = fdiv(m, 1024), r = fmod_(t, 3);
        t = fdiv(t, 3);
        int64_t base = fdiv(t, 7) * 9 + fmod_(t, 7);
        out[0] = 0;
        out[1] = 3;
        for (int c = 0; c < 3; c++) out[2 + c] = (base + c) * 4 + fmod_(fdiv(m, (int64_t)8 << (2 * c)), 4);
        out[6] = out[2 + r];
        out[7] = from;
        return 0;
    }
    if (fmod_(fdiv(m, 8), 4)) { /* pon (m & 8) or kakan (m & 16) */
        int64_t t = fdiv(m, 512), r = fmod_(t, 3), kind = fdiv(t, 3), other = fmod_(fdiv(m, 32), 4);
        int64_t rest[3];
        int k = 0;
        for (int c = 0; c < 4; c++)
            if (c != other) rest[k++] = kind * 4 + c;
        out[6] = rest[r];
        out[7] = from;
        if (fmod_(fdiv(m, 8), 2)) {
            out[0] = 1;
            out[1] = 3;
            for (int c = 0; c < 3; c++) out[2 + c] = rest[c];
        } else {
            out[0] = 3;
            out[1] = 4;
            for (int c = 0; c < 4; c++) out[2 + c] = kind * 4 + c;
            out[8] = kind * 4 + other;
        }
        return 0;
    }
    int64_t hai = fdiv(m, 256);
    if (fmod_(fdiv(m, 32), 2)) { /* kita: m & 32 */
        out[0] = 5;
        out[1] = 1;
        out[2] = hai;
        return 0;
    }
    int64_t kind = fdiv(hai, 4);
    out[1] = 4;
    for (int c = 0; c < 4; c++) out[2 + c] = kind * 4 + c;
    if (rel == 0) {
        out[0] = 4;
    } else {
        out[0] = 2;
        out[6] = hai;
        out[7] = from;
    }
    return 0;
}

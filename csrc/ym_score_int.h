/* ym_score_int.h - internals shared by ym_score.c (readings, choice), ym_yaku.c (yaku and fu of
 * one reading) and ym_points.c (base points and payments). Not part of the public C API.
 *
 * A "reading" is one decomposition of the concealed tiles (regular form) plus the group that
 * holds the winning tile, or the chiitoitsu / kokushi form. Kind masks are uint64 with bit k =
 * tile kind k; run masks use the run's lowest kind.
 * Run fields: runs are counted in a uint64 of 21 three-bit fields, field 7 * suit + rank for the
 * run starting at rank 0..6 of a suit (the per-suit layout of the decomposition tables, bits
 * 16-36 of a packed decomposition, placed at bit 21 * suit). A field holds 0..4 (a hand has at
 * most four sets), so adding the chi melds' fields never carries.
 */
#ifndef YM_SCORE_INT_H
#define YM_SCORE_INT_H

#include "ym_score.h"

#include <string.h>

#define YM_K(k) (1ULL << (k))
#define YM_M_MAN 0x1FFULL
#define YM_M_PIN (0x1FFULL << 9)
#define YM_M_SOU (0x1FFULL << 18)
#define YM_M_SUITS (YM_M_MAN | YM_M_PIN | YM_M_SOU)
#define YM_M_HONOR (0x7FULL << 27)
#define YM_M_WIND (0xFULL << 27)
#define YM_M_DRAGON (0x7ULL << 31)
#define YM_M_TERM (YM_K(0) | YM_K(8) | YM_K(9) | YM_K(17) | YM_K(18) | YM_K(26))
#define YM_M_YAOCHUU (YM_M_TERM | YM_M_HONOR)
#define YM_M_SIMPLE (YM_M_SUITS & ~YM_M_TERM)
/* green tiles: 2s 3s 4s 6s 8s hatsu */
#define YM_M_GREEN (YM_K(19) | YM_K(20) | YM_K(21) | YM_K(23) | YM_K(25) | YM_K(32))
/* beni kujaku tiles: 1s 5s 7s 9s chun */
#define YM_M_BENI (YM_K(18) | YM_K(22) | YM_K(24) | YM_K(26) | YM_K(33))
/* run starts (lowest kind) 1..7 of each suit; those holding a terminal (123, 789) */
#define YM_M_RUN_START (0x7FULL | (0x7FULL << 9) | (0x7FULL << 18))
#define YM_M_RUN_TERM (YM_K(0) | YM_K(6) | YM_K(9) | YM_K(15) | YM_K(18) | YM_K(24))
/* starts of four consecutive ranks (1..6 of each suit) */
#define YM_M_FOUR_START (0x3FULL | (0x3FULL << 9) | (0x3FULL << 18))

enum { YM_WG_TANKI = 0, YM_WG_SHANPON = 1, YM_WG_RUN = 2 };

/* Per-call facts that no reading changes. */
typedef struct {
    const ym_rules_t *r;
    const ym_hand_t *h;
    uint8_t full[40];          /* concealed + melded (kan = 4); bytes 34-39 scratch (ym_check_win_ctx) */
    uint64_t present;          /* kinds held anywhere */
    uint64_t meld_tri;         /* kinds of pon / kan melds */
    uint64_t meld_kan, meld_ankan;
    uint64_t chi_runs;         /* chi melds as run fields */
    int open;                  /* a chi, pon, minkan or kakan */
    int n_ankan;               /* closed kans (concealed triplets for the anko count) */
    int n_kans;
    int tsumo, dealer, win;
    int seat_k, round_k;       /* kinds of the seat and round winds */
    uint64_t any_yaku;         /* yaku of every form (situation, tanyao, flushes, honroutou) */
    uint64_t reg_yaku;         /* regular form, same for every decomposition (yakuhai, ...) */
    uint64_t any_yakuman;      /* yakuman of every form (tenhou, chiihou, renhou, ...) */
    uint64_t reg_yakuman;      /* regular form, same for every decomposition */
    int dora_han;              /* dora + ura + aka + kita */
    int dora_tiles, ura_tiles; /* the dora / ura indicators' tiles held (ym_check_win_ctx) */
    int min_han;               /* yaku han a reading needs (2 under ryanhan shibari from 5 honba) */
    int meld_fu;               /* fu of the pon / kan melds (the same in every reading) */
    uint64_t pair_fu;          /* byte k - 27: the fu of a pair of honor kind k */
    int lite;                 /* batch path: skip the per-yaku and fu details */
    /* the local rules of this hand (ym_ctx_hand_yaku): ext = any of them in play (aotenjou, or
     * a flag bit 11-15), which sends every reading through ym_finish_ext */
    int ext;
    int ext_han;               /* open riichi: 1 han on top of (double) riichi */
    int ext_sashikomi;         /* sashikomi counts (a yakuman) */
    int ext_paarenchan;        /* the paarenchan count (yakuman multiples) */
} ym_ctx_t;

/* ym_check_win (ym_check.h) that also gives, on success (0), what the scorer derives from a
 * checked hand: c->full = the concealed counts plus the melds (kan = 4; kita not included),
 * c->present = the kinds held in full (bit k), the meld facts (ym_ctx_add_meld) and the tiles
 * the dora and the ura indicators make dora (dora_tiles, ura_tiles; ym_dora_tiles). On failure
 * they are unspecified. */
int ym_check_win_ctx(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3], const uint8_t meld_reds[4],
                     int win_red, ym_ctx_t *c);

/* The local-rule flag bits 11-15 (YM_F_OPEN_RIICHI, YM_F_SASHIKOMI, the paarenchan count) against
 * the rules and the situation: open riichi needs its knob and riichi or double riichi; sashikomi
 * its knob, open riichi and a ron; paarenchan its knob and the dealer. 0 = fine. */
static inline int ym_local_flags_bad(const ym_rules_t *r, unsigned f, int seat) {
    if (!(f >> 11)) return 0;
    int orii = (f & YM_F_OPEN_RIICHI) != 0, riichi = (f & (YM_F_RIICHI | YM_F_DOUBLE_RIICHI)) != 0;
    int bad = orii && (!r->open_riichi || !riichi);
    bad |= (f & YM_F_SASHIKOMI) && (!r->open_riichi_sashikomi || !orii || (f & YM_F_TSUMO));
    bad |= (f >> YM_F_PAARENCHAN_SHIFT) && (!r->paarenchan || seat != 0);
    return bad;
}

/* One decomposition of the concealed tiles. */
typedef struct {
    uint64_t ctri;             /* concealed triplets (kind bits) */
    uint64_t runs;             /* concealed runs (run fields) */
    int pair;
} ym_dec_t;

#define YM_RF_LO 0x1249249249249249ULL          /* the low bit of each of the 21 run fields */
#define YM_RF_SHIFT(k) (3 * ((k) - 2 * ((k) / 9))) /* bit of the field of run start kind k < 27 */

/* The sum of the 21 run fields of rf when it is at most 7 (a hand's runs: at most 4; a mask of
 * field low bits): times YM_RF_LO adds every field into the top one (bits 60-62), and no partial
 * sum carries out of its field. */
static inline int ym_field_sum(uint64_t rf) { return (int)((rf * YM_RF_LO) >> 60) & 7; }

/* How many terminal and honor kinds the kind mask k holds (the bits of YM_M_YAOCHUU): the
 * terminals folded onto bits 0, 9 and 18 (0..2 each) and added into bit 18 by one multiply; the
 * honors' seven bits by a table. */
static inline int ym_yaochuu_count(uint64_t k) {
    static const uint8_t POP7[128] = {
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
        1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
        1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
        2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7};
    uint64_t t = (k & 0x40201ULL) + ((k >> 8) & 0x40201ULL);   /* 1m 1p 1s + 9m 9p 9s */
    return (int)(((t * 0x40201ULL) >> 18) & 7) + POP7[(k >> 27) & 0x7F];
}

/* The value of one reading. */
typedef struct {
    uint64_t yaku;             /* yakuman bits only when yakuman > 0 */
    int yakuman;               /* total multiple */
    int han;                   /* yaku han, dora excluded (0 on yakuman) */
    int fu;
    int valid;                 /* has yaku (and passes ryanhan shibari) */
    int ext;                   /* YM_X_*: the yaku beyond the mask (ym_finish_ext) */
} ym_eval_t;

/* Fu of a pon / kan meld of kind k < 34 (a chi has none): 2 / 8 / 16 for a pon / open kan /
 * closed kan, doubled for terminals and honors (0 for a type above YM_ANKAN). */
static inline int ym_meld_fu(int type, int k) {
    static const uint8_t BASE[5] = {0, 2, 8, 8, 16}; /* YM_CHI .. YM_ANKAN */
    return type >= 0 && type <= YM_ANKAN ? BASE[type] << ((YM_M_YAOCHUU >> k) & 1) : 0;
}

/* What one meld of type ty (<= YM_ANKAN) on kind t (< 34) adds to a hand, built at load from
 * ym_meld_fu and the meld rules (ym_meld_facts_init): the scorer's input check and prepare and the batch check
 * read it (ym_ctx_add_meld), so that each meld costs a few operations and no branch on its type. */
enum { YM_MF_TRI = 1, YM_MF_KAN = 2, YM_MF_ANKAN = 4, YM_MF_OPEN = 8, YM_MF_BAD_CHI = 16 };
typedef struct {
    uint64_t runs;     /* a chi: its run field's 1 (YM_RF_SHIFT); else 0 */
    uint64_t span;     /* the kinds it holds (bit mask) */
    uint32_t add;      /* bytes added to the counts t .. t + 3 (chi 1 1 1, pon 3, kan 4) */
    uint8_t fives;     /* the fives it holds (the most red fives it may hold) */
    uint8_t fu;        /* ym_meld_fu */
    uint8_t flags;     /* YM_MF_*: BAD_CHI = a chi that no suit holds (kind >= 27 or rank > 6) */
} ym_meld_fact_t;
extern ym_meld_fact_t ym_meld_facts[5][34];
void ym_meld_facts_init(void);

/* The meld facts of the context (meld_tri .. meld_fu, n_kans, n_ankan, open): cleared, then
 * one meld of type ty (<= YM_ANKAN) on kind t (< 34; a chi's kind < 27 with rank <= 6) added
 * from its ym_meld_facts entry. Called by the scorer's prepare and by the batch check, which adds
 * them in its own pass over the melds (ym_check_win_ctx). */
static inline void ym_ctx_clear_melds(ym_ctx_t *c) {
    c->meld_tri = c->meld_kan = c->meld_ankan = c->chi_runs = 0;
    c->n_kans = c->n_ankan = c->open = c->meld_fu = 0;
}
static inline void ym_ctx_add_fact(ym_ctx_t *c, const ym_meld_fact_t *m, int t) {
    uint64_t bit = YM_K(t);
    unsigned f = m->flags;
    c->chi_runs += m->runs;
    c->meld_tri |= bit & (0 - (uint64_t)(f & YM_MF_TRI));
    c->meld_kan |= bit & (0 - (uint64_t)((f >> 1) & 1));
    c->meld_ankan |= bit & (0 - (uint64_t)((f >> 2) & 1));
    c->n_kans += (f >> 1) & 1;
    c->n_ankan += (f >> 2) & 1;
    c->open |= (f >> 3) & 1;
    c->meld_fu += m->fu;
}
static inline void ym_ctx_add_meld(ym_ctx_t *c, int ty, int t) { ym_ctx_add_fact(c, &ym_meld_facts[ty][t], t); }
/* The meld's tiles added to the counts full (a ym_ctx_t's full: kinds t .. t + 3 as one word,
 * so bytes 34-36 must be there and zero). Counts <= 4 + 4 melds: no byte carries. */
static inline void ym_add_meld_counts(uint8_t *full, const ym_meld_fact_t *m, unsigned t) {
    uint32_t cur;
    memcpy(&cur, full + t, 4);
    cur += m->add;
    memcpy(full + t, &cur, 4);
}

/* The dora of each indicator kind (ym_score.c): [sanma][kind]. */
extern const uint8_t ym_next_dora_tab[2][34];
/* The tiles an indicator of kind k (< 34) makes dora: the held copies of the kind after it in
 * next (a row of ym_next_dora_tab), each kita counting as a North. */
static inline int ym_dora_tiles(const uint8_t *full, int kita, const uint8_t *next, unsigned k) {
    unsigned d = next[k];
    return full[d] + (d == 30 ? kita : 0);
}

/* ym_yaku.c */
void ym_ctx_hand_yaku(ym_ctx_t *c);
/* Yaku of a decomposition that do not depend on the winning group. */
uint64_t ym_dec_yaku(const ym_ctx_t *c, const ym_dec_t *d);
/* Evaluate a regular reading; det (nullable) receives yaku han, fu items. */
void ym_eval_regular(const ym_ctx_t *c, const ym_dec_t *d, uint64_t dec_yaku, int wg, int wait,
                     ym_eval_t *e, ym_score_t *det);
/* The same without details (the search's copy). */
void ym_eval_regular_value(const ym_ctx_t *c, const ym_dec_t *d, uint64_t dec_yaku, int wg, int wait, ym_eval_t *e);
void ym_eval_chiitoitsu(const ym_ctx_t *c, ym_eval_t *e, ym_score_t *det);
void ym_eval_kokushi(const ym_ctx_t *c, ym_eval_t *e, ym_score_t *det);
/* Multiple of a yakuman mask under the rules (stacking, doubles, cap); may drop bits (no
 * stacking). han_of (nullable) receives 13 x multiple per bit. */
int ym_yakuman_multiple(const ym_ctx_t *c, uint64_t *mask, uint8_t *han_of);
/* finish_eval when c->ext (ym_yaku.c): open riichi, sashikomi, paarenchan and aotenjou. */
void ym_finish_ext(const ym_ctx_t *c, uint64_t y, uint64_t ym, ym_eval_t *e, ym_score_t *det);
/* The han lookup tables of ym_yaku_han (ym_init calls it once, before any scoring). */
void ym_yaku_init(void);
/* Sum of han of a non-yakuman yaku mask; han_of (nullable) receives each. */
int ym_yaku_han(const ym_ctx_t *c, uint64_t mask, uint8_t *han_of);

#include "ym_bits.h" /* ym_popcount64, ym_ctz64, ym_load8 (portable) */

/* Word-at-a-time helpers over 34 byte counts (five 64-bit words, bytes past 33 zero). */
#define YM_B01 0x0101010101010101ULL
#define YM_B80 0x8080808080808080ULL
/* bit k set where counts[k] != 0; *bad set where some count exceeds 4; *sum = the total (of
 * counts 0..4: with a count above 4 it is unspecified). */
#if YM_USE_SSE2
/* SSE2 over c[0..16), c[16..32) and c[32..34): a byte above 4 leaves a nonzero byte in max - 4
 * (saturating); the zero bytes' mask, inverted, is the kinds held; psadbw sums the bytes. */
static inline uint64_t ym_count_summary(const uint8_t *c, int *bad, int *sum) {
    uint16_t last;
    memcpy(&last, c + 32, 2);
    __m128i a = _mm_loadu_si128((const __m128i *)c), b = _mm_loadu_si128((const __m128i *)(c + 16));
    __m128i t = _mm_cvtsi32_si128(last), z = _mm_setzero_si128();
    __m128i m = _mm_subs_epu8(_mm_max_epu8(_mm_max_epu8(a, b), t), _mm_set1_epi8(4));
    *bad = _mm_movemask_epi8(_mm_cmpeq_epi8(m, z)) != 0xFFFF;
    uint64_t zero = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, z)) |
                    (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, z)) << 16 |
                    (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(t, z)) << 32;
    __m128i s = _mm_add_epi64(_mm_add_epi64(_mm_sad_epu8(a, z), _mm_sad_epu8(b, z)), _mm_sad_epu8(t, z));
    *sum = _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128(s, 8));
    return ~zero & 0x3FFFFFFFFULL;
}
#else
static inline uint64_t ym_count_summary(const uint8_t *c, int *bad, int *sum) {
    uint64_t present = 0, over = 0;
    int total = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t w = i < 4 ? ym_load8(c + 8 * i) : (uint64_t)c[32] | ((uint64_t)c[33] << 8);
        over |= ((w & ~YM_B80) + 0x7B7B7B7B7B7B7B7BULL) | w;
        uint64_t nz = (((w & ~YM_B80) + ~YM_B80) | w) & YM_B80;  /* high bit of each nonzero byte */
        present |= (((nz >> 7) * 0x0102040810204080ULL) >> 56) << (8 * i);
        total += (int)(((w & 0x0F0F0F0F0F0F0F0FULL) * YM_B01) >> 56);
    }
    *bad = (over & YM_B80) != 0;
    *sum = total;
    return present;
}
#endif

#endif

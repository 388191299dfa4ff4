/* ym_check.c - well-formedness of one win (see ym_check.h). Every condition here has a worded
 * twin in src/yakuman/scoring.py (parse_request); keep the two in step. */
#include "ym_check.h"
#include "ym_score_int.h"

#include <string.h>

/* Every rule as a 0/1 term, or-ed (no branch per rule). */
static inline int check_flags(unsigned f, int seat) {
    unsigned riichi = (f & (YM_F_RIICHI | YM_F_DOUBLE_RIICHI)) != 0;
    unsigned first = (f & (YM_F_TENHOU | YM_F_CHIIHOU | YM_F_RENHOU)) != 0;
    unsigned tsumo = f & YM_F_TSUMO, dealer = seat == 0;
    unsigned bad = (f & YM_F_RIICHI) && (f & YM_F_DOUBLE_RIICHI) ? 1u : 0u;
    bad |= ((f & YM_F_IPPATSU) != 0) & !riichi;
    bad |= tsumo & ((f & (YM_F_CHANKAN | YM_F_HOUTEI | YM_F_RENHOU)) != 0);
    bad |= !tsumo & ((f & (YM_F_RINSHAN | YM_F_HAITEI | YM_F_TENHOU | YM_F_CHIIHOU)) != 0);
    bad |= (f & (YM_F_CHANKAN | YM_F_HOUTEI)) == (YM_F_CHANKAN | YM_F_HOUTEI);
    bad |= ((f & YM_F_TENHOU) != 0) & !dealer;
    bad |= ((f & (YM_F_CHIIHOU | YM_F_RENHOU)) != 0) & dealer;
    bad |= first & (riichi | ((f & (YM_F_IPPATSU | YM_F_RINSHAN | YM_F_CHANKAN | YM_F_HAITEI | YM_F_HOUTEI)) != 0));
    return (int)bad;
}

/* check_flags of every (flags bits 0-10, dealer) as one bit each (bit f | dealer << 11), built
 * by ym_check_init (ym_init calls it before any check): the batch row's flag test is a lookup. */
static uint8_t FLAGS_BAD[(1u << 12) / 8];

void ym_check_init(void) {
    for (unsigned x = 0; x < (1u << 12); x++)
        if (check_flags(x & 0x7FFu, (x >> 11) ? 0 : 1)) FLAGS_BAD[x >> 3] |= (uint8_t)(1u << (x & 7));
}

/* bits 0-10 (the local-rule bits 11-15 are ym_local_flags_bad's, which needs the rules) */
static inline int flags_bad(unsigned f, int seat) {
    unsigned x = (f & 0x7FFu) | (unsigned)(seat == 0) << 11;
    return (FLAGS_BAD[x >> 3] >> (x & 7)) & 1;
}

int ym_check_flags(unsigned f, int seat) { return flags_bad(f, seat); }

int ym_check_win(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3],
                 const uint8_t meld_reds[4], int win_red) {
    ym_ctx_t c;
    return ym_check_win_ctx(r, h, reds3, meld_reds, win_red, &c);
}

/* The conditions in the order of their codes; a row failing several gets the first one's code.
 * The common path has no branch per meld type or per rule (the returns below are taken only by
 * malformed rows). */
int ym_check_win_ctx(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3], const uint8_t meld_reds[4],
                     int win_red, ym_ctx_t *c) {
    uint8_t *full = c->full;
    int n, bad, sanma = r->players == 3, aka = r->aka_dora > 0;
    unsigned mreds[4] = {0, 0, 0, 0};   /* per suit (slot 3: honors, whose melds hold no five) */
    uint64_t held = ym_count_summary(h->counts, &bad, &n), touched = 0;
    if (bad || h->n_melds > 4 || n != 14 - 3 * h->n_melds) return YM_WBAD_TILE_COUNT;
    memcpy(full, h->counts, 34);
    memset(full + 34, 0, 6);            /* the bytes a meld on kinds 31-33 adds zero to */
    ym_ctx_clear_melds(c);
    for (int i = 0; i < h->n_melds; i++) {
        unsigned ty = h->meld_type[i], t = h->meld_tile[i];
        if (ty > YM_ANKAN || t > 33) return YM_WBAD_MELD;
        const ym_meld_fact_t *m = &ym_meld_facts[ty][t];
        if ((m->flags & YM_MF_BAD_CHI) | (sanma & (ty == YM_CHI))) return YM_WBAD_MELD;
        ym_ctx_add_fact(c, m, (int)t);
        ym_add_meld_counts(full, m, t);
        touched |= m->span;
        if (meld_reds[i] > m->fives) return YM_WBAD_REDS;
        mreds[t / 9] += meld_reds[i];
    }
    if (h->kita && !sanma) return YM_WBAD_NUMBERS;
    if (h->kita > 4) return YM_WBAD_COPIES;
    /* any kind above four, word-wise: every byte is at most 20, so adding 0x7B to its low 7 bits
     * sets bit 7 exactly when it exceeds 4 (the last word is kinds 26-33) */
    held |= touched;
    uint64_t over = 0;
    for (int i = 0; i < 4; i++) over |= (ym_load8(full + (i < 3 ? 8 * i : 26)) & ~YM_B80) + 0x7B7B7B7B7B7B7B7BULL;
    bad = (full[30] + h->kita > 4) | ((over & YM_B80) != 0);   /* kita are Norths */
    if (bad) return YM_WBAD_COPIES;
    if (sanma && (held & 0xFEull)) return YM_WBAD_SANMA_TILE;   /* 2m-8m */
    /* red fives: no more than the fives held, nor (with the melds') than aka_dora per suit, none
     * at all under rules without them */
    unsigned cap = aka ? r->aka_dora : 0;
    bad = !aka & (win_red != 0);
    for (int s = 0; s < 3; s++) bad |= (reds3[s] > h->counts[9 * s + 4]) | (reds3[s] + mreds[s] > cap);
    if (bad) return YM_WBAD_REDS;
    unsigned w = h->win;
    if (w > 33 || h->counts[w] == 0) return YM_WBAD_WIN;
    /* a red winning tile is a five of a suit of which a red five is held */
    if (win_red && aka && (w >= 27 || w % 9 != 4 || reds3[w / 9] == 0)) return YM_WBAD_WIN;
    if ((h->seat_wind > 3) | (h->round_wind > 3) | (sanma & (h->seat_wind == 3))) return YM_WBAD_WIND;
    if (flags_bad(h->flags, h->seat_wind) | ym_local_flags_bad(r, h->flags, h->seat_wind)) return YM_WBAD_FLAGS;
    if (h->n_dora > 5 || h->n_ura > 5) return YM_WBAD_INDICATORS;
    /* indicators are physical tiles: with the hand, the melds and kita no kind exceeds four (ura
     * indicators too; without riichi they are checked here and then not counted by the scorer).
     * One pass over dora then ura indicators: the kind checks, and the copies counted on top of
     * full + kita (reported after the honba check, as the order of the codes says). */
    uint8_t ind[10], tot[34];
    int ni = h->n_dora + h->n_ura;
    memcpy(ind, h->dora, 5);
    memcpy(ind + h->n_dora, h->ura, 5);   /* n_dora <= 5: within ind */
    memcpy(tot, full, 34);
    tot[30] = (uint8_t)(tot[30] + h->kita);
    unsigned kind_bad = 0, copies_bad = 0;
    int tiles[2] = {0, 0};                /* the dora and ura indicators' tiles held (the scorer's) */
    const uint8_t *next = ym_next_dora_tab[sanma];
    for (int i = 0; i < ni; i++) {
        unsigned k = ind[i], out = k > 33, kk = out ? 0 : k;
        kind_bad |= out | (sanma & (k - 1u < 7u));   /* sanma: no 2m-8m */
        copies_bad |= ++tot[kk] > 4;                  /* <= 4 + 10: no overflow */
        tiles[i >= h->n_dora] += ym_dora_tiles(full, h->kita, next, kk);
    }
    if (kind_bad) return YM_WBAD_INDICATORS;
    if (h->honba > 1000 || h->riichi_sticks > 1000) return YM_WBAD_NUMBERS;
    if (copies_bad) return YM_WBAD_INDICATOR_COPIES;
    c->present = held;
    c->dora_tiles = tiles[0];
    c->ura_tiles = tiles[1];
    return YM_WBAD_NONE;
}

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
    unsigned bad = (f >> 11) != 0;
    bad |= (f & YM_F_RIICHI) && (f & YM_F_DOUBLE_RIICHI) ? 1u : 0u;
    bad |= ((f & YM_F_IPPATSU) != 0) & !riichi;
    bad |= tsumo & ((f & (YM_F_CHANKAN | YM_F_HOUTEI | YM_F_RENHOU)) != 0);
    bad |= !tsumo & ((f & (YM_F_RINSHAN | YM_F_HAITEI | YM_F_TENHOU | YM_F_CHIIHOU)) != 0);
    bad |= (f & (YM_F_CHANKAN | YM_F_HOUTEI)) == (YM_F_CHANKAN | YM_F_HOUTEI);
    bad |= ((f & YM_F_TENHOU) != 0) & !dealer;
    bad |= ((f & (YM_F_CHIIHOU | YM_F_RENHOU)) != 0) & dealer;
    bad |= first & (riichi | ((f & (YM_F_IPPATSU | YM_F_RINSHAN | YM_F_CHANKAN | YM_F_HAITEI | YM_F_HOUTEI)) != 0));
    return (int)bad;
}

int ym_check_flags(unsigned f, int seat) { return check_flags(f, seat); }

int ym_check_win(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3],
                 const uint8_t meld_reds[4], int win_red) {
    ym_ctx_t c;
    return ym_check_win_ctx(r, h, reds3, meld_reds, win_red, &c);
}

int ym_check_win_ctx(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3], const uint8_t meld_reds[4],
                     int win_red, ym_ctx_t *c) {
    uint8_t *full = c->full;
    int n, bad, sanma = r->players == 3, aka = r->aka_dora > 0;
    int mreds[3] = {0, 0, 0};
    uint64_t held = ym_count_summary(h->counts, &bad, &n), touched = 0;
    if (bad || h->n_melds > 4 || n != 14 - 3 * h->n_melds) return YM_WBAD_TILE_COUNT;
    memcpy(full, h->counts, 34);
    ym_ctx_clear_melds(c);
    for (int i = 0; i < h->n_melds; i++) {
        int ty = h->meld_type[i], t = h->meld_tile[i];
        if (ty > YM_ANKAN || t > 33) return YM_WBAD_MELD;
        if (ty == YM_CHI) {
            if (t >= 27 || t % 9 > 6 || sanma) return YM_WBAD_MELD;
            ym_ctx_add_meld(c, YM_CHI, t);
            full[t]++, full[t + 1]++, full[t + 2]++;   /* counts <= 4 + 4 melds: no overflow */
            touched |= 7ULL << t;
            if (meld_reds[i] > ((t % 9 <= 4 && t % 9 >= 2) ? 1 : 0)) return YM_WBAD_REDS;
            if (meld_reds[i]) mreds[t / 9] += meld_reds[i];
        } else {
            int size = ty == YM_PON ? 3 : 4;
            ym_ctx_add_meld(c, ty, t);
            full[t] = (uint8_t)(full[t] + size);
            touched |= 1ULL << t;
            if (meld_reds[i] > ((t < 27 && t % 9 == 4) ? size : 0)) return YM_WBAD_REDS;
            if (meld_reds[i]) mreds[t / 9] += meld_reds[i];
        }
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
    for (int s = 0; s < 3; s++) {
        if (reds3[s] > h->counts[9 * s + 4]) return YM_WBAD_REDS;
        if (aka && reds3[s] + mreds[s] > r->aka_dora) return YM_WBAD_REDS;
        if (!aka && (reds3[s] || mreds[s])) return YM_WBAD_REDS;   /* a red five under rules without them */
    }
    if (!aka && win_red) return YM_WBAD_REDS;
    if (h->win > 33 || h->counts[h->win] == 0) return YM_WBAD_WIN;
    if (win_red && aka && (h->win >= 27 || h->win % 9 != 4 || reds3[h->win / 9] == 0)) return YM_WBAD_WIN;
    if (h->seat_wind > 3 || h->round_wind > 3 || (sanma && h->seat_wind == 3)) return YM_WBAD_WIND;
    if (check_flags(h->flags, h->seat_wind)) return YM_WBAD_FLAGS;
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
    for (int i = 0; i < ni; i++) {
        unsigned k = ind[i], out = k > 33;
        kind_bad |= out | (sanma & (k - 1u < 7u));   /* sanma: no 2m-8m */
        copies_bad |= ++tot[out ? 0 : k] > 4;         /* <= 4 + 10: no overflow */
    }
    if (kind_bad) return YM_WBAD_INDICATORS;
    if (h->honba > 1000 || h->riichi_sticks > 1000) return YM_WBAD_NUMBERS;
    if (copies_bad) return YM_WBAD_INDICATOR_COPIES;
    c->present = held;
    return YM_WBAD_NONE;
}

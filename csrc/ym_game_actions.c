/* ym_game_actions.c - the fixed action space (layout: ym_game_actions.h, docs/learning.md).
 *
 * An action's index depends only on its own fields and the rules' red fives: a discard on its
 * kind, red-ness and tsumogiri flag (ym_game_legal lists one entry per such triple); a chi on the
 * run, the called tile's place in it and whether a consumed tile is red (the two consumed kinds
 * differ, so at most one is a five); a pon on its kind and the number of red fives consumed
 * (ym_game_legal lists one entry per count); kans, kita, wins, kyuushu and pass on their kind
 * (each listed at most once per kind). So two legal actions of one state never share an index.
 */
#include <string.h>

#include "ym_game_actions.h"

static int red_suit(int k) { return k == 4 ? 0 : k == 13 ? 1 : k == 22 ? 2 : -1; }

int ym_action_index(const ym_game_t *g, const ym_action_t *a) {
    int k = a->tile < 136 ? a->tile >> 2 : -1;
    switch (a->type) {
    case YM_A_DISCARD: {
        if (k < 0) return -1;
        int tg = a->tsumogiri != 0;
        if (ym_is_red(g, a->tile)) return (tg ? YM_AX_DISCARD_RED_TG : YM_AX_DISCARD_RED) + red_suit(k);
        return (tg ? YM_AX_DISCARD_TG : YM_AX_DISCARD) + k;
    }
    case YM_A_RIICHI: return YM_AX_RIICHI;
    case YM_A_OPEN_RIICHI: return YM_AX_OPEN_RIICHI;
    case YM_A_CHI: {
        if (k < 0 || k >= 27 || a->n_consumed != 2 || a->consumed[0] >= 136 || a->consumed[1] >= 136) return -1;
        int x = a->consumed[0] >> 2, y = a->consumed[1] >> 2;
        int lo = k < x ? k : x;
        if (y < lo) lo = y;
        if (lo / 9 != k / 9 || lo % 9 > 6) return -1;
        int red = ym_is_red(g, a->consumed[0]) | ym_is_red(g, a->consumed[1]);
        int shape = 21 * (k / 9) + 3 * (lo % 9) + (k - lo);
        return YM_AX_CHI + 2 * shape + red;
    }
    case YM_A_PON: {
        if (k < 0 || a->n_consumed != 2 || a->consumed[0] >= 136 || a->consumed[1] >= 136) return -1;
        int reds = ym_is_red(g, a->consumed[0]) + ym_is_red(g, a->consumed[1]);
        if (reds == 0) return YM_AX_PON + k;
        return (reds == 1 ? YM_AX_PON_RED1 : YM_AX_PON_RED2) + red_suit(k);
    }
    case YM_A_DAIMINKAN: return k < 0 ? -1 : YM_AX_DAIMINKAN + k;
    case YM_A_KAKAN: return k < 0 ? -1 : YM_AX_KAKAN + k;
    case YM_A_ANKAN: return k < 0 ? -1 : YM_AX_ANKAN + k;
    case YM_A_KITA: return YM_AX_KITA;
    case YM_A_TSUMO: return YM_AX_TSUMO;
    case YM_A_RON: return YM_AX_RON;
    case YM_A_KYUUSHU: return YM_AX_KYUUSHU;
    case YM_A_PASS: return YM_AX_PASS;
    default: return -1;
    }
}

int ym_action_mask(const ym_game_t *g, int seat, uint8_t *mask, ym_action_t *legal, uint16_t *idx) {
    int n = ym_game_legal(g, seat, legal);
    if (mask) memset(mask, 0, YM_AX_N);
    for (int i = 0; i < n; i++) {
        int x = ym_action_index(g, &legal[i]);
        idx[i] = (uint16_t)(x < 0 ? 0xFFFF : x);
        if (mask && x >= 0) mask[x] = 1;
    }
    return n;
}

int ym_action_from_index(const ym_game_t *g, int seat, int index, ym_action_t *out) {
    ym_action_t legal[YM_G_MAX_ACTIONS];
    if (index < 0 || index >= YM_AX_N) return 1;
    int n = ym_game_legal(g, seat, legal);
    for (int i = 0; i < n; i++)
        if (ym_action_index(g, &legal[i]) == index) {
            *out = legal[i];
            return 0;
        }
    return 1;
}

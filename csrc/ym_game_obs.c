/* ym_game_obs.c - what one seat can see (feature planes), the invariant check.
 *
 * Planes (uint8 [YM_OBS_PLANES][34], seats relative to the observer: 0 = self, 1 = next, ...):
 *   0 own concealed counts          1 own drawn tile (1 at its kind)
 *   2-5 melded tiles per seat        6-9 discards per seat (counts)
 *   10-13 tsumogiri discards         14-17 riichi declaration tile per seat
 *   18 dora indicators (counts)      19 dora kinds (counts of indicators pointing at the kind)
 *   20 own red fives (at the kind)   21 unseen copies (4 - everything the seat sees)
 *   22-25 called-away discards       26-29 kita per seat (count at kind 30, sanma)
 *   30-32 the concealed counts of the other seats (1..3) in open riichi (rules.open_riichi:
 *         the hand is shown to every seat from the declaration on; zero otherwise)
 * Scalars (int64 [YM_OBS_SCALARS]): 0-3 scores (relative seats, exact 64-bit), 4-7 riichi state, 8 honba,
 *   9 sticks, 10 round wind, 11 seat wind, 12 tiles left, 13 dealer (relative), 14 kyoku,
 *   15 phase, 16 to-act mask (relative bits), 17 players, 18-21 melds per seat, 22 kans, 23 dora count.
 * Nothing of another seat's concealed tiles (but an open riichi's), the wall or the dead wall
 * (except revealed indicators) enters: the planes are a function of the seat's information set (tested).
 *
 * ym_game_check: every id in exactly one place (hands, melds, kita, rivers, the undrawn wall).
 * Determinization (what a seat cannot see, re-dealt): ym_game_world.c.
 */
#include <string.h>

#include "ym_game.h"

/* What `seat` sees outside its own concealed tiles, by kind: river tiles (those not called away:
 * a called tile is counted in the caller's meld), every meld, kita, the revealed dora indicators
 * and the concealed tiles of the other seats in open riichi (as the observation's unseen plane
 * counts them). */
void ym_game_visible(const ym_game_t *g, int seat, uint8_t vis[34]) {
    memset(vis, 0, 34);
    for (int q = 0; q < g->R.players; q++) {
        const ym_seat_t *o = &g->s[q];
        if (q != seat && o->open_riichi)
            for (int k = 0; k < 34; k++) vis[k] = (uint8_t)(vis[k] + o->c[k]);
        for (int j = 0; j < o->n_river; j++)
            if (!(o->rmark[j] & YM_RV_CALLED)) vis[o->river[j] >> 2]++;
        for (int m = 0; m < o->n_melds; m++)
            for (int j = 0; j < o->melds[m].n; j++) vis[o->melds[m].ids[j] >> 2]++;
        vis[30] = (uint8_t)(vis[30] + o->kita);
    }
    for (int j = 0; j < g->n_dora; j++) vis[ym_game_dora_indicator(g, j) >> 2]++;
}

/* planes and sc are restrict: the plane stores (uint8_t, which may alias anything) would
 * otherwise make the compiler reload every field of g after each of them. */
void ym_game_obs(const ym_game_t *restrict g, int seat, uint8_t *restrict planes, int64_t *restrict sc) {
    int n = g->R.players;
    memset(planes, 0, YM_OBS_PLANES * 34);
    memset(sc, 0, YM_OBS_SCALARS * sizeof(int64_t));
    if (seat < 0 || seat >= n) return;
    uint8_t seen[34];
    const ym_seat_t *me = &g->s[seat];
    memcpy(planes, me->c, 34);
    memcpy(seen, me->c, 34);
    if (me->drawn != 255) planes[34 + (me->drawn >> 2)] = 1;
    for (int i = 0; i < me->n; i++)
        if (ym_is_red(g, me->ids[i])) planes[20 * 34 + (me->ids[i] >> 2)]++;
    for (int r = 0; r < n; r++) {
        int q = (seat + r) % n;
        const ym_seat_t *p = &g->s[q];
        for (int i = 0; i < p->n_melds; i++)
            for (int j = 0; j < p->melds[i].n; j++) {
                int k = p->melds[i].ids[j] >> 2;
                planes[(2 + r) * 34 + k]++;
                seen[k]++;
                if (q == seat && ym_is_red(g, p->melds[i].ids[j])) planes[20 * 34 + k]++;
            }
        const int nr = p->n_river;
        uint8_t *restrict disc = planes + (6 + r) * 34, *restrict tg = planes + (10 + r) * 34;
        uint8_t *restrict rc = planes + (14 + r) * 34, *restrict called = planes + (22 + r) * 34;
        for (int i = 0; i < nr; i++) {
            const int k = p->river[i] >> 2, mk = p->rmark[i];
            disc[k]++;
            tg[k] = (uint8_t)(tg[k] + (mk & YM_RV_TSUMOGIRI));
            if (mk & YM_RV_RIICHI) rc[k] = 1;
            const int c = (mk & YM_RV_CALLED) != 0;
            called[k] = (uint8_t)(called[k] + c);
            seen[k] = (uint8_t)(seen[k] + !c);
        }
        planes[(26 + r) * 34 + 30] = p->kita;
        if (r > 0 && p->open_riichi)
            for (int k = 0; k < 34; k++) {
                planes[(29 + r) * 34 + k] = p->c[k];
                seen[k] = (uint8_t)(seen[k] + p->c[k]);
            }
        seen[30] = (uint8_t)(seen[30] + p->kita);
        sc[r] = p->score;
        sc[4 + r] = p->riichi;
        sc[18 + r] = p->n_melds;
    }
    for (int i = 0; i < g->n_dora; i++) {
        int k = ym_game_dora_indicator(g, i) >> 2;
        planes[18 * 34 + k]++;
        planes[19 * 34 + ym_next_dora(k, n == 3)]++;
        seen[k]++;
    }
    for (int k = 0; k < 34; k++) {
        int absent = n == 3 && k >= 1 && k <= 7;
        planes[21 * 34 + k] = (uint8_t)(absent || seen[k] >= 4 ? 0 : 4 - seen[k]);
    }
    sc[8] = g->honba;
    sc[9] = g->sticks;
    sc[10] = g->round_wind;
    sc[11] = (seat - g->dealer + n) % n;
    sc[12] = ym_game_left(g);
    sc[13] = (g->dealer - seat + n) % n;
    sc[14] = g->kyoku;
    sc[15] = g->phase;
    int act = ym_game_to_act(g), rel = 0;
    /* who else is asked to answer a discard (who could call or ron) is hidden from this seat */
    if (g->phase == YM_PH_RESPONSE) act &= 1 << seat;
    for (int r = 0; r < n; r++)
        if ((act >> ((seat + r) % n)) & 1) rel |= 1 << r;
    sc[16] = rel;
    sc[17] = n;
    sc[22] = g->n_kans;
    sc[23] = g->n_dora;
}

int ym_game_check(const ym_game_t *g) {
    uint8_t where[136];
    memset(where, 0, sizeof where);
    int n = g->R.players, total = 0;
    for (int q = 0; q < n; q++) {
        const ym_seat_t *p = &g->s[q];
        uint8_t c[34];
        memset(c, 0, 34);
        for (int i = 0; i < p->n; i++) {
            where[p->ids[i]]++;
            c[p->ids[i] >> 2]++;
            total++;
        }
        if (memcmp(c, p->c, 34)) return 2;
        for (int i = 0; i < p->n_melds; i++)
            for (int j = 0; j < p->melds[i].n; j++) {
                where[p->melds[i].ids[j]]++;
                total++;
            }
        for (int i = 0; i < p->kita && i < 4; i++) {
            where[p->kita_ids[i]]++;
            total++;
        }
        for (int i = 0; i < p->n_river; i++)
            if (!(p->rmark[i] & YM_RV_CALLED)) {
                where[p->river[i]]++;
                total++;
            }
        if (p->n + 3 * p->n_melds != 13 && p->n + 3 * p->n_melds != 14) return 3;
    }
    uint8_t pos[136];
    int m = ym_game_undrawn(g, pos);
    for (int i = 0; i < m; i++) {
        where[g->wall[pos[i]]]++;
        total++;
    }
    if (total != g->n_tiles) return 4;
    for (int id = 0; id < 136; id++) {
        int in_set = !(g->n_tiles == 108 && id >= 4 && id < 32);
        if (where[id] != (in_set ? 1 : 0)) return 5;
    }
    return 0;   /* conservation of the scores is checked by the caller, who knows the starting total */
}

/* ym_game_legal.c - the legal actions of a seat in the current phase, and win scoring.
 *
 * SELF phase (the actor, holding 14-3k tiles after a draw): tsumo (a complete hand with a yaku, by
 * the scorer), discards (one per kind and red-ness; the drawn tile's own entry is the tsumogiri
 * one), riichi (closed, riichi_min_points, riichi_min_live_tiles left in the live wall counted
 * before the declarer's draw as the Tenhou records show, some discard leaves a wait), ankan (after riichi only of the drawn tile and only when the waits stay the same), kakan,
 * kita (sanma), kyuushu kyuuhai (first turn, no call yet, nine terminal/honor kinds). After a call
 * only discards, minus the kuikae kinds (the called kind and the suji swap) unless rules.kuikae;
 * after a riichi declaration only the discards that leave a wait.
 * RESPONSE phase (each asked seat): pass; ron (wait, not furiten: own discards, temporary, riichi;
 * a yaku by the scorer; on an ankan only kokushi when chankan_ankan allows); on a discard, while
 * the live wall is not empty and the seat is not in riichi: pon, daiminkan, chi (next seat only,
 * not in sanma; one entry per red-five choice), each only when a legal discard remains after it.
 * No kan when the live wall is empty or when four kans stand (fifth_kan "aborts" allows a fifth).
 *
 * Invariants: the output array has room for YM_G_MAX_ACTIONS entries and is never overrun; the
 * state is read only. The tsumo and riichi checks take the hand's shanten from the draw's memo
 * (ym_game_t.memo_*) only when the memo's counts equal the hand's, else compute it; a response
 * is opened only for the seats that pass may_respond, a necessary condition for any action
 * beyond pass, so the responder mask equals the one of a full legal-action build.
 * ym_game_discard_legal and ym_game_pass_legal decide a discard / a pass by the same rules as the
 * full list (discard_allowed, answering), without building it.
 */
#include <string.h>

#include "ym_game.h"
#include "ym_shanten.h"

#define YAO_MASK 0x3FC060301ULL

/* Waits of the 13-3k hand; a hand that is not tenpai (shanten > 0: one cheap lookup) has none. */
uint64_t ym_game_waits(const ym_seat_t *p, int sanma) {
    if (ym_shanten(p->c, p->n_melds, YM_FORM_ALL, sanma) > 0) return 0;
    return ym_waits(p->c, p->n_melds, sanma);
}

static int memo_hit(const ym_game_t *g, int seat) {
    const ym_seat_t *p = &g->s[seat];
    return g->memo_seat == seat && g->memo_melds == p->n_melds && memcmp(g->memo_c, p->c, 34) == 0;
}

int ym_game_memo_lookup(const ym_game_t *g, int seat) { return memo_hit(g, seat) ? g->memo_sh : -2; }

int ym_game_memo_shanten(const ym_game_t *g, int seat) {
    const ym_seat_t *p = &g->s[seat];
    if (memo_hit(g, seat)) return g->memo_sh;
    return ym_shanten(p->c, p->n_melds, YM_FORM_ALL, SANMA(g));
}

void ym_game_memo_store(ym_game_t *g, int seat) {
    const ym_seat_t *p = &g->s[seat];
    g->memo_seat = (uint8_t)seat;
    g->memo_melds = p->n_melds;
    memcpy(g->memo_c, p->c, 34);
    g->memo_sh = (int8_t)ym_shanten(p->c, p->n_melds, YM_FORM_ALL, SANMA(g));
}

static int is_closed(const ym_seat_t *p) {
    for (int i = 0; i < p->n_melds; i++)
        if (p->melds[i].type != YM_ANKAN) return 0;
    return 1;
}

static int furiten(const ym_seat_t *p) {
    return (p->waits & p->discarded) != 0 || p->temp_furiten || p->riichi_furiten;
}

static int kan_ok(const ym_game_t *g) {
    if (ym_game_left(g) <= 0) return 0;
    if (g->n_kans < 4) return 1;
    return g->R.fifth_kan_aborts && g->n_kans == 4;
}

/* The situation flags (YM_F_*) of a win of `seat` (tsumo: from == seat or 255; ron: from = the
 * discarder / kan declarer, rk = what the response answers): the one place of the riichi, ippatsu,
 * rinshan, chankan, haitei, houtei, tenhou / chiihou / renhou rules. */
unsigned ym_game_win_flags(const ym_game_t *g, int seat, int from, int rk) {
    const ym_seat_t *p = &g->s[seat];
    int tsumo = from == seat || from == 255;
    unsigned f = 0;
    int left = ym_game_left(g);
    if (tsumo) f |= YM_F_TSUMO;
    if (p->riichi == 2) f |= p->double_riichi ? YM_F_DOUBLE_RIICHI : YM_F_RIICHI;
    if (p->riichi == 2 && p->ippatsu) f |= YM_F_IPPATSU;
    if (tsumo && p->rinshan) f |= YM_F_RINSHAN;
    if (!tsumo && (rk == YM_RK_KAKAN || rk == YM_RK_ANKAN)) f |= YM_F_CHANKAN;
    /* haitei: a tsumo of the last live tile; a replacement draw that took it is rinshan only unless
     * haitei_with_rinshan. houtei: a ron on the discard after that last draw, also when the draw
     * was a replacement tile (after a kan or kita) unless houtei_after_rinshan is off (Tenhou: on) */
    if (tsumo && left == 0 && (!p->rinshan || g->R.score.haitei_with_rinshan)) f |= YM_F_HAITEI;
    if (!tsumo && rk == YM_RK_DISCARD && left == 0 && (!g->s[from].rinshan || g->R.houtei_after_rinshan))
        f |= YM_F_HOUTEI;
    if (g->first_go && p->n_river == 0 && p->n_melds == 0) {
        if (tsumo && p->draws == 1) f |= seat == g->dealer ? YM_F_TENHOU : YM_F_CHIIHOU;
        if (!tsumo && seat != g->dealer && p->draws == 0 && g->R.score.renhou != YM_RENHOU_NONE)
            f |= YM_F_RENHOU;
    }
    if (f & (YM_F_TENHOU | YM_F_CHIIHOU | YM_F_RENHOU)) f &= ~(unsigned)(YM_F_HAITEI | YM_F_HOUTEI | YM_F_RINSHAN);
    if ((f & YM_F_IPPATSU) && (f & YM_F_RINSHAN)) f &= ~(unsigned)YM_F_IPPATSU;
    /* open riichi; sashikomi: a ron on it by a discarder not in riichi (docs/rules.md 3.7) */
    if (p->riichi == 2 && p->open_riichi && g->R.score.open_riichi) {
        f |= YM_F_OPEN_RIICHI;
        if (!tsumo && g->R.score.open_riichi_sashikomi && from != 255 && from != seat && g->s[from].riichi == 0)
            f |= YM_F_SASHIKOMI;
    }
    /* paarenchan: the dealer's eighth or later win in a row (docs/rules.md 3.7) */
    if (g->R.score.paarenchan && seat == g->dealer && g->dealer_wins >= 7) f |= 1u << YM_F_PAARENCHAN_SHIFT;
    return f;
}

/* ---- scoring a win ------------------------------------------------------------------------ */
static void win_hand(const ym_game_t *g, int seat, int tile, int from, int rk, int bonus, ym_hand_t *hp) {
    const ym_seat_t *p = &g->s[seat];
    int n = g->R.players, tsumo = from == seat || from == 255;
    ym_hand_t *h = hp;
    memset(h, 0, sizeof *h);
    memcpy(h->counts, p->c, 34);
    int reds = 0;
    for (int i = 0; i < p->n; i++) reds += ym_is_red(g, p->ids[i]);
    if (!tsumo) {
        h->counts[tile >> 2]++;
        reds += ym_is_red(g, tile);
    }
    h->n_melds = p->n_melds;
    for (int i = 0; i < p->n_melds; i++) {
        const ym_gmeld_t *m = &p->melds[i];
        h->meld_type[i] = m->type;
        h->meld_tile[i] = m->kind;
        for (int j = 0; j < m->n; j++) reds += ym_is_red(g, m->ids[j]);
    }
    h->reds = (uint8_t)reds;
    h->win = (uint8_t)(tile >> 2);
    h->seat_wind = (uint8_t)((seat - g->dealer + n) % n);
    h->round_wind = g->round_wind;
    h->n_dora = g->n_dora;
    for (int i = 0; i < g->n_dora; i++) h->dora[i] = (uint8_t)(ym_game_dora_indicator(g, i) >> 2);
    if (p->riichi == 2) {
        h->n_ura = g->n_dora;
        for (int i = 0; i < g->n_dora; i++) h->ura[i] = (uint8_t)(ym_game_ura_indicator(g, i) >> 2);
    }
    h->kita = p->kita;
    if (p->pao_seat != 255 && p->pao_seat != from) h->pao = p->pao_bits;
    if (tsumo && p->rinshan && p->kan_from != 255) h->pao |= YM_PAO_RINSHAN;   /* daiminkan_rinshan_pao */
    h->flags = (uint16_t)ym_game_win_flags(g, seat, from, rk);
    /* the honba always: whether the hand wins at all reads it (ryanhan shibari from five honba);
       the sticks only with the bonus (a check's payments are not read) */
    h->honba = g->honba;
    if (bonus) h->riichi_sticks = (uint16_t)(g->sticks > 65535 ? 65535 : g->sticks);
}

static int score_win(const ym_game_t *g, int seat, int tile, int from, int rk, int bonus, ym_score_t *out,
                     int lite) {
    ym_hand_t h;
    win_hand(g, seat, tile, from, rk, bonus, &h);
    return ym_score_ex(&g->R.score, &h, out, lite);
}

int ym_game_score_win(const ym_game_t *g, int seat, int tile, int from, int rk, int bonus, ym_score_t *out) {
    return score_win(g, seat, tile, from, rk, bonus, out, 0);
}

int ym_game_score_win_pay(const ym_game_t *g, int seat, int tile, int from, int rk, int bonus, ym_score_t *out,
                          ym_gpay_t *pay, int64_t *points) {
    ym_hand_t h;
    win_hand(g, seat, tile, from, rk, bonus, &h);
    int st = ym_score_ex(&g->R.score, &h, out, 0);
    ym_game_win_pay(&g->R.score, out, &h, pay, points);
    return st;
}

static int can_ron(const ym_game_t *g, int seat) {
    const ym_seat_t *p = &g->s[seat];
    int k = g->resp_tile >> 2;
    if (!((p->waits >> k) & 1) || furiten(p)) return 0;
    if (p->n + 1 + 3 * p->n_melds != 14) return 0;
    ym_score_t sc;
    if (score_win(g, seat, g->resp_tile, g->resp_from, g->resp_kind, 0, &sc, 1) != YM_ST_OK) return 0;
    /* an ankan is answered only under chankan_ankan = kokushi_only (ym_game_step.c opens that
     * response only then, the rule's one place), and only by kokushi */
    if (g->resp_kind == YM_RK_ANKAN) return (sc.yaku & (YM_BIT(YM_Y_KOKUSHI) | YM_BIT(YM_Y_KOKUSHI_13))) != 0;
    return 1;
}

/* sh: the hand's all-forms shanten (-1 = complete; the player count does not change -1 for a
 * hand that holds no 2m-8m). */
static int can_tsumo(const ym_game_t *g, int seat, int sh) {
    const ym_seat_t *p = &g->s[seat];
    if (p->drawn == 255 || sh != -1) return 0;
    ym_score_t sc;
    return score_win(g, seat, p->drawn, seat, YM_RK_DISCARD, 0, &sc, 1) == YM_ST_OK;
}

/* ---- helpers -------------------------------------------------------------------------------- */
static void put(ym_action_t *out, int *n, int type, int seat, int tile, int target, int tg, int nc,
                const uint8_t *cons) {
    if (*n >= YM_G_MAX_ACTIONS) return;
    ym_action_t *a = &out[(*n)++];
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->seat = (uint8_t)seat;
    a->tile = (uint8_t)tile;
    a->target = (uint8_t)target;
    a->tsumogiri = (uint8_t)tg;
    a->n_consumed = (uint8_t)nc;
    for (int i = 0; i < nc; i++) a->consumed[i] = cons[i];
}

/* Whether the actor may discard a tile of kind k (tg: it is the drawn id): the rule of
 * add_discards and ym_game_discard_legal. only_drawn: riichi (only the drawn tile). need_wait:
 * after a riichi declaration (the 13-3k hand left has a wait iff its 4-copy-aware shanten is 0;
 * ym_waits leaves out only kinds held four times, which such a shanten never counts on). */
static int discard_allowed(const ym_game_t *g, const ym_seat_t *p, int k, int tg, int only_drawn, int need_wait) {
    if (only_drawn && !tg) return 0;
    if ((p->forbid >> k) & 1) return 0;
    if (need_wait) {
        uint8_t c[34];
        memcpy(c, p->c, 34);
        c[k]--;
        if (ym_shanten(c, p->n_melds, YM_FORM_ALL, SANMA(g)) > 0) return 0;
    }
    return 1;
}

/* Discards of the actor: one per (kind, red) variant; the drawn id gets its own tsumogiri entry.
 * only_drawn: riichi (only the drawn tile). need_wait: after a riichi declaration. */
static void add_discards(const ym_game_t *g, int seat, ym_action_t *out, int *n, int only_drawn, int need_wait) {
    const ym_seat_t *p = &g->s[seat];
    uint64_t done[2] = {0, 0};   /* [red]: kinds already listed */
    const int drawn = p->drawn, aka = g->R.score.aka_dora, nh = p->n < 14 ? p->n : 14;
    uint8_t ids[14];
    memcpy(ids, p->ids, sizeof ids);   /* locals: the stores to out cannot alias them */
    int m = *n;
    for (int i = 0; i < nh; i++) {
        int id = ids[i], k = id >> 2, tg = id == drawn;
        if (!discard_allowed(g, p, k, tg, only_drawn, need_wait)) continue;
        if (!tg) {   /* the drawn id has its own (tsumogiri) entry; others one per kind and red-ness */
            int red = (int)((0x402010ULL >> k) & 1) & ((id & 3) < aka);   /* ym_is_red */
            if ((done[red] >> k) & 1) continue;
            done[red] |= 1ULL << k;
        }
        if (m >= YM_G_MAX_ACTIONS) break;
        /* written in place (a struct built on the stack and copied would be read back as a
           word right after its byte stores: a store-forwarding stall) */
        ym_action_t *a = &out[m++];
        memset(a, 0, sizeof *a);
        a->type = YM_A_DISCARD;
        a->seat = (uint8_t)seat;
        a->tile = (uint8_t)id;
        a->target = 255;
        a->tsumogiri = (uint8_t)tg;
    }
    *n = m;
}

static int ids_of_kind(const ym_seat_t *p, int k, uint8_t *out) {
    int m = 0;
    for (int i = 0; i < p->n; i++)
        if ((p->ids[i] >> 2) == k) out[m++] = p->ids[i];
    /* ascending ids: a canonical order */
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return m;
}

/* Some tile other than the forbidden kinds is left after removing `cons` (kuikae). */
static int discard_left(const ym_seat_t *p, const uint8_t *cons, int nc, uint64_t forbid) {
    uint8_t c[34];
    memcpy(c, p->c, 34);
    for (int i = 0; i < nc; i++) c[cons[i] >> 2]--;
    for (int k = 0; k < 34; k++)
        if (c[k] && !((forbid >> k) & 1)) return 1;
    return 0;
}

uint64_t ym_game_call_forbid(const ym_game_t *g, int type, int called_kind, const uint8_t *cons);
uint64_t ym_game_call_forbid(const ym_game_t *g, int type, int called_kind, const uint8_t *cons) {
    if (g->R.kuikae) return 0;
    uint64_t f = 1ULL << called_kind;
    if (type == YM_A_CHI) {
        int a = cons[0] >> 2, b = cons[1] >> 2;
        int lo = a < b ? a : b, hi = a < b ? b : a;
        int suit = called_kind / 9;
        if (called_kind < lo && hi + 1 < 9 * (suit + 1)) f |= 1ULL << (hi + 1);  /* called lowest */
        if (called_kind > hi && lo - 1 >= 9 * suit) f |= 1ULL << (lo - 1);      /* called highest */
    }
    return f;
}

/* chi / pon variants by red fives: distinct (kind, red) multisets of the consumed tiles */
static void add_pon(const ym_game_t *g, int seat, ym_action_t *out, int *n) {
    const ym_seat_t *p = &g->s[seat];
    int k = g->resp_tile >> 2;
    if (p->c[k] < 2) return;   /* neither a pon nor a kan */
    uint8_t ids[4], plain[4], red[4];
    int m = ids_of_kind(p, k, ids), np = 0, nr = 0;
    for (int i = 0; i < m; i++) {
        if (ym_is_red(g, ids[i])) red[nr++] = ids[i];
        else plain[np++] = ids[i];
    }
    uint8_t cons[2];
    uint64_t forbid = ym_game_call_forbid(g, YM_A_PON, k, NULL);
    for (int r = 0; r <= 2; r++) {
        if (r > nr || 2 - r > np) continue;
        int j = 0;
        for (int i = 0; i < r; i++) cons[j++] = red[i];
        for (int i = 0; i < 2 - r; i++) cons[j++] = plain[i];
        if (discard_left(p, cons, 2, forbid))
            put(out, n, YM_A_PON, seat, g->resp_tile, g->resp_from, 0, 2, cons);
    }
    if (m == 3 && kan_ok(g)) put(out, n, YM_A_DAIMINKAN, seat, g->resp_tile, g->resp_from, 0, 3, ids);
}

static void add_chi(const ym_game_t *g, int seat, ym_action_t *out, int *n) {
    const ym_seat_t *p = &g->s[seat];
    int k = g->resp_tile >> 2;
    if (k >= 27) return;
    int base = 9 * (k / 9), r = k - base;
    static const int offs[3][2] = {{-2, -1}, {-1, 1}, {1, 2}};
    for (int s = 0; s < 3; s++) {
        int a = r + offs[s][0], b = r + offs[s][1];
        if (a < 0 || b > 8) continue;
        if (!p->c[base + a] || !p->c[base + b]) continue;
        uint8_t ia[4], ib[4];
        int na = ids_of_kind(p, base + a, ia), nb = ids_of_kind(p, base + b, ib);
        if (!na || !nb) continue;
        /* variants: for each of the two kinds, a plain copy and (if held) a red copy */
        for (int va = 0; va < 2; va++) {
            int pa = -1;
            for (int i = 0; i < na; i++)
                if (ym_is_red(g, ia[i]) == va) { pa = ia[i]; break; }
            if (pa < 0) continue;
            for (int vb = 0; vb < 2; vb++) {
                int pb = -1;
                for (int i = 0; i < nb; i++)
                    if (ym_is_red(g, ib[i]) == vb) { pb = ib[i]; break; }
                if (pb < 0) continue;
                uint8_t cons[2] = {(uint8_t)pa, (uint8_t)pb};
                uint64_t forbid = ym_game_call_forbid(g, YM_A_CHI, k, cons);
                if (discard_left(p, cons, 2, forbid))
                    put(out, n, YM_A_CHI, seat, g->resp_tile, g->resp_from, 0, 2, cons);
            }
        }
    }
}


static void add_self(const ym_game_t *g, int seat, ym_action_t *out, int *n) {
    const ym_seat_t *p = &g->s[seat];
    int before = *n;
    if (g->self_mode == YM_SM_CALLED) {
        add_discards(g, seat, out, n, 0, 0);
        return;
    }
    if (g->self_mode == YM_SM_RIICHI) {
        add_discards(g, seat, out, n, 0, 1);
        /* only a determinized copy (ym_game_determinize re-deals the hand) can lack such a
         * discard: then any discard, so that the state always has a legal action */
        if (*n == before) add_discards(g, seat, out, n, 0, 0);
        return;
    }
    int left = ym_game_left(g);
    int sh = ym_game_memo_shanten(g, seat);
    if (can_tsumo(g, seat, sh)) put(out, n, YM_A_TSUMO, seat, p->drawn, seat, 0, 0, NULL);
    add_discards(g, seat, out, n, p->riichi == 2, 0);
    /* some discard leaves a wait: the 14-3k hand's 4-copy-aware shanten is at most 0 (a hand
       one replacement from complete: discarding that tile leaves a wait with a copy outside) */
    if (p->riichi == 0 && is_closed(p) && p->score >= g->R.riichi_min_points && left + 1 >= g->R.riichi_min_live &&
        sh <= 0) {
        put(out, n, YM_A_RIICHI, seat, 255, 255, 0, 0, NULL);
        if (g->R.score.open_riichi) put(out, n, YM_A_OPEN_RIICHI, seat, 255, 255, 0, 0, NULL);
    }
    if (kan_ok(g)) {
        for (int k = 0; k < 34; k++) {
            if (p->c[k] != 4) continue;
            if (p->riichi) {
                if (p->drawn == 255 || (p->drawn >> 2) != k) continue;
                uint8_t c[34];
                memcpy(c, p->c, 34);
                c[k] = 0;
                if (p->n_melds >= 4 || ym_waits(c, p->n_melds + 1, SANMA(g)) != p->waits) continue;
            }
            uint8_t ids[4];
            ids_of_kind(p, k, ids);
            put(out, n, YM_A_ANKAN, seat, ids[0], seat, 0, 4, ids);
        }
        if (!p->riichi) {
            for (int i = 0; i < p->n_melds; i++) {
                const ym_gmeld_t *m = &p->melds[i];
                if (m->type != YM_PON || !p->c[m->kind]) continue;
                uint8_t ids[4];
                ids_of_kind(p, m->kind, ids);
                put(out, n, YM_A_KAKAN, seat, ids[0], seat, 0, 3, m->ids);
            }
        }
    }
    if (g->R.players == 3 && p->c[30] && left > 0) {
        if (!p->riichi) {
            uint8_t ids[4];
            ids_of_kind(p, 30, ids);
            put(out, n, YM_A_KITA, seat, ids[0], seat, 0, 0, NULL);
        } else if (p->drawn != 255 && (p->drawn >> 2) == 30) {
            put(out, n, YM_A_KITA, seat, p->drawn, seat, 0, 0, NULL);
        }
    }
    if ((g->R.abortive & YM_AB_KYUUSHU) && g->first_go && p->n_river == 0 && p->n_melds == 0) {
        int kinds = 0;
        for (int k = 0; k < 34; k++) kinds += ((YAO_MASK >> k) & 1) && p->c[k];
        if (kinds >= 9) put(out, n, YM_A_KYUUSHU, seat, 255, 255, 0, 0, NULL);
    }
}

/* A seat answering the open response: not its discarder, asked and not answered yet (check_mask;
 * ym_game_responders asks without it). Such a seat may always pass. */
static int answering(const ym_game_t *g, int seat, int check_mask) {
    if (g->phase != YM_PH_RESPONSE || seat == g->resp_from) return 0;
    return !check_mask || (((g->resp_mask >> seat) & 1) && !((g->resp_done >> seat) & 1));
}

int ym_game_pass_legal(const ym_game_t *g, int seat) {
    return seat >= 0 && seat < g->R.players && answering(g, seat, 1);
}

static int legal_impl(const ym_game_t *g, int seat, ym_action_t *out, int check_mask) {
    int n = 0;
    if (seat < 0 || seat >= g->R.players) return 0;
    if (g->phase == YM_PH_SELF) {
        if (seat == g->actor) add_self(g, seat, out, &n);
        return n;
    }
    if (!answering(g, seat, check_mask)) return 0;
    if (can_ron(g, seat)) put(out, &n, YM_A_RON, seat, g->resp_tile, g->resp_from, 0, 0, NULL);
    const ym_seat_t *p = &g->s[seat];
    if (g->resp_kind == YM_RK_DISCARD && ym_game_left(g) > 0 && !p->riichi) {
        add_pon(g, seat, out, &n);
        if (g->R.players == 4 && seat == (g->resp_from + 1) % 4) add_chi(g, seat, out, &n);
    }
    put(out, &n, YM_A_PASS, seat, 255, 255, 0, 0, NULL);
    return n;
}

int ym_game_legal(const ym_game_t *g, int seat, ym_action_t *out) { return legal_impl(g, seat, out, 1); }

/* A seat can have more than "pass" on the open response only if the tile is one of its waits
 * (ron), it holds two of the kind (pon, kan) or, as the next seat in a four-player game, two
 * kinds that run with it (chi): a necessary condition, so a seat failing it has only "pass". */
static int may_respond(const ym_game_t *g, int q) {
    const ym_seat_t *p = &g->s[q];
    int k = g->resp_tile >> 2;
    if ((p->waits >> k) & 1) return 1;
    if (g->resp_kind != YM_RK_DISCARD || p->riichi) return 0;
    if (p->c[k] >= 2) return 1;
    if (g->R.players != 4 || q != (g->resp_from + 1) % 4 || k >= 27) return 0;
    int r = k % 9;
    const uint8_t *c = p->c + (k - r);
    return (r >= 2 && c[r - 2] && c[r - 1]) || (r >= 1 && r <= 7 && c[r - 1] && c[r + 1]) ||
           (r <= 6 && c[r + 1] && c[r + 2]);
}

/* Seats with anything but pass on the current response (used to open a RESPONSE phase). */
int ym_game_responders(const ym_game_t *g) {
    ym_action_t buf[YM_G_MAX_ACTIONS];
    int out = 0;
    for (int q = 0; q < g->R.players; q++)
        if (q != g->resp_from && may_respond(g, q) && legal_impl(g, q, buf, 0) > 1) out |= 1 << q;
    return out;
}

static int held(const ym_seat_t *p, int id) {
    for (int i = 0; i < p->n; i++)
        if (p->ids[i] == id) return 1;
    return 0;
}

/* The same decision: a discard of the same kind, red-ness and tsumogiri flag whose id the seat
 * holds; a call consuming held ids of the same kinds and red-ness; kans / kita of the same kind. */
static int same_action(const ym_game_t *g, const ym_action_t *a, const ym_action_t *b) {
    if (a->type != b->type || a->seat != b->seat) return 0;
    const ym_seat_t *p = &g->s[a->seat];
    switch (a->type) {
    case YM_A_DISCARD:
        if (a->tile >= 136 || !held(p, a->tile)) return 0;
        if ((a->tsumogiri != 0) != (a->tile == p->drawn)) return 0;
        return (a->tile >> 2) == (b->tile >> 2) && ym_is_red(g, a->tile) == ym_is_red(g, b->tile) &&
               a->tsumogiri == b->tsumogiri;
    case YM_A_CHI: case YM_A_PON: case YM_A_DAIMINKAN: {
        /* the called tile and its discarder are the state's own: a call on another discard
           (a stale action) is not this one */
        if (a->tile != b->tile || a->target != b->target) return 0;
        if (a->n_consumed != b->n_consumed || a->n_consumed > 4) return 0;
        int used[4] = {0, 0, 0, 0};
        for (int i = 0; i < a->n_consumed; i++) {
            int id = a->consumed[i];
            if (id >= 136 || !held(p, id)) return 0;
            for (int j = 0; j < i; j++)
                if (a->consumed[j] == id) return 0;
            int hit = 0;
            for (int j = 0; j < b->n_consumed; j++)
                if (!used[j] && (b->consumed[j] >> 2) == (id >> 2) && ym_is_red(g, b->consumed[j]) == ym_is_red(g, id)) {
                    used[j] = 1;
                    hit = 1;
                    break;
                }
            if (!hit) return 0;
        }
        return 1;
    }
    case YM_A_KAKAN: case YM_A_KITA: case YM_A_ANKAN:
        return a->tile < 136 && (a->tile >> 2) == (b->tile >> 2);
    case YM_A_RON: case YM_A_TSUMO:   /* the winning tile (and the discarder) are the state's */
        return a->tile == b->tile && a->target == b->target;
    default:
        return 1;
    }
}

/* Returns the index + 1 of the matching legal action in buf (0 = illegal). */
int ym_game_find_legal(const ym_game_t *g, const ym_action_t *a, ym_action_t *buf);
int ym_game_find_legal(const ym_game_t *g, const ym_action_t *a, ym_action_t *buf) {
    if (a->seat >= g->R.players) return 0;
    int n = ym_game_legal(g, a->seat, buf);
    for (int i = 0; i < n; i++)
        if (same_action(g, a, &buf[i])) return i + 1;
    return 0;
}

/* A discard checked without listing every legal action: 1 = ym_game_find_legal finds it (an
 * entry of the same kind, red-ness and tsumogiri flag, the id held: applying `a` itself is the
 * transition of ym_game_step), 0 = not a discard of the actor now, -1 = undecided (after a
 * riichi declaration a discard without a wait: the full list decides, see add_self). */
int ym_game_discard_legal(const ym_game_t *g, const ym_action_t *a) {
    if (g->phase != YM_PH_SELF || a->type != YM_A_DISCARD || a->seat != g->actor || a->tile >= 136 ||
        a->n_consumed || a->target != 255)
        return 0;
    const ym_seat_t *p = &g->s[a->seat];
    int tg = a->tile == p->drawn;
    if (!held(p, a->tile) || a->tsumogiri != tg) return 0;
    if (g->self_mode == YM_SM_CALLED) return discard_allowed(g, p, a->tile >> 2, tg, 0, 0);
    if (g->self_mode == YM_SM_RIICHI) return discard_allowed(g, p, a->tile >> 2, tg, 0, 1) ? 1 : -1;
    return discard_allowed(g, p, a->tile >> 2, tg, p->riichi == 2, 0);
}

int ym_game_is_legal(const ym_game_t *g, const ym_action_t *a) {
    ym_action_t buf[YM_G_MAX_ACTIONS];
    return ym_game_find_legal(g, a, buf);
}

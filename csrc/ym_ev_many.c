/* ym_ev_many.c - see ym_ev_many.h. The checks mirror yakuman.ev.discard_ev's (which raises the
 * worded error a bad row's message quotes), in its order; the input they build is the one
 * discard_ev builds, so a row's results equal discard_ev's for the same hand.
 */
#include "ym_ev_many.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ym_pool.h"

#if !defined(_WIN32) && !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#define YM_EVB_ATOMIC 1
#endif

/* red fives a meld of type ty on lowest kind t can hold */
static int meld_fives(int ty, int t) {
    if (t >= 27) return 0;
    if (ty == YM_CHI) return t % 9 <= 4 && t % 9 + 2 >= 4;
    return t % 9 == 4 ? (ty >= YM_MINKAN ? 4 : 3) : 0;
}

void ym_ev_seen(const uint8_t *full, const uint8_t *dcount, int kita, int sanma, uint8_t *seen, uint8_t *unseen,
                int *over, int *absent) {
    *over = *absent = 34;
    for (int k = 0; k < 34; k++) {
        int v = full[k] + dcount[k] + (k == 30 ? kita : 0), gone = sanma && k >= 1 && k <= 7;
        if (v > 4 && *over == 34) *over = k;
        if (gone && v && *absent == 34) *absent = k;
        seen[k] = (uint8_t)(v > 255 ? 255 : v);
        unseen[k] = (uint8_t)(v > 4 || gone ? 0 : 4 - v);
    }
}

int ym_ev_row_check(const ym_ev_batch_t *b, int64_t i, ym_ev_input_t *in) {
    const ym_rules_t *r = b->rules;
    const int sanma = r->players == 3, aka = b->red && r->aka_dora > 0;
    const uint8_t *c = b->counts + 34 * i;
    uint8_t full[34], seen[34];
    int n = 0, nm = 0, meld_reds = 0, mreds[3] = {0, 0, 0};
    for (int k = 0; k < 34; k++) {
        if (c[k] > 4) return YM_EVB_TILE_COUNT;
        n += c[k];
    }
    memcpy(full, c, 34);
    ym_ev_input_init(in, r);
    for (int j = 0; j < 4; j++) {
        int ty = b->meld_type ? b->meld_type[4 * i + j] : -1;
        if (ty < 0) continue;
        int t = b->meld_tile ? b->meld_tile[4 * i + j] : 0, mr = b->meld_reds ? b->meld_reds[4 * i + j] : 0;
        if (ty > YM_ANKAN || t > 33) return YM_EVB_MELD;
        if (ty == YM_CHI && (t >= 27 || t % 9 > 6 || sanma)) return YM_EVB_MELD;
        if (mr > meld_fives(ty, t)) return YM_EVB_REDS;
        if (ty == YM_CHI)
            for (int o = 0; o < 3; o++) full[t + o] = (uint8_t)(full[t + o] + 1);
        else
            full[t] = (uint8_t)(full[t] + (ty >= YM_MINKAN ? 4 : 3));
        in->meld_type[nm] = (uint8_t)ty;
        in->meld_tile[nm] = (uint8_t)t;
        meld_reds += mr;
        if (mr) mreds[t / 9] += mr;
        nm++;
    }
    in->n_melds = (uint8_t)nm;
    in->meld_reds = (uint8_t)meld_reds;
    int want = 13 - 3 * nm;
    if (n != want && n != want + 1) return YM_EVB_TILE_COUNT;
    int nd = b->n_dora ? b->n_dora[i] : 0;
    if (nd > 5) return YM_EVB_INDICATORS;
    uint8_t dcount[34] = {0};
    for (int d = 0; d < nd; d++) {
        int k = b->dora[5 * i + d];
        if (k > 33) return YM_EVB_INDICATORS;
        dcount[k]++;
        in->dora[d] = (uint8_t)k;
    }
    in->n_dora = (uint8_t)nd;
    int kita = b->kita ? b->kita[i] : 0;
    if (kita > 4 || (kita && !sanma)) return YM_EVB_NUMBERS;
    uint8_t wall0[34];   /* the default wall */
    int over, absent;
    ym_ev_seen(full, dcount, kita, sanma, seen, wall0, &over, &absent);
    if (over < 34 && over <= absent) return YM_EVB_COPIES;
    if (absent < 34) return YM_EVB_SANMA_TILE;
    for (int s = 0; s < 3; s++) {
        int rd = b->reds ? b->reds[3 * i + s] : 0;
        if (rd > c[9 * s + 4] || (aka && (rd > 1 || rd + mreds[s] > r->aka_dora))) return YM_EVB_REDS;
        /* aka_dora copies of the five are red: the others are the only plain ones (discard_ev) */
        if (aka && full[9 * s + 4] - rd - mreds[s] > 4 - r->aka_dora) return YM_EVB_REDS;
        in->reds[s] = (uint8_t)(aka ? rd : 0);
    }
    int total = 0;
    for (int k = 0; k < 34; k++) {
        int u;
        if (b->wall) {
            u = b->wall[34 * i + k];
            if (u > 4 - seen[k]) return YM_EVB_WALL;
        } else {
            u = wall0[k];
        }
        in->unseen[k] = (uint8_t)u;
        total += u;
    }
    /* the red fives not seen (aka_dora of the suit less the hand's and the melds'), at most the
       unseen fives (more than one of a suit in play: the search refuses it, YM_EV_E_REDS) */
    for (int s = 0; s < 3; s++)
        in->unseen_red[s] = (uint8_t)ym_ev_unseen_red(aka ? r->aka_dora : 0, in->reds[s] + mreds[s], in->unseen[9 * s + 4]);
    int sw = b->seat_wind ? b->seat_wind[i] : 0, rw = b->round_wind ? b->round_wind[i] : 0;
    if (sw > 3 || rw > 3 || (sanma && sw == 3)) return YM_EVB_WIND;
    if (total - b->t_max < 1) return YM_EVB_WALL;
    int honba = b->honba ? b->honba[i] : 0, sticks = b->riichi_sticks ? b->riichi_sticks[i] : 0;
    if (honba > 1000 || sticks > 1000) return YM_EVB_NUMBERS;
    memcpy(in->counts, c, 34);
    in->seat_wind = (uint8_t)sw;
    in->round_wind = (uint8_t)rw;
    in->kita = (uint8_t)kita;
    in->honba = (uint16_t)honba;
    in->riichi_sticks = (uint16_t)sticks;
    in->t_max = (uint8_t)b->t_max;
    in->extra = (uint8_t)b->extra;
    in->tegawari = (uint8_t)b->tegawari;
    in->shanten_down = (uint8_t)b->shanten_down;
    in->uradora = (uint8_t)b->uradora;
    in->red = (uint8_t)b->red;
    in->max_shanten = (uint8_t)b->max_shanten;
    in->wall_sum = 0;
    return YM_EVB_OK;
}

/* the outputs of a row with no result: status, sentinels */
static void row_blank(const ym_ev_batch_t *b, int64_t i, int status, int code) {
    const int T = b->t_max + 1;
    b->status[i] = (uint8_t)status;
    b->code[i] = (int8_t)code;
    b->n_discards[i] = 0;
    b->tile[i] = -1;
    b->tile_red[i] = 0;
    b->shanten[i] = 127;
    b->tenpai[i] = b->win[i] = b->score[i] = NAN;
    b->riichi[i] = 0;
    for (int s = 0; s < YM_EVB_SLOTS; s++) {
        int64_t j = i * YM_EVB_SLOTS + s;
        b->d_shanten[j] = 127;
        b->d_necessary[j] = 0;
        b->d_riichi[j] = 0;
        b->d_tenpai[j] = b->d_win[j] = b->d_score[j] = NAN;
        if (b->t_tenpai)
            for (int t = 0; t < T; t++) b->t_tenpai[j * T + t] = b->t_win[j * T + t] = b->t_score[j * T + t] = NAN;
    }
}

static void row_run(const ym_ev_batch_t *b, int64_t i, ym_ev_work_t *w) {
    ym_ev_input_t in;
    ym_ev_row_t rows[YM_EV_MAX_ROWS];
    int st = b->pre && b->pre[i] ? b->pre[i] : ym_ev_row_check(b, i, &in);
    row_blank(b, i, st, 0);
    if (st != YM_EVB_OK) return;
    if (!w) {
        b->status[i] = YM_EVB_MEMORY;
        return;
    }
    int n = ym_ev_discards(&in, w, rows, YM_EV_MAX_ROWS, b->turn);
    if (n <= 0) {
        b->status[i] = n == YM_EV_E_COMPLETE ? YM_EVB_COMPLETE : n == YM_EV_E_MEMORY ? YM_EVB_MEMORY
                       : n == YM_EV_E_REDS ? YM_EVB_REDS : YM_EVB_SEARCH;
        b->code[i] = (int8_t)(b->status[i] == YM_EVB_SEARCH ? n : 0);
        return;
    }
    const int T = b->t_max + 1, turn = b->turn;
    b->n_discards[i] = (uint8_t)n;
    b->tile[i] = rows[0].tile;
    b->tile_red[i] = rows[0].red;
    b->shanten[i] = rows[0].shanten;
    b->tenpai[i] = rows[0].tenpai[turn];
    b->win[i] = rows[0].win[turn];
    b->score[i] = rows[0].score[turn];
    b->riichi[i] = rows[0].riichi[turn];
    for (int k = 0; k < n; k++) {
        const ym_ev_row_t *x = &rows[k];
        if (x->tile < 0) continue;   /* a 13-3k hand: its one row is the best_* columns only */
        int slot = x->red ? 34 + x->tile / 9 : x->tile;
        int64_t j = i * YM_EVB_SLOTS + slot;
        int nec = 0;
        for (int q = 0; q < 34; q++) nec += x->necessary[q];
        b->d_shanten[j] = x->shanten;
        b->d_necessary[j] = (uint8_t)(nec > 255 ? 255 : nec);
        b->d_tenpai[j] = x->tenpai[turn];
        b->d_win[j] = x->win[turn];
        b->d_score[j] = x->score[turn];
        b->d_riichi[j] = x->riichi[turn];
        if (b->t_tenpai) {
            memcpy(b->t_tenpai + j * T, x->tenpai, sizeof(double) * (size_t)T);
            memcpy(b->t_win + j * T, x->win, sizeof(double) * (size_t)T);
            memcpy(b->t_score + j * T, x->score, sizeof(double) * (size_t)T);
        }
    }
}

/* one work struct per thread: a chunk claims a free slot (at most `workers` chunks run at once,
 * so one is always free), makes its work struct on first use and keeps it for later chunks */
typedef struct {
    const ym_ev_batch_t *b;
    int slots;
    ym_ev_work_t **works;
#ifdef YM_EVB_ATOMIC
    _Atomic int *busy;
#endif
} pool_ctx;

static void chunk_run(void *arg, int64_t lo, int64_t hi) {
    pool_ctx *p = (pool_ctx *)arg;
    int s = 0;
#ifdef YM_EVB_ATOMIC
    for (;; s = (s + 1) % p->slots) {
        int free_ = 0;
        if (atomic_compare_exchange_strong(&p->busy[s], &free_, 1)) break;
    }
#endif
    if (!p->works[s]) p->works[s] = ym_ev_work_new();
    for (int64_t i = lo; i < hi; i++) row_run(p->b, i, p->works[s]);
#ifdef YM_EVB_ATOMIC
    atomic_store(&p->busy[s], 0);
#endif
}

int ym_ev_many(const ym_ev_batch_t *b, int workers) {
    if (workers < 1) workers = 1;
    if (workers > b->n) workers = b->n > 0 ? (int)b->n : 1;
    pool_ctx p;
    p.b = b;
    p.slots = workers;
    p.works = (ym_ev_work_t **)calloc((size_t)workers, sizeof(ym_ev_work_t *));
#ifdef YM_EVB_ATOMIC
    p.busy = (_Atomic int *)calloc((size_t)workers, sizeof(_Atomic int));
    if (p.busy)
        for (int s = 0; s < workers; s++) atomic_init(&p.busy[s], 0);
#endif
    ym_pool_t *pool = workers > 1 ? ym_pool_new(workers) : NULL;
    int rc = 0;
    if (!p.works || (workers > 1 && !pool)
#ifdef YM_EVB_ATOMIC
        || !p.busy
#endif
    ) {
        rc = -2;
    } else if (pool) {
        ym_pool_run(pool, chunk_run, &p, b->n, 1);   /* one row a chunk: searches differ a lot in time */
    } else {
        chunk_run(&p, 0, b->n);
    }
    if (pool) ym_pool_free(pool);
    if (p.works)
        for (int s = 0; s < workers; s++) ym_ev_work_free(p.works[s]);
    free(p.works);
#ifdef YM_EVB_ATOMIC
    free((void *)p.busy);
#endif
    return rc;
}

/* ym_ev_impl.h - internal to the expected-value search (ym_ev.c: the graph and its solve;
 * ym_ev_riichi.c: the value of a win and the riichi states of model "full"): the state keys,
 * nodes, edges, work struct and search context, and the small helpers both files use. */
#ifndef YM_EV_IMPL_H
#define YM_EV_IMPL_H

#include <stdlib.h>
#include <string.h>

#include "ym_ev.h"
#include "ym_shanten.h"

typedef struct {
    uint64_t k0, k1;   /* counts 3 bits a kind (kinds 0-20 in k0, 21-33 in k1), reds bits 39-41, riichi bit 42,
                          riichi just declared (ippatsu pending) bit 43; on a discard state (riichi_mode
                          ALWAYS) bit 43 marks a closed hand completed dama (ym_ev.c, dama_complete) */
    uint64_t h;        /* additive hash: sum of count x ZK[kind], plus the red and riichi words */
} ev_key_t;

typedef struct {
    ev_key_t key;
    int32_t ci;        /* index among the draw states or among the discard states */
    int8_t shanten;
    uint8_t draw;      /* bit 0: a draw state; bit 1: one that takes every draw (ym_ev.c, draws_all) */
    uint8_t riichi;    /* draw state: 1 riichi declared (a win counts riichi; no exchanges), 2 riichi
                          declared by the discard that made the state (its first draw is ippatsu) */
    uint8_t dist;      /* tiles held beyond the request's hand (dist_up) */
} node_t;

typedef struct {
    int32_t d, e;      /* the nodes of a draw state and of the discard state its draw reaches */
    int32_t dci, eci;  /* their indices among the draw and the discard states (node_t.ci), kept here
                          so that the link phase's sorts read no node */
    uint8_t w;         /* copies */
    uint8_t win;       /* the draw completes a hand with a yaku */
    uint8_t kind;      /* the kind drawn (and discarded back) */
} dedge_t;           /* (a win's value apart, in ym_ev_work.lsc: 20 bytes a link, not 32) */

typedef struct {
    int32_t e;         /* the discard state reached: 4 x its index, the place of its values in the
                          solve's ve */
    float w;           /* copies (1..4: exact in a float; the AVX pass broadcasts and widens it
                          from memory, with no integer conversion a link and turn); a win edge's
                          value apart, in dsc */
} sedge_t;

/* a hand under riichi keeps its tiles: its only edges are its wins */
struct rpair {
    int32_t f, r, p;   /* the fresh riichi state (ippatsu pending), the riichi state of the same tiles
                          and the dama state of the same tiles */
    int32_t off, end;  /* its wins in rw */
    double ww;         /* their copies */
    double g1, g2;     /* solve: what the dama state gains by a riichi on a tsumogiri (win, score) */
};
struct rwin {
    double w, s_ipp, s_r;   /* copies; the win's value with ippatsu and without (stick back included) */
};

/* the solve's runs of states with equal link counts (ym_ev.c, ev_runs) */
typedef struct {
    int32_t end;      /* the run's states: the previous run's end .. end - 1 */
    int32_t c0, c1;   /* discard run: targets, tenpai set to 1; draw run: links that do not win, that win */
    int32_t tenpai;   /* draw run: tenpai states */
    int32_t dist;     /* its states' distance from the request, capped (ym_ev.c, EV_DIST_CAP) */
} ev_run_t;

/* the payments memo's extent (ym_ev_work.hv): han 0..63, fu 0..155 in steps of 5 */
#define EV_HV_HAN 64
#define EV_HV_FU 32

struct ym_ev_work {
    ym_part_cache_t pc;   /* the hands' parts (ym_shanten.h), kept between searches: a slot
                             depends only on its part's counts and the player count. First, so
                             that its slots start on 64-byte lines (ym_ev_work_new aligns the struct) */
    void *mem;            /* the block the struct lies in (ym_ev_work_new, ym_ev_work_free) */
    node_t *nodes;
    size_t n_nodes, cap_nodes;
    uint8_t *cnt;      /* 34 concealed counts per node */
    size_t cap_cnt;
    uint64_t *table;   /* 0 = empty, else hash low 32 bits << 32 | (node index + 1) */
    size_t table_cap;  /* slots in use this search (a power of two), at most table_alloc */
    unsigned table_shift;   /* 64 - log2(table_cap): a hash's home slot is its top bits */
    size_t table_alloc;   /* slots allocated */
    int32_t n_d, n_e;  /* draw and discard states */
    dedge_t *tmp;      /* the links as they are made (push_pair) */
    sedge_t *de;       /* the same by draw state, the win edges of each after the others */
    double *dsc;       /* by the index of de: a win edge's value (the others' entries unused), so that
                          the solve's passes over the other edges read 8 bytes an edge */
    double *lsc;       /* link: a win's value by the link's place in the links' sequence (ym_ev.c,
                          link: at_link) until the second pass puts it in dsc */
    size_t cap_tmp, cap_de, cap_dsc, cap_lsc, n_de;
    int32_t *eto;      /* discard edges (4 x the draw state's index: the place of its values in
                          the solve's vd), grouped by discard state */
    size_t cap_eto, n_eto;
    int32_t *defer;    /* links a discard state makes itself: (node, kind | red << 8, the draw state
                          its discard found or made) triples, kept for the link phase only in the
                          dama lineage (ctx_t.lineage) */
    size_t cap_defer, n_defer;
    dedge_t *tmp2;     /* outside the dama lineage, those links made as the discard state makes its
                          states; appended to tmp once every state is made (the same order) */
    size_t cap_tmp2, n_de2;
    int32_t *perm;     /* link: the links into complete hands, in discard-state order */
    size_t cap_perm;
    /* riichi_mode CHOOSE / NEVER / DECLARE: a discard state's riichi targets (e, fresh riichi
       state) as pairs, and each fresh riichi state with its riichi state and its wins */
    int32_t *rt;
    size_t cap_rt, n_rt;
    struct rpair *rp;
    size_t cap_rp, n_rp;
    struct rwin *rw;
    size_t cap_rw, n_rw;
    int32_t *doff, *eoff;     /* edge offsets: 2 n_d + 1 (draw state d: others from doff[2d], wins
                                 from doff[2d + 1]), n_e + 1 */
    size_t cap_doff, cap_eoff;
    int8_t *sh_d, *sh_e;      /* shanten per draw / discard state */
    size_t cap_sh_d, cap_sh_e;
    uint8_t *ds_d, *ds_e;     /* per draw / discard state: its node's dist, capped at EV_DIST_CAP (the
                                 solve skips a state at the turns no row reads it) */
    size_t cap_ds_d, cap_ds_e;
    int32_t *map;      /* link: the states' new indices (ym_ev.c, renumber), link counts, keys, scratch */
    size_t cap_map;
    double *val;       /* 3 per draw state (tenpai, win, score), then 3 per discard state, then W */
    size_t cap_val;
    ev_run_t *runs;    /* solve: the states' runs of equal link counts (ym_ev.c, ev_runs), n_e + n_d */
    size_t cap_runs;
    int pc_players;       /* 0: pc not reset yet; else 1 + sanma of its slots */
    /* ym_ev_riichi.c, hand_value: a tsumo's total payment by (han, fu / 5) within one search (the
       rules, seat, honba and sticks fixed), an entry valid when its gen is hv_now (advanced per
       search; the table cleared when it wraps) */
    uint32_t hv_now;
    struct { double v; uint32_t gen; } hv[EV_HV_HAN * EV_HV_FU];
};

/* the hash words: 34 kinds, the three red fives, the riichi bit, the fresh riichi bit (splitmix64
   from a fixed seed) */
#define EV_ZK34 0x2F957488E4FD469EULL
#define EV_ZK35 0x656ED1CB9A126362ULL
#define EV_ZK36 0x5325662609163089ULL
#define EV_ZK37 0x3BA278A39643A1BCULL
#define EV_ZK38 0xC2B2AE3D27D4EB4FULL
static const uint64_t ZK[39] = {
0x09F1FD9D03F0A9B4ULL, 0x553274161BBF8475ULL, 0x5D5BCA4696B343B3ULL,
0x70D29B6C7D22528DULL, 0x0BF2B716F9915475ULL, 0x5EB7F92B95387CCAULL,
0x296CD0F2C21D7F90ULL, 0x1289A69805C125B1ULL, 0xDAA27FB8DACB9E73ULL,
0x3ED08D59CB3F4727ULL, 0x58A5F17B6C15C659ULL, 0x651AC042FA7B481AULL,
0x22AF6AEAA88E8DCCULL, 0x2D2BAE64640ABFB9ULL, 0xAD0E83A710231B07ULL,
0x9D30FF2169D91F12ULL, 0xF5FF07C9523504DDULL, 0x1273C823BA66EEC0ULL,
0x47E1DBE249CB520BULL, 0xBBEA42BD69484ADCULL, 0xC33E61BC6EF9E4C4ULL,
0x752CD583231B5114ULL, 0xE53DC6E1988622E5ULL, 0x928EB721ED361BA3ULL,
0x10BF7972F379031EULL, 0x974041D15AD75C38ULL, 0xFF9B273F42286387ULL,
0x2601349FEF087EB0ULL, 0x5753F8EF429A4A7EULL, 0x2663E5E9DCBCBABAULL,
0xA8BB872E52C6235CULL, 0xE1774D56B0DC91ACULL, 0x8634930F702B6452ULL,
0x1674658F30892DDDULL, EV_ZK34, EV_ZK35,
EV_ZK36, EV_ZK37, EV_ZK38

};

/* the hash of a key's extras (bits 39-43 of k1: the red fives m p s, the two riichi bits), by those
   five bits: the sum of the words of the bits set (one load instead of five tests) */
#define EV_EX(m) (((m) & 1 ? EV_ZK34 : 0) + ((m) & 2 ? EV_ZK35 : 0) + ((m) & 4 ? EV_ZK36 : 0) + \
                  ((m) & 8 ? EV_ZK37 : 0) + ((m) & 16 ? EV_ZK38 : 0))
#define EV_EX4(m) EV_EX(m), EV_EX((m) + 1), EV_EX((m) + 2), EV_EX((m) + 3)
static const uint64_t EV_EXTRAS[32] = {EV_EX4(0), EV_EX4(4), EV_EX4(8), EV_EX4(12), EV_EX4(16), EV_EX4(20),
                                       EV_EX4(24), EV_EX4(28)};
#undef EV_EX4
#undef EV_EX

/* the five extras bits of a key (its bits 39-43) from its red fives and riichi flag */
static inline unsigned extras_bits(unsigned reds, unsigned flag) { return (reds & 7u) | (flag & 3u) << 3; }

static inline uint64_t extras_hash(unsigned reds, unsigned flag) { return EV_EXTRAS[extras_bits(reds, flag)]; }

static inline ev_key_t key_with(ev_key_t k, unsigned reds, unsigned flag) {
    unsigned m = extras_bits(reds, flag);
    k.h += EV_EXTRAS[m] - EV_EXTRAS[(unsigned)(k.k1 >> 39) & 31u];
    k.k1 = (k.k1 & ((1ULL << 39) - 1)) | (uint64_t)m << 39;
    return k;
}

static inline size_t home_of(const ym_ev_work_t *w, uint64_t h) { return (size_t)(h >> w->table_shift); }

static inline uint64_t slot_of(uint64_t h, size_t i) { return (h & 0xFFFFFFFFu) << 32 | (uint64_t)(i + 1); }

/* index of the node with key k, or -(slot + 1) when absent */
static inline long lookup(const ym_ev_work_t *w, ev_key_t k) {
    size_t mask = w->table_cap - 1, j = home_of(w, k.h);
    uint64_t tag = k.h & 0xFFFFFFFFu;
    for (;;) {
        uint64_t v = w->table[j];
        if (!v) return -(long)j - 1;
        if (v >> 32 == tag) {
            const node_t *n = &w->nodes[(uint32_t)v - 1];
            if (n->key.k0 == k.k0 && n->key.k1 == k.k1) return (long)(uint32_t)v - 1;
        }
        j = (j + 1) & mask;
    }
}

static inline int reserve(void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* ---- kind masks of 34 counts (bit k for kind k), without a branch per kind ----------------- */
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
/* the kinds with a[k] > b[k] (unsigned) */
static inline uint64_t kinds_above(const uint8_t *a, const uint8_t *b) {
    const __m128i z = _mm_setzero_si128();
    __m128i d0 = _mm_subs_epu8(_mm_loadu_si128((const __m128i *)a), _mm_loadu_si128((const __m128i *)b));
    __m128i d1 = _mm_subs_epu8(_mm_loadu_si128((const __m128i *)(a + 16)), _mm_loadu_si128((const __m128i *)(b + 16)));
    uint64_t m = (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(d0, z)) & 0xFFFFu) |
                 (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(d1, z)) & 0xFFFFu) << 16;
    return m | (uint64_t)(a[32] > b[32]) << 32 | (uint64_t)(a[33] > b[33]) << 33;
}
/* the kinds with c[k] > 0 */
static inline uint64_t kinds_held(const uint8_t *c) {
    static const uint8_t zero[34] = {0};
    return kinds_above(c, zero);
}
#else
static inline uint64_t kinds_above(const uint8_t *a, const uint8_t *b) {
    uint64_t m = 0;
    for (int k = 0; k < 34; k++) m |= (uint64_t)(a[k] > b[k]) << k;
    return m;
}
static inline uint64_t kinds_held(const uint8_t *c) {
    uint64_t m = 0;
    for (int k = 0; k < 34; k++) m |= (uint64_t)(c[k] != 0) << k;
    return m;
}
#endif

/* ---- the search context ------------------------------------------------------------------- */
typedef struct {
    const ym_ev_input_t *in;
    ym_ev_work_t *w;
    uint8_t h0[34];       /* the request's concealed counts */
    unsigned reds0;
    uint8_t base[34];     /* unseen + h0: what a state's wall is taken from */
    uint8_t base_red[3];
    uint8_t p0[34];       /* the request's plain copies (a red five apart) */
    int s0, sanma, closed;
    int choice;           /* riichi_mode is not ALWAYS: riichi states keep their tiles (docs/ev.md) */
    int lineage;          /* ALWAYS, closed, a 13-tile tenpai request: the only case where a closed
                             tenpai draw state without riichi exists (the dama lineage, docs/ev.md;
                             every other closed discard into tenpai declares), so the only one
                             where a link waits for every state to be made (link_deferred) */
} ctx_t;

/* the suit of a five (whose red copy is a tile of its own), else -1 */
static const int8_t EV_FIVE_SUIT[34] = {-1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, -1, -1, 1, -1, -1, -1,
                                        -1, -1, -1, -1, -1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
static inline int five_suit(int k) { return EV_FIVE_SUIT[k]; }

/* copies of the red five of `suit` that a state holding `reds` may draw */
static inline int red_left_of(const ctx_t *x, unsigned reds, int suit) {
    return (suit >= 0 && x->in->red && !(reds >> suit & 1)) ? (int)x->base_red[suit] : 0;
}

/* node ni, a copy of its concealed counts (the array may move while nodes are added) and its red
   fives */
static inline node_t load_node(const ctx_t *x, size_t ni, uint8_t *c, unsigned *reds) {
    node_t nd = x->w->nodes[ni];
    memcpy(c, x->w->cnt + 34 * ni, 34);
    *reds = (unsigned)(nd.key.k1 >> 39) & 7u;
    return nd;
}

/* the key kd (a draw state, flag 0) with riichi declared: flag 1 under riichi, 2 just declared */
static inline ev_key_t riichi_key(ev_key_t kd, unsigned flag) {
    kd.k1 |= (uint64_t)flag << 42;
    kd.h += ZK[36 + flag];
    return kd;
}

/* ---- ym_ev_riichi.c ------------------------------------------------------------------------- */
/* the ura dora han a win's law follows: four copies for each indicator */
#define EV_URA_MAX (4 * YM_MAX_INDICATORS)

int ym_ev_link_riichi_pair(ctx_t *x, size_t ni);
void ym_ev_riichi_stay_gain(ym_ev_work_t *w, const double *vd, int riichi);
void ym_ev_riichi_pairs_step(ym_ev_work_t *w, double *vd, const double *W, double inv, int bounded);
/* The values of the tsumo of each of kinds[0 .. n) completing the same hand c (14-3k tiles incl.
   the kind; each kind held in c) with the same riichi, into out[0 .. n); 0 if no yaku. riichi: 0
   none, 1 under riichi, 2 under riichi on the first draw after the declaration (ippatsu); under a
   riichi mode other than ALWAYS a riichi win also takes back the hand's own stick. `ura` is the
   complete hand's ura dora law (EV_URA_MAX + 1), made on first use (*ura_all < 0: not yet): one per
   hand. The scorer's work that does not depend on the winning kind is done once
   (ym_score_ex_wins), EV_WINS_AT_ONCE kinds a call. */
#define EV_WINS_AT_ONCE 16
void ym_ev_win_scores(const ctx_t *x, const uint8_t *c, unsigned reds, const uint8_t *kinds, int n, int riichi,
                      double *ura, double *ura_all, double *out);
void ym_ev_put_row(ym_ev_row_t *row, int t, const double *p, const double *f, int declare);

#endif

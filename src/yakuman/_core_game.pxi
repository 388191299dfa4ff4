# Native game engine glue (included from _core.pyx). See csrc/ym_game.h.
#
# GameState wraps one ym_game_t by value: copy() is a struct copy, pickling stores the raw
# bytes with the Rules. Actions cross the boundary as plain tuples
# (type, seat, tile id, target, tsumogiri, consumed ids); yakuman.game turns them into Action
# values. Events come back as tuples of the C event fields. Rollouts (_simulate) run nogil in a
# prange over games, one ym_game_t per game on the thread's stack, so results do not depend on
# the number of workers.

from libc.stdint cimport int16_t, int32_t, int64_t, uint16_t

cdef extern from "ym_game.h" nogil:
    enum: YM_G_MAX_ACTIONS
    enum: YM_G_MAX_EVENTS
    enum: YM_OBS_PLANES
    enum: YM_OBS_SCALARS
    enum: YM_OUT_KINDS
    ctypedef struct ym_action_t:
        uint8_t type, seat, tile, target, tsumogiri, n_consumed
        uint8_t consumed[4]
    ctypedef struct ym_gmeld_t:
        uint8_t type, kind, called, added, n
        uint8_t ids[4]
        uint8_t from_ "from"
    ctypedef struct ym_game_rules_t:
        ym_rules_t score
        uint8_t players, length, extension, all_last_stop, multiple_ron, multi_ron_each
        uint8_t abortive, abortive_rotate, draw_dealer, karaten, nagashi, nagashi_closed, nagashi_nearest
        uint8_t pao_honba_liable, suukaikan_on_fourth, fifth_kan_aborts, tobi, leftover_to_top, tie_split
        uint8_t kan_dora_immediate, chankan_ankan_kokushi, temp_furiten_any_call, kuikae, houtei_after_rinshan
        int32_t noten_total, riichi_min_points, riichi_min_live
        int32_t start_points, return_points, target_points
        int32_t uma[4]
        uint8_t keishiki_tenpai
    ctypedef struct ym_seat_t:
        uint8_t ids[14]
        uint8_t n
        uint8_t c[34]
        ym_gmeld_t melds[4]
        uint8_t n_melds
        uint8_t river[80]
        uint8_t rmark[80]
        uint8_t n_river, riichi, double_riichi, ippatsu, riichi_furiten, temp_furiten, kita
        uint8_t kita_ids[4]
        uint8_t draws, drawn, rinshan, pao_seat, pao_bits, n_kans, nagashi_ok
        uint64_t discarded, waits, forbid
        int64_t score
        uint8_t open_riichi
    ctypedef struct ym_round_result_t:
        uint8_t outcome, abort_kind, winners, tenpai
        uint8_t from_ "from"
        int64_t deltas[4]
    ctypedef struct ym_game_t:
        ym_game_rules_t R
        ym_seat_t s[4]
        uint8_t wall[136]
        uint8_t n_tiles, next, live_end, n_rinshan, n_dora, pending_dora
        uint8_t round_wind, kyoku, dealer, honba
        int32_t sticks
        uint8_t phase, actor, self_mode, resp_kind, resp_tile, resp_from, resp_mask, resp_done
        uint8_t n_kans, kan_seats, first_go, total_discards, game_over, end_reason
        uint8_t memo_seat
        uint16_t n_rounds
        uint64_t seed
        ym_round_result_t last
        int64_t final_points[4]
        int64_t final_results[4]
        uint8_t final_rank[4]
    ctypedef struct ym_event_t:
        uint8_t type, actor, target, tile, tsumogiri, n_consumed, extra, tenpai, n_ura
        uint8_t form, yakuman, kita
        uint8_t consumed[4]
        uint8_t ura[5]
        int16_t han, fu
        int64_t points
        uint64_t yaku
        uint8_t han_of[64]
        int64_t deltas[4]
        int64_t scores[4]
        uint8_t yaku_ext
        uint8_t han_ext[3]
    ctypedef struct ym_events_t:
        int n
        ym_event_t ev[48]
    ctypedef struct ym_sim_result_t:
        int64_t scores[4]
        int64_t results[4]
        uint8_t ranks[4]
        uint16_t rounds
        uint16_t outcomes[6]
        uint8_t end_reason
        uint32_t steps
    void ym_game_init(ym_game_t *g, const ym_game_rules_t *R, uint64_t seed, const uint8_t *wall,
                      const int64_t *scores, int round_wind, int kyoku, int honba, int sticks, ym_events_t *ev)
    void ym_game_next_round(ym_game_t *g, const uint8_t *wall, ym_events_t *ev)
    int ym_game_step(ym_game_t *g, const ym_action_t *a, ym_events_t *ev)
    int ym_game_to_act(const ym_game_t *g)
    int ym_game_check(const ym_game_t *g)
    int ym_game_validate(const ym_game_t *g, char *why, size_t n)
    void ym_game_determinize(ym_game_t *g, int seat, uint64_t seed)
    uint64_t ym_splitmix64(uint64_t *state)
    int ym_game_world(ym_game_t *g, int seat, uint64_t seed, const uint8_t *ops, int n_ops, ym_events_t *ev)
    int ym_world_tenpai_sample(const uint8_t *pool, int h, int need, int melds, int sanma, uint64_t seed,
                               uint8_t *out)
    int ym_game_legal(const ym_game_t *g, int seat, ym_action_t *out)
    int ym_game_draw_tenpai(const ym_game_t *g, int seat)
    int ym_wall_check(const uint8_t *wall, int n, int players)
    void ym_wall_shuffle(uint8_t *wall, int n, uint64_t seed, uint32_t round_no)
    int ym_game_dora_indicator(const ym_game_t *g, int i)
    int ym_game_ura_indicator(const ym_game_t *g, int i)
    void ym_game_obs(const ym_game_t *g, int seat, uint8_t *planes, int64_t *scalars)
    int ym_game_simulate_seats(const ym_game_rules_t *R, uint64_t seed, const uint8_t *policies,
                               ym_sim_result_t *out)
    ctypedef struct ym_rng_t:
        uint64_t s[4]
    void ym_policy_rng_init(ym_rng_t *rng, uint64_t seed)
    int ym_sim_seat(const ym_game_t *g)
    struct ym_ev_work
    void ym_policy_choose(const ym_game_t *g, int seat, int policy, ym_rng_t *rng, ym_ev_work **ev,
                          ym_action_t *out)
    void ym_policy_ev_free(ym_ev_work *work)
    int ym_game_rollout_one(const ym_game_t *g0, int seat, int policy, uint64_t seed, int64_t *delta)
    int ym_game_rollout_world(const ym_game_t *g0, int seat, const uint8_t *ops, int n_ops, int policy,
                              uint64_t seed, int64_t *delta)
    enum: YM_END_SCORE_LIMIT
    int64_t YM_SCORE_MAX
    int64_t YM_AOTENJOU_ENGINE_BASE

GAME_OBS_PLANES = YM_OBS_PLANES
GAME_OBS_SCALARS = YM_OBS_SCALARS
# The scores a game may start with (Game(scores=...), a record's round, settle's states): the
# engine's scores are 64-bit; 2^62 leaves room for one hand's payments (below 2^59), and a hand
# that leaves a seat beyond it ends the game (end reason "score_limit"; csrc/ym_game.h, docs/game.md).
GAME_MAX_SCORE = YM_SCORE_MAX
# Under aotenjou the engine pays a hand from at most this many base points (2^54; docs/game.md).
GAME_AOTENJOU_MAX_BASE = YM_AOTENJOU_ENGINE_BASE
# the counters a round starts with, as a Game and a record's round take them (honba is a byte of
# the state; sticks: 1,000 points each)
GAME_MAX_HONBA = 255
GAME_MAX_STICKS = 10000


cdef int _scores_in(scores, int n, int64_t *out, str what, int64_t limit=YM_SCORE_MAX) except -1:
    """scores (n integers: int or numpy integers, no bool, float or str, each within +-limit)
    into out; otherwise InvalidContextError naming `what` and the entry."""
    from yakuman.errors import InvalidContextError
    try:
        m = len(scores)
    except TypeError:
        raise InvalidContextError(f"{what} must be a sequence of {n} integers, not {type(scores).__name__}") from None
    if m != n:
        raise InvalidContextError(f"{m} {what} for {n} players")
    for i in range(n):
        v = scores[i]
        iv = None
        if not isinstance(v, bool):   # integers only (numpy integers too): no float, bool or str
            try:
                iv = PyNumber_Index(v)
            except Exception:   # an object's own __index__ may raise anything
                pass
        if iv is None or not -limit <= iv <= limit:
            from yakuman._arrays import shown   # a 5,000-digit score is named by its size, not raised on
            raise InvalidContextError(f"{what}[{i}] = {shown(v)} is not an integer in -{limit}..{limit} "
                                      f"(the engine's 64-bit score range)")
        out[i] = <int64_t>iv
    return 0

_ABORT_BITS = {"kyuushu_kyuuhai": 1, "suufon_renda": 2, "suucha_riichi": 4, "suukaikan": 8, "sanchahou": 16}


cdef class CompiledGameRules:
    """A Rules object compiled into the engine's ym_game_rules_t (the scorer's rules inside)."""
    cdef ym_game_rules_t r
    cdef readonly object rules

    def __init__(self, rules):
        cdef CompiledRules cr = compiled_rules(rules)
        rules = cr.rules
        self.rules = rules
        memset(&self.r, 0, sizeof(ym_game_rules_t))
        self.r.score = cr.r
        cdef ym_game_rules_t *r = &self.r
        r.players = rules.players
        r.length = rules.length == "tonpuusen"
        r.extension = rules.extension == "sudden_death"
        r.all_last_stop = rules.all_last_stop
        r.multiple_ron = ("double", "triple", "atamahane").index(rules.multiple_ron)
        r.multi_ron_each = rules.multi_ron_bonus == "each"
        r.abortive = sum(_ABORT_BITS[k] for k in rules.abortive_draws)
        r.abortive_rotate = sum(_ABORT_BITS[k] for k, v in rules.abortive_dealer if v == "rotate")
        r.draw_dealer = ("tenpai", "always_repeat", "always_rotate").index(rules.draw_dealer_rule)
        r.karaten = ("unless_all_four_in_own_hand", "unless_all_four_incl_melds", "always",
                     "never").index(rules.karaten_is_tenpai)
        r.keishiki_tenpai = rules.keishiki_tenpai
        r.nagashi = ("win", "draw", "off").index(rules.nagashi_mangan)
        r.nagashi_closed = rules.nagashi_requires_closed
        r.nagashi_nearest = rules.nagashi_multiple == "nearest"
        r.pao_honba_liable = rules.pao_honba == "liable"
        r.suukaikan_on_fourth = rules.suukaikan_timing == "on_fourth_kan"
        r.fifth_kan_aborts = rules.fifth_kan == "aborts"
        r.tobi = ("below_zero", "zero_or_below", "off").index(rules.tobi)
        r.leftover_to_top = rules.leftover_sticks == "to_top"
        r.tie_split = rules.tie_break == "split"
        r.kan_dora_immediate = rules.kan_dora_timing == "immediate"
        r.chankan_ankan_kokushi = rules.chankan_ankan == "kokushi_only"
        r.temp_furiten_any_call = rules.temp_furiten_clear == "any_call"
        r.kuikae = rules.kuikae == "allowed"
        r.houtei_after_rinshan = rules.houtei_after_rinshan
        r.noten_total = rules.noten_payment_total
        r.riichi_min_points = rules.riichi_min_points
        r.riichi_min_live = rules.riichi_min_live_tiles
        r.start_points = rules.start_points
        r.return_points = rules.return_points
        r.target_points = rules.target_points
        for i in range(4):
            r.uma[i] = rules.uma[i] if i < len(rules.uma) else 0


cdef dict _GAME_RULES = {}


def compiled_game_rules(rules):
    hit = _GAME_RULES.get(id(rules))
    if hit is not None and (<tuple>hit)[0] is rules:
        return (<tuple>hit)[1]
    if len(rules.uma) != rules.players:
        from yakuman.errors import InvalidRulesError
        raise InvalidRulesError(f"uma {rules.uma} has {len(rules.uma)} entries for a {rules.players}-player game "
                                f"(one per rank)")
    cgr = CompiledGameRules(rules)
    if len(_GAME_RULES) >= 64:
        _GAME_RULES.clear()
    _GAME_RULES[id(rules)] = (rules, cgr)
    return cgr


cdef tuple _EMPTY = ()


cdef inline tuple _u8tuple(const uint8_t *v, int n):
    if n == 0:
        return _EMPTY
    if n == 2:
        return (v[0], v[1])
    if n == 3:
        return (v[0], v[1], v[2])
    if n == 4:
        return (v[0], v[1], v[2], v[3])
    return tuple([v[i] for i in range(n)])


cdef inline tuple _action_tuple(const ym_action_t *a):
    return (a.type, a.seat, a.tile, a.target, a.tsumogiri, _u8tuple(a.consumed, a.n_consumed))


cdef inline uint64_t _action_key(const ym_action_t *a) noexcept:
    # every field in its own bits (type < 16, seat < 4, n_consumed <= 4): distinct actions,
    # distinct keys
    cdef uint64_t k = a.type | (<uint64_t>a.seat << 4) | (<uint64_t>a.tile << 6) | (<uint64_t>a.target << 14)
    k |= (<uint64_t>(a.tsumogiri != 0) << 22) | (<uint64_t>a.n_consumed << 23)
    cdef int i
    for i in range(a.n_consumed):
        k |= <uint64_t>a.consumed[i] << (26 + 8 * i)
    return k


# event kinds kept as short tuples (plays): tsumo, dahai, chi, pon, daiminkan, ankan, nukidora,
# reach, dora
cdef uint32_t _LAZY_EVENTS = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 8) | (1 << 9) | (1 << 10) | (1 << 12)


cdef tuple _event_tuple(const ym_event_t *e, int n, const ym_game_t *g):
    cdef const ym_seat_t *p
    if e.type == 10 and e.extra:   # an open riichi: tsumogiri 1, the hand shown (read at once: the step's state)
        p = &g.s[e.actor]
        return (e.type, e.actor, e.target, e.tile, 1, tuple(sorted([p.ids[i] for i in range(p.n)])))
    if e.type in (2, 3, 4, 5, 6, 8, 9, 10, 12):   # plays: the short form
        return (e.type, e.actor, e.target, e.tile, e.tsumogiri, _u8tuple(e.consumed, e.n_consumed))
    return (e.type, e.actor, e.target, e.tile, e.tsumogiri,
            _u8tuple(e.consumed, e.n_consumed), e.extra, e.tenpai, e.han, e.fu,
            e.points, e.yaku, tuple([e.deltas[i] for i in range(n)]), tuple([e.scores[i] for i in range(n)]),
            tuple([e.ura[i] for i in range(e.n_ura)]), _hora_pairs(e))


cdef tuple _hora_pairs(const ym_event_t *e):
    """A hora's (bit, han) pairs in bit order; with the local rules' yaku (e.yaku_ext: bits 66-69,
    open riichi in the place of riichi) as _yaku_pairs lists them."""
    cdef int bits[70]
    cdef int hans[70]
    cdef int j, m
    if not e.yaku_ext:
        return tuple([(b, e.han_of[b]) for b in range(64) if (e.yaku >> b) & 1])
    m = _yaku_pairs(e.yaku & ~(<uint64_t>7 << 52), e.han_of, 0, 0, 1, bits, hans, e.yaku_ext, e.han_ext)
    out = [(bits[j], hans[j]) for j in range(m)]
    out += [(b, e.han_of[b]) for b in (52, 53, 54) if (e.yaku >> b) & 1]
    return tuple(sorted(out, key=lambda p: {66: 1, 67: 21}.get(p[0], p[0])))   # open riichi in riichi's place


cdef class GameState:
    """One engine state (a ym_game_t by value)."""
    cdef ym_game_t g
    cdef ym_events_t ev
    cdef ym_rng_t prng
    cdef ym_ev_work *evw        # the ev policy's work memory (made on first use; never copied)
    cdef readonly CompiledGameRules crules

    def __dealloc__(self):
        ym_policy_ev_free(self.evw)

    def __init__(self, CompiledGameRules crules not None, unsigned long long seed, wall=None, scores=None,
                 int round_wind=0, int kyoku=0, int honba=0, int sticks=0):
        cdef uint8_t w[136]
        cdef int64_t sc[4]
        cdef int n = crules.r.players
        cdef uint8_t *wp = NULL
        cdef int64_t *sp = NULL
        self.crules = crules
        self.ev.n = 0
        if scores is not None:
            _scores_in(scores, n, sc, "scores")
            sp = sc
        if wall is not None:
            self._wall_bytes(wall, w)
            wp = w
        ym_game_init(&self.g, &crules.r, seed, wp, sp, round_wind, kyoku, honba, sticks, &self.ev)

    cdef _wall_bytes(self, wall, uint8_t *w):
        cdef int n = 108 if self.crules.r.players == 3 else 136
        from yakuman.errors import InvalidContextError
        ids = list(wall)
        if len(ids) != n:
            raise InvalidContextError(f"a wall has {n} tile ids, not {len(ids)}")
        for i, t in enumerate(ids):
            if type(t) is bool or not hasattr(type(t), "__index__") or not 0 <= t.__index__() < 136:
                raise InvalidContextError(f"wall[{i}] = {_rep(t)} is not a tile id 0..135")
            w[i] = t.__index__()
        if ym_wall_check(w, n, self.crules.r.players):
            raise InvalidContextError("the wall is not a permutation of the game's tiles "
                                      + ("(108 ids without 2m-8m)" if n == 108 else "(ids 0..135)"))

    def next_round(self, wall=None):
        cdef uint8_t w[136]
        cdef uint8_t *wp = NULL
        if wall is not None:
            self._wall_bytes(wall, w)
            wp = w
        ym_game_next_round(&self.g, wp, &self.ev)

    def copy(self):
        cdef GameState o = GameState.__new__(GameState)
        memcpy(&o.g, &self.g, sizeof(ym_game_t))
        o.prng = self.prng
        o.ev.n = 0
        o.crules = self.crules
        return o

    def raw(self):
        return (<char *>&self.g)[:sizeof(ym_game_t)]

    @staticmethod
    def from_raw(crules, data):
        cdef GameState o = GameState.__new__(GameState)
        if type(crules) is not CompiledGameRules or type(data) is not bytes:
            from yakuman.errors import InvalidContextError
            raise InvalidContextError(f"GameState.from_raw takes compiled game rules and bytes, not "
                                      f"{type(crules).__name__} and {type(data).__name__}")
        if len(<bytes>data) != sizeof(ym_game_t):
            from yakuman.errors import InvalidContextError
            raise InvalidContextError("pickled game state of the wrong size (another build?)")
        cdef char why[200]
        memcpy(&o.g, <const char *><bytes>data, sizeof(ym_game_t))
        o.g.R = (<CompiledGameRules>crules).r
        o.ev.n = 0
        o.crules = <CompiledGameRules>crules
        if ym_game_validate(&o.g, why, sizeof(why)):
            from yakuman.errors import InvalidContextError
            raise InvalidContextError(f"game state is invalid: {why.decode('utf-8', 'replace')}")
        return o

    def validate(self):
        """None, or what breaks the state's invariants (ym_game_validate)."""
        cdef char why[200]
        if ym_game_validate(&self.g, why, sizeof(why)):
            return why.decode("utf-8", "replace")
        return None

    def legal(self, int seat):
        cdef ym_action_t buf[64]
        cdef int n = ym_game_legal(&self.g, seat, buf)
        cdef list out = []
        for i in range(n):
            out.append(_action_tuple(&buf[i]))
        return out

    def legal_actions(self, int seat, dict cache not None, factory, int aka):
        """legal(seat) as the shared action values: cache maps each action's packed code
        (_action_key) to its value, filled by factory(code tuple, aka) on a miss."""
        cdef ym_action_t buf[64]
        cdef int n = ym_game_legal(&self.g, seat, buf)
        cdef list out = [None] * n
        cdef int i
        for i in range(n):
            key = _action_key(&buf[i])
            a = cache.get(key)
            if a is None:
                if len(cache) > 200000:
                    cache.clear()
                a = factory(_action_tuple(&buf[i]), aka)
                cache[key] = a
            out[i] = a
        return out

    def pump(self, list events not None):
        """When every event of the last step is a play (tsumo, dahai, calls, reach, dora: the
        short tuples yakuman.game keeps unconverted) and no round ended, append them to events,
        clear them and return how many; otherwise take nothing and return -1."""
        cdef int i, n = self.crules.r.players
        if self.g.phase >= 2:      # round end or game over: the slow path
            return -1
        for i in range(self.ev.n):
            if not (_LAZY_EVENTS >> self.ev.ev[i].type) & 1:
                return -1
        for i in range(self.ev.n):
            events.append(_event_tuple(&self.ev.ev[i], n, &self.g))
        i = self.ev.n
        self.ev.n = 0
        return i

    def step(self, int type, int seat, int tile, int target, int tsumogiri, consumed):
        cdef ym_action_t a
        memset(&a, 0, sizeof(a))
        a.type = type
        a.seat = seat
        a.tile = tile
        a.target = target
        a.tsumogiri = tsumogiri
        if len(consumed) > 4:      # ym_action_t holds 4 ids: more is no action (refused)
            return -1
        a.n_consumed = len(consumed)
        for i in range(a.n_consumed):
            a.consumed[i] = consumed[i]
        self.ev.n = 0
        return ym_game_step(&self.g, &a, &self.ev)

    def seed_policy(self, unsigned long long seed):
        ym_policy_rng_init(&self.prng, seed)

    def policy_action(self, int policy):
        """The rollout policy's next (seat's) action, as simulate chooses it, or None."""
        cdef ym_action_t a
        cdef int seat = ym_sim_seat(&self.g)
        if seat < 0:
            return None
        with nogil:
            ym_policy_choose(&self.g, seat, policy, &self.prng, &self.evw, &a)
        return _action_tuple(&a)

    def rollout(self, int seat, int policy, unsigned long long seed, int64_t[:, ::1] deltas not None, uint8_t[::1] status not None,
                int workers, ops=None):
        """Row i of ``deltas``: each seat's point change over rollout i of this state to the end of
        its round (ym_game_rollout_world: copy i is ym_game_world's world of ``seat`` with the
        round's history ``ops`` (bytes as world() takes them, or None), seeded from seed + i *
        golden ratio); ``status[i]`` its return code (3: no world). No GIL; ``workers`` threads."""
        cdef Py_ssize_t n = deltas.shape[0], i
        cdef const uint8_t *p = NULL
        cdef int n_ops = 0
        if deltas.shape[1] != 4 or status.shape[0] != n:
            raise ValueError("deltas must be n x 4 and status n long")
        if ops is not None:
            if type(ops) is not bytes or len(ops) // 2 > 100000:
                raise TypeError("ops must be bytes or None")
            p = <const uint8_t *><const char *><bytes>ops
            n_ops = len(ops) // 2
        with nogil:
            for i in prange(n, num_threads=max(1, workers), schedule="static"):
                status[i] = <uint8_t>ym_game_rollout_world(&self.g, seat, p, n_ops, policy,
                                                           seed + <uint64_t>i * 0x9E3779B97F4A7C15ULL, &deltas[i, 0])

    def rollout_options(self, int seat, list codes not None, int policy, unsigned long long seed,
                        int64_t[:, :, ::1] deltas not None, uint8_t[:, ::1] status not None):
        """Each of ``codes`` (``seat``'s legal action codes now) judged over the same copies:
        copy i re-deals every tile hidden from ``seat`` once (seeded from seed + i * golden
        ratio), then for each option j that action is stepped on it and every seat plays
        ``policy`` to the end of the round (the same policy stream for every option).
        ``deltas[i, j]``: each seat's point change from this state; ``status[i, j]``: 0, 1/2 as
        ym_game_rollout_one, 3 when the copy refused the action. No GIL."""
        cdef Py_ssize_t n = deltas.shape[0], k = len(codes), i, j
        cdef int q, players = self.crules.r.players
        cdef ym_action_t acts[64]
        cdef ym_game_t *base
        cdef ym_game_t *tmp
        cdef uint64_t x, dseed, rseed
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} out of range")
        if deltas.shape[1] != k or deltas.shape[2] != 4 or status.shape[0] != n or status.shape[1] != k or k > 64:
            raise ValueError("deltas must be n x len(codes) x 4, status n x len(codes), at most 64 codes")
        for j in range(k):
            code = codes[j]
            if type(code) is not tuple or len(code) != 6 or type(code[5]) is not tuple or len(code[5]) > 4 or \
                    not all(type(v) is int and 0 <= v <= 255 for v in (*code[:5], *code[5])):
                raise ValueError(f"not an action code: {_shown(code)}")
            memset(&acts[j], 0, sizeof(ym_action_t))
            acts[j].type, acts[j].seat, acts[j].tile, acts[j].target, acts[j].tsumogiri = code[:5]
            acts[j].n_consumed = len(code[5])
            for q in range(acts[j].n_consumed):
                acts[j].consumed[q] = code[5][q]
        base = <ym_game_t *>malloc(2 * sizeof(ym_game_t))
        if base == NULL:
            raise MemoryError()
        tmp = base + 1
        with nogil:
            for i in range(n):
                x = seed + <uint64_t>i * 0x9E3779B97F4A7C15ULL
                dseed = ym_splitmix64(&x)
                rseed = ym_splitmix64(&x)
                memcpy(base, &self.g, sizeof(ym_game_t))
                # the seat's world (ym_game_world without the round's history: the hidden seats'
                # furiten cleared, the seats asked re-asked); 4: no world for this copy
                if ym_game_world(base, seat, dseed, NULL, 0, NULL) != 0:
                    for j in range(k):
                        status[i, j] = 4
                        for q in range(4):
                            deltas[i, j, q] = 0
                    continue
                for j in range(k):
                    memcpy(tmp, base, sizeof(ym_game_t))
                    for q in range(4):
                        deltas[i, j, q] = 0
                    if ym_game_step(tmp, &acts[j], NULL) != 0:
                        status[i, j] = 3
                        continue
                    status[i, j] = 0
                    if tmp.phase < 2:   # the round goes on (YM_PH_ROUND_END = 2)
                        status[i, j] = <uint8_t>ym_game_rollout_one(tmp, -1, policy, rseed, &deltas[i, j, 0])
                    for q in range(players):
                        deltas[i, j, q] += tmp.s[q].score - self.g.s[q].score
        free(base)

    def policy_choose(self, int seat, int policy):
        """The policy's action for `seat` now (its legal action; random draws from this state's
        policy stream), or None when the seat has nothing to decide."""
        cdef ym_action_t a
        if not 0 <= seat < self.crules.r.players:
            return None
        with nogil:
            ym_policy_choose(&self.g, seat, policy, &self.prng, &self.evw, &a)
        if a.type == 0:
            return None
        return _action_tuple(&a)

    def prng_state(self):
        return tuple(self.prng.s[i] for i in range(4))

    def set_prng_state(self, state):
        for i in range(4):
            self.prng.s[i] = state[i]

    def events(self):
        """The events of the last step / next_round / init (then cleared)."""
        cdef int n = self.crules.r.players
        out = [_event_tuple(&self.ev.ev[i], n, &self.g) for i in range(self.ev.n)]
        self.ev.n = 0
        return out

    def to_act(self):
        return ym_game_to_act(&self.g)

    def phase(self):
        return self.g.phase

    def step_code(self, tuple code not None, dict cache=None, value=None):
        """step(*code) for a code tuple as legal() gives it; nonzero (refused, state unchanged)
        for anything that is not one: a forged code never reaches the engine with a field that
        does not fit its uint8, nor with more consumed ids than ym_action_t holds (4). With
        ``cache`` (legal_actions' cache): -2, nothing done, unless ``value`` is the cache's own
        value of this code (an Action whose code was set by hand is not trusted)."""
        cdef ym_action_t a
        cdef Py_ssize_t i
        if len(code) != 6 or type(code[5]) is not tuple or len(<tuple>code[5]) > 4:
            return -1
        cdef tuple cons = <tuple>code[5]
        for i in range(5):
            v = code[i]
            if type(v) is not int or not 0 <= v <= 255:
                return -1
        for v in cons:
            if type(v) is not int or not 0 <= v <= 255:
                return -1
        memset(&a, 0, sizeof(a))
        a.type = code[0]
        a.seat = code[1]
        a.tile = code[2]
        a.target = code[3]
        a.tsumogiri = code[4]
        a.n_consumed = len(cons)
        for i in range(a.n_consumed):
            a.consumed[i] = cons[i]
        if cache is not None and cache.get(_action_key(&a)) is not value:
            return -2
        self.ev.n = 0
        return ym_game_step(&self.g, &a, &self.ev)

    def check(self):
        return ym_game_check(&self.g)

    def determinize(self, int seat, unsigned long long seed):
        if not 0 <= seat < self.crules.r.players:
            raise IndexError(seat)
        ym_game_determinize(&self.g, seat, seed)

    def world_seed(self):
        return self.g.seed

    def world(self, int seat, unsigned long long seed, ops):
        """Make this state a determinized world for seat (ym_game_world): ops = the round's
        history, 2 bytes per op (ym_game.h), or None when it is unknown. Returns 0, or the YM_WORLD_* error (1 the ops do not
        match the state, 2 a hidden riichi hand without a tenpai deal, 3 not in a round) with the
        state unchanged. Events of a response that resolves are kept for events()."""
        if not 0 <= seat < self.crules.r.players:
            raise IndexError(seat)
        cdef const uint8_t *p = NULL
        cdef int n = 0
        if ops is not None:
            if type(ops) is not bytes or len(ops) // 2 > 100000:
                raise TypeError("ops must be bytes or None")
            p = <const uint8_t *><const char *>ops
            n = len(ops) // 2
        self.ev.n = 0
        return ym_game_world(&self.g, seat, seed, p, n, &self.ev)

    def draw_tenpai(self, int seat):
        return ym_game_draw_tenpai(&self.g, seat)

    def table(self):
        """(phase, actor, round_wind, kyoku, dealer, honba, sticks, left, dora indicator ids,
        game_over, end_reason, n_rounds, resp_kind, resp_tile, resp_from, n_kans, first_go)."""
        cdef ym_game_t *g = &self.g
        return (g.phase, g.actor, g.round_wind, g.kyoku, g.dealer, g.honba, g.sticks,
                g.live_end - g.next, tuple(ym_game_dora_indicator(g, i) for i in range(g.n_dora)),
                g.game_over, g.end_reason, g.n_rounds, g.resp_kind, g.resp_tile, g.resp_from, g.n_kans,
                g.first_go)

    def seat(self, int q):
        """(ids, melds, river, riichi, double, ippatsu, riichi_furiten, temp_furiten, kita ids,
        score, drawn, discarded kinds mask, waits mask, pao seat, draws, open riichi)."""
        if not 0 <= q < 4:
            raise IndexError(q)
        cdef ym_seat_t *p = &self.g.s[q]
        melds = tuple((p.melds[i].type, p.melds[i].kind, p.melds[i].from_, p.melds[i].called,
                       p.melds[i].added, tuple(p.melds[i].ids[j] for j in range(p.melds[i].n)))
                      for i in range(p.n_melds))
        river = tuple((p.river[i], p.rmark[i]) for i in range(p.n_river))
        return (tuple(sorted(p.ids[i] for i in range(p.n))), melds, river, p.riichi, p.double_riichi,
                p.ippatsu, p.riichi_furiten, p.temp_furiten,
                tuple(p.kita_ids[i] for i in range(min(p.kita, 4))), p.score, p.drawn, p.discarded,
                p.waits, p.pao_seat, p.draws, p.open_riichi)

    def wall(self):
        return tuple(self.g.wall[i] for i in range(self.g.n_tiles))

    def wall_state(self):
        """(next, live_end, n_rinshan, n_dora)."""
        return (self.g.next, self.g.live_end, self.g.n_rinshan, self.g.n_dora)

    def last_round(self):
        cdef int n = self.crules.r.players
        cdef ym_round_result_t *l = &self.g.last
        return (l.outcome, l.abort_kind, l.winners, l.from_, l.tenpai, tuple(l.deltas[i] for i in range(n)))

    def final(self):
        cdef int n = self.crules.r.players
        cdef ym_game_t *g = &self.g
        return (tuple(g.final_points[i] for i in range(n)), tuple(g.final_rank[i] for i in range(n)),
                tuple(g.final_results[i] for i in range(n)))

    def obs_planes(self, int seat):
        import numpy as np
        planes = np.zeros((YM_OBS_PLANES, 34), dtype=np.uint8)
        scalars = np.zeros(YM_OBS_SCALARS, dtype=np.int64)
        cdef uint8_t[:, ::1] pv = planes
        cdef int64_t[::1] sv = scalars
        ym_game_obs(&self.g, seat, &pv[0, 0], &sv[0])
        return planes, scalars


def world_tenpai_sample(pool, int need, int melds, bint sanma, unsigned long long seed):
    """The ids of one hidden riichi hand as ym_game_world draws it (tests): need ids of pool
    (distinct tile ids) forming a tenpai hand with melds melds, uniform among such subsets
    (rejection sampling), or None when none was found."""
    cdef uint8_t p[136]
    cdef uint8_t out[14]
    cdef int h = len(pool), i
    if h > 136 or not 1 <= need <= 14 or not 0 <= melds <= 4:
        raise ValueError("pool of at most 136 ids, need 1..14, melds 0..4")
    seen = set()
    for i in range(h):
        v = pool[i]
        if type(v) is not int or not 0 <= v < 136 or v in seen:
            raise ValueError(f"pool[{i}] = {_rep(v)} is not a new tile id")
        seen.add(v)
        p[i] = v
    if not ym_world_tenpai_sample(p, h, need, melds, sanma, seed, out):
        return None
    return tuple(out[i] for i in range(need))


def seeded_wall(int players, unsigned long long seed, unsigned int round_no=0):
    """The engine's seeded wall of round `round_no` of game `seed` (136 or 108 ids)."""
    cdef uint8_t w[136]
    cdef int n = 108 if players == 3 else 136
    ym_wall_shuffle(w, n, seed, round_no)
    return tuple(w[i] for i in range(n))


def _simulate(CompiledGameRules crules not None, const uint64_t[::1] seeds not None, const uint8_t[:, ::1] policies not None, int workers,
              int64_t[:, ::1] scores not None, int64_t[:, ::1] results not None, uint8_t[:, ::1] ranks not None,
              uint16_t[::1] rounds not None, uint16_t[:, ::1] outcomes not None, uint8_t[::1] end_reason not None,
              uint8_t[::1] status not None, uint32_t[::1] steps not None):
    """Game i: seed seeds[i], seat q plays policies[i, q] (n x 4, checked by the caller)."""
    cdef Py_ssize_t n = seeds.shape[0], i
    cdef ym_game_rules_t *R = &crules.r
    if policies.shape[0] != n or policies.shape[1] != 4:
        raise ValueError("policies must be n x 4")
    with nogil:
        for i in prange(n, num_threads=workers, schedule="dynamic"):
            status[i] = <uint8_t>_sim_one(R, seeds[i], &policies[i, 0], &scores[i, 0], &results[i, 0], &ranks[i, 0],
                                          &rounds[i], &outcomes[i, 0], &end_reason[i], &steps[i])


cdef int _sim_one(const ym_game_rules_t *R, uint64_t seed, const uint8_t *policies, int64_t *scores,
                  int64_t *results, uint8_t *ranks, uint16_t *rounds, uint16_t *outcomes, uint8_t *end_reason,
                  uint32_t *steps) noexcept nogil:
    cdef ym_sim_result_t res
    cdef int rc = ym_game_simulate_seats(R, seed, policies, &res)
    cdef int j
    for j in range(R.players):
        scores[j] = res.scores[j]
        results[j] = res.results[j]
        ranks[j] = res.ranks[j]
    rounds[0] = res.rounds
    for j in range(YM_OUT_KINDS):
        outcomes[j] = res.outcomes[j]
    end_reason[0] = res.end_reason
    steps[0] = res.steps
    return rc


# ---- settlement arithmetic shared with yakuman.settle (one implementation, in C) -------------
cdef extern from "ym_game.h" nogil:
    void ym_noten_deltas(int n, const uint8_t *tenpai, int32_t total, int64_t *deltas)
    int ym_next_hand(const ym_game_rules_t *R, const int64_t *scores, int round_wind, int kyoku, int first_dealer,
                     int repeat, int dealer_won_or_tenpai, int *wind_out, int *hand_out)
    void ym_final_scores(const ym_game_rules_t *R, int n, const int64_t *scores, int sticks, int first_dealer,
                         int64_t *points, uint8_t *ranks, int64_t *results)

_END_NAMES = (None, "tobi", "last_hand", "sudden_death", "all_last_stop", "score_limit")


def settle_noten(tenpai, int total):
    """Noten deltas for 1-4 seats (tenpai: sequence of bools)."""
    cdef uint8_t t[4]
    cdef int64_t d[4]
    cdef int n = len(tenpai)
    if not 1 <= n <= 4:
        from yakuman.errors import InvalidContextError
        raise InvalidContextError(f"noten payments for {n} players: 1 to 4 are supported")
    for i in range(n):
        t[i] = 1 if tenpai[i] else 0
    ym_noten_deltas(n, t, total, d)
    return tuple(d[i] for i in range(n))


def settle_next_hand(rules, scores, int round_wind, int hand, int first_dealer, bint repeat,
                     bint dealer_won_or_tenpai):
    """(end reason or None, next round wind, next hand) after a hand (see ym_next_hand)."""
    cdef CompiledGameRules cgr = compiled_game_rules(rules)
    cdef int64_t sc[4]
    cdef int wind = 0, nxt = 0
    _scores_in(scores, cgr.r.players, sc, "scores", YM_SCORE_MAX + (YM_SCORE_MAX >> 3))
    reason = ym_next_hand(&cgr.r, sc, round_wind, hand, first_dealer, repeat, dealer_won_or_tenpai, &wind, &nxt)
    return _END_NAMES[reason], wind, nxt


def settle_final(rules, scores, int sticks, int first_dealer):
    """(points, ranks, results) at the end of a game (see ym_final_scores)."""
    cdef CompiledGameRules cgr = compiled_game_rules(rules)
    cdef int64_t sc[4]
    cdef int64_t pts[4]
    cdef int64_t res[4]
    cdef uint8_t rk[4]
    cdef int n = cgr.r.players
    _scores_in(scores, n, sc, "scores", YM_SCORE_MAX + (YM_SCORE_MAX >> 3))
    if not 0 <= sticks <= 100000:
        from yakuman.errors import InvalidContextError
        raise InvalidContextError(f"riichi sticks {sticks} out of range 0..100000")
    ym_final_scores(&cgr.r, n, sc, sticks, first_dealer, pts, rk, res)
    return tuple(pts[i] for i in range(n)), tuple(rk[i] for i in range(n)), tuple(res[i] for i in range(n))


cdef extern from "ym_game.h" nogil:
    enum: YM_MAX_TRANSFERS
    ctypedef struct ym_transfer_t:
        uint8_t payer, reason
        int64_t amount
    int ym_settle_win(const ym_game_rules_t *R, int n, int winner, int from_, int dealer, int liable, int32_t a,
                      int32_t a_pao, int honba, int sticks, ym_transfer_t *out)
    int ym_settle_win_aotenjou(const ym_game_rules_t *R, int n, int winner, int from_, int dealer, int liable,
                               int64_t a, int honba, int sticks, ym_transfer_t *out)

_TRANSFER_REASONS = ("ron", "tsumo", "pao", "honba", "riichi_sticks")


def settle_win(rules, int winner, int from_seat, int dealer, int liable, base, pao_base, honba, sticks):
    """The transfers of one win worth base points `base` (ym_settle_win): a tuple of
    (payer or None for the table's sticks, amount, reason). from_seat / liable -1 = tsumo / no
    liable player; pao_base 0 = the whole hand is under pao."""
    cdef CompiledGameRules cgr = compiled_game_rules(rules)
    cdef ym_transfer_t t[YM_MAX_TRANSFERS]
    cdef int n = cgr.r.players, k, i
    from yakuman.errors import InvalidContextError
    for name, seat, none_ok in (("winner", winner, False), ("discarder", from_seat, True),
                                ("dealer", dealer, False), ("liable seat", liable, True)):
        if not (0 <= seat < n or (none_ok and seat == -1)):
            raise InvalidContextError(f"{name} {seat} is not a seat 0..{n - 1}")
    if not 0 <= honba <= 10000 or not 0 <= sticks <= 10000:
        raise InvalidContextError(f"honba {honba} / riichi sticks {sticks} out of range 0..10000")
    if not 0 <= pao_base <= base:
        raise InvalidContextError(f"pao part {pao_base} of base points {base} out of range 0..{base}")
    if cgr.rules.aotenjou:   # no limit: any base up to the engine's cap; pao answers for the whole hand
        if not 0 < base <= YM_AOTENJOU_ENGINE_BASE:
            raise InvalidContextError(f"base points {base} (pao part {pao_base}) out of range "
                                      f"1..{YM_AOTENJOU_ENGINE_BASE} (aotenjou in the engine's 64-bit amounts)")
        k = ym_settle_win_aotenjou(&cgr.r, n, winner, 255 if from_seat < 0 else from_seat, dealer,
                                   255 if liable < 0 else liable, <int64_t>base, <int>honba, <int>sticks, t)
        return tuple((None if t[i].payer == 255 else t[i].payer, t[i].amount, _TRANSFER_REASONS[t[i].reason])
                     for i in range(k))
    if not 0 < base <= 8000 * 255:
        raise InvalidContextError(f"base points {base} (pao part {pao_base}) out of range 1..{8000 * 255}")
    k = ym_settle_win(&cgr.r, n, winner, 255 if from_seat < 0 else from_seat, dealer, 255 if liable < 0 else liable,
                      <int32_t>base, <int32_t>pao_base, <int>honba, <int>sticks, t)
    return tuple((None if t[i].payer == 255 else t[i].payer, t[i].amount, _TRANSFER_REASONS[t[i].reason])
                 for i in range(k))


cdef extern from "ym_game.h" nogil:
    int ym_draw_tenpai(const ym_game_rules_t *R, const ym_hand_t *h, const uint8_t *seen)


def draw_tenpai(rules, counts, melds, visible, int seat_wind, int round_wind, int riichi):
    """Tenpai at an exhaustive draw (ym_draw_tenpai): 34 concealed counts (13 - 3 x melds tiles),
    melds as the scorer takes them, visible = 34 counts seen outside the hand and its melds (or
    None), riichi 0 / 1 / 2 (double)."""
    cdef CompiledGameRules cgr = compiled_game_rules(rules)
    cdef ym_hand_t h
    cdef uint8_t seen[34]
    cdef int flags = (F_RIICHI if riichi == 1 else F_DOUBLE_RIICHI if riichi == 2 else 0)
    _fill_hand(&h, counts, 0, melds, 0, flags, seat_wind, round_wind, (), (), 0, 0, 0, 0)
    if visible is None:
        return bool(ym_draw_tenpai(&cgr.r, &h, NULL))
    if len(visible) != 34:
        from yakuman.errors import InvalidContextError
        raise InvalidContextError("visible must be 34 tile counts")
    for i in range(34):
        v = visible[i]
        seen[i] = <uint8_t>(v if 0 <= v <= 4 else 4)
    return bool(ym_draw_tenpai(&cgr.r, &h, seen))

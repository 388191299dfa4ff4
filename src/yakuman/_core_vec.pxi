# The fixed action space and the vectorized games (included from _core.pyx). See
# csrc/ym_game_actions.h (the index layout) and yakuman.game.vec (the Python face).
#
# VecCore owns n ym_vgame_t in native memory and the output arrays (numpy, allocated once):
# observe() hands them out as they are; step() fills them in place on `workers` threads (nogil,
# csrc/ym_pool.c: chunks of games claimed by whichever thread is running, each game touched by
# one thread only, so results do not depend on the thread count), then deals the games that
# ended their next seeds in game order, serially (a reset is rare: one per whole game).

from libc.stdlib cimport calloc, free
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t

cdef extern from "ym_game_actions.h" nogil:
    enum: YM_AX_N
    enum: YM_AX_VERSION
    ctypedef struct ym_vgame_t:
        ym_game_t g
        uint64_t seed
        uint8_t seat, n_legal, over
        uint16_t *hist
        uint32_t n_hist, cap_hist
    ctypedef struct ym_vout_t:
        uint8_t *planes
        int64_t *scalars
        uint8_t *mask
        float *reward
    int ym_action_index(const ym_game_t *g, const ym_action_t *a)
    int ym_action_mask(const ym_game_t *g, int seat, uint8_t *mask, ym_action_t *legal, uint16_t *idx)
    int ym_action_from_index(const ym_game_t *g, int seat, int index, ym_action_t *out)
    void ym_vgame_reset(ym_vgame_t *v, const ym_game_rules_t *R, uint64_t seed, const ym_vout_t *o)
    int ym_vgame_step(ym_vgame_t *v, int action, int reward_mode, const ym_vout_t *o)
    void ym_vgame_free(ym_vgame_t *v)
    ctypedef struct ym_vbatch_t:
        ym_vgame_t *v
        const int64_t *acts
        uint8_t *planes
        int64_t *scalars
        uint8_t *mask
        float *rewards
        uint8_t *status
        uint8_t *done
        int32_t *seat
        int mode, players
    void ym_vgame_step_range(void *ctx, int64_t lo, int64_t hi)

cdef extern from "ym_pool.h" nogil:
    ctypedef struct ym_pool_t:
        pass
    ctypedef void (*ym_pool_fn)(void *ctx, int64_t lo, int64_t hi)
    ym_pool_t *ym_pool_new(int workers)
    void ym_pool_run(ym_pool_t *p, ym_pool_fn fn, void *ctx, int64_t n, int64_t chunk)
    void ym_pool_free(ym_pool_t *p)

ACTION_SPACE = YM_AX_N
ACTION_SPACE_VERSION = YM_AX_VERSION


def state_action_mask(GameState st not None, int seat, uint8_t[::1] mask not None):
    """Fill mask (YM_AX_N bytes) for ``seat`` now; return [(index, code tuple)] of its legal actions."""
    cdef ym_action_t legal[64]
    cdef uint16_t idx[64]
    if mask.shape[0] != YM_AX_N:
        raise InvalidArgumentError(f"an action mask has {YM_AX_N} entries, not {mask.shape[0]}")
    cdef int n = ym_action_mask(&st.g, seat, &mask[0], legal, idx), i
    return [(idx[i] if idx[i] != 0xFFFF else -1, _action_tuple(&legal[i])) for i in range(n)]


def state_action_of_index(GameState st not None, int seat, int index):
    """The code tuple of the legal action of ``seat`` with this index, or None."""
    cdef ym_action_t a
    if ym_action_from_index(&st.g, seat, index, &a):
        return None
    return _action_tuple(&a)


def state_decision_seat(GameState st not None):
    """The seat a VecGame asks now (the actor; on a response the asked seats in turn order after
    the discarder), -1 when nobody decides."""
    return ym_sim_seat(&st.g)


def state_obs_into(GameState st not None, int seat, uint8_t[:, ::1] planes not None, int64_t[::1] scalars not None):
    ym_game_obs(&st.g, seat, &planes[0, 0], &scalars[0])


@cython.auto_pickle(False)
cdef class VecCore:
    """n games in native memory and their output arrays (see yakuman.game.VecGame)."""
    cdef ym_vgame_t *v
    cdef ym_pool_t *pool
    cdef Py_ssize_t n
    cdef int players, reward_mode, workers
    cdef uint64_t next_seed
    cdef CompiledGameRules crules
    cdef readonly object planes, scalars, mask, seat, done, status, rewards, seeds, _actions
    cdef uint8_t[:, :, ::1] pv
    cdef int64_t[:, ::1] sv
    cdef uint8_t[:, ::1] mv
    cdef int32_t[::1] seatv
    cdef uint8_t[::1] donev, statv
    cdef float[:, ::1] rv
    cdef uint64_t[::1] seedv
    cdef int64_t[::1] av

    def __init__(self, CompiledGameRules crules not None, Py_ssize_t n, uint64_t base, int reward_mode, int workers):
        import numpy as np
        cdef Py_ssize_t i
        if self.v != NULL:
            raise InvalidArgumentError("VecCore is initialized once")
        self.v = <ym_vgame_t *>calloc(n if n > 0 else 1, sizeof(ym_vgame_t))
        if self.v == NULL:
            raise MemoryError("VecGame: no memory for the games")
        self.n, self.crules, self.reward_mode, self.workers = n, crules, reward_mode, workers
        self.players = crules.r.players
        self.planes = np.zeros((n, YM_OBS_PLANES, 34), dtype=np.uint8)
        self.scalars = np.zeros((n, YM_OBS_SCALARS), dtype=np.int64)
        self.mask = np.zeros((n, YM_AX_N), dtype=np.bool_)
        self.seat = np.zeros(n, dtype=np.int32)
        self.done = np.zeros(n, dtype=np.bool_)
        self.status = np.zeros(n, dtype=np.uint8)
        self.rewards = np.zeros((n, self.players), dtype=np.float32)
        self.seeds = np.zeros(n, dtype=np.uint64)
        self._actions = np.zeros(n, dtype=np.int64)
        self.pv, self.sv, self.mv = self.planes, self.scalars, self.mask.view(np.uint8)
        self.seatv, self.donev, self.statv = self.seat, self.done.view(np.uint8), self.status
        self.rv, self.seedv, self.av = self.rewards, self.seeds, self._actions
        self.next_seed = base
        self.pool = ym_pool_new(workers)
        if self.pool == NULL:
            raise MemoryError("VecGame: no memory for the thread pool")
        for i in range(n):
            self._reset(i)

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.pool != NULL:
            ym_pool_free(self.pool)
            self.pool = NULL
        if self.v != NULL:
            for i in range(self.n):
                ym_vgame_free(&self.v[i])
            free(self.v)
            self.v = NULL

    cdef inline void _out(self, Py_ssize_t i, ym_vout_t *o) noexcept nogil:
        o.planes = &self.pv[i, 0, 0]
        o.scalars = &self.sv[i, 0]
        o.mask = &self.mv[i, 0]
        o.reward = &self.rv[i, 0]

    cdef void _reset(self, Py_ssize_t i) noexcept nogil:
        cdef ym_vout_t o
        self._out(i, &o)
        self.seedv[i] = self.next_seed
        ym_vgame_reset(&self.v[i], &self.crules.r, self.next_seed, &o)
        self.next_seed += 1
        self.seatv[i] = self.v[i].seat

    @property
    def next_unused_seed(self):
        return self.next_seed

    def step(self, actions):
        """Step every game with its action index (int[n]); fill rewards, status, done and the
        observation arrays in place."""
        import numpy as np
        cdef Py_ssize_t n = self.n, i
        cdef int mode = self.reward_mode
        if self.v == NULL or self.pool == NULL:
            raise InvalidArgumentError("VecCore was not initialized")
        if isinstance(actions, np.ndarray) and actions.dtype == np.int64 and actions.ndim == 1 \
                and actions.shape[0] == n and actions.flags.c_contiguous:
            av = actions
        else:
            arr = np.asarray(actions)
            if arr.shape != (n,) or arr.dtype.kind not in "iu":
                raise InvalidArgumentError(f"actions must be {n} integer action indices (shape ({n},)), "
                                           f"not {arr.dtype} {arr.shape}")
            np.copyto(self._actions, arr, casting="unsafe")
            av = self._actions
        cdef int64_t[::1] acts = av
        cdef ym_vbatch_t bt
        bt.v, bt.acts = self.v, &acts[0]
        bt.planes, bt.scalars, bt.mask = &self.pv[0, 0, 0], &self.sv[0, 0], &self.mv[0, 0]
        bt.rewards, bt.status, bt.done, bt.seat = &self.rv[0, 0], &self.statv[0], &self.donev[0], &self.seatv[0]
        bt.mode, bt.players = mode, self.players
        # chunks of 32 games: enough to share the work, few enough claims to stay cheap
        with nogil:
            ym_pool_run(self.pool, ym_vgame_step_range, &bt, n, 32)
            for i in range(n):
                if self.donev[i]:     # done[] (written by the step): contiguous, not a line per game
                    self._reset(i)
        return self.rewards

    def history(self, Py_ssize_t i):
        """(seed, action indices since the start of game i's current game)."""
        import numpy as np
        if not 0 <= i < self.n:
            raise InvalidArgumentError(f"game {i} is not one of 0..{self.n - 1}")
        cdef ym_vgame_t *v = &self.v[i]
        out = np.empty(v.n_hist, dtype=np.uint16)
        cdef uint16_t[::1] ov = out
        if v.n_hist:
            memcpy(&ov[0], v.hist, v.n_hist * sizeof(uint16_t))
        return int(v.seed), out

    def raw(self, Py_ssize_t i):
        """The native state of game i (bytes, as GameState.raw())."""
        if not 0 <= i < self.n:
            raise InvalidArgumentError(f"game {i} is not one of 0..{self.n - 1}")
        return (<char *>&self.v[i].g)[:sizeof(ym_game_t)]


# ---- training data from records: the record driver's decisions as arrays ------------------------
# RecordRound (_core_replay.pxi) hands every decision it applies -- discards, riichi, kans, kita,
# wins, kyuushu, calls and every answer to a response, passes included -- to the sink bound with
# replay_set_sink, with the state before the decision. The sink writes the deciding seat's
# planes, scalars and mask (the VecGame's own functions) and the action's index into chunks of
# preallocated arrays.

@cython.auto_pickle(False)
cdef class DecisionSink:
    """Rows of decisions in chunks of ``chunk`` rows (numpy arrays; see yakuman.logs.decisions)."""
    cdef readonly Py_ssize_t chunk, fill, total, passes
    cdef readonly list chunks          # finished chunks: dicts of arrays (full length)
    cdef public int game_index, round_index
    cdef object cur
    cdef uint8_t[:, :, ::1] pv
    cdef int64_t[:, ::1] sv
    cdef uint8_t[:, ::1] mv
    cdef int16_t[::1] actv, roundv
    cdef int8_t[::1] seatv
    cdef int32_t[::1] gamev, eventv
    cdef uint8_t[::1] passv

    def __init__(self, Py_ssize_t chunk=65536):
        self.chunk = max(1, chunk)
        self.chunks = []
        self.fill = self.total = self.passes = 0
        self.game_index = -1
        self.round_index = -1
        self.cur = None

    cdef _new_chunk(self):
        import numpy as np
        c = self.chunk
        d = {"planes": np.empty((c, YM_OBS_PLANES, 34), dtype=np.uint8),
             "scalars": np.empty((c, YM_OBS_SCALARS), dtype=np.int64),
             "mask": np.empty((c, YM_AX_N), dtype=np.bool_),
             "action": np.empty(c, dtype=np.int16), "seat": np.empty(c, dtype=np.int8),
             "round": np.empty(c, dtype=np.int16), "game": np.empty(c, dtype=np.int32),
             "event": np.empty(c, dtype=np.int32), "implied_pass": np.empty(c, dtype=np.bool_)}
        if self.cur is not None:
            self.chunks.append(self.cur)
        self.cur = d
        self.fill = 0
        self.pv, self.sv, self.mv = d["planes"], d["scalars"], d["mask"].view(np.uint8)
        self.actv, self.seatv, self.roundv = d["action"], d["seat"], d["round"]
        self.gamev, self.eventv, self.passv = d["game"], d["event"], d["implied_pass"].view(np.uint8)

    cdef int record(self, const ym_game_t *g, const ym_action_t *a, int event) except -1:
        """Write one decision; 1 (nothing written) when the action has no index set in the mask of
        its state or the mask is not one to one with the legal actions."""
        cdef ym_action_t legal[64]
        cdef uint16_t idx[64]
        cdef int n, x, i, bits = 0
        cdef Py_ssize_t r
        if self.cur is None or self.fill == self.chunk:
            self._new_chunk()
        r = self.fill
        n = ym_action_mask(g, a.seat, &self.mv[r, 0], legal, idx)
        x = ym_action_index(g, a)
        for i in range(YM_AX_N):
            bits += self.mv[r, i]
        if x < 0 or bits != n or not self.mv[r, x]:
            return 1
        ym_game_obs(g, a.seat, &self.pv[r, 0, 0], &self.sv[r, 0])
        self.actv[r] = <int16_t>x
        self.seatv[r] = <int8_t>a.seat
        self.roundv[r] = <int16_t>self.round_index
        self.gamev[r] = self.game_index
        self.eventv[r] = event
        self.passv[r] = a.type == 12
        self.passes += a.type == 12
        self.fill += 1
        self.total += 1
        return 0

    def take(self):
        """Every row so far as a list of dicts of arrays (the last chunk cut to its rows); the
        sink starts empty again."""
        out = self.chunks
        if self.cur is not None and self.fill:
            out.append({k: v[:self.fill] for k, v in self.cur.items()})
        self.chunks = []
        self.cur = None
        self.fill = 0
        return out


cdef object _SINK = None


def replay_set_sink(sink):
    """Bind (or, with None, unbind) the DecisionSink the record driver writes its decisions to."""
    global _SINK
    _SINK = sink

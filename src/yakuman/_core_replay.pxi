# Log replay glue (included from _core.pyx): what the replay of a record reads from the engine
# state at a win. The situation flags are the engine's own (ym_game_win_flags, the function the
# scorer's flags come from), never recomputed here.

cimport cython

cdef extern from "ym_game.h" nogil:
    unsigned ym_game_win_flags(const ym_game_t *g, int seat, int from_seat, int rk)
    void ym_game_apply(ym_game_t *g, const ym_action_t *act, ym_events_t *ev)
    int ym_game_discard_legal(const ym_game_t *g, const ym_action_t *a)
    int ym_game_is_legal(const ym_game_t *g, const ym_action_t *a)
    int ym_game_pass_legal(const ym_game_t *g, int seat)


def replay_win(GameState st not None, int seat, int from_):
    """The engine's view of a win of ``seat`` now, before it is stepped: a tsumo (``from_ ==
    seat``) in the SELF phase on the tile it holds as drawn, or a ron of the open response's tile
    (``from_`` = the discarder / kan declarer). Returns ``(flags, concealed ids before the win,
    winning tile, kita ids, riichi established, pao seat or 255, dora indicator ids, honba,
    sticks)`` (flags: the scorer's YM_F_* bits), or None when the state has no such win to read."""
    cdef ym_game_t *g = &st.g
    cdef ym_seat_t *p
    cdef int tile, rk, n = g.R.players, i
    if not 0 <= seat < n or not 0 <= from_ < n:
        return None
    p = &g.s[seat]
    if from_ == seat:
        if g.phase != 0 or g.actor != seat or p.drawn == 255:
            return None
        tile, rk = p.drawn, 0
    else:
        if g.phase != 1 or g.resp_from != from_:
            return None
        tile, rk = g.resp_tile, g.resp_kind
    cdef unsigned f = ym_game_win_flags(g, seat, from_, rk)
    ids = tuple([p.ids[i] for i in range(p.n)])
    return (f, ids, tile, tuple([p.kita_ids[i] for i in range(min(p.kita, 4))]), p.riichi == 2,
            p.pao_seat, tuple([ym_game_dora_indicator(g, i) for i in range(g.n_dora)]), g.honba, g.sticks)


# ---- the record driver: one round of a game record stepped through the engine ------------------
# The event classes and the Python helpers it calls live in modules that import _core, so
# yakuman.game.records binds them once (replay_bind) before the first round is driven.
cdef dict _RB = {}
cdef object _Draw = None, _Discard = None, _Call = None, _NewDora = None, _RiichiDeclare = None
cdef object _RiichiAccept = None, _Win = None, _Ryuukyoku = None, _GameEnd = None
cdef tuple _ANSWER_SKIP_T = (), _ANSWER_NEXT_T = ()
cdef tuple _MASKS = tuple(tuple(s for s in range(4) if (m >> s) & 1) for m in range(16))
cdef dict _CALL_CODES = {"chi": 3, "pon": 4, "daiminkan": 5}

# The driver reads the fields of the events it meets most (Draw, Discard) from their slots (the
# offsets the mjlog reader writes them at, ym_slot_offset); only for an instance of exactly that
# class, and getattr when the class is not a plain slots class or the slot is empty.
cdef extern from *:
    """
    static PyObject *ym_slot_ptr(PyObject *o, Py_ssize_t off) { return *(PyObject **)((char *)o + off); }
    """
    PyObject *ym_slot_ptr(object o, Py_ssize_t off)

cdef Py_ssize_t _O_DRAW_SEAT = -1, _O_DRAW_TILE = -1, _O_DIS_SEAT = -1, _O_DIS_TILE = -1, _O_DIS_TG = -1


cdef Py_ssize_t _slot_offset(cls, str name):
    """The slot offset of field ``name`` of a plain slots class, else -1."""
    if type(cls) is not type or name not in cls.__dict__.get("__slots__", ()):
        return -1
    return ym_slot_offset(cls.__dict__.get(name))


cdef inline object _field(object e, Py_ssize_t off, str name):
    """``e.name`` of an event whose class has the slot at ``off`` (-1: none)."""
    cdef PyObject *v
    if off >= 0:
        v = ym_slot_ptr(e, off)
        if v is not NULL:
            return <object>v
    return getattr(e, name)
cdef dict _SELF_KAN_CODES = {"kakan": 6, "ankan": 7, "kita": 8}


def replay_bind(d):
    """Give the driver the event classes and helpers (see above)."""
    global _Draw, _Discard, _Call, _NewDora, _RiichiDeclare, _RiichiAccept, _Win, _Ryuukyoku, _GameEnd
    global _ANSWER_SKIP_T, _ANSWER_NEXT_T
    _RB.update(d)
    _Draw, _Discard, _Call, _NewDora = d["Draw"], d["Discard"], d["Call"], d["NewDora"]
    _RiichiDeclare, _RiichiAccept, _Win = d["RiichiDeclare"], d["RiichiAccept"], d["Win"]
    _Ryuukyoku, _GameEnd = d["Ryuukyoku"], d["GameEnd"]
    _ANSWER_SKIP_T = (_Win, _RiichiAccept, _NewDora)
    _ANSWER_NEXT_T = (_Call, _Win, _Draw, _Ryuukyoku, _Discard)
    global _O_DRAW_SEAT, _O_DRAW_TILE, _O_DIS_SEAT, _O_DIS_TILE, _O_DIS_TG
    _O_DRAW_SEAT, _O_DRAW_TILE = _slot_offset(_Draw, "seat"), _slot_offset(_Draw, "tile")
    _O_DIS_SEAT, _O_DIS_TILE = _slot_offset(_Discard, "seat"), _slot_offset(_Discard, "tile")
    _O_DIS_TG = _slot_offset(_Discard, "tsumogiri")


cdef inline bint _one_of(object t, tuple classes):
    """``t`` is one of ``classes`` (identity: no rich comparison of type objects)."""
    cdef Py_ssize_t j
    for j in range(PyTuple_GET_SIZE(classes)):
        if <PyObject *>t is ym_tuple_item(classes, j):
            return True
    return False


cdef inline int _seat_of(object s, int n):
    """A record's seat (or tile id, n = 136) as an int in 0..n-1, else -1 (a mangled record)."""
    cdef long v
    if type(s) is not int:
        return -1
    v = ym_as_long(<PyObject *>s)
    if v == -1:   # -1 itself, or too large for a C long: not a seat either way
        PyErr_Clear()
        return -1
    return <int>v if 0 <= v < n else -1


cdef int _record_wall(object rs, tuple events, int players, uint8_t *out) except -1:
    """The engine wall of one round from its record: the deal, the live draws in order, the
    replacement draws (dead[0..3], then the live wall's end), the indicators the record shows and
    the ura of its wins; unknown places get the unused ids (highest first)."""
    cdef int wall[136]
    cdef uint8_t used[136]
    cdef int n = 108 if players == 3 else 136, dead, nxt, n_rinshan = 0, n_dora = 1, mask = 0, k, j, s, pos, t
    cdef int free_top
    memset(used, 0, sizeof(used))
    for j in range(n):
        wall[j] = -1
    dealer = rs.dealer
    hands = rs.hands
    for k in range(players):
        hand = hands[(dealer + k) % players]
        if len(hand) != 13:
            raise IndexError(f"a hand of {len(hand)} tiles dealt")
        for j in range(13):
            wall[13 * k + j] = hand[j]
    nxt = 13 * players
    dead = n - 14
    wall[dead + 4] = rs.dora_indicator
    for e in events:
        ty = type(e)
        if ty is _Discard:
            continue
        if ty is _Draw:
            s = _seat_of(_field(e, _O_DRAW_SEAT, "seat"), players)
            if s >= 0 and (mask >> s) & 1:
                mask &= ~(1 << s)
                pos = dead + n_rinshan if n_rinshan < 4 else dead - n_rinshan - 1
                n_rinshan += 1
            else:
                pos = nxt
                nxt += 1
            if not 0 <= pos < n:
                raise IndexError("more draws than the wall holds")
            # an id that is no tile is left to the unused ids: the driver reports that draw
            tl = _field(e, _O_DRAW_TILE, "tile")
            wall[pos] = _seat_of(tl, 136)
        elif ty is _Call and e.kind in _SELF_KAN_CODES or ty is _Call and e.kind == "daiminkan":
            s = _seat_of(e.seat, players)
            if s >= 0:
                mask |= 1 << s
        elif ty is _NewDora:
            if n_dora < 5 and _seat_of(e.indicator, 136) >= 0:
                wall[dead + 4 + 2 * n_dora] = e.indicator
            n_dora += 1
        elif ty is _Win and e.ura:
            for j, u in enumerate(e.ura[:5]):
                if wall[dead + 5 + 2 * j] < 0 and _seat_of(u, 136) >= 0:
                    wall[dead + 5 + 2 * j] = u
    for j in range(n):
        t = wall[j]
        if t > 135 or t < -1:
            raise ValueError(f"tile id {t} out of range 0..135")
        if t >= 0:
            used[t] = 1
    free_top = 135
    for j in range(n):
        if wall[j] < 0:
            while free_top >= 0 and (used[free_top] or (players == 3 and 4 <= free_top < 32)):
                free_top -= 1
            if free_top < 0:
                raise ValueError("the record uses more tile ids than the game has")
            wall[j] = free_top
            used[free_top] = 1
        out[j] = <uint8_t>wall[j]
    return 0


def record_wall(rs, events, int players):
    """The engine wall of one round from its record (a tuple of ids; see _record_wall)."""
    cdef uint8_t w[136]
    cdef int n = 108 if players == 3 else 136
    _record_wall(rs, tuple(events), players, w)
    return [w[i] for i in range(n)]


def round_starts(tuple events not None, cls):
    """Indices of the events of type ``cls`` (the round starts), then len(events)."""
    cdef Py_ssize_t i, m = len(events)
    out = [i for i in range(m) if type(events[i]) is cls]
    out.append(m)
    return out


@cython.auto_pickle(False)   # a driver, never pickled
cdef class RecordRound:
    """One round of a record driven through the engine state directly (a typed loop over the
    record's events; the engine's events are read from its buffer, no tuple per event). What it
    compares and the problems it reports: yakuman.game.records (module docstring)."""
    cdef readonly GameState st
    cdef readonly int n, base, accepted, acc_seats, dora, end_acc, at
    cdef int drawn_seat, drawn_tile, hora_mask
    cdef int decisions                # decisions checked, not yet added to out.decisions
    cdef ym_event_t horas[4]          # the engine's hora event of each winner this round
    cdef readonly object aka, label, out, start
    cdef readonly tuple events
    cdef readonly bint lite
    cdef public object game, result, melds, ended
    cdef public object hook           # hook(round, index): called before each decision (see run)
    cdef DecisionSink sink            # the decisions' sink (replay_set_sink), or None

    def __init__(self, CompiledGameRules cr not None, aka, int n, rs, events, int base, label, out, game=None,
                 bint lite=False):
        cdef uint8_t w[136]
        cdef int64_t sc[4]
        cdef int q, nt = 108 if cr.r.players == 3 else 136
        cdef GameState st = GameState.__new__(GameState)
        events = tuple(events)
        _record_wall(rs, <tuple>events, n, w)
        if ym_wall_check(w, nt, cr.r.players):
            from yakuman.errors import InvalidContextError
            raise InvalidContextError("the record's round is not a permutation of the game's tiles")
        if n != cr.r.players:
            from yakuman.errors import InvalidContextError
            raise InvalidContextError(f"a {n}-player round for rules with players = {cr.r.players}")
        _scores_in(rs.scores, n, sc, "the round's scores")
        # the counters as Game takes them (GAME_MAX_HONBA, GAME_MAX_STICKS): a record's -1 sticks
        # made a state with -1 sticks (a win took 1,000 from the winner) and 300 honba wrapped to 44
        if not (type(rs.honba) is int and 0 <= rs.honba <= GAME_MAX_HONBA and type(rs.sticks) is int
                and 0 <= rs.sticks <= GAME_MAX_STICKS):
            from yakuman.errors import InvalidContextError
            raise InvalidContextError(f"the round's honba {rs.honba!r} / riichi sticks {rs.sticks!r} out of range "
                                      f"0..{GAME_MAX_HONBA} / 0..{GAME_MAX_STICKS}")
        wind, kyoku = rs.round // 4 % 4, rs.round % 4
        st.crules = cr
        st.ev.n = 0
        ym_game_init(&st.g, &cr.r, 0, w, sc, wind, kyoku if kyoku < n else 0, rs.honba, rs.sticks, &st.ev)
        self.st = st
        self.aka, self.n, self.events, self.base, self.label, self.out = aka, n, tuple(events), base, label, out
        self.start = rs
        self.drawn_seat = -1      # the engine's last draw while that tile is the drawn one
        self.drawn_tile = -1
        self.dora = 1             # indicators shown by the engine
        self.hora_mask = 0        # winners of the engine's hora events, deltas in horas
        self.accepted = 0         # riichi sticks the engine put down this round
        self.acc_seats = 0        # seats whose riichi the engine accepted
        self.end_acc = 0          # ... with the step that ended the round (a fourth riichi)
        self.ended = []           # the record's result events compared so far
        self.at = -1              # the index (in ``events``) of the event being driven
        # With a replay (``game`` = (source, rules, aka)): the round's RoundResult, built from
        # the engine state at each win and at the draw; ``melds`` = each seat's Call events so far.
        # ``lite`` (logs verify): the wins are EngineWin (the engine's hora result, the WinCase
        # built only when asked for).
        self.game = game
        self.lite = lite
        self.result = _RB["RoundResult"](rs) if game is not None else None
        self.melds = [[] for _ in range(n)]
        self.hook = None
        self.sink = _SINK
        if self.sink is not None:
            self.sink.round_index += 1
        self.absorb()

    cdef void absorb(self) noexcept:
        cdef ym_events_t *ev = &self.st.ev
        cdef ym_event_t *e
        cdef int i, q, t, acc = 0
        for i in range(ev.n):
            e = &ev.ev[i]
            t = e.type
            if t == 2:
                self.drawn_seat, self.drawn_tile = e.actor, e.tile
            elif 3 <= t <= 9:
                self.drawn_seat = -1
            elif t == 12:
                self.dora += 1
            elif t == 11:
                self.accepted += 1
                self.acc_seats |= 1 << e.actor
                acc |= 1 << e.actor
            elif t == 13 and e.actor < 4:
                self.hora_mask |= 1 << e.actor
                memcpy(&self.horas[e.actor], e, sizeof(ym_event_t))
        if self.st.g.phase >= 2:
            self.end_acc |= acc
        ev.n = 0

    def hora_deltas(self, int seat):
        """The deltas of the engine's win of ``seat`` this round, or None."""
        if not 0 <= seat < 4 or not (self.hora_mask >> seat) & 1:
            return None
        return tuple([self.horas[seat].deltas[q] for q in range(self.n)])

    def hora_result(self, int seat):
        """What the engine's scorer and settlement gave the win of ``seat`` this round:
        ``(han, fu, points, limit, yakuman, yaku, deltas)`` with ``yaku`` the (bit, han) pairs of
        the scorer's result (as a Score lists them: bit 64 kita, 65 tsuuiisou as seven pairs),
        or None when the engine has no such win."""
        cdef int bits[70]
        cdef int hans[70]
        cdef int j, m
        cdef ym_event_t *e
        if not 0 <= seat < 4 or not (self.hora_mask >> seat) & 1:
            return None
        e = &self.horas[seat]
        m = _yaku_pairs(e.yaku, e.han_of, e.form, e.kita, e.yakuman, bits, hans)
        return (e.han, e.fu, e.points, _SC_LIMITS[e.extra], e.yakuman,
                tuple([(bits[j], hans[j]) for j in range(m)]),
                tuple([e.deltas[j] for j in range(self.n)]))

    cdef flush_decisions(self):
        if self.decisions:
            self.out.decisions += self.decisions
            self.decisions = 0

    cdef bad(self, kind, int i, what):
        self.flush_decisions()
        self.out.add(kind, self.label, self.base + i, what)
        raise _RB["Stop"]

    cdef int find(self, int seat, int type_, int kind, ym_action_t *out) noexcept:
        """The first legal action of ``seat`` with this type (and winning / called kind)."""
        cdef ym_action_t buf[64]
        cdef int c, j
        if seat < 0 or seat >= self.n:
            return 0
        c = ym_game_legal(&self.st.g, seat, buf)
        for j in range(c):
            if buf[j].type == type_ and (kind < 0 or buf[j].tile >> 2 == kind):
                out[0] = buf[j]
                return 1
        return 0

    cdef sink_record(self, const ym_action_t *a, int i, what):
        if self.sink.record(&self.st.g, a, self.base + i):
            self.bad("illegal", i, f"{what} maps to no legal action index")

    cdef step_act(self, int found, ym_action_t *a, int i, what):
        self.decisions += 1
        if not found:
            self.bad("illegal", i, f"{what} is not among the legal actions")
        if self.sink is not None:
            self.sink_record(a, i, what)
        self.st.ev.n = 0
        ym_game_apply(&self.st.g, a, &self.st.ev)   # an entry of ym_game_legal now: ym_game_step's transition
        self.absorb()

    cdef step_code(self, tuple code, int i, what):
        cdef ym_action_t a
        cdef int j
        self.decisions += 1
        if self.sink is not None:
            memset(&a, 0, sizeof(a))
            a.type, a.seat, a.tile, a.target, a.tsumogiri = code[0], code[1], code[2], code[3], code[4]
            a.n_consumed = min(len(code[5]), 4)
            for j in range(a.n_consumed):
                a.consumed[j] = code[5][j]
            self.sink_record(&a, i, f"{what}: {_RB['Action']._from_code(code, self.aka)!r}")
        if self.st.step_code(code):
            self.bad("illegal", i, f"{what}: {_RB['Action']._from_code(code, self.aka)!r} is not legal now")
        self.absorb()

    cdef answer(self, int i):
        """The engine asks for responses: the record's next events say who called or won."""
        cdef ym_game_t *g = &self.st.g
        cdef ym_action_t acts[4]
        cdef ym_action_t a
        cdef int asked = ym_game_to_act(g), chosen = 0, n = self.n, s, ws, off, fr, call_seat = -1, j, k, m
        cdef tuple events = self.events
        m = len(events)
        winners = ()
        j = i + 1
        while j < m and _one_of(type(events[j]), _ANSWER_SKIP_T):
            if type(events[j]) is _Win:
                winners += (events[j],)
                if self.result is not None and events[j].seat != events[j].from_seat:
                    self.win_case(events[j], j)
            j += 1
        k = j
        while k < m and not _one_of(type(events[k]), _ANSWER_NEXT_T):
            k += 1
        nxt = events[k] if k < m else None
        if self.hook is not None:   # the answers' decision: the first win, else the call or what follows
            self.hook(self, next((x for x in range(i + 1, j) if type(events[x]) is _Win), k))
        if winners:
            nxt = winners[0]
        if not winners and type(nxt) is _Ryuukyoku and nxt.reason == "sanchahou":
            for s in range(n):
                if (asked >> s) & 1 and self.find(s, 10, -1, &acts[s]):
                    chosen |= 1 << s
        for w in winners:
            if w.seat == w.from_seat:
                break
            ws = _seat_of(w.seat, n)
            if ws < 0 or not (asked >> ws) & 1 or not self.find(ws, 10, -1, &acts[ws]):
                self.bad("illegal", i, f"ron by seat {w.seat} is not legal")
            chosen |= 1 << ws
        call = None
        if not chosen and type(nxt) is _Call and nxt.kind in _CALL_CODES:
            call_seat = _seat_of(nxt.seat, n)
            if call_seat >= 0 and (asked >> call_seat) & 1:
                want = tuple([t for t in nxt.tiles if t != nxt.called])
                call = (_CALL_CODES[nxt.kind], nxt.seat, nxt.called, nxt.from_seat, 0, want)
            else:
                call_seat = -1
        fr = g.resp_from
        for off in range(1, n + 1):
            s = (fr + off) % n
            if not (asked >> s) & 1:
                continue
            if s == call_seat:
                self.step_code(call, i, f"the answer of seat {s}")
            elif (chosen >> s) & 1:
                self.step_act(1, &acts[s], i, f"the answer of seat {s}")
            elif ym_game_pass_legal(g, s):   # checked directly: the pass entry of ym_game_legal
                memset(&a, 0, sizeof(a))
                a.type, a.seat, a.tile, a.target = 12, s, 255, 255
                self.step_act(1, &a, i, f"the answer of seat {s}")
            else:
                self.step_act(self.find(s, 12, -1, &a), &a, i, f"the answer of seat {s}")

    def run(self):
        cdef GameState st = self.st
        cdef ym_game_t *g = &st.g
        cdef ym_action_t a
        cdef tuple events = self.events
        cdef int shown = 1, i, s, tg, tile, n = self.n, code, kind
        cdef bint done
        cdef Py_ssize_t m = len(events)
        out = self.out
        for i in range(m):
            e = events[i]
            t = type(e)
            self.at = i
            if g.phase >= 2:
                if t is _Win or t is _Ryuukyoku:
                    self.compare_end(e, i)
                elif t is _RiichiAccept and _seat_of(e.seat, n) >= 0 and (self.end_acc >> <int>e.seat) & 1:
                    self.end_acc &= ~(1 << <int>e.seat)   # the stick the engine put down with the round's end
                elif t is _NewDora:
                    shown += 1   # shown with the discard the round ended on
                    if shown > self.dora:
                        self.bad("disagreement", i,
                                 f"{shown} dora indicators shown in the record, {self.dora} by the engine")
                elif t is not _GameEnd:
                    self.bad("disagreement", i, f"the record plays on ({t.__name__}) after the engine's round ended")
                continue
            if t is _Draw:
                s = _seat_of(_field(e, _O_DRAW_SEAT, "seat"), n)
                tl = _field(e, _O_DRAW_TILE, "tile")
                tile = _seat_of(tl, 136)
                if s < 0 or ym_game_to_act(g) != (1 << s) or self.drawn_seat != s or self.drawn_tile != tile:
                    self.bad("disagreement", i, f"record draws {e.tile} for seat {e.seat}; engine: seat "
                             f"{_MASKS[ym_game_to_act(g) & 15]}, tile "
                             f"{self.drawn_tile if self.drawn_seat >= 0 and self.drawn_seat == s else 255}")
                if self.dora != shown:
                    self.bad("disagreement", i,
                             f"{shown} dora indicators shown in the record, {self.dora} by the engine")
            elif t is _Discard:
                s = _seat_of(_field(e, _O_DIS_SEAT, "seat"), n)
                tl = _field(e, _O_DIS_TILE, "tile")
                tile = _seat_of(tl, 136)
                tg = 1 if s >= 0 and self.drawn_seat == s and self.drawn_tile == tile else 0
                tgr = _field(e, _O_DIS_TG, "tsumogiri")
                if not (tgr is (True if tg else False)) and tgr != bool(tg):
                    self.bad("disagreement", i, f"record tsumogiri {e.tsumogiri}, engine's drawn tile "
                             f"{self.drawn_tile if s >= 0 and self.drawn_seat == s else 255}")
                if self.hook is not None:
                    self.hook(self, i)
                self.decisions += 1
                memset(&a, 0, sizeof(a))
                a.type, a.seat, a.tile, a.target, a.tsumogiri = 1, s, tile, 255, tg
                st.ev.n = 0
                done = s >= 0 and tile >= 0
                if done and self.sink is not None:
                    self.sink_record(&a, i, f"discard {e.tile} by seat {e.seat}")
                if done:
                    if ym_game_discard_legal(g, &a) == 1:   # checked directly: ym_game_step's transition
                        ym_game_apply(g, &a, &st.ev)
                    else:
                        done = ym_game_step(g, &a, &st.ev) == 0
                if not done:
                    what = (f"{_RB['Action']._from_code((1, e.seat, e.tile, 255, tg, ()), self.aka)!r} is not legal now"
                            if s >= 0 and tile >= 0 else "not a seat and tile of the game")
                    self.bad("illegal", i, f"discard {e.tile} by seat {e.seat}: {what}")
                self.absorb()
                if g.phase == 1:
                    self.answer(i)
            elif t is _NewDora:
                shown += 1
            elif t is _RiichiDeclare:
                if self.hook is not None:
                    self.hook(self, i)
                s = _seat_of(e.seat, n)
                self.step_act(self.find(s, 2, -1, &a), &a, i, f"riichi of seat {e.seat}")
            elif t is _Call:
                if self.result is not None:
                    self.meld(e, i)
                if e.kind in _CALL_CODES:
                    continue   # answered with the discard
                if self.hook is not None:
                    self.hook(self, i)
                code = _SELF_KAN_CODES[e.kind]
                kind = (e.added if e.kind == "kakan" and e.added is not None else e.tiles[0]) >> 2
                s = _seat_of(e.seat, n)
                self.step_act(self.find(s, code, kind, &a), &a, i, f"{e.kind} by seat {e.seat}")
                if g.phase == 1:
                    self.answer(i)
            elif t is _Win:
                if e.seat == e.from_seat:
                    if self.hook is not None:
                        self.hook(self, i)
                    if self.result is not None:
                        self.win_case(e, i)
                    s = _seat_of(e.seat, n)
                    self.step_act(self.find(s, 9, -1, &a), &a, i, f"tsumo by seat {e.seat}")
                    self.compare_end(e, i)
                else:
                    self.bad("disagreement", i, f"ron by seat {e.seat} where the engine asked nobody")
            elif t is _Ryuukyoku:
                if e.reason == "kyuushu_kyuuhai":
                    if self.hook is not None:
                        self.hook(self, i)
                    asked = _MASKS[ym_game_to_act(g) & 15]
                    s = asked[0] if asked else -1
                    self.step_act(self.find(s, 11, -1, &a), &a, i, "kyuushu kyuuhai")
                    self.compare_end(e, i)
                else:
                    self.bad("disagreement", i, f"record: {e.reason}; the engine's round goes on")
        self.at = m
        self.flush_decisions()
        if g.phase < 2:
            self.bad("disagreement", m, "the record's round ends; the engine's goes on")
        if not self.ended:
            self.bad("disagreement", m, "the engine's round ended; the record gives no result")

    cdef compare_end(self, e, int i):
        st = self.st
        if type(e) is _Ryuukyoku and self.ended or any(type(x) is _Win and x.seat == e.seat for x in self.ended
                                                       if type(e) is _Win):
            self.bad("disagreement", i, "a second result for the round")
        self.ended.append(e)
        if st.g.phase < 2:
            self.bad("disagreement", i, "the engine's round has not ended")
        if type(e) is _Win:
            s = _seat_of(e.seat, self.n)
            mine = self.hora_deltas(s) if s >= 0 else None
            if mine is None:
                self.bad("disagreement", i, f"no engine win for seat {e.seat}")
            if e.deltas is not None and tuple(mine) != tuple(e.deltas):
                self.bad("disagreement", i, f"win deltas {list(mine)} != record {list(e.deltas)}")
        else:
            outcome, abort, _, _, tenpai, deltas = st.last_round()
            got, got_abort = _RB["OUTCOMES"][outcome], _RB["ABORTS"].get(abort)
            kind = {"exhaustive": "exhaustive_draw", "nagashi_mangan": "nagashi_mangan"}.get(e.reason, "abortive_draw")
            if got != kind or (kind == "abortive_draw" and got_abort != e.reason):
                self.bad("disagreement", i, f"record {e.reason}, engine {got} {got_abort}")
            if e.deltas is not None and tuple(deltas) != tuple(e.deltas):
                self.bad("disagreement", i, f"draw deltas {deltas} != record {e.deltas}")
            if self.result is not None:
                self.draw_case(e, i, tenpai, deltas)

    # -- the replay's cases (read from the engine state) ---------------------------------------
    cdef meld(self, e, int i):
        """The seat's melds as the record's Call events (a kakan replaces its pon)."""
        s = _seat_of(e.seat, self.n)
        if e.kind == "kita" or s < 0:
            return
        mine = self.melds[s]
        if e.kind != "kakan":
            mine.append(e)
            return
        k = e.tiles[0] >> 2 if e.tiles else -1
        for x, m in enumerate(mine):
            if m.kind == "pon" and m.tiles[0] >> 2 == k:
                added = e.added if e.added is not None else next((t for t in e.tiles if t not in m.tiles), -1)
                mine[x] = _Call(e.seat, "kakan", tuple(sorted(e.tiles)), m.called, m.from_seat, added)
                return
        self.bad("illegal", i, f"kakan by seat {e.seat} without a pon")

    cdef win_case(self, e, int i):
        """The record's win ``e`` (event ``i``) as a WinCase, from the engine state before it is
        stepped: hands, melds, dora, honba, sticks and the situation flags are the engine's."""
        s, f = _seat_of(e.seat, self.n), _seat_of(e.from_seat, self.n)
        info = replay_win(self.st, s, f) if s >= 0 and f >= 0 else None
        if info is None:
            self.bad("disagreement", i, f"no win of seat {e.seat} from seat {e.from_seat} to read from the engine")
        flags, ids, tile, kita_ids, established, pao, dora, honba, sticks = info
        closed = tuple(sorted(ids if s == f else ids + (tile,)))
        if (e.hand is not None and tuple(sorted(e.hand)) != closed) or (e.win_tile is not None and e.win_tile != tile):
            self.bad("disagreement", i, f"the record's winning hand or tile of seat {e.seat} is not the engine's")
        wins = self.result.wins
        w = EngineWin(self, e, self.base + i, info, len(wins))
        wins.append(w if self.lite else w.case())

    cdef draw_case(self, e, int i, int tenpai, tuple deltas):
        cdef ym_game_t *g = &self.st.g
        cdef int q, j, hint = 0
        if e.reason in ("exhaustive", "nagashi_mangan") and e.hands is not None:
            for q, h in enumerate(e.hands):
                if q >= self.n:
                    raise IndexError(f"{len(e.hands)} shown hands for {self.n} seats")
                if h is not None and tuple(sorted(h)) != tuple(sorted([g.s[q].ids[j] for j in range(g.s[q].n)])):
                    self.bad("disagreement", i, "a shown hand of the record is not the engine's")
        for q in range(self.n):
            if g.s[q].nagashi_ok and g.s[q].n_river:
                hint |= 1 << q
        d = EngineDraw(self, e, self.base + i, _MASKS[tenpai & 15], deltas, hint)
        self.result.draw = d if self.lite else d.case()


def replay_discard_legal(GameState st not None, int seat, int tile, int tsumogiri):
    """(the driver's direct discard check, the full legal-action check) of the discard of id
    ``tile`` by ``seat`` now: 1 / 0 / -1 (undecided), and whether ym_game_find_legal finds it."""
    cdef ym_action_t a
    if not 0 <= seat < 4 or not 0 <= tile < 136 or not 0 <= tsumogiri <= 1:
        raise ValueError("seat 0..3, tile 0..135, tsumogiri 0 or 1")
    memset(&a, 0, sizeof(a))
    a.type, a.seat, a.tile, a.target, a.tsumogiri = 1, seat, tile, 255, tsumogiri
    return ym_game_discard_legal(&st.g, &a), ym_game_is_legal(&st.g, &a) != 0


def replay_pass_legal(GameState st not None, int seat):
    """The driver's direct check of a pass by ``seat`` now (ym_game_pass_legal)."""
    return ym_game_pass_legal(&st.g, seat) != 0


def replay_next_hand(GameState st not None):
    """(phase, round_wind * 4 + kyoku, honba, sticks, scores, end reason) after a round."""
    cdef ym_game_t *g = &st.g
    cdef int q
    return (g.phase, g.round_wind * 4 + g.kyoku, g.honba, g.sticks,
            tuple([g.s[q].score for q in range(g.R.players)]), g.end_reason)


cdef bytes _MPSZ_DIGIT = b"".join([str((t >> 2) % 9 + 1 if t < 108 else (t >> 2) - 26).encode() for t in range(136)])


def replay_mpsz(ids, bint aka):
    """Canonical mpsz of 136-ids (suits m p s z, ranks ascending, red five as 0 first); ids out
    of 0..135 raise ValueError."""
    cdef uint8_t cnt[136]
    cdef char buf[200]
    cdef int t, suit, j, c, pos = 0, any_
    memset(cnt, 0, sizeof(cnt))
    c = 0
    for x in ids:
        t = x
        if not 0 <= t < 136:
            raise ValueError(f"tile id {t} out of range 0..135")
        if cnt[t] < 255:
            cnt[t] += 1
        c += 1
    if c > 40:
        return _replay_mpsz_slow(ids, aka)
    for suit in range(4):
        any_ = 0
        for t in range(suit * 36, 136 if suit == 3 else suit * 36 + 36):
            for j in range(cnt[t]):
                buf[pos] = b'0' if aka and (t == 16 or t == 52 or t == 88) else _MPSZ_DIGIT[t]
                pos += 1
                any_ = 1
        if any_:
            buf[pos] = b"mpsz"[suit]
            pos += 1
    return buf[:pos].decode("ascii")


cdef object _replay_mpsz_slow(ids, aka):
    groups = [[], [], [], []]
    for t in sorted(ids):
        k = t >> 2
        suit = k // 9 if k < 27 else 3
        groups[suit].append("0" if aka and t in (16, 52, 88) else str(k % 9 + 1 if k < 27 else k - 26))
    return "".join("".join(g) + "mpsz"[i] for i, g in enumerate(groups) if g)


def replay_plain(tuple events not None, tuple kinds not None, start_cls, end_cls):
    """True when ``events`` are a GameStart, then rounds (events[1] of ``start_cls``, every
    later event of a type in ``kinds``), then at most one ``end_cls`` event, last."""
    cdef Py_ssize_t i, m = len(events), last
    if m < 2 or type(events[1]) is not start_cls:
        return False
    last = m - 1 if type(events[m - 1]) is end_cls else m
    for i in range(2, last):
        if not _one_of(type(events[i]), kinds):
            return False
    return True


@cython.auto_pickle(False)   # holds its driven round, never pickled
cdef class EngineWin:
    """A win of a driven round as ``logs verify`` reads it: the record's Win, where it stands,
    the engine's result (:meth:`hora`) and, only when asked for, the replay's WinCase
    (:meth:`case`, the same object ``replay()`` gives)."""
    cdef readonly object record, round, pao_seat
    cdef readonly int event_index, index, seat, from_seat, table_honba, table_sticks
    cdef readonly bint tsumo
    cdef RecordRound _r
    cdef object _info, _case

    def __init__(self, RecordRound r not None, e, int event_index, tuple info not None, int index):
        self._r, self._info, self._case = r, info, None
        self.record, self.round = e, r.start
        self.event_index, self.index = event_index, index
        self.seat, self.from_seat = e.seat, e.from_seat
        self.tsumo = self.seat == self.from_seat
        self.pao_seat = None if info[5] == 255 else info[5]
        self.table_honba, self.table_sticks = info[7], info[8]

    def hora(self):
        """The engine's result of this win (RecordRound.hora_result), None when not stepped."""
        return self._r.hora_result(self.seat)

    def case(self):
        """The replay's WinCase of this win (built once)."""
        if self._case is None:
            self._case = _RB["engine_win_case"](self._r, self.record, self.event_index, self._info, self.index)
        return self._case


@cython.auto_pickle(False)   # holds its driven round, never pickled
cdef class EngineDraw:
    """The drawn end of a driven round as ``logs verify`` reads it: the record's Ryuukyoku, the
    engine's own result (``tenpai``: the seats its exhaustive draw counted tenpai, ``deltas``:
    its settlement; ``nagashi_hint``: bit mask of the seats whose every discard is a terminal
    or honor and none called, a necessary condition of nagashi mangan) and, only when asked
    for, the replay's DrawCase (:meth:`case`)."""
    cdef readonly object record, round
    cdef readonly int event_index, honba, riichi_sticks, nagashi_hint
    cdef readonly tuple tenpai, deltas
    cdef RecordRound _r
    cdef object _case

    def __init__(self, RecordRound r not None, e, int event_index, tuple tenpai not None, tuple deltas not None, int nagashi_hint):
        self._r, self._case = r, None
        self.record, self.round = e, r.start
        self.event_index, self.tenpai, self.deltas, self.nagashi_hint = event_index, tenpai, deltas, nagashi_hint
        self.honba, self.riichi_sticks = self.round.honba, self.round.sticks + r.accepted

    def case(self):
        """The replay's DrawCase of this draw (built once)."""
        if self._case is None:
            self._case = _RB["engine_draw_case"](self._r, self.record, self.event_index)
        return self._case

# Log replay glue (included from _core.pyx): what the replay of a record reads from the engine
# state at a win. The situation flags are the engine's own (ym_game_win_flags, the function the
# scorer's flags come from), never recomputed here.

cdef extern from "ym_game.h" nogil:
    unsigned ym_game_win_flags(const ym_game_t *g, int seat, int from_seat, int rk)


def replay_win(GameState st, int seat, int from_):
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

"""Shared by the benchmark files."""


def per_call(benchmark, fn, corpus):
    """Time ``fn(item)`` over a whole corpus per round; report.py divides by ``hands``."""
    benchmark.extra_info["hands"] = len(corpus)

    def run():
        for item in corpus:
            fn(item)

    benchmark(run)


def calls_136(h):
    """(concealed 136-ids, win id, melds, kwargs) per row of a winning_hands corpus."""
    from tests.differential.test_score_mahjong import _mj_input

    out = []
    for i in range(len(h)):
        ids, win_id, _ = _mj_input(h, i, True)
        kw = h.kwargs(i)
        n_meld_tiles = sum(3 if m.startswith(("chi", "pon")) else 4 for m in kw["melds"])
        concealed = ids[: len(ids) - n_meld_tiles]
        for k in ("hand", "win"):
            kw.pop(k)
        melds = kw.pop("melds")
        out.append((concealed, win_id, melds, kw))
    return out


def calls_mpsz(h):
    """(hand mpsz, win, melds, kwargs) per row."""
    out = []
    for i in range(len(h)):
        kw = h.kwargs(i)
        out.append((kw.pop("hand"), kw.pop("win"), kw.pop("melds"), kw))
    return out


def calls_riichienv(core, h):
    """riichienv's HandEvaluator inputs per row: (concealed ids, melds, win id, dora, ura, Conditions),
    the same 136-ids yakuman gets, every object built before timing."""
    from tests.differential.test_score_mahjong import _mj_input

    winds = (core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North)
    kinds = {0: core.MeldType.Chi, 1: core.MeldType.Pon, 2: core.MeldType.Daiminkan,
             3: core.MeldType.Kakan, 4: core.MeldType.Ankan}
    out = []
    for i in range(len(h)):
        ids, win_id, _ = _mj_input(h, i, True)
        melds, n_meld_tiles = [], 0
        for j in range(int(h.n_melds[i])):
            mt = int(h.meld_type[i, j])
            n = 3 if mt <= 1 else 4
            melds.append((kinds[mt], mt != 4, n))
            n_meld_tiles += n
        concealed = ids[: len(ids) - n_meld_tiles]
        pos, rmelds = len(concealed), []
        for kind, opened, n in melds:
            rmelds.append(core.Meld(kind, ids[pos:pos + n], opened))
            pos += n
        f = int(h.flags[i])
        cond = core.Conditions(
            tsumo=bool(f & 1), riichi=bool(f & 2), double_riichi=bool(f & 4), ippatsu=bool(f & 8),
            rinshan=bool(f & 16), chankan=bool(f & 32), haitei=bool(f & 64), houtei=bool(f & 128),
            player_wind=winds[int(h.seat_wind[i])], round_wind=winds[int(h.round_wind[i])],
            honba=int(h.honba[i]), riichi_sticks=int(h.riichi_sticks[i]))
        dora = [4 * int(k) + 3 for k in h.dora[i, :h.n_dora[i]]]
        ura = [4 * int(k) + 3 for k in h.ura[i, :h.n_ura[i]]]
        out.append((sorted(concealed), rmelds, win_id, dora, ura, cond))
    return out


def play_yakuman(seeds) -> int:
    """Uniform-random games driven from Python (legal_actions + step); returns the decisions."""
    import random

    from yakuman.game import Game

    rng = random.Random(0)
    n = 0
    for seed in seeds:
        g = Game(seed=seed)
        while not g.done:
            g.step(rng.choice(g.legal_actions(g.to_act[0])))
            n += 1
    return n


def play_riichienv(seeds) -> int:
    """riichienv's RiichiEnv driven by its RandomAgent on the same seeds; returns the decisions."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    n = 0
    for seed in seeds:
        env = RiichiEnv(game_mode="4p-red-half", skip_mjai_logging=True, seed=seed)
        obs = env.reset()
        agent = RandomAgent(seed)
        while not env.done():
            actions = {pid: agent.act(o) for pid, o in obs.items()}
            n += len(actions)
            obs = env.step(actions)
    return n

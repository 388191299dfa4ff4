"""``Observation.ev_planes()``: the per-discard values of :func:`yakuman.ev.discard_ev` as
fixed-size feature planes, computed from the observation alone (its own hand and melds, the
visible tiles, the round) with the settings of the ``ev`` policy (docs/ev.md).

Planes (float32 [EV_PLANES, 34], one column per tile kind):
  0 discard mask (1 where discarding the kind is possible now)
  1 shanten after the discard
  2 tenpai probability, 3 win probability, 4 expected score: by the seat's last draw, from now
    (the calculator's turn 1 with t_max = 1 + the seat's draws left, at most 17: turns 1 ..
    t_max - 1 are its draws, as the reference's defaults turn 1, t_max 18 are 17 draws)
"""

from __future__ import annotations

from typing import Any

from yakuman import _core
from yakuman.game.view import mpsz

__all__ = ["EV_PLANES", "EV_MAX_SHANTEN", "EV_FULL_SHANTEN", "ev_planes", "ev_options"]

EV_PLANES = 5
#: the ev policy's settings, defined once in csrc/ym_game.h (YM_POL_EV_MAX_SHANTEN,
#: YM_POL_EV_FULL_SHANTEN): above EV_MAX_SHANTEN the policy plays greedy's discard; from
#: EV_FULL_SHANTEN on, no exchanges (tegawari) and no shanten-down discards
EV_MAX_SHANTEN = _core.EV_POLICY_MAX_SHANTEN
EV_FULL_SHANTEN = _core.EV_POLICY_FULL_SHANTEN
_WINDS = ("E", "S", "W", "N")


def _kind(mpsz_tile: str) -> int:
    """The kind of one mpsz tile (``"0m"`` = red 5m)."""
    return 9 * "mpsz".index(mpsz_tile[-1]) + (int(mpsz_tile[0]) or 5) - 1


def _check_obs(obs: Any, what: str) -> None:
    # what the planes read of an Observation (an isinstance check would import yakuman.game,
    # which imports this module)
    if not all(hasattr(obs, a) for a in ("_rules", "seat", "hand", "melds", "legal_actions", "wall_counts")):
        from yakuman.errors import InvalidContextError

        raise InvalidContextError(f"{what} takes a yakuman.game.Observation, not {type(obs).__name__}")


def ev_options(obs: Any) -> dict[str, Any]:
    """The keywords of :func:`yakuman.ev.discard_ev` for the seat of ``obs`` holding 14 - 3k
    tiles (what it knows; wall = its unseen counts, red fives apart), with the ev policy's settings: t_max = 1 +
    the seat's own draws left (1: no draw left), values read at turn 1, max_shanten
    EV_MAX_SHANTEN, and from EV_FULL_SHANTEN on no exchanges and no shanten-down discards
    (csrc/ym_game_ev.c makes the same request from the engine state)."""
    from yakuman import shanten
    from yakuman.rules import Rules

    _check_obs(obs, "ev_options")
    rules = obs._rules if obs._rules is not None else Rules.tenhou()
    n = rules.players
    seat = obs.seat
    hand = mpsz(obs.hand)
    melds = [f"{'minkan' if typ == 'daiminkan' else typ} {mpsz(tiles)}" for typ, tiles, _ in obs.melds[seat]]
    full = shanten(hand, melds=melds, rules=rules) < EV_FULL_SHANTEN
    return {
        "hand": hand,
        "melds": melds,
        "dora": mpsz(obs.dora_indicators) if obs.dora_indicators else (),
        "round_wind": obs.round_wind,
        "seat_wind": _WINDS[(seat - obs.dealer) % n],
        "rules": rules,
        "wall": obs.wall_counts(),
        "wall_red": obs.wall_reds(),
        "kita": obs.kita[seat],
        "honba": obs.honba,
        "riichi_sticks": obs.sticks,
        "t_max": min(17, obs.tiles_left // n) + 1,
        "turn": 1,
        "max_shanten": EV_MAX_SHANTEN,
        "tegawari": full,
        "shanten_down": full,
        # riichi or dama by the model; a seat that has just announced riichi (riichi state 1,
        # scalar 4) values its discard as the declaration it is, as the ev policy does
        "riichi": "declare" if int(obs._planes[1][4]) == 1 else "choose",
    }


def _discard_ev_keywords() -> frozenset:
    import inspect

    from yakuman.ev import discard_ev

    return frozenset(inspect.signature(discard_ev).parameters)


_EV_KEYWORDS = _discard_ev_keywords()


def ev_planes(obs: Any, **options: Any):
    """The planes of the module docstring for ``obs`` (``options`` override the keywords of
    :func:`ev_options`)."""
    import numpy as np

    from yakuman.ev import discard_ev

    _check_obs(obs, "ev_planes")
    unknown = sorted(set(options) - _EV_KEYWORDS)
    if unknown:
        from yakuman.errors import InvalidArgumentError

        raise InvalidArgumentError(f"ev_planes: {', '.join(map(repr, unknown))} is not a keyword of "
                                   f"yakuman.ev.discard_ev ({', '.join(sorted(_EV_KEYWORDS))})")
    out = np.zeros((EV_PLANES, 34), dtype=np.float32)
    discards = {a.pai for a in obs.legal_actions if a.type == "dahai"}
    if not discards:
        return out
    kw = ev_options(obs)
    kw.update(options)
    turn = kw["turn"]
    rows = discard_ev(kw.pop("hand"), **kw)
    allowed = {_kind(mpsz([p])) for p in discards}
    for r in rows:    # best first: the first row of a kind is the better of a red and a plain five
        k = _kind(r.tile)
        if k not in allowed or out[0, k]:
            continue
        out[0, k] = 1
        out[1, k] = r.shanten
        out[2, k], out[3, k], out[4, k] = r.tenpai_prob[turn], r.win_prob[turn], r.exp_score[turn]
    return out

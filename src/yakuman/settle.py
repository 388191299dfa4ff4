"""Round settlement: turn the outcome of one hand into point transfers and the next hand's state.

Sources: docs/rules.md sections 5.2 (payments), 6 (round-level settlement) and 7 (knobs); Tenhou's
values were checked against the shared Tenhou records (tests/golden/test_tenhou_deltas.py).

A hand's value enters as its *base points* ``a`` (basic points: ``fu * 2**(han + 2)`` below
mangan, 2000 mangan, 3000 haneman, 4000 baiman, 6000 sanbaiman, 8000 per yakuman), exactly as
the scorer decides it, so this module never re-scores a hand. :func:`base_points` converts a
scorer's (han, fu, limit, yakuman) to ``a``.

A win's payments (honba, sticks, pao split, dealer / non-dealer tsumo shares, sanma tsumo loss;
csrc/ym_points.c ym_payments, the scorer's own), tenpai at a draw (karaten, keishiki), the noten
split, the next-hand rule (dealer continuation, East-only / hanchan, extension, tobi,
agari-yame) and the final ranking with uma / oka are computed by the native game engine's
functions (csrc/ym_game_settle.c, through ``yakuman._core``), so the scorer, the engine and this
module share one implementation; this module validates the input and builds the result objects.

Invariants (property-tested):
- conservation: ``sum(settlement.deltas) == 1000 * settlement.sticks_collected``, and the scores
  plus the sticks on the table keep their total from one state to the next;
- every payment is a multiple of 100 and depends on seats only through the dealer, the winner,
  the discarder, the liable player and turn order (rotating all seats rotates the deltas);
- riichi sticks already left the depositor's score when the riichi was established
  (:meth:`RoundState.declare_riichi`); a settlement only moves them from the table.

Seats are 0..players-1 in turn order; ``first_dealer`` is the seat that dealt East 1.

Typical use::

    state = RoundState.start(Rules.tenhou())
    state = state.declare_riichi(2)                      # an established riichi
    s = settle_wins(state, Win(winner=1, base=base_points(3, 30), from_seat=3))
    s.deltas, s.state.label, s.state.honba, s.game_over  # -> next hand or final result

A chankan is a ron from the kakan player, a ron on a sanma kita North a ron from the player who
pulled it; a riichi whose declaration tile is ronned (or ends in sanchahou) is never established,
so ``declare_riichi`` is not called for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from yakuman._arrays import as_list, flag
from yakuman.errors import InvalidContextError, InvalidRulesError
from yakuman.rules import ABORTIVE_DRAW_KEYS, Rules
from yakuman._arrays import rep, shown

__all__ = [
    "FinalResult",
    "RoundState",
    "Settlement",
    "Transfer",
    "Win",
    "base_points",
    "final_scores",
    "is_draw_tenpai",
    "is_kyuushu_kyuuhai",
    "is_nagashi",
    "is_suucha_riichi",
    "is_suufon_renda",
    "is_suukaikan",
    "noten_payments",
    "settle_abortive_draw",
    "settle_exhaustive_draw",
    "settle_wins",
]

_LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000}
WINDS = "ESWN"
MANGAN = 2000


def _ron_value(base: int, dealer: int, rules: Rules | None) -> int:
    """The ron payment (no honba) of a hand worth ``base`` for seat 0 from seat 1, seat
    ``dealer`` dealing (the native payment rules)."""
    from yakuman import _core

    return _core.settle_win(_rules(rules), 0, 1, dealer, -1, base, 0, 0, 0)[0][1]


def _rules(rules: Rules | None) -> Rules:
    if rules is None:
        return Rules.tenhou()
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules must be a yakuman.Rules, not {type(rules).__name__}")
    return rules


def base_points(han: int = 0, fu: int = 0, *, limit: str | None = None, yakuman: int = 0) -> int:
    """Base points ``a`` of a hand from the scorer's result: ``yakuman`` multiple (or
    ``limit="yakuman"``, counted once when ``yakuman`` is 0, i.e. kazoe), a limit name, or
    ``fu * 2**(han + 2)`` for a hand below mangan (a hand above that needs its ``limit``)."""
    for name, v in (("han", han), ("fu", fu), ("yakuman", yakuman)):
        if type(v) is not int:
            raise InvalidContextError(f"{name} must be an integer, not {rep(v)}")
    if yakuman < 0 or han < 0 or fu < 0:
        raise InvalidContextError(f"negative hand value (han={rep(han)}, fu={rep(fu)}, yakuman={rep(yakuman)})")
    if limit is not None and not isinstance(limit, str):
        raise InvalidContextError(f"limit must be a limit name or None, not {shown(limit, 40)}")
    if yakuman or limit == "yakuman":
        return 8000 * max(yakuman, 1)
    if limit is not None:
        if limit not in _LIMIT_BASE:
            raise InvalidContextError(f"unknown limit {rep(limit)}: expected one of {sorted(_LIMIT_BASE)} or 'yakuman'")
        return _LIMIT_BASE[limit]
    if han < 1 or fu < 20:
        raise InvalidContextError(f"a winning hand has at least 1 han and 20 fu, not {rep(han)} han {rep(fu)} fu")
    a = fu * 2 ** (han + 2)
    if a > MANGAN:
        raise InvalidContextError(f"{han} han {fu} fu exceeds mangan: pass the scorer's limit")
    return a


# ---- state --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundState:
    """The table before a hand: scores (riichi deposits already taken), round wind (0 = East),
    hand number within the wind (0-based; the dealer is ``(first_dealer + hand) % players``),
    honba, riichi sticks on the table, and ``dealer_wins``: the dealer's wins in a row before this
    hand (paarenchan, docs/rules.md 3.7: every settlement carries it to the next state, one more
    when the dealer wins and keeps the deal, else 0)."""

    scores: tuple[int, ...]
    round_wind: int = 0
    hand: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    first_dealer: int = 0
    dealer_wins: int = 0

    def __post_init__(self) -> None:
        scores = tuple(as_list(self.scores, "scores", InvalidContextError))
        object.__setattr__(self, "scores", scores)
        if len(scores) not in (2, 3, 4) or any(type(s) is not int for s in scores):
            raise InvalidContextError(f"scores must be 2-4 integers, not {rep(self.scores)}")
        n = len(scores)
        for name in ("round_wind", "hand", "honba", "riichi_sticks", "first_dealer", "dealer_wins"):
            v = getattr(self, name)
            if type(v) is not int or v < 0:
                raise InvalidContextError(f"{name} must be a non-negative integer, not {rep(v)}")
        if self.hand >= n or self.first_dealer >= n or self.round_wind > 3:
            raise InvalidContextError(
                f"round {self.round_wind}/{self.hand} or first dealer {self.first_dealer} out of range for {n} players")

    @classmethod
    def start(cls, rules: Rules | None = None, *, first_dealer: int = 0) -> RoundState:
        """East 1, 0 honba, everyone at ``rules.start_points``."""
        r = _rules(rules)
        return cls((r.start_points,) * r.players, first_dealer=first_dealer)

    @property
    def players(self) -> int:
        return len(self.scores)

    def paarenchan(self, rules: Rules | None = None) -> int:
        """What a win of the dealer in this hand passes as ``score(..., paarenchan=...)``: 1 when
        it would be his eighth (or later) win in a row under ``rules.paarenchan``, else 0."""
        return int(_rules(rules).paarenchan and self.dealer_wins >= 7)

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.hand) % self.players

    @property
    def label(self) -> str:
        """``"E1"``, ``"S4"``, ..."""
        return f"{WINDS[self.round_wind]}{self.hand + 1}"

    def seat_wind(self, seat: int) -> int:
        """0 = East (the dealer), 1 = South, ..."""
        return (seat - self.dealer) % self.players

    def declare_riichi(self, seat: int, rules: Rules | None = None) -> RoundState:
        """An established riichi: 1000 from ``seat`` to the table. Below ``riichi_min_points``
        it is refused (InvalidContextError)."""
        r = _rules(rules)
        _check_seat(seat, self.players, "riichi seat")
        if self.scores[seat] < max(r.riichi_min_points, 0):
            raise InvalidContextError(
                f"seat {seat} has {self.scores[seat]} points: riichi needs {r.riichi_min_points}")
        scores = list(self.scores)
        scores[seat] -= 1000
        return _replace(self, scores=tuple(scores), riichi_sticks=self.riichi_sticks + 1)


def _replace(state: RoundState, **kw) -> RoundState:
    d = {k: getattr(state, k) for k in ("scores", "round_wind", "hand", "honba", "riichi_sticks", "first_dealer",
                                        "dealer_wins")}
    d.update(kw)
    return RoundState(**d)


def _check_seat(seat: object, n: int, what: str) -> int:
    if type(seat) is not int or not 0 <= seat < n:
        raise InvalidContextError(f"{what} {rep(seat)} is not a seat 0..{n - 1}")
    return seat


# ---- outcomes ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Win:
    """One winner. ``from_seat`` = the discarder (ron; the kakan player for chankan), ``None``
    for tsumo. ``pao_seat`` = the liable player (sekinin barai); ``pao_base`` = the base points
    of the yakuman that player answers for (used with ``pao_scope = "liable_yakuman_only"``;
    ``None`` = the whole hand)."""

    winner: int
    base: int
    from_seat: int | None = None
    pao_seat: int | None = None
    pao_base: int | None = None
    #: whether the score was computed for the dealer (seat wind E), when known (from_score sets
    #: it from the score's payments); settle_wins refuses a Win whose winner disagrees with it.
    dealer: bool | None = None

    def __post_init__(self) -> None:
        if type(self.base) is not int or self.base <= 0:
            raise InvalidContextError(f"base points must be a positive integer, not {rep(self.base)}")
        if self.from_seat == self.winner:
            object.__setattr__(self, "from_seat", None)
        if self.pao_base is not None:
            if type(self.pao_base) is not int or not 0 < self.pao_base <= self.base:
                raise InvalidContextError(f"pao_base {rep(self.pao_base)} must be in 1..base ({self.base})")
            if self.pao_seat is None:
                raise InvalidContextError("pao_base given without a pao_seat")
        if self.pao_seat is not None and (self.pao_base or self.base) % 8000:
            raise InvalidContextError(
                f"pao applies to yakuman: base {self.pao_base or self.base} is not a multiple of 8000 "
                "(a kan-tile discarder paying a rinshan win is a ron from that seat)")

    @property
    def tsumo(self) -> bool:
        return self.from_seat is None

    @classmethod
    def from_score(cls, score, winner: int, from_seat: int | None = None, *, pao_seat: int | None = None,
                   pao_base: int | None = None, rules: Rules | None = None,
                   state: RoundState | None = None) -> Win:
        """A Win from a scorer result: ``score.base`` if it has one, else its han / fu / limit /
        yakuman multiple (a kazoe yakuman counts ``han // 13`` times under ``kazoe = "multiple"``);
        under ``rules.aotenjou`` fu x 2^(han + 2) (settle_wins pays it up to 2^54, as the engine).

        The score's payments say whether it was computed for the dealer (seat wind E) and for a
        ron or a tsumo: a tsumo score with a ``from_seat`` or a ron score without one raises here,
        and a winner who is not (or is) the dealer of the round raises here when ``state`` is given,
        else in :func:`settle_wins` (which knows the round)."""
        base = getattr(score, "base", None)
        if base is None and _rules(rules).aotenjou:   # no limit: the scorer's han (yakuman as 13 each) and fu
            base = score.fu * 2 ** (score.han + 2)
        if base is None:
            multiple = getattr(score, "yakuman", 0) or 0
            if score.limit == "yakuman" and not multiple and _rules(rules).kazoe == "multiple":
                multiple = max(1, score.han // 13)
            base = base_points(score.han, score.fu, limit=score.limit, yakuman=multiple)
        dealer = None
        pay = getattr(score, "payment", None)
        points = getattr(score, "points", None)
        if pay is not None and points is not None and base:
            if pay.from_discarder:
                if from_seat is None or from_seat == winner:
                    raise InvalidContextError("the score is a ron (it has a discarder payment) but no from_seat "
                                              "(discarder) is given")
                as_dealer, as_non_dealer = (_ron_value(base, d, rules) for d in (0, 1))
                if points in (as_dealer, as_non_dealer):
                    dealer = points == as_dealer
            elif pay.from_dealer or pay.from_non_dealer:
                if from_seat is not None and from_seat != winner:
                    raise InvalidContextError(f"the score is a tsumo but from_seat {from_seat} (a discarder) is given")
                dealer = pay.from_dealer == 0
        win = cls(winner, base, from_seat, pao_seat, pao_base, dealer)
        if state is not None:
            _check_dealer(win, state)
        return win


def _check_dealer(win: Win, state: RoundState) -> None:
    """The winner's seat against the seat wind the score was computed for."""
    if win.dealer is None:
        return
    if win.dealer != (win.winner == state.dealer):
        wind = "ESWN"[state.seat_wind(win.winner)] if 0 <= win.winner < state.players else "?"
        raise InvalidContextError(
            f"winner {win.winner} has seat wind {wind} in this round (the dealer is seat {state.dealer}), but "
            f"the score was computed for {'the dealer (seat_wind E)' if win.dealer else 'a non-dealer'}")


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` points from ``payer`` (``None`` = riichi sticks from the table) to ``payee``.
    ``reason``: ron, tsumo, pao, honba, riichi_sticks, noten, nagashi."""

    payer: int | None
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class FinalResult:
    """End of game. ``points`` = final scores (leftover sticks applied), ``ranks[seat]`` = 0 for
    first, ``order`` = seats from first to last, ``results[seat]`` = points - return + uma
    (+ oka for first), in points (divide by 1000 for the usual figure)."""

    points: tuple[int, ...]
    ranks: tuple[int, ...]
    order: tuple[int, ...]
    results: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of one hand. ``outcome``: ``"win"``, ``"exhaustive_draw"``, ``"nagashi_mangan"``
    or ``"abortive_draw"`` (``abortive`` names the type). ``deltas`` = every seat's change,
    honba and sticks included; ``by_win`` = the deltas of each winner's payments (same order as
    ``winners``; nagashi achievers count as winners). ``state`` = the next hand (or the final
    position when ``game_over``)."""

    outcome: str
    deltas: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    state: RoundState
    dealer_repeats: bool
    sticks_collected: int = 0
    winners: tuple[int, ...] = ()
    by_win: tuple[tuple[int, ...], ...] = ()
    abortive: str | None = None
    ignored_winners: tuple[int, ...] = ()
    game_over: bool = False
    end_reason: str | None = None
    final: FinalResult | None = None


# ---- payments ------------------------------------------------------------------------------
def _win_transfers(win: Win, dealer: int, n: int, honba: int, rules: Rules, sticks: int = 0) -> list[Transfer]:
    """The transfers of one win; ``honba`` = the honba this winner collects (0 for none),
    ``sticks`` = the riichi sticks it takes. The amounts are the native engine's (ym_payments and
    ym_win_transfers: honba, sticks, pao split, dealer / non-dealer shares, sanma tsumo loss), so
    the scorer, the engine and this module share one implementation of the payment rules."""
    from yakuman import _core

    pao = -1 if win.pao_seat is None else win.pao_seat
    pao_base = win.pao_base if win.pao_base is not None else 0
    return [Transfer(payer, win.winner, amount, reason) for payer, amount, reason in _core.settle_win(
        rules, win.winner, -1 if win.from_seat is None else win.from_seat, dealer, pao, win.base, pao_base,
        honba, sticks)]


def _deltas(transfers: Iterable[Transfer], n: int) -> tuple[int, ...]:
    d = [0] * n
    for t in transfers:
        d[t.payee] += t.amount
        if t.payer is not None:
            d[t.payer] -= t.amount
    return tuple(d)


def _turn_order(seats: Iterable[int], start: int, n: int) -> list[int]:
    """``seats`` sorted by turn order counting from the seat after ``start``."""
    return sorted(seats, key=lambda s: (s - start - 1) % n)


NOTEN_TOTAL_MAX = 10**9   # far above any table's (rules.noten_payment_total is at most 100,000)


def noten_payments(tenpai: Sequence[bool], total: int) -> tuple[int, ...]:
    """Noten payments for any number of players: the noten players pay ``total`` (split
    evenly) to the tenpai players (split evenly); nothing when all or none are tenpai."""
    from yakuman import _core

    tenpai = [flag(t, f"tenpai[{i}]", InvalidContextError) for i, t in enumerate(as_list(tenpai, "tenpai", InvalidContextError))]
    if type(total) is not int or not 0 <= total <= NOTEN_TOTAL_MAX:
        raise InvalidContextError(f"the noten payment total must be an integer 0..{NOTEN_TOTAL_MAX}, not {shown(total, 60)}")
    n = len(tenpai)
    k = sum(1 for t in tenpai if t)
    if k in (0, n):
        return (0,) * n
    if total % k or total % (n - k):
        raise InvalidRulesError(f"noten payment total {total} does not split among {k} tenpai / {n - k} noten players")
    return _core.settle_noten(list(tenpai), total)


# ---- public settlement functions -------------------------------------------------------------
def settle_wins(state: RoundState, wins: Win | Sequence[Win], *, rules: Rules | None = None) -> Settlement:
    """Settle one tsumo, or one or more rons on the same tile (multiple ron per
    ``rules.multiple_ron``; three rons under ``double`` abort as sanchahou when enabled)."""
    r = _rules(rules)
    _check_players(state, r)
    n = state.players
    wins = [wins] if isinstance(wins, Win) else list(wins)
    if not wins:
        raise InvalidContextError("settle_wins needs at least one Win")
    for win in wins:
        if not isinstance(win, Win):
            raise InvalidContextError(f"expected Win objects, not {type(win).__name__}")
        _check_seat(win.winner, n, "winner")
        if win.from_seat is not None:
            _check_seat(win.from_seat, n, "discarder")
        if win.pao_seat is not None:
            _check_seat(win.pao_seat, n, "pao seat")
        _check_dealer(win, state)
    if len({w.winner for w in wins}) != len(wins):
        raise InvalidContextError("a seat appears twice among the winners")
    if any(w.tsumo for w in wins):
        if len(wins) > 1:
            raise InvalidContextError("a tsumo has exactly one winner")
        ordered = wins
        ignored: list[int] = []
    else:
        discarders = {w.from_seat for w in wins}
        if len(discarders) != 1:
            raise InvalidContextError(f"multiple rons must share one discarder, not seats {sorted(discarders)}")
        d = discarders.pop()
        by_seat = {w.winner: w for w in wins}
        ordered = [by_seat[s] for s in _turn_order(by_seat, d, n)]
        keep = len(ordered)
        if r.multiple_ron == "atamahane":
            keep = 1
        elif r.multiple_ron == "double" and len(ordered) >= 3:
            if "sanchahou" in r.abortive_draws:
                return settle_abortive_draw(state, "sanchahou", rules=r)
            keep = 2
        ignored = [w.winner for w in ordered[keep:]]
        ordered = ordered[:keep]
    transfers: list[Transfer] = []
    by_win = []
    for i, win in enumerate(ordered):
        gets_honba = i == 0 or r.multi_ron_bonus == "each"
        ts = _win_transfers(win, state.dealer, n, state.honba if gets_honba else 0, r,
                            state.riichi_sticks if i == 0 else 0)
        by_win.append(_deltas(ts, n))
        transfers.extend(ts)
    winners = tuple(w.winner for w in ordered)
    repeat = state.dealer in winners
    return _finish(state, r, "win", transfers, repeat=repeat, honba=state.honba + 1 if repeat else 0,
                   sticks_left=0, winners=winners, by_win=tuple(by_win), ignored=tuple(ignored),
                   dealer_won_or_tenpai=repeat)


def settle_exhaustive_draw(state: RoundState, tenpai: Iterable[int], *, nagashi: Iterable[int] = (),
                           last_drawer: int | None = None, rules: Rules | None = None) -> Settlement:
    """Settle an exhaustive draw. ``tenpai`` = seats counted tenpai (see
    :func:`is_draw_tenpai` for karaten); ``nagashi`` = seats that achieved
    nagashi mangan; ``last_drawer`` = the seat that drew the last tile (orders several achievers
    for ``nagashi_multiple = "nearest"`` and the honba/stick bonus in ``win`` mode)."""
    r = _rules(rules)
    _check_players(state, r)
    n = state.players
    tenpai_set = {_check_seat(s, n, "tenpai seat") for s in as_list(tenpai, "tenpai", InvalidContextError)}
    achievers = {_check_seat(s, n, "nagashi seat") for s in as_list(nagashi, "nagashi", InvalidContextError)}
    if last_drawer is not None:
        _check_seat(last_drawer, n, "last drawer")
    if r.nagashi_mangan == "off":
        achievers = set()
    dealer_tenpai = state.dealer in tenpai_set
    if r.draw_dealer_rule == "tenpai":
        draw_repeat = dealer_tenpai
    else:
        draw_repeat = r.draw_dealer_rule == "always_repeat"
    if not achievers:
        deltas = noten_payments([s in tenpai_set for s in range(n)], r.noten_payment_total)
        transfers = _noten_transfers(deltas)
        return _finish(state, r, "exhaustive_draw", transfers, repeat=draw_repeat, honba=state.honba + 1,
                       sticks_left=state.riichi_sticks, dealer_won_or_tenpai=dealer_tenpai)
    if len(achievers) > 1 and last_drawer is None:
        raise InvalidContextError("several nagashi mangan achievers: last_drawer is needed to order them")
    start = last_drawer - 1 if last_drawer is not None else 0  # turn order starting with the last drawer
    ordered = _turn_order(achievers, start, n)
    if r.nagashi_multiple == "nearest":
        ordered = ordered[:1]
    as_win = r.nagashi_mangan == "win"
    transfers: list[Transfer] = []
    by_win = []
    for i, seat in enumerate(ordered):
        honba = state.honba if as_win and (i == 0 or r.multi_ron_bonus == "each") else 0
        sticks = state.riichi_sticks if as_win and i == 0 else 0
        ts = [Transfer(t.payer, t.payee, t.amount, "nagashi" if t.reason == "tsumo" else t.reason)
              for t in _win_transfers(Win(seat, MANGAN), state.dealer, n, honba, r, sticks)]
        by_win.append(_deltas(ts, n))
        transfers.extend(ts)
    if as_win:
        repeat = state.dealer in ordered
        return _finish(state, r, "nagashi_mangan", transfers, repeat=repeat,
                       honba=state.honba + 1 if repeat else 0, sticks_left=0, winners=tuple(ordered),
                       by_win=tuple(by_win), dealer_won_or_tenpai=repeat)
    return _finish(state, r, "nagashi_mangan", transfers, repeat=draw_repeat, honba=state.honba + 1,
                   sticks_left=state.riichi_sticks, winners=tuple(ordered), by_win=tuple(by_win),
                   dealer_won_or_tenpai=dealer_tenpai)


def settle_abortive_draw(state: RoundState, kind: str, *, rules: Rules | None = None) -> Settlement:
    """Settle an abortive draw (``kind`` in kyuushu_kyuuhai, suufon_renda, suucha_riichi,
    suukaikan, sanchahou): no payments, honba + 1, sticks stay, dealer per ``abortive_dealer``."""
    r = _rules(rules)
    _check_players(state, r)
    if kind not in ABORTIVE_DRAW_KEYS:
        raise InvalidContextError(f"unknown abortive draw {rep(kind)}: expected one of {sorted(ABORTIVE_DRAW_KEYS)}")
    if kind not in r.abortive_draws:
        raise InvalidContextError(f"{kind} is not an abortive draw under these rules (abortive_draws)")
    repeat = dict(r.abortive_dealer).get(kind, "repeat") == "repeat"
    return _finish(state, r, "abortive_draw", [], repeat=repeat, honba=state.honba + 1,
                   sticks_left=state.riichi_sticks, abortive=kind, dealer_won_or_tenpai=False)


def final_scores(scores: Sequence[int], rules: Rules | None = None, *, riichi_sticks: int = 0,
                 first_dealer: int = 0) -> FinalResult:
    """Final ranking and results: leftover sticks per ``leftover_sticks``; ties per
    ``tie_break`` (``first_dealer``: the seat closer to the first dealer ranks higher;
    ``split``: tied players share their ranks' uma and oka evenly, the odd 100s going to the
    seat closer to the first dealer); oka ``(return - start) * players`` to first."""
    r = _rules(rules)
    scores = as_list(scores, "scores", InvalidContextError)
    if type(riichi_sticks) is not int or not 0 <= riichi_sticks <= 1_000_000:
        raise InvalidContextError(f"riichi_sticks must be an integer 0..1000000, not {shown(riichi_sticks, 40)}")
    n = len(scores)
    if n != r.players:
        raise InvalidRulesError(f"{n} scores for rules with players = {r.players}")
    if len(r.uma) != n:
        raise InvalidRulesError(f"uma {r.uma} has {len(r.uma)} entries for {n} players")
    _check_seat(first_dealer, n, "first dealer")
    from yakuman import _core

    if any(type(x) is not int for x in scores):
        raise InvalidContextError(f"scores must be integers, not {rep(tuple(scores))}")
    points, ranks, results = _core.settle_final(r, list(scores), riichi_sticks, first_dealer)
    order = tuple(sorted(range(n), key=lambda s: ranks[s]))
    return FinalResult(points, ranks, order, results)


# ---- internals -----------------------------------------------------------------------------
def _check_players(state: RoundState, rules: Rules) -> None:
    if not isinstance(state, RoundState):
        raise InvalidContextError(f"state must be a RoundState, not {type(state).__name__}")
    if state.players != rules.players:
        raise InvalidRulesError(f"a {state.players}-player table with rules for players = {rules.players}")


def _noten_transfers(deltas: Sequence[int]) -> list[Transfer]:
    """Noten deltas as pairwise transfers (each noten player pays each tenpai player evenly)."""
    payers = [s for s, d in enumerate(deltas) if d < 0]
    payees = [s for s, d in enumerate(deltas) if d > 0]
    out = []
    for p in payers:
        for q in payees:
            out.append(Transfer(p, q, -deltas[p] // len(payees), "noten"))
    return out


def _finish(state: RoundState, r: Rules, outcome: str, transfers: list[Transfer], *, repeat: bool,
            honba: int, sticks_left: int, dealer_won_or_tenpai: bool, winners: tuple[int, ...] = (),
            by_win: tuple[tuple[int, ...], ...] = (), ignored: tuple[int, ...] = (),
            abortive: str | None = None) -> Settlement:
    n = state.players
    deltas = _deltas(transfers, n)
    collected = state.riichi_sticks - sticks_left
    scores = tuple(s + d for s, d in zip(state.scores, deltas))
    from yakuman import _core

    reason, wind, hand = _core.settle_next_hand(r, scores, state.round_wind, state.hand, state.first_dealer, repeat,
                                                dealer_won_or_tenpai)
    over = reason is not None
    # paarenchan's count: wins in a row only (a hand without a win, or the deal passing, resets it)
    dealer_wins = state.dealer_wins + 1 if outcome == "win" and state.dealer in winners and repeat else 0
    if over:
        nxt = _replace(state, scores=scores, honba=honba, riichi_sticks=sticks_left, dealer_wins=dealer_wins)
        final = final_scores(scores, r, riichi_sticks=sticks_left, first_dealer=state.first_dealer)
    else:
        nxt = RoundState(scores, wind, hand, honba, sticks_left, state.first_dealer, dealer_wins)
        final = None
    return Settlement(outcome, deltas, tuple(transfers), nxt, repeat, collected, winners, by_win, abortive,
                      ignored, over, reason, final)


# ---- predicates for the end of a hand ---------------------------------------------------------
def _counts(tiles, what: str) -> list[int]:
    from yakuman.tiles import parse

    if isinstance(tiles, (list, tuple)) and tiles and all(isinstance(t, str) for t in tiles):
        tiles = "".join(tiles)
    try:
        return list(parse(tiles)[0])
    except ValueError as e:
        raise type(e)(f"{e} - in {what}") from None


def is_draw_tenpai(tiles, melds=(), *, visible=None, rules: Rules | None = None, seat_wind: str | int | None = None,
                   round_wind: str | int | None = None, riichi: bool | str = False) -> bool:
    """Whether a hand counts as tenpai at an exhaustive draw (docs/rules.md 6.3).
    ``tiles`` = the 13-3k concealed tiles, ``melds`` = the player's melds, ``visible`` = 34
    counts of tiles this player can see outside his own hand (discards, other melds, dora
    indicators; used by ``karaten_is_tenpai = "never"``). ``karaten_is_tenpai``:
    ``unless_all_four_in_own_hand`` (Tenhou: a wait on a kind whose four copies are all in the
    concealed hand does not count), ``unless_all_four_incl_melds`` (EMA: the player's melds
    count as his hand too), ``always`` (any shape counts), ``never`` (a wait counts only while a
    copy is unseen). With ``keishiki_tenpai = False`` a counted wait must also give the hand a
    yaku by tsumo or by ron, the situation being the player's ``riichi`` (``True`` or
    ``"double"``) and the winds (``seat_wind`` / ``round_wind``, ``"E"``-``"N"`` or 0-3, then
    required); dora and one-tile situation yaku do not count. The rule is the engine's
    (csrc/ym_game_settle.c ym_draw_tenpai)."""
    from yakuman import _core
    from yakuman.hand import parse_melds, refuse_sanma_chi

    r = _rules(rules)
    counts = _counts(tiles, "the tenpai hand")
    melds = parse_melds(melds)
    refuse_sanma_chi(melds, r.players == 3)
    if sum(counts) + 3 * len(melds) != 13:
        raise InvalidContextError(f"a tenpai hand has 13 - 3 x melds concealed tiles, not {sum(counts)}")
    winds = []
    for name, w in (("seat_wind", seat_wind), ("round_wind", round_wind)):
        if w is None:
            if not r.keishiki_tenpai:
                raise InvalidContextError(f"keishiki_tenpai = False needs the {name} (the yaku depend on it)")
            w = 0
        if isinstance(w, str) and len(w) == 1 and w.upper() in WINDS:
            w = WINDS.index(w.upper())
        if type(w) is not int or not 0 <= w < 4:
            raise InvalidContextError(f"{name} must be one of E S W N or 0-3, not {rep(w)}")
        winds.append(w)
    if isinstance(riichi, str):
        ok = riichi == "double"
    else:
        try:
            riichi, ok = flag(riichi, "riichi", InvalidContextError), True
        except InvalidContextError:
            ok = False
    if not ok:
        raise InvalidContextError(f"riichi must be False, True or 'double', not {shown(riichi, 60)}")
    seen = None
    if visible is not None and r.karaten_is_tenpai == "never":
        seen = list(visible)
        if len(seen) != 34 or any(type(v) is not int or v < 0 for v in seen):
            raise InvalidContextError("visible must be 34 non-negative tile counts")
    return _core.draw_tenpai(r, counts, melds, seen, winds[0], winds[1], 2 if riichi == "double" else int(riichi))


def is_nagashi(discards, *, called: bool = False, closed: bool = True, rules: Rules | None = None) -> bool:
    """Nagashi mangan (docs/rules.md 6.5) at an exhaustive draw: every discard (``discards``, all of the
    player's discards) is a terminal or honor, ``called`` = whether anyone called one of them,
    ``closed`` = whether the player's hand is closed (only with ``nagashi_requires_closed``)."""
    r = _rules(rules)
    called, closed = flag(called, "called", InvalidContextError), flag(closed, "closed", InvalidContextError)
    if r.nagashi_mangan == "off" or called or (r.nagashi_requires_closed and not closed):
        return False
    c = _counts(discards, "the discards")
    yao = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}
    return sum(c) > 0 and all(k in yao for k in range(34) if c[k])


def is_kyuushu_kyuuhai(tiles) -> bool:
    """At least nine different terminal/honor kinds among the player's first-turn tiles (the
    timing, no call so far and the player's choice are the caller's)."""
    c = _counts(tiles, "the kyuushu hand")
    return sum(1 for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33) if c[k]) >= 9


def is_suufon_renda(first_discards) -> bool:
    """The four first discards of an uninterrupted first go-around are the same wind."""
    c = _counts(first_discards, "the first discards")
    return sum(c) == 4 and any(c[k] == 4 for k in (27, 28, 29, 30))


def is_suucha_riichi(riichi_seats: Iterable[int], players: int = 4) -> bool:
    """All four players have established riichi (four-player games only)."""
    if type(players) is not int or players not in (2, 3, 4):
        raise InvalidContextError(f"players must be 2, 3 or 4, not {rep(players)}")
    seats = {_check_seat(s, 4, "riichi seat") for s in as_list(riichi_seats, "riichi_seats", InvalidContextError)}
    return players == 4 and len(seats) == 4


def is_suukaikan(kan_owners: Sequence[int]) -> bool:
    """Four kans (one owner seat per kan) by at least two different players."""
    owners = [_check_seat(s, 4, "kan owner") for s in as_list(kan_owners, "kan_owners", InvalidContextError)]
    return len(owners) >= 4 and len(set(owners)) >= 2

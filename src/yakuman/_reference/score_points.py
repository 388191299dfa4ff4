"""Base points, limits and payments (docs/rules.md 5 and 6.6), by the formulas.

- base a: han <= 4: fu x 2^(han+2) capped at 2000 (``kiriage_mangan``: 1920 -> 2000); 5 han 2000,
  6-7 3000, 8-10 4000, 11-12 6000, 13+ kazoe (``rules.kazoe``: yakuman 8000 | multiple
  8000 x floor(han/13) | sanbaiman 6000); yakuman 8000 x multiple.
- ron: dealer 6a, non-dealer 4a. Tsumo: dealer winner 2a from each non-dealer; non-dealer winner 2a
  from the dealer, a from each other non-dealer. Each payment rounded up to 100 separately.
- three players (``players = 3``): with ``tsumo_loss`` the absent seat's share is simply not paid
  (Tenhou); without it that share, as it would be paid (rounded up), is halved between the two
  payers, each half rounded up to 100 on its own and added to the payer's own share.
- honba: ron ``honba_ron`` x honba from the discarder; tsumo ``honba_tsumo_each`` x honba from each payer.
- pao (docs/rules.md 6.6): on tsumo the liable player pays the (liable) value as if dealing in, plus the
  ron honba; on a ron by a third player, discarder and liable player each pay half of it, honba from
  the discarder. ``pao_scope = liable_yakuman_only`` applies this to the pao yakuman's multiple only
  and pays the rest as an ordinary tsumo; on a tsumo the liable player still pays every honba at
  the ron rate and the ordinary part carries none (docs/rules.md 7.4).
"""

from __future__ import annotations

from yakuman.result import Payment
from yakuman.rules import Rules

__all__ = ["base_points", "ceil100", "hand_value", "settle"]


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def _ceil100_frac(num: int, den: int) -> int:
    """ceil100(num / den) in exact integer arithmetic."""
    return -(-num // (100 * den)) * 100


def base_points(han: int, fu: int, yakuman: int, rules: Rules) -> tuple[int, str | None]:
    """(base points a, limit name) of a hand."""
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        if rules.kazoe == "yakuman":
            return 8000, "yakuman"
        if rules.kazoe == "multiple":
            return 8000 * (han // 13), "yakuman"
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return 2000, "mangan"
    a = fu * 2 ** (han + 2)
    if a >= 2000 or (rules.kiriage_mangan and a == 1920):
        return 2000, "mangan"
    return a, None


def _tsumo_shares(a: int, dealer: bool, rules: Rules) -> tuple[int, int, int]:
    """(from_dealer, from_non_dealer each, number of non-dealer payers) for a tsumo worth base a."""
    if rules.players == 4 or rules.tsumo_loss:
        n_ko = rules.players - 1 if dealer else rules.players - 2
        if dealer:
            return 0, ceil100(2 * a), n_ko
        return ceil100(2 * a), ceil100(a), n_ko
    # three players, no tsumo loss: the absent seat's payment is halved between the two payers
    if dealer:
        each = ceil100(2 * a)
        return 0, each + _ceil100_frac(each, 2), 2
    half = _ceil100_frac(ceil100(a), 2)
    return ceil100(2 * a) + half, ceil100(a) + half, 1


def hand_value(a: int, dealer: bool, tsumo: bool, rules: Rules) -> int:
    """The hand's points as Tenhou reports them (ron: the ron payment; tsumo: sum of payments)."""
    if not tsumo:
        return ceil100((6 if dealer else 4) * a)
    d, k, n = _tsumo_shares(a, dealer, rules)
    return d + k * n


def settle(a: int, dealer: bool, tsumo: bool, rules: Rules, honba: int, sticks: int,
           liable_a: int = 0, liable_is_discarder: bool = False) -> Payment:
    """Payments for a hand worth base ``a``; ``liable_a`` = the part of ``a`` under pao (0 = none)."""
    ron_mult = 6 if dealer else 4
    if liable_a and not (not tsumo and liable_is_discarder):
        normal_a = a - liable_a
        liable_ron = ceil100(ron_mult * liable_a)
        if tsumo:
            if normal_a:
                d, k, n = _tsumo_shares(normal_a, dealer, rules)
                liable = liable_ron + rules.honba_ron * honba
                total = d + k * n + liable + 1000 * sticks
                return Payment(from_dealer=d, from_non_dealer=k, from_liable=liable, total=total)
            liable = liable_ron + rules.honba_ron * honba
            return Payment(from_liable=liable, total=liable + 1000 * sticks)
        half = liable_ron // 2
        normal = ceil100(ron_mult * normal_a) if normal_a else 0
        discarder = liable_ron - half + normal + rules.honba_ron * honba
        return Payment(from_discarder=discarder, from_liable=half, total=discarder + half + 1000 * sticks)
    if not tsumo:
        pay = ceil100(ron_mult * a) + rules.honba_ron * honba
        return Payment(from_discarder=pay, total=pay + 1000 * sticks)
    d, k, n = _tsumo_shares(a, dealer, rules)
    hb = rules.honba_tsumo_each * honba
    d = d + hb if not dealer else 0
    k += hb
    return Payment(from_dealer=d, from_non_dealer=k, total=d + k * n + 1000 * sticks)

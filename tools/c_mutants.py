#!/usr/bin/env python3
"""A fixed list of hand-written mutants, each a plausible one-line mistake in csrc/ (the scorer,
the input check and the game engine's ym_game_*.c), in the record driver's Cython loop or in the
engine's Python layer (rules.py, game/*.py), run against a fast test subset (``make mutate`` runs
this after the Python mutation run).

Usage: ``python tools/c_mutants.py [--only ID ...] [--list] [--work build/c_mutants] [--timeout S]
[--tests PATH ...]``

Mutants of the record driver's Cython include (``D*``, src/yakuman/_core_replay.pxi) rebuild the
whole extension twice each (mutated, then restored): a few minutes per mutant. A Python mutant
(a ``.py`` path under src/yakuman) only edits the module in the copy.

The repository is never modified: the tree is copied to ``--work`` and built there once
(``setup.py build_ext --inplace``; the compile and link commands are read from its log). Per
mutant: the one line is replaced in the copy, only that C file is recompiled and the extension
relinked, the fast subset runs (``-x``: it stops at the first failing test), then the file and
its object are put back. A mutant is killed when a test fails (or the process crashes); a run
that outlasts ``--timeout`` is a hang and counts as not killed. The result table is printed and
written to ``<work>/report.md``.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# The fast subset: the worked examples, the yaku edges, the native scorer and shanten/search
# units, the native-vs-reference differential (in-project oracle) and the sampled Tenhou golden
# records.
TESTS = [
    "tests/unit/test_rules_examples.py",
    "tests/unit/test_yaku_edges.py",
    "tests/unit/test_native_score.py",
    "tests/unit/test_shanten.py",
    "tests/unit/test_ukeire.py",
    "tests/unit/test_search.py",
    "tests/unit/test_win_value.py",
    "tests/unit/test_score_many_kernel.py",
    "tests/unit/test_score_many.py",
    "tests/unit/test_hardening.py",
    "tests/unit/test_score_errors.py",
    "tests/game",
    "tests/unit/test_settle.py",
    "tests/unit/test_settle_branches.py",
    "tests/differential/test_score_reference.py",
    "tests/golden/test_tenhou_native.py",
    "tests/unit/test_yakuman_over_kazoe.py",
    "tests/unit/test_rules.py",
    "tests/logs/test_last_tile.py",
    "tests/logs/test_fixture_last_tile.py",
    "tests/logs/test_replay_engine.py",   # the record driver against the engine (final points, excerpts)
    "tests/unit/test_shanten_neighbours.py",   # the expected-value search's shanten of draws and discards
    "tests/unit/test_ev.py",                   # the expected-value search (fixtures of the reference's outputs)
    "tests/unit/test_ev_api.py",               # its request checks (a second red five of a suit refused)
    "tests/unit/test_ev_full.py",              # model "full": riichi or dama, ippatsu, the stick (small models)
    "tests/unit/test_ev_many.py",              # the batch form: rows equal discard_ev's, bad rows' statuses
    "tests/unit/test_ev_full_model.py",        # model "full" against an independent model with exchanges
    "tests/unit/test_score_wins.py",           # one hand's every winning kind scored at once (the search's wins)
]

# (id, file, the exact original text (unique in the file), the mutated text, what it breaks)
MUTANTS = [
    ("Y1", "ym_yaku.c", "(tri & (tri >> 9) & (tri >> 18) & 0x1FF)", "(tri & (tri >> 9) & (tri >> 18) & 0xFF)",
     "sanshoku doukou ignores 999"),
    ("Y2", "ym_yaku.c", "uint64_t it = nz & (nz >> 9) & (nz >> 18)", "uint64_t it = (nz >> 9) & (nz >> 18)",
     "ittsu without 123"),
    ("Y3", "ym_yaku.c", "(nz & (nz >> 21) & (nz >> 42) & 0x1FFFFF)",
     "(nz & (nz >> 21) & (nz >> 42) & 0x3FFFF)", "sanshoku doujun ignores 789"),
    ("Y4", "ym_yaku.c", "if (!(p & ~YM_M_TERM)) regy |= YM_BIT(YM_Y_CHINROUTOU);",
     "if (!(p & ~YM_M_YAOCHUU)) regy |= YM_BIT(YM_Y_CHINROUTOU);", "chinroutou with honors"),
    ("Y5", "ym_yaku.c", "((set3 >> (c->round_k - 27)) & 1)", "((set3 >> (c->round_k - 27)) & (c->seat_k != c->round_k))",
     "a double wind counts once (no round wind yaku when it is also the seat wind)"),
    ("Y6", "ym_yaku.c", "r->double_wind_pair_fu * PAIR_FU_DOUBLE[sw][rw]", "2 * PAIR_FU_DOUBLE[sw][rw]",
     "double wind pair fu knob ignored"),
    ("Y7", "ym_yaku.c", "uint64_t pfw = (0x020202ULL << 32) + (2ULL << ss)", "uint64_t pfw = (2ULL << ss)",
     "no fu for a dragon pair"),
    ("Y8", "ym_yaku.c", "(wait == YM_WAIT_RYANMEN) & (pf == 0) &", "(wait == YM_WAIT_RYANMEN) &",
     "pinfu with a yakuhai pair"),
    ("Y9", "ym_yaku.c", "(closed || r->kuitan)) any |= YM_BIT(YM_Y_TANYAO);",
     "(closed && r->kuitan)) any |= YM_BIT(YM_Y_TANYAO);", "no open tanyao"),
    ("Y10", "ym_yaku.c", "regy |= YM_BIT(e == c->win - 9 * s ?", "regy |= YM_BIT(e != c->win - 9 * s ?",
     "junsei and plain chuuren swapped"),
    ("Y11", "ym_yaku.c", "YM_BIT(c->full[c->win] == 2 ? YM_Y_KOKUSHI_13 : YM_Y_KOKUSHI)",
     "YM_BIT(c->full[c->win] != 2 ? YM_Y_KOKUSHI_13 : YM_Y_KOKUSHI)", "13-sided kokushi swapped"),
    ("Y12", "ym_yaku.c", "if (shanpon_ron && k == c->win) FU_ADD(YM_FU_MINKOU, k, yao ? 4 : 2);",
     "if (shanpon_ron && k == c->win) FU_ADD(YM_FU_MINKOU, k, yao ? 8 : 4);", "shanpon ron triplet fu as concealed"),
    ("Y13", "ym_yaku.c", "int anko = ntri - shanpon_ron +", "int anko = ntri +",
     "a ron-completed triplet counts as concealed (sanankou)"),
    ("Y14", "ym_yaku.c", "else if (d3 == 2 && d2 == 1) reg |= YM_BIT(YM_Y_SHOUSANGEN);",
     "else if (d3 == 2) reg |= YM_BIT(YM_Y_SHOUSANGEN);", "shousangen without the dragon pair"),
    ("Y15", "ym_yaku.c", "op ? 0 : (fu0 + 9) / 10 * 10 - fu0);", "op ? 0 : (fu0 + 5) / 10 * 10 - fu0);",
     "fu rounded to nearest 10"),
    ("P1", "ym_points.c", "LIMIT_BASE[13] = {0, 0, 0, 0, 0, 2000, 3000, 3000,",
     "LIMIT_BASE[13] = {0, 0, 0, 0, 0, 2000, 2000, 3000,", "6 han paid as mangan"),
    ("P2", "ym_points.c", "SHARE[2][2][3] = {{{4, 0, 0}, {0, 2, 1}}, {{6, 0, 0}, {0, 0, 2}}};",
     "SHARE[2][2][3] = {{{4, 0, 0}, {0, 2, 1}}, {{4, 0, 0}, {0, 0, 2}}};", "dealer ron x4"),
    ("P3", "ym_points.c", "s.non_dealer = up100(m[2] * a);", "s.non_dealer = (int32_t)(m[2] * a);",
     "the non-dealers' tsumo shares not rounded up"),
    ("P4", "ym_points.c", "pay->non_dealer = s.non_dealer + hb_each;",
     "pay->non_dealer = s.non_dealer + (hb_each & -(int32_t)(dealer ^ 1));", "no honba on a dealer tsumo"),
    ("P5", "ym_points.c", "s.n = tsumo * (r->players - 2 + dealer);",
     "s.n = tsumo * (dealer ? r->players - 1 : 2);", "sanma non-dealer tsumo: three payers"),
    ("P6", "ym_points.c", "return (int32_t)(((uint64_t)x + 99) / 100 * 100); }",
     "return (int32_t)(((uint64_t)x + 50) / 100 * 100); }", "payments rounded to nearest 100"),
    ("S1", "ym_tables.c", "pairs += d >= 2;", "pairs += d / 2;",
     "chiitoitsu counts four of a kind as two pairs (special-form counts of every shanten path)"),
    ("S2", "ym_tables.c", "yk << 7 | yp << 11);", "yk << 7);",
     "kokushi shanten ignores the pair (the yaochuu pair count never packed)"),
    ("S3", "ym_shanten.c", "if (h[t] >= 4 || ((absent >> t) & 1)) continue;",
     "if (h[t] >= 5 || ((absent >> t) & 1)) continue;", "a kind held four times is a wait"),
    ("S4", "ym_tables.c", "special_entry(k, 4, 8u)", "special_entry(k, 4, 0u)",
     "kokushi forgets 9m (and 9p, 9s: ranks 5-8 share one table over the suits)"),
    ("R1", "ym_search.c", "return a->total > b->total;", "return a->total < b->total;",
     "discards ranked by fewest tiles left"),
    ("R2", "ym_search.c", "(unsigned)(4 - c[t] - vis[t]));", "(unsigned)(4 - c[t]));",
     "ukeire ignores the visible tiles"),
    ("R3", "ym_search.c", "if (replacement_with(rest, cls[3], ym_part_of(t), class_drawn(&k, t), n_melds) <= reg)",
     "if (replacement_with(rest, cls[3], ym_part_of(t), class_drawn(&k, t), n_melds) < reg)",
     "ukeire misses draws that keep the regular form's shanten"),
    ("C1", "ym_score.c", "    {8, 2, 3, 4, 5, 6, 7, 8, 0,", "    {1, 2, 3, 4, 5, 6, 7, 8, 0,",
     "sanma: the dora after 1m is 2m"),
    # the two rows of ym_next_dora_tab end alike: the anchor takes the next row's start (four players)
    ("C2", "ym_score.c", "28, 29, 30, 27, 32, 33, 31},\n    {8,", "28, 29, 30, 27, 32, 33, 27},\n    {8,",
     "the dora after chun is East"),
    ("C3", "ym_score.c", "sum += ym_dora_tiles(c->full, c->h->kita, next, ind[i]);",
     "sum += ym_dora_tiles(c->full, 0, next, ind[i]);",
     "kita do not count for a North dora indicator"),
    ("C4", "ym_score.c", "s->ura = s->riichi ? count_dora(c, h->ura, h->n_ura) : 0;",
     "s->ura = count_dora(c, h->ura, h->n_ura);", "ura dora without riichi (ym_score's own indicator count)"),
    ("C5", "ym_score.c", "c->round_k = 27 + h->round_wind;", "c->round_k = 27 + h->seat_wind;",
     "round wind read as the seat wind"),
    ("C6", "ym_score.c", "if (cand->e.fu > b->e.fu) {", "if (cand->e.fu >= b->e.fu) {",
     "a reading of the best one's value class with equal fu replaces it (the later reading chosen)"),
    ("C7", "ym_score.c", "(cand->e.fu == b->e.fu || cand->han_total >= 5)) {",
     "(cand->e.fu == b->e.fu || cand->han_total >= 4)) {",
     "4 han taken as a limit whatever the fu (the value class shortcut)"),
    ("C8", "ym_score.c", "{0, 2, 4, 4}, {1, 2, 4, 4},", "{0, 1, 4, 4}, {1, 2, 4, 4},",
     "batch rows: melds in slots 0 and 2 read from slots 0 and 1 (the empty slot between not skipped)"),
    ("C9", "ym_score.c", "(uint32_t)((1ULL << (8 * n)) - 1)", "(uint32_t)((1ULL << (8 * 4)) - 1)",
     "batch rows with the melds in the first slots: the red fives of the empty slots after them counted"),
    ("C10", "ym_score.c", "if ((used & (used + 1)) == 0) {", "if ((used & (used - 1)) == 0) {",
     "batch rows: melds in slots 0 and 1 (or any two or more) taken as packed only when in one slot"),
    # the input check (ym_check.c): the batch rows' and score()'s accept/reject decision
    ("K1", "ym_check.c", "(reds3[s] + mreds[s] > cap);", "(reds3[s] > cap);",
     "the melds' red fives not counted against aka_dora"),
    ("K2", "ym_check.c", "copies_bad |= ++tot[kk] > 4;", "copies_bad |= ++tot[kk] > 5;",
     "a fifth copy counting the dora indicators accepted"),
    ("K3", "ym_check.c", "tot[30] = (uint8_t)(tot[30] + h->kita);", "tot[30] = (uint8_t)(tot[30] + 0);",
     "kita not counted as Norths against the indicators"),
    ("K4", "ym_check.c", "bad = (full[30] + h->kita > 4) |", "bad = (full[30] > 4) |",
     "kita not counted as Norths against the hand and melds"),
    ("K5", "ym_check.c", "kind_bad |= out | (sanma & (k - 1u < 7u));", "kind_bad |= out | (sanma & (k - 1u < 6u));",
     "sanma: an 8m indicator accepted"),
    ("K6", "ym_check.c", "bad |= ((f & YM_F_TENHOU) != 0) & !dealer;", "bad |= 0;",
     "tenhou by a non-dealer accepted"),
    ("K7", "ym_check.c", "(w >= 27 || w % 9 != 4 || reds3[w / 9] == 0)", "(w >= 27 || w % 9 != 4)",
     "a red winning five accepted without a red five held"),
    ("K8", "ym_check.c", "if (h->honba > 1000 || h->riichi_sticks > 1000)", "if (h->honba > 1000)",
     "riichi sticks above 1000 accepted"),
    ("K9", "ym_check.c", "if (meld_reds[i] > m->fives) return YM_WBAD_REDS;",
     "if (meld_reds[i] > m->fives + 1) return YM_WBAD_REDS;", "a meld with one red five more than its fives"),
    ("K10", "ym_check.c", "bad |= tsumo & ((f & (YM_F_CHANKAN | YM_F_HOUTEI | YM_F_RENHOU)) != 0);",
     "bad |= tsumo & ((f & (YM_F_CHANKAN | YM_F_HOUTEI)) != 0);", "renhou on a tsumo accepted"),
    ("K11", "ym_check.c", "if (sanma && (held & 0xFEull)) return YM_WBAD_SANMA_TILE;",
     "if (sanma && (held & 0x7Eull)) return YM_WBAD_SANMA_TILE;", "sanma: 8m in the hand accepted"),
    # the game engine (ym_game_*.c): legal actions, win flags, round ends, settlement
    ("E1", "ym_game_legal.c", "return (p->waits & p->discarded) != 0 || p->temp_furiten || p->riichi_furiten;",
     "return (p->waits & p->discarded) != 0 || p->riichi_furiten;", "temporary furiten ignored"),
    ("E2", "ym_game_legal.c", "if (p->riichi == 2 && p->ippatsu) f |= YM_F_IPPATSU;",
     "if (p->riichi == 2) f |= YM_F_IPPATSU;", "ippatsu never broken"),
    ("E3", "ym_game_legal.c", "left + 1 >= g->R.riichi_min_live", "left >= g->R.riichi_min_live",
     "riichi refused with four live tiles left (the draw not counted)"),
    ("E4", "ym_game_legal.c", "if (g->resp_kind == YM_RK_DISCARD && ym_game_left(g) > 0 && !p->riichi)",
     "if (g->resp_kind == YM_RK_DISCARD && !p->riichi)", "calls on the last discard (houtei)"),
    ("E5", "ym_game_step.c", "int draw_repeat = g->R.draw_dealer == 0 ? dealer_tenpai : g->R.draw_dealer == 1;",
     "int draw_repeat = dealer_tenpai;", "the draw_dealer knob ignored"),
    ("E6", "ym_game_step.c", "ym_game_finish_round(g, repeat, g->honba + 1, g->sticks, 0);",
     "ym_game_finish_round(g, repeat, g->honba, g->sticks, 0);", "no honba added after an abortive draw"),
    ("E7", "ym_game_step.c", "scores_before[q];   /* finish_round applies deltas */\n    ym_game_finish_round(g, repeat, repeat ? g->honba + 1 : 0,",
     "scores_before[q];   /* finish_round applies deltas */\n    ym_game_finish_round(g, repeat, repeat ? g->honba : 0,",
     "no honba added when the dealer wins"),
    ("E8", "ym_game_step.c", "g->total_discards == 4 && k >= 27 && k <= 30", "g->total_discards == 4 && k >= 27 && k <= 31",
     "suufon renda on four haku"),
    ("E9", "ym_game_settle.c", "deltas[i] = tenpai[i] ? total / k : -(total / (n - k));",
     "deltas[i] = tenpai[i] ? total / k : -(total / k);", "noten payments split like the tenpai receipts"),
    ("E10", "ym_game_settle.c", "int honba_payer = has_liable && R->pao_honba_liable ? liable : from;",
     "int honba_payer = from;", "the pao_honba 'liable' knob ignored"),
    # the rules of issue 24 (the held-out records and mutants): each has a named test
    ("E11", "ym_game_legal.c", "left + 1 >= g->R.riichi_min_live", "left + 2 >= g->R.riichi_min_live",
     "riichi allowed with three live tiles before the draw"),
    ("E12", "ym_game_legal.c", "if (called_kind > hi && lo - 1 >= 9 * suit) f |= 1ULL << (lo - 1);",
     "if (called_kind > hi && lo - 1 >= 9 * suit) f |= 0;", "kuikae: no suji swap when the called tile is the run's highest"),
    ("E13", "ym_game_legal.c", "if (called_kind < lo && hi + 1 < 9 * (suit + 1)) f |= 1ULL << (hi + 1);",
     "if (called_kind < lo && hi + 1 < 9 * (suit + 1)) f |= 0;", "kuikae: no suji swap when the called tile is the run's lowest"),
    ("E14", "ym_game_step.c", "if (!((p->waits >> k) & 1)) continue;\n        if (rk == YM_RK_ANKAN",
     "if (!((p->waits >> k) & 1) || !((g->resp_mask >> q) & 1)) continue;\n        if (rk == YM_RK_ANKAN",
     "no temporary furiten from a wait that passed while the seat could not ron it (no yaku)"),
    ("E15", "ym_game_legal.c", "(!g->s[from].rinshan || g->R.houtei_after_rinshan)", "(!g->s[from].rinshan)",
     "no houtei on the discard after a last-tile replacement draw"),
    ("E16", "ym_game_legal.c", "(!p->rinshan || g->R.score.haitei_with_rinshan)", "(1 || g->R.score.haitei_with_rinshan)",
     "haitei on a rinshan tsumo of the last tile"),
    ("E17", "ym_game_step.c", "        if (g->R.chankan_ankan_kokushi) {\n            g->phase = YM_PH_RESPONSE;",
     "        if (1) {\n            g->phase = YM_PH_RESPONSE;", "kokushi robs an ankan whatever chankan_ankan says"),
    ("C11", "ym_score.c", "if ((x->e.yakuman > 0) != (y->e.yakuman > 0)) return x->e.yakuman > 0;",
     "if ((x->e.yakuman > 0) != (y->e.yakuman > 0)) return x->e.yakuman == 0;",
     "a kazoe reading preferred to a yakuman reading of equal value"),
    # the record driver (src/yakuman/_core_replay.pxi): rebuilt whole (cythonize + every object)
    ("D1", "_core_replay.pxi", "                if self.dora != shown:\n                    self.bad(",
     "                if self.dora > shown + 1:\n                    self.bad(",
     "the driver misses an indicator the engine revealed but the record omits"),
    ("D2", "_core_replay.pxi", "                    if shown > self.dora:\n                        self.bad(",
     "                    if shown > self.dora + 1:\n                        self.bad(",
     "the driver lets a record show one indicator more than the engine after the round's end"),
    # a second held-out set (2026-12-05, fid-rules): hand-written from reading the engine's rule
    # code, run before any test was written for them (docs/testing.md: the figures before and after)
    ("G1", "ym_game_legal.c", "if (kinds >= 9) put(out, n, YM_A_KYUUSHU", "if (kinds >= 10) put(out, n, YM_A_KYUUSHU",
     "kyuushu kyuuhai needs ten terminal / honor kinds"),
    ("G2", "ym_game_legal.c", "if (g->n_kans < 4) return 1;", "if (g->n_kans <= 4) return 1;",
     "a fifth kan allowed under fifth_kan = forbidden"),
    ("G3", "ym_game_legal.c", "if (p->n_melds >= 4 || ym_waits(c, p->n_melds + 1, SANMA(g)) != p->waits) continue;",
     "if (p->n_melds >= 4) continue;", "an ankan after riichi that changes the waits allowed"),
    ("G4", "ym_game_legal.c", "seat == (g->resp_from + 1) % 4) add_chi", "seat == (g->resp_from + 3) % 4) add_chi",
     "chi from the wrong neighbour (the discarder's previous seat)"),
    ("G5", "ym_game_legal.c", "p->score >= g->R.riichi_min_points &&", "p->score > g->R.riichi_min_points &&",
     "riichi refused with exactly riichi_min_points"),
    ("G6", "ym_game_legal.c", "        if (p->melds[i].type != YM_ANKAN) return 0;\n    return 1;\n}\n\nstatic int furiten",
     "        if (p->melds[i].type == YM_CHI) return 0;\n    return 1;\n}\n\nstatic int furiten",
     "riichi allowed with an open pon (only a chi opens the hand)"),
    ("G7", "ym_game_legal.c", "h->seat_wind = (uint8_t)((seat - g->dealer + n) % n);",
     "h->seat_wind = (uint8_t)((seat + g->dealer) % n);", "a win's seat wind counted from seat 0, not the dealer"),
    ("G8", "ym_game_legal.c", "(r <= 6 && c[r + 1] && c[r + 2]);", "(r <= 5 && c[r + 1] && c[r + 2]);",
     "the next seat is not asked for a chi of 7 with 8-9"),
    ("G9", "ym_game_legal.c", "if (g->R.players == 3 && p->c[30] && left > 0) {", "if (g->R.players == 3 && p->c[30]) {",
     "sanma: kita allowed with no live tile left"),
    ("G10", "ym_game_step.c", "    if (!call)\n        for (int q = 0; q < n; q++)",
     "    if (1)\n        for (int q = 0; q < n; q++)", "a chi takes precedence over a pon"),
    ("G11", "ym_game_step.c", "if (k >= 31 && dragons == 3)", "if (k >= 31 && dragons >= 2)",
     "pao for daisangen after the second dragon set"),
    ("G12", "ym_game_step.c", "d->ippatsu = 1;", "d->ippatsu = 0;", "an established riichi opens no ippatsu window"),
    ("G13", "ym_game_step.c", "p->double_riichi = (uint8_t)(g->first_go && p->n_river == 0);",
     "p->double_riichi = (uint8_t)(p->n_river == 0);", "double riichi after a call broke the first go-around"),
    ("G14", "ym_game_step.c", "    d->nagashi_ok = 0;\n    break_first_go(g);", "    (void)d;\n    break_first_go(g);",
     "nagashi mangan kept by a seat whose discard was called"),
    ("G15", "ym_game_step.c", "else if (g->R.multiple_ron == 0 && n_win >= 3) {",
     "else if (g->R.multiple_ron == 0 && n_win >= 2) {", "a double ron aborts like sanchahou"),
    ("G16", "ym_game_step.c", "int q = from + i < n ? from + i : from + i - n;",
     "int q = from - i >= 0 ? from - i : from - i + n;", "multiple ron: winners ordered against the turn"),
    ("G17", "ym_game_step.c", "        if (rk != YM_RK_ANKAN) {", "        if (rk == YM_RK_KAKAN) {",
     "sanma: a standing kita ends no ippatsu window"),
    ("G18", "ym_game_step.c", "int all = n == 4;", "int all = 1;", "sanma: three riichi abort as suucha riichi"),
    ("G19", "ym_game_step.c", "int bonus = (i == 0) ? 3 : (g->R.multi_ron_each ? 1 : 0);",
     "int bonus = (i == 0) ? 3 : 1;", "multiple ron: the honba paid to every winner under multi_ron_bonus nearest"),
    ("G20", "ym_game_step.c", "if (w == g->dealer) repeat = 1;", "if (w == g->dealer && i == 0) repeat = 1;",
     "a dealer who wins second in a double ron does not repeat"),
    ("G21", "ym_game_step.c", "return g->n_kans == 4 && seats >= 2;", "return g->n_kans == 4 && seats >= 1;",
     "four kans by one seat abort (suukaikan)"),
    ("G22", "ym_game_step.c", "p->ippatsu && g->self_mode != YM_SM_RIICHI) p->ippatsu = 0;",
     "p->ippatsu && g->self_mode == YM_SM_CALLED) p->ippatsu = 0;", "ippatsu survives the riichi player's next discard"),
    ("G23", "ym_game_settle.c", "tobi |= scores[q] < 0 || (R->tobi == 1 && scores[q] == 0);",
     "tobi |= scores[q] <= 0 || (R->tobi == 1 && scores[q] == 0);", "tobi at exactly 0 under tobi = below_zero"),
    ("G24", "ym_game_settle.c", "reach_target |= scores[q] >= R->target_points;",
     "reach_target |= scores[q] > R->target_points;", "exactly target_points does not end the game"),
    ("G25", "ym_game_settle.c", "if (best < 0 || scores[s] > scores[best]) best = s;",
     "if (best < 0 || scores[s] >= scores[best]) best = s;", "agari-yame: a tie for the top goes to the later seat"),
    ("G26", "ym_game_settle.c", "if (c < 4) counted |= 1ULL << k;", "if (c <= 4) counted |= 1ULL << k;",
     "a wait on four copies held counts as tenpai at a draw (karaten)"),
    ("G27", "ym_game_settle.c", "if (liable == winner || liable == from) liable = 255;   /*",
     "if (liable == winner) liable = 255;   /*", "pao: the liable seat dealing in still splits the hand"),
    ("G28", "ym_game_settle.c", "R->start_points) * n;", "R->start_points) * (n - 1);",
     "oka one seat short"),
    ("G29", "ym_game_obs.c", "if (g->phase == YM_PH_RESPONSE) act &= 1 << seat;",
     "if (0) act &= 1 << seat;", "the planes show who else may answer a discard (hidden information)"),
    ("G30", "ym_game_world.c", "    for (int q = 0; q < n; q++) {\n        if (q == seat || g->s[q].open_riichi) continue;\n        for (int i = 0; i < g->s[q].n; i++) have",
     "    for (int q = 0; q < n; q++) {\n        if (q == seat) continue;\n        for (int i = 0; i < g->s[q].n; i++) have",
     "a determinized world re-deals an open riichi's shown hand"),
    ("G31", "ym_game_world.c", "if (t == YM_OP_DRAW || t == YM_OP_CALL) temp = 0;", "if (t == YM_OP_DRAW) temp = 0;",
     "a determinized world keeps a hidden seat's temporary furiten past its own call"),
    ("G32", "ym_game_wall.c", "if (players == 3 && id >= 4 && id < 32) return 1;", "if (players == 3 && id >= 4 && id < 28) return 1;",
     "sanma: a given wall holding 8m accepted"),
    ("Q1", "game/__init__.py", "tehais[(dealer + k) % n] = ", "tehais[k] = ",
     "start_kyoku's hands not rotated to the dealer"),
    ("Q2", "game/__init__.py",
     "to_act=tuple(q for q in self.to_act if q == seat) if self._st.phase() == 1 else self.to_act,",
     "to_act=self.to_act,", "an observation shows who else may answer a discard (hidden information)"),
    ("Q3", "game/__init__.py", "riichi=tuple(s[3] == 2 for s in seats),", "riichi=tuple(s[3] >= 1 for s in seats),",
     "an observation shows a declared riichi as established before its discard passed"),
    ("Q4", "game/records.py", "mine = (rnd, honba, sticks, scores)", "mine = (rnd, honba, sticks, tuple(nxt.scores))",
     "the record driver misses a next hand's scores that differ"),
    ("Q5", "game/records.py", "        if mine != theirs:\n            out.add(\"disagreement\", label, index, f\"final points",
     "        if sorted(mine) != sorted(theirs):\n            out.add(\"disagreement\", label, index, f\"final points",
     "the record driver misses final points given to the wrong seats"),
    ("Q6", "rules.py", "            honba_ron=200,\n            noten_payment_total=2000,\n            start_points=35000,\n            return_points=40000,",
     "            honba_ron=300,\n            noten_payment_total=2000,\n            start_points=35000,\n            return_points=40000,",
     "Tenhou sanma: 300 points a honba on a ron"),
    ("Q7", "rules.py", "        return cls(\n            chankan_ankan=\"kokushi_only\",\n            multiple_ron=\"triple\",",
     "        return cls(\n            chankan_ankan=\"never\",\n            multiple_ron=\"triple\",",
     "Mahjong Soul: kokushi may not rob an ankan"),
    ("Q8", "rules.py", "uma=(20000, 10000, -10000, -20000),", "uma=(30000, 10000, -10000, -30000),",
     "Tenhou's uma 30-10"),
    ("Q9", "rules.py", "            pao_scope=\"whole_hand\",\n            pao_honba=\"liable\",",
     "            pao_scope=\"whole_hand\",\n            pao_honba=\"discarder\",", "Tenhou: the discarder pays the honba under pao"),
    ("Q10", "game/_world.py", "shown.update(s for s in range(n) if (e.get(\"tenpais\") or [False] * n)[s])",
     "shown.update(range(n))", "a determinized world keeps a noten hand of a drawn round (hidden information)"),
    ("V1", "ym_shanten.c", "m |= (unsigned)((changed_regular_any(&h, s, pw->up[r], n_melds) < b) & (lower >> r)) << r;",
     "m |= (unsigned)((changed_regular_any(&h, s, pw->up[r], n_melds) <= b) & (lower >> r)) << r;",
     "the EV search's lowering draws include the draws that keep the shanten"),
    ("V2", "ym_shanten.c", "const int special = n_melds == 0 && T->min[h.e0] <= b;",
     "const int special = n_melds == 0 && T->min[h.e0] < b;",
     "a draw that lowers only seven pairs or thirteen orphans is missed"),
    ("V3", "ym_shanten.c", "unsigned m = 0, lower = pw->lower;",
     "unsigned m = 0, lower = pw->lower & 0xFF;",
     "the lowering draws of a suit's 9 are missed"),
    ("V4", "ym_shanten.c", "m |= (unsigned)((changed_regular_any(&h, s, q, n_melds) == a) & (q != 0xFF)) << r;",
     "m |= (unsigned)((changed_regular_any(&h, s, q, n_melds) <= a + 1) & (q != 0xFF)) << r;",
     "the EV search's kept discards include the discards that raise the shanten"),
    ("V5", "ym_ev.c", "if (down) ym_shanten_neighbours(&w->pc, c, in->n_melds, -1, held, sh);",
     "if (down && a >= 0) ym_shanten_neighbours(&w->pc, c, in->n_melds, -1, held, sh);",
     "a complete hand's shanten-down discards not followed"),
    ("V6", "ym_ev.c", "for (int i = 0; i < C; i++) a = _mm256_max_pd(",
     "for (int i = 1; i < C; i++) a = _mm256_max_pd(",
     "the AVX pass misses a discard state's first target"),
    ("V7", "ym_ev.c", "a = _mm256_add_pd(a, _mm256_set_pd(0.0, 0.0, Wwin, Wwin));",
     "a = _mm256_add_pd(a, _mm256_set_pd(0.0, 0.0, 0.0, Wwin));",
     "the AVX pass's win probability without the draws that win"),
    ("V8", "ym_ev.c", "if (in->reds[s] + in->unseen_red[s] > 1) return YM_EV_E_REDS;",
     "if (in->reds[s] + in->unseen_red[s] > 2) return YM_EV_E_REDS;",
     "the search values a suit with a second red five in play (counting it as a plain five)"),
    ("V9", "ym_ev_many.c", ": n == YM_EV_E_REDS ? YM_EVB_REDS : YM_EVB_SEARCH;", ": YM_EVB_SEARCH;",
     "ev_many reports the search's red-five refusal as a refused search, not as the red-five status"),
    ("V10", "ym_ev_riichi.c", "if (k < 0 || k > n) return 0.0;", "if (k < 0 || k >= n) return 0.0;",
     "the ura dora law drops the draws that take every copy of a kind"),
    ("V11", "ym_ev_riichi.c", "int g = ym_indicator_dora(full, in->kita, i, x->sanma);",
     "int g = ym_indicator_dora(c, in->kita, i, x->sanma);", "ura dora ignore the melds' tiles"),
    ("V12", "ym_ev_riichi.c", "to[nu > cap ? cap : nu] += from[u] * cb[j];", "to[nu > cap ? cap : u] += from[u] * cb[j];",
     "an ura indicator adds no han"),
    ("V13", "ym_ev_riichi.c", "(riichi == 2 ? YM_F_IPPATSU : 0)", "(riichi >= 1 ? YM_F_IPPATSU : 0)",
     "every riichi win scored with ippatsu"),
    ("V14", "ym_ev_riichi.c", "if (!riichi || !in->uradora || in->n_dora == 0 || yk)",
     "if (!riichi || !in->uradora || in->n_dora == 0)", "a riichi yakuman counted by han with ura dora"),
    ("V15", "ym_ev_riichi.c", "int dealer = in->seat_wind == 0;", "int dealer = in->round_wind == 0;",
     "the dealer's payments by the round wind"),
    ("V16", "ym_ev_riichi.c", "return v > 0.0 && riichi && x->choice ? v + YM_EV_STICK : v;",
     "return v > 0.0 && x->choice ? v + YM_EV_STICK : v;", "a dama win takes back a stick it never put down"),
    ("V17", "ym_ev_riichi.c", "e->s_ipp = win_score(x, c, rd, k, 2, ura, &ura_all);",
     "e->s_ipp = win_score(x, c, rd, k, 1, ura, &ura_all);", "no ippatsu on the first draw after riichi"),
    ("V18", "ym_ev_riichi.c", "double g1 = F[1] - P[1], g2 = F[2] - YM_EV_STICK - P[2];",
     "double g1 = F[1] - P[1], g2 = F[2] - P[2];", "a riichi on a tsumogiri costs no stick"),
    ("V19", "ym_ev_riichi.c", "double stay = 1.0 - W[p->p] * inv;", "double stay = 1.0;",
     "the tsumogiri riichi gain counted on every draw"),
    ("V20", "ym_ev_riichi.c", "double fs = f[2] - YM_EV_STICK;", "double fs = f[2];",
     "a row's riichi costs no stick"),
    ("V23", "ym_ev.c", "return x->in->tegawari && !(n->riichi && n->shanten == 0) && n->dist + n->shanten < x->s0 + x->in->extra;",
     "return x->in->tegawari && !(n->riichi && n->shanten == 0) && n->dist + n->shanten <= x->s0 + x->in->extra;",
     "exchanges one tile farther from the request than the model allows"),
    ("V24", "ym_ev.c", "return delta > 0 ? (p >= x->p0[k] ? 1 : 0) : (p > x->p0[k] ? -1 : 0);",
     "return delta > 0 ? (p > x->p0[k] ? 1 : 0) : (p > x->p0[k] ? -1 : 0);",
     "a drawn copy beyond the request's counts as no distance"),
    ("V26", "ym_ev.c", "const uint64_t no_sanma = x.sanma ? ~(0x7FULL << 1) : ~0ULL;",
     "const uint64_t no_sanma = ~0ULL;", "sanma's necessary tiles list 2m-8m"),
    ("V27", "ym_ev.c", "if (tp > 1.0) tp = 1.0;", "if (tp > 1.5) tp = 1.0;",
     "model full: a tenpai probability above 1 (up to 1.5)"),
    ("V29", "ym_ev.c", "return x->in->tegawari && d->dist < x->s0 + x->in->extra;",
     "return x->in->tegawari && d->dist <= x->s0 + x->in->extra;", "the dama lineage linked one tile farther"),
    ("V30", "ym_ev.c", "int dama = !x->choice && x->closed && !nd.riichi && b == 0;",
     "int dama = !x->choice && x->closed && b == 0;", "a riichi hand completes dama"),
    ("V31", "ym_ev_many.c", "for (int q = 0; q < 34; q++) nec += x->necessary[q];",
     "for (int q = 0; q < 33; q++) nec += x->necessary[q];", "ev_many's necessary count misses the red dragon"),
    ("V32", "ym_ev_many.c", "if (kita > 4 || (kita && !sanma)) return YM_EVB_NUMBERS;",
     "if (kita > 4) return YM_EVB_NUMBERS;", "ev_many takes kita in a four-player row"),
    ("V33", "ym_ev_many.c", "        if (ty == YM_CHI && (t >= 27 || t % 9 > 6 || sanma)) return YM_EVB_MELD;",
     "        if (ty == YM_CHI && (t >= 27 || t % 9 > 6)) return YM_EVB_MELD;", "ev_many takes a chi in sanma"),
    ("V34", "ym_ev_many.c", "int v = full[k] + dcount[k] + (k == 30 ? kita : 0), gone = sanma && k >= 1 && k <= 7;",
     "int v = full[k] + dcount[k] + (k == 30 ? kita : 0), gone = 0;",
     "the sanma wall (ev_many's and discard_ev's) holds 2m-8m, and their 2m-8m are not refused"),
    ("V35", "ym_game_ev.c", "if (g->self_mode == YM_SM_RIICHI) in.riichi_mode = YM_EV_RIICHI_DECLARE;",
     "if (0) in.riichi_mode = YM_EV_RIICHI_DECLARE;", "the ev policy's discard after its riichi announcement valued as dama"),
    ("V36", "ym_game_ev.c", "return riichi >= 0 && rows[r].riichi[1] ? riichi : j;", "return j;",
     "the ev policy never declares riichi"),
    ("V37", "ym_game_ev.c", "if (!(o->rmark[j] & YM_RV_CALLED)) count_red(g, o->river[j], seen_red);",
     "count_red(g, o->river[j], seen_red);", "a called red five counted twice as seen"),
    ("V38", "ym_game_ev.c", "in->seat_wind = (uint8_t)((seat - g->dealer + n) % n);", "in->seat_wind = (uint8_t)seat;",
     "the ev policy's seat wind is the seat number"),
    ("V39", "ym_game_ev.c", "in->riichi_sticks = (uint16_t)g->sticks;", "in->riichi_sticks = 0;",
     "the ev policy ignores the riichi sticks on the table"),
    ("V40", "ym_game_ev.c", "if (nr > 0 && !(rows[0].score[1] > 0.0)) return 0;", "if (0) return 0;",
     "a position with nothing to win is not left to greedy"),
    # A third set (2026-12-06), written after the independent model of model "full"
    # (tests/unit/_ev_full_model.py) and the two defects it found, without looking at the tests;
    # W1, W8 and W10 were dropped as equivalent (docs/testing.md)
    ("W2", "ym_ev.c", "int red_left = red_left_of(x, reds, suit);",
     "int red_left = suit >= 0 && x->in->red && !(reds >> suit & 1);", "a red five drawn that is seen elsewhere"),
    ("W3", "ym_ev.c", "int followed = s2 <= x.s0 || (in->shanten_down && in->extra > 0);",
     "int followed = s2 <= x.s0 || in->shanten_down;", "at extra 0 the request's step back is followed"),
    ("W4", "ym_ev.c", "wts[nk++] = (uint8_t)(left - red_left);", "wts[nk++] = (uint8_t)left;",
     "a draw's plain copies count the red one too"),
    ("W5", "ym_ev.c", "return red ? red_left : (int)x->base[k] - (c[k] - 1) - red_left;",
     "return red ? red_left : (int)x->base[k] - c[k] - red_left;", "a discard state's link one copy short"),
    ("W6", "ym_ev_riichi.c", "int wt[2] = {(int)x->base[k] - c[k] - red_left, red_left};",
     "int wt[2] = {(int)x->base[k] - c[k], red_left};", "a riichi state's plain wins count the red copy too"),
    ("W7", "ym_ev_riichi.c", "double wp = R[1] + (ww - ww * R[1]) * inv;", "double wp = R[1] + ww * inv;",
     "a riichi state's win probability adds its wins without the stay term"),
    ("W9", "ym_ev.c", "rows[r].necessary[ym_ctz64(m)] = in->unseen[ym_ctz64(m)];",
     "rows[r].necessary[ym_ctz64(m)] = x.base[ym_ctz64(m)];", "necessary tiles count the hand's own copies"),
    ("W11", "ym_ev.c", "if (r >= 0 && x.closed && x.s0 == 0 && x.choice", "if (r >= 0 && x.closed && x.s0 == 9 && x.choice",
     "a 13-tile closed tenpai request gets no riichi states"),
    ("W12", "ym_ev_riichi.c", "int d = in->n_dora, total = 0;", "int d = in->n_dora > 1 ? 1 : in->n_dora, total = 0;",
     "one ura indicator whatever the dora indicators"),
    ("W13", "ym_ev_riichi.c", "ym_payments(in->rules, a, 0, dealer, 1, in->honba, in->riichi_sticks, &pay, &pts);",
     "ym_payments(in->rules, a, 0, dealer, 1, 0, in->riichi_sticks, &pay, &pts);", "a riichi win with ura dora without honba"),
    ("W14", "ym_ev_riichi.c", "int g = ym_indicator_dora(full, in->kita, i, x->sanma);",
     "int g = ym_indicator_dora(full, 0, i, x->sanma);", "ura dora ignore the kita"),
    ("W15", "ym_ev_riichi.c", "for (int j = 1; j <= ci && j <= 4; j++) cb[j] = binom(ci, j);",
     "for (int j = 1; j <= ci && j <= 4; j++) cb[j] = j == 1 ? ci : 1.0;", "two ura indicators of one kind drawn one way"),
    ("W16", "ym_ev.c", "if (u[2] - YM_EV_STICK > y[2]) y[2] = u[2] - YM_EV_STICK;", "if (u[2] > y[2]) y[2] = u[2];",
     "an in-graph declaration costs no stick"),
    ("W17", "ym_game_ev.c", "in->kita = p->kita;", "in->kita = 0;", "the ev policy forgets its kita"),
    ("W18", "ym_game_ev.c", "in->t_max = (uint8_t)(ym_policy_ev_draws_left(g) + 1);",
     "in->t_max = (uint8_t)(ym_policy_ev_draws_left(g) + 2);", "the ev policy counts one draw too many"),
    ("W19", "ym_game_ev.c", "if (sh >= YM_POL_EV_FULL_SHANTEN) in.tegawari = in.shanten_down = 0;",
     "if (sh > YM_POL_EV_FULL_SHANTEN) in.tegawari = in.shanten_down = 0;", "the ev policy's full search one shanten farther"),
    # A fifth set (2026-12-06), written from reading the files the list barely covered (observation,
    # action space, vectorized games, state validation, wall, world, rollouts, aotenjou, mjlog
    # reader, tile strings, thread pool, winning-hand generator) before reading their tests
    ("X1", "ym_game_obs.c", "if (q == seat && ym_is_red(g, p->melds[i].ids[j])) planes[20 * 34 + k]++;",
     "if (ym_is_red(g, p->melds[i].ids[j])) planes[20 * 34 + k]++;", "the own red fives plane counts other seats' melded red fives"),
    ("X2", "ym_game_obs.c", "if (r > 0 && p->open_riichi)", "if (p->open_riichi)",
     "the observer's own open riichi hand written to plane 29 and counted twice as seen"),
    ("X3", "ym_game_obs.c", "seen[k] = (uint8_t)(seen[k] + !c);", "seen[k] = (uint8_t)(seen[k] + 1);",
     "a called discard counted twice in the unseen plane (river and meld)"),
    ("X4", "ym_game_obs.c", "sc[13] = (g->dealer - seat + n) % n;", "sc[13] = (seat - g->dealer + n) % n;",
     "the dealer scalar is the seat wind (relative seat reversed)"),
    ("X5", "ym_game_actions.c", "k == 13 ? 1", "k == 13 ? 2", "a red 5p discard or pon indexed as red 5s"),
    ("X6", "ym_game_actions.c", "int red = ym_is_red(g, a->consumed[0]) | ym_is_red(g, a->consumed[1]);",
     "int red = ym_is_red(g, a->consumed[0]);", "a chi's red flag reads only the first consumed tile"),
    ("X7", "ym_game_actions.c", "if (mask && x >= 0) mask[x] = 1;", "if (mask && x > 0) mask[x] = 1;",
     "action index 0 (discard 1m) never in the mask"),
    ("X8", "ym_game_vec.c", "o->reward[q] = (float)g->final_results[q];", "o->reward[q] = (float)g->final_points[q];",
     "the game-mode reward is the final points, not the results (uma, oka)"),
    ("X9", "ym_game_vec.c", "if (j == v->n_legal) return YM_VS_ILLEGAL;", "if (j > v->n_legal) return YM_VS_ILLEGAL;",
     "an illegal action index applies the entry past the legal list"),
    ("X10", "ym_game_valid.c", "return v == 255 || v < players; }", "return v == 255 || v <= players; }",
     "a seat field equal to the player count accepted"),
    ("X11", "ym_game_valid.c", "g->pending_dora > 4 || g->n_dora + g->pending_dora > 5)", "g->pending_dora > 4)",
     "n_dora + pending_dora above five accepted"),
    ("X12", "ym_game_valid.c", "if (lo >= 27 || lo % 9 > 6)", "if (lo > 27 || lo % 9 > 6)",
     "a chi of East-South-West accepted"),
    ("X13", "ym_game_wall.c", "int j = (int)ym_rng_below(&r, (uint32_t)i + 1);", "int j = (int)ym_rng_below(&r, (uint32_t)i);",
     "the wall shuffle never leaves a tile in place (Sattolo, not Fisher-Yates)"),
    ("X14", "ym_game_wall.c", "return g->wall[g->n_tiles - 14 + 5 + 2 * i];", "return g->wall[g->n_tiles - 14 + 4 + 2 * i];",
     "the ura indicators are the dora indicators"),
    ("X15", "ym_game_world.c", "for (int i = 0; i < g->n_dora; i++) is_ind[", "for (int i = 1; i < g->n_dora; i++) is_ind[",
     "a world re-deals the first revealed dora indicator"),
    ("X16", "ym_game_world.c", "if (p->drawn != 255) p->drawn = p->ids[p->n - 1];", "if (p->drawn != 255) p->drawn = p->ids[0];",
     "a hidden seat's drawn tile in a world is its first id, not the one drawn"),
    ("X17", "ym_game_world.c", "int k = (q - g->dealer + n) % n;", "int k = (g->dealer - q + n) % n;",
     "a world's past writes a hidden seat's starting hand at the mirrored seat's place"),
    ("X18", "ym_game_world.c", "if (o < last && pass[o] != 255", "if (o <= last && pass[o] != 255",
     "a world's furiten counts the pending discard as passed"),
    ("X19", "ym_game_sim.c", "int q = g->resp_from + i < n ?", "int q = g->resp_from + i <= n ?",
     "the deciding responder never wraps to seat 0"),
    ("X20", "ym_game_sim.c", "if ((i = find(a, n, YM_A_RIICHI)) >= 0) {", "if ((i = find(a, n, YM_A_OPEN_RIICHI)) >= 0) {",
     "the greedy policy looks for open riichi, so never declares riichi"),
    ("X21", "ym_game_sim.c", "if (seat >= 0 && seat < n && ym_game_world(", "if (seat > 0 && seat < n && ym_game_world(",
     "a rollout for seat 0 is not determinized (it sees the true wall and hands)"),
    ("X22", "ym_aotenjou.c", "int n = tsumo * (r->players - 2 + dealer);", "int n = tsumo * (r->players - 1 + dealer);",
     "aotenjou tsumo: one payer too many"),
    ("X23", "ym_aotenjou.c", "if (bits && i - limbs - 1 >= 0)", "if (bits && i - limbs - 1 > 0)",
     "the 128-bit shift loses the carry out of the lowest limb"),
    ("X24", "ym_aotenjou.c", "if (m[1]) u_add(&from_dealer, &h);", "if (m[2]) u_add(&from_dealer, &h);",
     "sanma without tsumo loss: a dealer tsumo's absent half added to a dealer share"),
    ("X25", "ym_mjlog.c", "from = fmod_(who + rel, 4);", "from = fmod_(who - rel, 4);",
     "a meld's source seat counted the wrong way round the table"),
    ("X26", "ym_mjlog.c", "out[6] = out[2 + r];", "out[6] = out[2];", "a chi's called tile is always its lowest"),
    ("X27", "ym_mjlog.c", "if (b - a < 1 || b - a > 18) return 0;", "if (b - a < 0 || b - a > 18) return 0;",
     "an empty number (or a lone '-') read as 0"),
    ("X28", "ym_parse.c", "c[suit * 9 + 4]++;", "c[suit * 9 + 5]++;", "a red five '0' counted as a six"),
    ("X29", "ym_parse.c", "v == 52 ||", "v == 53 ||", "the red 5p is id 53, not 52"),
    ("X30", "ym_pool.c", "if (i >= end) break;", "if (i > end) break;",
     "a thread runs the first chunk of the next range too (a chunk run twice)"),
    ("X31", "ym_random.c", "(last_type == MINKAN || last_type == KAKAN);", "(last_type == MINKAN);",
     "a rinshan win after a kakan counts its kan dora as turned"),
    ("X32", "ym_random.c", "int win_five = (int)(0x402010ULL >> win & 1);",
     "int win_five = (int)(0x404010ULL >> win & 1);", "a 5p winning tile is never red (6p may be)"),
    ("X33", "ym_random.c", "for (int r = 1; r < 6; r++) t->simple_run_bases", "for (int r = 1; r < 7; r++) t->simple_run_bases",
     "tanyao templates draw 789 runs"),
    ("V41", "ym_shanten.c", "const int special = n_melds == 0 && T->min[h.e0] <= a;",
     "const int special = n_melds == 0 && T->min[h.e0] < a;",
     "a discard that keeps only seven pairs' or thirteen orphans' shanten is missed"),
    ("V42", "ym_shanten.c", "#define SP_DOWN_ROW(y) {0, SP_KIND(y), SP_PAIR(y), 0, 0, 0, 0, 0}",
     "#define SP_DOWN_ROW(y) {0, SP_PAIR(y), SP_KIND(y), 0, 0, 0, 0, 0}",
     "a discard's step of the special counts takes a pair for a kind and a kind for a pair"),
    ("V43", "ym_ev.c", "if (n && o[n - 1].c0 == c0 && o[n - 1].c1 == c1 && o[n - 1].tenpai == tp && o[n - 1].dist == ds) {",
     "if (n && o[n - 1].c0 == c0 && o[n - 1].tenpai == tp && o[n - 1].dist == ds) {",
     "a run of draw states takes the count of winning links of its first state for every state"),
    ("V44", "ym_ev.c", "            isred[nk++] = (uint8_t)red;", "            isred[nk++] = 0;",
     "a discard state's red five discarded as a plain one (its key and its state's tiles disagree)"),
    # 2026-12-07 (stop 44): the link phase's counts and the solve's value places
    ("V45", "ym_ev.c", "cnd[2 * t->dci] -= t->win;", "(void)0;",
     "a winning link is counted among a draw state's other links too (its links overrun the next state's)"),
    ("V46", "ym_ev.c", "eto[cnt[e]++] = 4 * d;", "eto[cnt[e]++] = d;",
     "a discard state reads its targets' values at the index of the state instead of its place"),
    ("V47", "ym_ev.c", "        de[j].w = (float)t->w;", "        de[j].w = (float)(t->w > 1 ? t->w - 1 : 1);",
     "a draw link's copies one fewer in the solve (the weights summed apart keep theirs)"),
    ("V48", "ym_ev.c", "while (ndr_t && druns[ndr_t - 1].dist >= t) ndr_t--;",
     "while (ndr_t && druns[ndr_t - 1].dist + 1 >= t) ndr_t--;",
     "the solve skips the draw states one draw nearer than it may (a row reads their stale values)"),
    ("V49", "ym_ev.c", "while (ner_t && runs[ner_t - 1].dist > t) ner_t--;",
     "while (ner_t && runs[ner_t - 1].dist >= t) ner_t--;",
     "the solve skips the discard states at the distance a row still reads at that turn"),
    ("V50", "ym_ev.c", "for (size_t q = 0; q < nw; q++) perm[cnt[mape[at_link(eto[q])->eci]]++] = eto[q];",
     "for (size_t q = 0; q < nw; q++) perm[cnt[at_link(eto[q])->eci]++] = eto[q];",
     "the wins grouped by the discard states' old numbers (a win valued for another hand's link)"),
    # 2026-12-07 (stop 45): one hand's winning kinds scored at once (ym_score_ex_wins)
    ("V51", "ym_score.c", "            if (chuuren) ym_ctx_hand_yaku(&c);", "            (void)chuuren;",
     "a hand's yaku kept from its first winning kind: junsei chuuren read for the wrong kind"),
    ("V52", "ym_score.c", "                    cand.dy = s->dy_memo[place];", "                    cand.dy = s->dy_memo[0];",
     "every decomposition takes the first one's yaku (iipeikou, sanshoku read from another reading)"),
    ("V53", "ym_score.c", "            s.have_best = s.complete = s.any_shibari = 0;", "            s.complete = s.any_shibari = 0;",
     "a winning kind's search starts from the previous kind's best reading"),
    # 2026-12-07 (stop 45): a part's keeping and lowering answers kept in its slot by context
    ("V54", "ym_shanten.c", "if (!memo_find(p->keep_memo, ctx, &got)) {", "if (!memo_find(p->low_memo, ctx, &got)) {",
     "a part's kept discards read from its lowering draws' answers"),
    ("V55", "ym_shanten.c", "h->rest_cls[s] | h->cls[3] << 8)", "h->rest_cls[s])",
     "a suit's answer reused beside other honors"),
    ("V58", "ym_shanten.c", "kept |= (unsigned)(T->min[special_step(h.e0, k, c[k], -1)] == a) << r;",
     "kept |= 0u << r;", "a discard that keeps only seven pairs' or thirteen orphans' shanten is dropped"),
    ("V59", "ym_shanten.c", "lows |= (unsigned)(T->min[special_step(h.e0, k, c[k], 1)] < b) << r;",
     "lows |= 0u << r;", "a draw that lowers only seven pairs' or thirteen orphans' shanten is missed"),
    # 2026-12-07 (stop 46): three answers a part, the links read in place, a win's value apart, the slots fetched ahead
    ("V60", "ym_shanten.c", "uint32_t e = mm[i] >> 9 == ctx;", "uint32_t e = mm[i] != YM_PART_NO_MEMO;",
     "a part's kept answer taken whatever the rest of the hand it was made beside"),
    ("V61", "ym_shanten.c", "    return mm[0] = ctx << 9 | m;", "    return mm[0] = (ctx + 1) << 9 | m;",
     "a part's answer kept under another context than its own"),
    ("V62", "ym_ev.c", "        if (t->win) dsc[j] = lsc[i];", "        if (t->win) dsc[j] = lsc[j];",
     "a win's value read from another link's place"),
    ("V63", "ym_ev.c", "const size_t n0 = w->n_de, np = n0 + w->n_de2;", "const size_t n0 = w->n_de, np = n0;",
     "the links the discard states made (the draws that keep the shanten) dropped"),
    ("V64", "ym_shanten.c", "h->p[s] = q[s]->key == key[s] ? q[s] :", "h->p[s] = q[s]->key != UINT64_MAX ? q[s] :",
     "a part read from whatever pattern its slot holds"),
    ("V56", "ym_shanten.c", "memset(out + 9 * s, b - 1, s < 3 ? 9 : 7);",
     "memset(out + 9 * s, b, s < 3 ? 9 : 7);",
     "a lowering draw's new shanten reported as the hand's own"),
    ("X34", "ym_pcg64.c", "u128 inc = add128(mul128(mk128(w[2], w[3])", "u128 inc = add128(mul128(mk128(w[3], w[2])",
     "PCG64 seeding: the stream's words swapped"),
]

_SKIP = shutil.ignore_patterns(".git", ".venv", "mutants", "c_mutants", "stage_cuts", "mutate", "__pycache__", "*.so",
                               ".hypothesis", ".pytest_cache", ".benchmarks", "temp.*", "lib.*")


def prepare(work: Path) -> tuple[dict[str, list[str]], list[str]]:
    """Copy the tree and build it; return {csrc file: compile argv} and the link argv."""
    if work.exists():
        shutil.rmtree(work)

    def skip(d: str, names: list[str]) -> set[str]:   # a --work inside the tree is not copied into itself
        return set(_SKIP(d, names)) | {x for x in names if (Path(d) / x).resolve() == work}

    shutil.copytree(REPO, work, ignore=skip)
    out = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "--force"],
        cwd=work, capture_output=True, text=True,
    )
    if out.returncode:
        sys.exit(f"build of the copy failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}")
    compiles: dict[str, list[str]] = {}
    link: list[str] = []
    for line in (out.stdout + "\n" + out.stderr).splitlines():
        m = re.search(r"\s-c\s+(csrc/\w+\.c)\s", " " + line + " ")
        if m and ("gcc" in line or "cc " in line):
            compiles[Path(m.group(1)).name] = shlex.split(line)
        elif " -shared" in line and "_core" in line:
            link = shlex.split(line)
    if not link or not compiles:
        sys.exit("could not read the compile/link commands from the build log")
    return compiles, link


def _run(argv: list[str], cwd: Path, timeout: float | None = None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


def relink(work: Path, link: list[str]) -> None:
    r = _run(link, work)
    if r.returncode:
        raise RuntimeError(r.stderr[-2000:])
    so = Path(link[link.index("-o") + 1])
    so = so if so.is_absolute() else work / so
    target = work / "src" / "yakuman" / so.name
    if so.resolve() != target.resolve():
        shutil.copy2(so, target)


def run_tests(work: Path, timeout: float, no_bytecode: bool = False) -> tuple[str, str]:
    env = dict(os.environ, PYTHONPATH=str(work / "src"))
    if no_bytecode:   # a Python mutant: its bytecode must not outlive it (a same-size restore
        env["PYTHONDONTWRITEBYTECODE"] = "1"   # within the same second would reuse it)
    argv = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", *TESTS]
    try:
        r = _run(argv, work, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "hang (timeout)", ""   # not a kill: a mutant the tests only catch by hanging
    if r.returncode == 0:
        return "survived", ""
    failed = re.findall(r"^FAILED (\S+)", r.stdout, re.M) or re.findall(r"^ERROR (\S+)", r.stdout, re.M)
    crash = r.returncode < 0
    return ("killed (crash)" if crash else "killed"), (failed[0] if failed else f"exit {r.returncode}")


def _where(f: str) -> str:
    """A mutant's file: csrc/<f>, or src/yakuman/<f> for a Cython include (.pxi) or a Python
    module (.py, a path under src/yakuman such as ``game/records.py``)."""
    return f"src/yakuman/{f}" if f.endswith((".pxi", ".py")) else f"csrc/{f}"


def _py_mutant(work: Path, f: str, old: str, new: str, timeout: float) -> tuple[str, str]:
    """A Python mutant: the module is edited in the copy (nothing to build), tested, restored."""
    src = work / "src" / "yakuman" / f
    original = src.read_text()
    try:
        src.write_text(original.replace(old, new, 1))
        return run_tests(work, timeout, no_bytecode=True)
    finally:
        src.write_text(original)


def _pxi_mutant(work: Path, f: str, old: str, new: str, timeout: float) -> tuple[str, str]:
    """A Cython mutant: the extension is rebuilt whole with the mutated include, tested, and
    rebuilt whole again from the original (slow: two full builds), so that the C mutants after
    it relink against unmutated objects."""
    src = work / "src" / "yakuman" / f
    original = src.read_text()
    build = [sys.executable, "setup.py", "build_ext", "--inplace", "--force"]
    try:
        src.write_text(original.replace(old, new, 1))
        r = _run(build, work)
        if r.returncode:
            return "build error", (r.stderr.strip().splitlines() or ["?"])[-1][:100]
        return run_tests(work, timeout)
    finally:
        src.write_text(original)
        r = _run(build, work)
        if r.returncode:
            sys.exit(f"rebuilding the copy after {f} failed:\n{r.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", type=Path, default=REPO / "build" / "c_mutants")
    ap.add_argument("--only", nargs="*", help="mutant ids")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per mutant (a hang counts as not killed)")
    ap.add_argument("--tests", nargs="+", metavar="TEST",
                    help="test paths for this run instead of TESTS (a narrower run: a lower bound)")
    args = ap.parse_args(argv)
    if args.tests:
        TESTS[:] = args.tests
    chosen = [m for m in MUTANTS if not args.only or m[0] in args.only]
    for mid, f, old, _new, what in chosen:
        text = (REPO / _where(f)).read_text()
        if text.count(old) != 1:
            sys.exit(f"{mid}: the original text occurs {text.count(old)} times in {_where(f)}: {old!r}")
        if args.list:
            print(f"{mid:4} {f:13} {what}")
    if args.list:
        return 0
    work = args.work.resolve()
    t0 = time.perf_counter()
    compiles, link = prepare(work)
    status, culprit = run_tests(work, args.timeout)
    if status != "survived":
        sys.exit(f"the unmutated copy fails the subset ({culprit}): fix that first")
    print(f"built and checked the unmutated copy in {time.perf_counter() - t0:.0f} s", flush=True)
    rows = []
    for mid, f, old, new, what in chosen:
        if f.endswith((".pxi", ".py")):
            t1 = time.perf_counter()
            run = _pxi_mutant if f.endswith(".pxi") else _py_mutant
            status, culprit = run(work, f, old, new, args.timeout)
            rows.append((mid, f, what, status, culprit))
            print(f"{mid:4} {f:13} {status:18} {time.perf_counter() - t1:5.0f} s  {what}  {culprit}", flush=True)
            continue
        src = work / "csrc" / f
        original = src.read_text()
        obj = Path(compiles[f][compiles[f].index("-o") + 1])
        obj = obj if obj.is_absolute() else work / obj
        saved_obj = obj.read_bytes()
        t1 = time.perf_counter()
        try:
            src.write_text(original.replace(old, new, 1))
            r = _run(compiles[f], work)
            if r.returncode:
                status, culprit = "build error", r.stderr.strip().splitlines()[-1][:100]
            else:
                relink(work, link)
                status, culprit = run_tests(work, args.timeout)
        finally:
            src.write_text(original)
            obj.write_bytes(saved_obj)
        rows.append((mid, f, what, status, culprit))
        print(f"{mid:4} {f:13} {status:18} {time.perf_counter() - t1:5.0f} s  {what}  {culprit}", flush=True)
    relink(work, link)
    killed = sum(1 for r in rows if r[3].startswith("killed"))
    valid = sum(1 for r in rows if r[3] != "build error")
    rate = 100 * killed / valid if valid else 0.0
    lines = ["| id | file | mutant | result | first failing test |", "|---|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows]
    lines.append(f"\nmutants killed: {killed}/{valid} = {rate:.1f}% in {time.perf_counter() - t0:.0f} s")
    text = "\n".join(lines) + "\n"
    (work / "report.md").write_text(text)
    print(text)
    return 0 if killed == valid else 1


if __name__ == "__main__":
    sys.exit(main())

"""The profile-guided build's training run (tools/pgo_train.py, run by setup.py between its two
compilations) keeps working as the API moves: a small scale of it runs on the installed package,
and every part it times ran. A training run that raised would make every GCC build fall back to a
plain one (setup.py says so), which no other test would notice."""

import importlib.util
import os

from yakuman import _core

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_trainer():
    path = os.path.join(ROOT, "tools", "pgo_train.py")
    spec = importlib.util.spec_from_file_location("pgo_train", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_training_run_covers_every_part_at_a_small_scale():
    times = load_trainer().train(scale=0.02)
    assert set(times) == {"ev", "generate", "score", "shanten", "ev_many", "games"}
    assert all(t >= 0.0 for t in times.values())


def test_the_training_hands_have_the_shanten_asked_closed_and_with_a_pon():
    """The training draws its hands with the reference differential's random_hand
    (tools/ev_oracle_diff.py): the shanten asked, 14 closed tiles or 11 beside a pon."""
    import random

    from yakuman import shanten
    from yakuman.tiles import to_mpsz

    mod = load_trainer()
    rng = random.Random(5)
    for s in (0, 1):
        for _ in range(3):
            counts, ml = mod.random_hand(rng, s)
            assert ml == [] and sum(counts) == 14 and shanten(to_mpsz(counts)) == s
    for _ in range(2):
        counts, ml = mod.random_hand(rng, 1, 14, 1)
        melds = mod.pon_texts(ml)
        assert len(melds) == 1 and melds[0].startswith("pon ") and sum(counts) == 11
        assert shanten(to_mpsz(counts), melds=melds) == 1


def test_a_build_by_gcc_10_or_later_is_profile_guided():
    """setup.py falls back to a plain build when a profile-guided step fails, saying why; here a
    GCC 10+ build that is not profile-guided must have been asked to be plain (pgo_expected:
    YAKUMAN_PGO=0, a debug build, or the sanitizer run of `make sanitize`)."""
    assert isinstance(_core.PGO, bool)
    if load_trainer().pgo_expected():
        assert _core.PGO, ("the compiler is GCC 10+, yet the extension was built without profile feedback (a "
                           "build made plain on purpose: run the tests with YAKUMAN_PGO=0 too)")

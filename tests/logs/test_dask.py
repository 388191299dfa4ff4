"""``yakuman.logs.verify_dask`` / ``frame_dask`` on a local Dask cluster (two worker processes).

The cluster verifies the same files as ``verify_paths`` and must give the same report and rows.
Synthetic files (written to tmp_path, which the local workers can read) need no shared data; real
records are added when the shared corpus is present.
"""

from __future__ import annotations

import pytest

from yakuman import logs
from yakuman.logs.verify import verify_paths

from ._synth import TENHOU_MJLOG
from .conftest import TENHOU

distributed = pytest.importorskip("distributed")
pytest.importorskip("dask.bag")
pd = pytest.importorskip("pandas")

REAL = [
    "Agony5757+mahjong__00031335b8",
    "Agony5757+mahjong__000578b811",
    "tsubakisakura+mjlog2json__731fb99705",
]


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


@pytest.fixture
def corpus(tmp_path):
    for i in range(6):
        seed = f"SEED{i}"
        text = TENHOU_MJLOG.replace("TESTSEED", seed)
        if i == 4:
            text = text.replace('ten="30,48000,5"', 'ten="30,36000,5"')  # one disagreement
        (tmp_path / f"g{i}.mjlog").write_text(text)
    (tmp_path / "broken.mjlog").write_text(TENHOU_MJLOG[:300])  # one unreadable file
    files = sorted(tmp_path.iterdir())
    mjlog = TENHOU / "mjlog"
    if mjlog.is_dir():
        files += [next(mjlog.glob(f + "*")) for f in REAL]
    return files


def _same(a, b) -> None:
    x, y = a.to_dict(), b.to_dict()
    for k in ("elapsed", "workers"):
        x.pop(k), y.pop(k)
    assert x == y


def test_verify_dask_equals_local(client, corpus):
    local = verify_paths(corpus, rows=True)
    remote = logs.verify_dask(corpus, client, rows=True, partition_size=2)
    _same(local, remote)
    assert remote.rows == local.rows and remote.workers == 2
    d = remote.to_dict()
    assert (d["wins"] - d["wins_agree"], d["errors"], d["ok"]) == (1, 1, False)
    assert d["mismatches"][0]["file"].endswith("g4.mjlog")


def test_frame_dask_equals_to_frame(client, corpus):
    ddf = logs.frame_dask(corpus, files_per_partition=3)
    assert ddf.npartitions == -(-len(corpus) // 3)
    got = ddf.compute().reset_index(drop=True)
    want = logs.to_frame(corpus)
    assert list(got.columns) == list(want.columns)
    assert len(got) == len(want) >= 6
    pd.testing.assert_frame_equal(got, want)


def test_default_scheduler_without_client(corpus):
    _same(logs.verify_dask(corpus[:4]), verify_paths(corpus[:4]))


def test_review_dask_equals_local(client):
    """``review_dask`` gives the rows of the local review, in file order."""
    import json

    from tests.conftest import FIXTURES
    from yakuman.logs.review import review, review_dask

    files = sorted(p for p in (FIXTURES / "logs").iterdir() if p.suffix in (".mjlog", ".json", ".mjai"))
    local = review(files, seat=1, policy="greedy")
    remote = review_dask(files, client, seat=1, policy="greedy", files_per_task=2)
    assert remote.errors == [] and remote.games == local.games == len(files)
    assert json.dumps(remote.rows) == json.dumps(local.rows)   # NaN losses compare as text


def test_review_dask_forwards_every_setting(client):
    """policy, rollouts, seed, bad_relative, player and max_bytes reach the workers: the rows equal
    the local review's under the same settings (and differ under another seed)."""
    import json

    from tests.conftest import FIXTURES
    from yakuman.logs.review import review, review_dask

    files = [FIXTURES / "logs" / "fixture4.mjlog", FIXTURES / "logs" / "fixture4b.mjlog"]
    kw = {"policy": "rollout", "rollouts": 2, "seed": 5, "bad_relative": 0.3}
    local = review(files, player="Ayame", **kw)
    remote = review_dask(files, client, player="Ayame", files_per_task=1, **kw)
    assert remote.rows and json.dumps(remote.rows) == json.dumps(local.rows)
    assert (remote.player, remote.seat, remote.policy, remote.files, remote.games) == ("Ayame", None, "rollout", 2,
                                                                                        local.games)
    other = review_dask(files, client, player="Ayame", files_per_task=1, **dict(kw, seed=6))
    assert json.dumps(other.rows) != json.dumps(local.rows)
    small = review_dask(files, client, seat=0, max_bytes=100)
    assert small.rows == [] and len(small.errors) == 2 and 0 < small.elapsed < 60

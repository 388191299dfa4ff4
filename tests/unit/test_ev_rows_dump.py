"""tools/ev_rows_dump.py, the bit-for-bit check of the search's speed changes (docs/performance.md):
a dump compares equal with itself and unequal once one value moves by one unit in the last place."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import ev_rows_dump  # noqa: E402


def test_dump_and_compare(tmp_path, monkeypatch, capsys):
    reqs = ev_rows_dump._requests()
    assert len(reqs) == 410
    # a few requests of each kind: closed, option variants, open, sanma
    pick = [reqs[40], reqs[130], reqs[330], reqs[-20], reqs[-1]]
    monkeypatch.setattr(ev_rows_dump, "_requests", lambda: pick)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ev_rows_dump.dump(str(a))
    ev_rows_dump.dump(str(b))
    assert ev_rows_dump.compare(str(a), str(b)) == 0
    rows = json.loads(a.read_text())
    assert all(not isinstance(r[2], str) for r in rows)   # none refused
    first = rows[0][3][0]                    # the first row: [tile, shanten, necessary, tenpai, ...]
    x = float.fromhex(first[5][3])           # its expected score at turn 3
    first[5][3] = float(x + abs(x) * 2 ** -52 or 1e-300).hex()
    b.write_text(json.dumps(rows))
    assert ev_rows_dump.compare(str(a), str(b)) == 1
    assert "1 differ" in capsys.readouterr().out

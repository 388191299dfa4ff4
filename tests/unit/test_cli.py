"""The CLI's scoring commands: score (text and --json), table (= docs/rules.md 5.4), demo."""

import json


from yakuman.cli import main
from yakuman.cli_score import point_table
from yakuman.rules import Rules

# docs/rules.md 5.4, transcribed: non-dealer ron (tsumo each non-dealer,dealer), han 1-4 x fu 20..110.
NON_DEALER = [
    ["- (-)", "- (-)", "1000 (300,500)", "1300 (400,700)", "1600 (400,800)", "2000 (500,1000)",
     "2300 (600,1200)", "2600 (700,1300)", "2900 (800,1500)", "3200 (800,1600)", "3600 (-)"],
    ["- (400,700)", "1600 (-)", "2000 (500,1000)", "2600 (700,1300)", "3200 (800,1600)", "3900 (1000,2000)",
     "4500 (1200,2300)", "5200 (1300,2600)", "5800 (1500,2900)", "6400 (1600,3200)", "7100 (1800,3600)"],
    ["- (700,1300)", "3200 (800,1600)", "3900 (1000,2000)", "5200 (1300,2600)", "6400 (1600,3200)",
     "7700 (2000,3900)", "M", "M", "M", "M", "M"],
    ["- (1300,2600)", "6400 (1600,3200)", "7700 (2000,3900)", "M", "M", "M", "M", "M", "M", "M", "M"],
]
DEALER = [
    ["- (-)", "- (-)", "1500 (500)", "2000 (700)", "2400 (800)", "2900 (1000)", "3400 (1200)", "3900 (1300)",
     "4400 (1500)", "4800 (1600)", "5300 (-)"],
    ["- (700)", "2400 (-)", "2900 (1000)", "3900 (1300)", "4800 (1600)", "5800 (2000)", "6800 (2300)",
     "7700 (2600)", "8700 (2900)", "9600 (3200)", "10600 (3600)"],
    ["- (1300)", "4800 (1600)", "5800 (2000)", "7700 (2600)", "9600 (3200)", "11600 (3900)", "M", "M", "M",
     "M", "M"],
    ["- (2600)", "9600 (3200)", "11600 (3900)", "M", "M", "M", "M", "M", "M", "M", "M"],
]


def test_point_tables_equal_rules_5_4():
    assert point_table(False) == NON_DEALER
    assert point_table(True) == DEALER
    kiriage = point_table(False, Rules.tenhou().replace(kiriage_mangan=True))
    assert kiriage[3][2] == "M" and kiriage[2][5] == "M"       # 4 han 30 fu, 3 han 60 fu
    open20 = point_table(False, Rules.tenhou().replace(open_pinfu_fu=20))
    assert [row[0].split()[0] for row in open20] == ["700", "1300", "2600", "5200"]


def test_table_command_prints_both(capsys):
    assert main(["table"]) == 0
    out = capsys.readouterr().out
    assert "Non-dealer" in out and "Dealer" in out and "7700 (2000,3900)" in out and "11600 (3900)" in out


def test_score_command_text_and_json(capsys):
    assert main(["score", "234567m34588p567s", "--win", "5s", "--riichi", "--dora", "1m", "--ura", "1z",
                 "--honba", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 han 30 fu: 11600 points (ron 11900, total 11900)" in out   # docs/rules.md EX05 (dealer, 1 honba)
    assert main(["score", "111999m333p555s22z", "--win", "2z", "--seat", "W", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "OK" and data["yakuman"] == 1 and data["points"] == 32000
    assert data["yaku"] == [{"yaku": "SUUANKOU_TANKI", "en": data["yaku"][0]["en"], "han": 13}]


def test_score_command_errors_and_non_wins(capsys):
    assert main(["score", "123m", "--win", "1m"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["score", "123m456p789s23455z", "--win", "5z"]) == 0
    assert capsys.readouterr().out.startswith("NOT_COMPLETE")


def test_demo_runs(capsys):
    assert main(["demo", "--hands", "3000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "3,000 generated winning hands" in out and "hands/s" in out and "limit distribution" in out

"""``tabletop-cli simulate`` on National Economy: one-player games get figures of their own
(wins by a positive return, losses, the mean return, the game's results and scores) instead of
counting every game as a draw; multi-player summaries keep their shape."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.tournament import derive_seed, play_match, summarize

KEYS_BEFORE = {"game", "agents", "seed", "games", "completed", "wins", "draws", "mean_length",
               "mean_think_seconds", "errors", "error_messages", "win_rate", "seconds"}


def _result(ret: float, result: str = "", score: float | None = None) -> dict[str, object]:
    out: dict[str, object] = {"seed": 0, "returns": [ret], "moves": [10], "think": [0.0],
                              "error": None}
    if result:
        out["result"] = result
    if score is not None:
        out["score"] = score
    return out


def test_one_player_summary_counts_wins_by_return() -> None:
    results = [_result(1.0, "clear", 104), _result(-0.5, "not-cleared", 60),
               _result(-1.0, "bankrupt", 12), _result(0.0, "not-cleared", 0),
               {"seed": 1, "returns": None, "moves": [3], "think": [0.0], "error": "boom"}]
    s = summarize("national-economy-solo", ["normal"], 3, results, 1.0)
    assert (s["completed"], s["wins"], s["losses"], s["draws"]) == (4, [1], 2, 1)
    assert s["win_rate"] == {"normal": 0.25}
    assert s["mean_return"] == pytest.approx(-0.125)
    assert s["results"] == {"bankrupt": 1, "clear": 1, "not-cleared": 2}
    assert (s["mean_score"], s["min_score"], s["max_score"]) == (44.0, 0.0, 104.0)


def test_multi_player_summary_is_unchanged() -> None:
    results = [{"seed": 0, "returns": [1.0, -1.0], "moves": [5, 5], "think": [0.0, 0.0],
                "error": None},
               {"seed": 1, "returns": [0.0, 0.0], "moves": [4, 4], "think": [0.0, 0.0],
                "error": None}]
    s = summarize("national-economy", ["normal", "random"], 1, results, 1.0)
    assert set(s) == KEYS_BEFORE
    assert (s["wins"], s["draws"]) == ([1, 0], 1)


def test_play_match_reports_the_solo_result_and_score() -> None:
    r = play_match("national-economy-solo", ["random"], {"variant": "b"}, 5)
    assert r["error"] is None
    assert r["result"] in ("clear", "not-cleared", "bankrupt")
    assert isinstance(r["score"], float)
    two = play_match("national-economy", ["random", "random"], {}, 5)
    assert "result" not in two and "score" not in two


def test_simulate_solo_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "national-economy-solo", "--agents", "random", "--games", "4",
            "--seed", "2", "--option", "wage_failure=penalty-tokens"]
    assert main([*args, "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["completed"] == 4
    assert s["wins"][0] + s["losses"] + s["draws"] == 4
    # Variant a with penalty tokens always plays all nine rounds; its return is
    # tanh(score / 100), so the wins are the games that end with a positive score.
    assert s["results"] == {"finished": 4}
    games = [play_match("national-economy-solo", ["random"],
                        {"wage_failure": "penalty-tokens"}, derive_seed("simulate", 2, i))
             for i in range(4)]
    assert s["wins"] == [sum(1 for g in games if g["score"] > 0)]
    assert s["mean_score"] == pytest.approx(sum(g["score"] for g in games) / 4)
    assert -1.0 <= s["mean_return"] <= 1.0 and "mean_score" in s
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "mean return" in text and "results: finished 4" in text and "score: mean" in text

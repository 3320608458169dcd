"""High-score lists: best first, ten kept per list, lists kept apart, damaged files kept aside
and reported (never silently reset)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.highscores import KEEP, HighScore, HighScoreFileError, HighScoreStore, ScoreLine


def entry(score: int, table: str = "a", date: str = "") -> HighScore:
    return HighScore(table, "Rules a", "ルールa", score, "Finished", "終了",
                     (ScoreLine("Cash", "現金", score),), date)


def test_best_first_ten_kept_and_the_new_entry_placed(tmp_path: Path) -> None:
    store = HighScoreStore(tmp_path)
    places = [store.add("g", entry(s, date=f"2026-01-{i + 1:02d}")).place
              for i, s in enumerate([30, 50, 10, 50, 70, 5, 60, 20, 40, 80, 15, 90])]
    kept = store.table("g", "a")
    assert len(kept) == KEEP == 10
    assert [e.score for e in kept] == [90, 80, 70, 60, 50, 50, 40, 30, 20, 15]
    # Equal scores: the earlier game keeps the better place.
    assert [e.date for e in kept if e.score == 50] == ["2026-01-02", "2026-01-04"]
    assert places[0] == 0 and places[1] == 0 and places[2] == 2
    filed = store.add("g", entry(1, date="2026-02-01"))
    assert filed.place is None and len(filed.entries) == KEEP  # not good enough to be kept
    assert store.add("g", entry(95)).place == 0


def test_lists_and_games_are_kept_apart_and_round_trip(tmp_path: Path) -> None:
    store = HighScoreStore(tmp_path)
    store.add("g", entry(10, "a"))
    store.add("g", entry(20, "b|wages=penalty-tokens"))
    store.add("h", entry(30, "a"))
    assert {k: [e.score for e in v] for k, v in store.tables("g").items()} == {
        "a": [10], "b|wages=penalty-tokens": [20]}
    again = HighScoreStore(tmp_path).table("h", "a")[0]
    assert again.score == 30 and again.title("ja") == "ルールa" and again.date
    assert again.breakdown == (ScoreLine("Cash", "現金", 30),)


@pytest.mark.parametrize("content", [
    "{ not json",
    json.dumps({"format": "something else"}),
    json.dumps({"format": "tabletop-highscores", "version": 99, "tables": {}}),
    json.dumps({"format": "tabletop-highscores", "version": 1, "tables": {"a": [{"x": 1}]}}),
    json.dumps({"format": "tabletop-highscores", "version": 1,
                "tables": {"a": [{**entry(5).to_json(), "score": "many"}]}}),
    # Once escaped the loader (RecursionError, OverflowError, ValueError of int()):
    "[" * 5000 + "]" * 5000,
    json.dumps({"format": "tabletop-highscores", "version": 1,
                "tables": {"a": [{**entry(5).to_json(), "score": 10**400}]}}),
    json.dumps({"format": "tabletop-highscores", "version": 1,
                "tables": {"a": [{**entry(5).to_json(), "score": 7}]}}).replace(
                    '"score": 7', '"score": 1' + "0" * 5000),
    '{"format": "tabletop-highscores", "version": 1, "tables": {"a": [{"score": 1e999}]}}',
])
def test_a_damaged_file_is_kept_aside_and_reported(tmp_path: Path, content: str) -> None:
    store = HighScoreStore(tmp_path)
    (tmp_path / "g.json").write_text(content, encoding="utf-8")
    with pytest.raises(HighScoreFileError) as err:
        store.tables("g")
    assert err.value.kept is not None and err.value.kept.read_text(encoding="utf-8") == content
    assert not (tmp_path / "g.json").exists()
    # Filing a game after that starts a fresh list and does not touch the kept file.
    (tmp_path / "g.json").write_text(content, encoding="utf-8")
    filed = store.add("g", entry(7))
    assert filed.damaged is not None and filed.place == 0
    assert [e.score for e in store.table("g", "a")] == [7]
    assert len(list(tmp_path.glob("g.damaged-*.json"))) == 2

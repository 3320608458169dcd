"""The game records (``tabletop.records``): the store on disk, its damage handling and bounds,
and the statistics drawn from hand-made records."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tabletop.engine import files
from tabletop.records import (
    ALL,
    FORMAT,
    GameRecord,
    RecordFileError,
    RecordStore,
    figures,
    games_played,
    levels,
    opponent_level,
    seat_results,
    series,
    statistics,
    to_csv,
    wilson,
    write_csv,
)


def rec(result: str, level: str = "normal", game: str = "toy", day: int = 1,
        score: float | None = None, hour: int = 10) -> GameRecord:
    """One person (seat 1) against one computer player at ``level``."""
    returns = {"win": [1.0, -1.0], "loss": [-1.0, 1.0], "draw": [0.0, 0.0]}[result]
    return GameRecord.finished(game, ["human", level], returns, scores=[score],
                               date=f"2025-01-{day:02d}T{hour:02d}:00:00+00:00")


# -- records ----------------------------------------------------------------------------------

def test_results_per_seat_follow_the_returns() -> None:
    assert seat_results([1.0, -1.0]) == ("win", "loss")
    assert seat_results([0.0, 0.0, 0.0]) == ("draw", "draw", "draw")
    assert seat_results([3.0, 3.0, 1.0]) == ("draw", "draw", "loss")
    assert seat_results([-0.5, 2.0, 1.0]) == ("loss", "win", "loss")
    assert seat_results([0.4]) == ("win",) and seat_results([-0.9]) == ("loss",)
    assert seat_results([0.0]) == ("draw",)


def test_opponent_level_names_the_computer_players_or_the_people() -> None:
    assert opponent_level(["human", "normal"]) == "normal"
    assert opponent_level(["hard", "human", "easy", "hard"]) == "easy+hard"
    assert opponent_level(["human", "human"]) == "people"
    assert opponent_level(["human", "human", "normal"]) == "people+normal"
    assert opponent_level(["human"]) == "solo"


def test_the_persons_result_and_score_come_from_their_own_seat() -> None:
    r = GameRecord.finished("toy", ["normal", "human"], [2.0, -2.0], scores=[40.0, None])
    assert r.people == (1,) and r.results == ("win", "loss") and r.result == "loss"
    assert r.score is None  # the score given is the computer player's, not the person's
    hot = GameRecord.finished("toy", ["human", "normal", "human"], [0.0, 1.0, 1.0])
    assert hot.level == "people+normal" and hot.result == "draw"
    solo = GameRecord.finished("solo", ["human"], [1.0], scores=[57.0], outcome="clear")
    assert solo.result == "win" and solo.score == 57.0 and solo.level == "solo"


def test_length_is_the_time_from_start_to_end() -> None:
    r = GameRecord.finished("toy", ["human", "easy"], [1.0, -1.0],
                            started="2025-01-01T10:00:00+00:00",
                            date="2025-01-01T10:12:30+00:00")
    assert r.seconds == 750.0
    unknown = GameRecord.finished("toy", ["human", "easy"], [1.0, -1.0], started="yesterday")
    assert unknown.seconds == 0.0


def test_store_round_trip_keeps_every_field(tmp_path: Path) -> None:
    store = RecordStore(tmp_path / "records")
    assert store.load() == []
    first = GameRecord.finished("toy", ["human", "hard"], [1.0, -1.0],
                                options={"stones": 9, "fast": True, "mode": "draft"},
                                scores=[12.5], outcome="clear", decisions=17,
                                started="2025-01-01T10:00:00+00:00",
                                date="2025-01-01T10:05:00+00:00", seed=99)
    second = rec("loss", day=2)
    store.add(first)
    added = store.add(second)
    assert added.damaged is None and added.records == [first, second]
    again = RecordStore(tmp_path / "records").load()
    assert again == [first, second]
    assert again[0].options == {"stones": 9, "fast": True, "mode": "draft"}
    assert again[0].scores == (12.5, None) and again[0].seconds == 300.0
    # The file says what the app worked out too, for other readers.
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == 1
    assert data["records"][0]["people"] == [0]
    assert data["records"][0]["results"] == ["win", "loss"]
    assert data["records"][0]["result"] == "win" and data["records"][0]["level"] == "hard"


def test_the_file_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    store = RecordStore(tmp_path)
    store.add(rec("win"))
    before = store.path.read_bytes()

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", crash)
    with pytest.raises(OSError, match="No space"):
        store.add(rec("loss", day=2))
    # The old file is whole and no temporary file is left behind.
    assert store.path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.json"]
    assert [r.result for r in RecordStore(tmp_path).load()] == ["win"]


@pytest.mark.parametrize("content", [
    b'{"format": "tabletop-records", "version": 1, "records": [{"game": "toy"',  # cut short
    b"\xff\xfe not text",
    b'{"format": "something-else", "version": 1, "records": []}',
    b'{"format": "tabletop-records", "version": 7, "records": []}',
    b'{"format": "tabletop-records", "version": 1, "records": [{"game": "toy"}]}',
    b'{"format": "tabletop-records", "version": 1, "records": [{"game": "toy", '
    b'"seats": ["human"], "returns": ["a lot"], "date": "2025-01-01"}]}',
])
def test_a_damaged_file_is_set_aside_and_a_fresh_one_started(tmp_path: Path,
                                                             content: bytes) -> None:
    store = RecordStore(tmp_path)
    store.path.write_bytes(content)
    with pytest.raises(RecordFileError) as caught:
        store.load()
    kept = caught.value.kept
    assert kept is not None and files.DAMAGED in kept.name and kept.read_bytes() == content
    assert not store.path.exists()
    # The next game starts a fresh file; what was there is still beside it.
    store.path.write_bytes(content)
    added = store.add(rec("win"))
    assert added.damaged is not None and added.damaged.kept is not None
    assert added.damaged.kept.read_bytes() == content
    assert RecordStore(tmp_path).load() == [rec("win")]


def test_a_reader_may_leave_a_damaged_file_where_it_is(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    store.path.write_text("not json", encoding="utf-8")
    loaded = store.read(set_aside=False)
    assert loaded.records == [] and loaded.damaged is not None
    assert loaded.damaged.kept is None and "not valid JSON" in loaded.damaged.problem
    assert store.path.read_text(encoding="utf-8") == "not json"


def test_the_store_keeps_the_newest_records(tmp_path: Path) -> None:
    store = RecordStore(tmp_path, keep=5)
    for day in range(1, 9):
        store.add(rec("win" if day % 2 else "loss", day=day))
    kept = store.load()
    assert [r.date[8:10] for r in kept] == ["04", "05", "06", "07", "08"]


# -- statistics -------------------------------------------------------------------------------

def test_wilson_interval() -> None:
    lo, hi = wilson(6, 10)
    assert lo == pytest.approx(0.3127, abs=1e-4) and hi == pytest.approx(0.8318, abs=1e-4)
    lo, hi = wilson(0, 5)
    assert lo == 0.0 and hi == pytest.approx(0.4345, abs=1e-4)
    lo, hi = wilson(5, 5)
    assert lo == pytest.approx(0.5655, abs=1e-4) and hi == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_figures_per_game_and_level() -> None:
    # Against normal: W W L W W W D W, out of date order in the list.
    normal = ["win", "win", "loss", "win", "win", "win", "draw", "win"]
    records = [rec(r, "normal", day=i + 1, score=10.0 * (i % 4)) for i, r in enumerate(normal)]
    records.reverse()
    records += [rec("loss", "hard", day=3), rec("win", "hard", day=9, score=99.0),
                rec("win", "easy", game="other", day=20)]
    f = figures(records, "toy", "normal")
    assert (f.games, f.wins, f.losses, f.draws) == (8, 6, 1, 1)
    assert f.win_rate == 0.75
    assert (f.low, f.high) == wilson(6, 8)
    assert f.streak == 1 and f.longest == 3
    assert f.best_score == 30.0
    assert f.first.startswith("2025-01-01") and f.last.startswith("2025-01-08")
    rows = statistics(records, "toy")
    assert [r.level for r in rows] == ["normal", "hard", ALL]
    hard, total = rows[1], rows[2]
    assert (hard.games, hard.wins, hard.losses, hard.streak, hard.best_score) == (
        2, 1, 1, 1, 99.0)
    assert (total.games, total.wins, total.losses, total.draws) == (10, 7, 2, 1)
    # The latest game of all was the hard win of day 9, after the normal win of day 8.
    assert total.streak == 2 and total.longest == 3 and total.best_score == 99.0
    assert statistics(records, "other")[0].level == "easy" and len(statistics(records,
                                                                             "other")) == 1
    assert statistics(records, "never") == []
    assert levels(records, "toy") == ["normal", "hard"]
    assert games_played(records) == ["other", "toy"]


def test_series_is_the_win_rate_game_by_game() -> None:
    records = [rec("win", day=1), rec("loss", day=2), rec("draw", day=3), rec("win", day=4),
               rec("win", "hard", day=5)]
    points = series(records, "toy", "normal")
    assert [p.n for p in points] == [1, 2, 3, 4]
    assert [p.win_rate for p in points] == [1.0, 0.5, pytest.approx(1 / 3), 0.5]
    assert points[-1].date.startswith("2025-01-04")
    assert [p.win_rate for p in series(records, "toy")] == [
        1.0, 0.5, pytest.approx(1 / 3), 0.5, 0.6]


def test_csv_has_one_row_per_game(tmp_path: Path) -> None:
    records = [rec("loss", "hard", day=2),
               GameRecord.finished("toy", ["human", "human"], [1.0, -1.0],
                                   options={"stones": 5}, scores=[7.0, None],
                                   date="2025-01-01T09:00:00+00:00", decisions=4, seed=3)]
    rows = list(csv.DictReader(io.StringIO(to_csv(records))))
    assert [r["date"][:10] for r in rows] == ["2025-01-01", "2025-01-02"]
    first = rows[0]
    assert first["level"] == "people" and first["result"] == "win"
    assert first["seats"] == "human;human" and first["people"] == "1;2"
    assert first["results"] == "win;loss" and first["returns"] == "1;-1"
    assert first["scores"] == "7;" and first["decisions"] == "4" and first["seed"] == "3"
    assert json.loads(first["options"]) == {"stones": 5}
    assert rows[1]["result"] == "loss" and rows[1]["level"] == "hard"
    path = tmp_path / "out.csv"
    write_csv(path, records)
    text = path.read_text(encoding="utf-8-sig")
    assert text == to_csv(records)

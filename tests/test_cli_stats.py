"""``tabletop-cli stats``: the figures of the games played in the app, as text, JSON and CSV,
and how bad input and a damaged record file are refused."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.records import GameRecord, RecordStore, wilson

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


def add(game: str, level: str, result: str, day: int, score: float | None = None) -> None:
    returns = {"win": [1.0, -1.0], "loss": [-1.0, 1.0], "draw": [0.0, 0.0]}[result]
    RecordStore().add(GameRecord.finished(game, ["human", level], returns, scores=[score],
                                          date=f"2025-02-{day:02d}T12:00:00+00:00"))


@pytest.fixture
def played() -> None:
    for day, (level, result) in enumerate([("normal", "win"), ("normal", "win"),
                                           ("normal", "loss"), ("hard", "draw"),
                                           ("hard", "win")], start=1):
        add("secret-agent", level, result, day, score=10.0 + day)
    add("magos", "easy", "loss", 9)


def test_text_shows_every_game_played_per_level(played: None,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    # The game played last comes first.
    assert lines[0] == "Magos (マゴス): 1 game recorded"
    assert lines[1].split()[:4] == ["opponents", "games", "wins", "losses"]
    assert lines[2].split() == ["easy", "1", "0", "1", "0", "0%", "0%-79%", "0", "0", "-",
                                "2025-02-09"]
    assert lines[3].startswith("Secret Agent (") and lines[3].endswith("5 games recorded")
    normal, hard, total = (line.split() for line in lines[5:8])
    assert normal == ["normal", "3", "2", "1", "0", "67%", "21%-94%", "0", "2", "13",
                      "2025-02-03"]
    assert hard[:8] == ["hard", "2", "1", "0", "1", "50%", "9%-91%", "1"]
    assert total[:9] == ["all", "5", "3", "1", "1", "60%", "23%-88%", "1", "2"]
    assert total[9] == "15"


def test_json_gives_the_figures_and_the_series(played: None,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "secret-agent", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["file"] == str(RecordStore().path)
    [game] = data["games"]
    assert game["game"] == "secret-agent" and game["name_en"] == "Secret Agent"
    normal = game["levels"][0]
    assert normal["level"] == "normal" and normal["games"] == 3 and normal["wins"] == 2
    assert (normal["win_rate_low"], normal["win_rate_high"]) == pytest.approx(wilson(2, 3))
    assert normal["longest_streak"] == 2 and normal["streak"] == 0
    assert [lv["level"] for lv in game["levels"]] == ["normal", "hard", "all"]
    assert [p["win_rate"] for p in game["series"]["normal"]] == pytest.approx(
        [1.0, 1.0, 2 / 3])
    assert [p["n"] for p in game["series"]["hard"]] == [1, 2]


def test_csv_file_holds_the_records_of_the_game(played: None, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out.csv"
    assert main(["stats", "secret-agent", "--csv", str(target)]) == 0
    out = capsys.readouterr().out
    assert f"Wrote 5 games to {target}." in out and "Secret Agent" in out
    with target.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["result"] for r in rows] == ["win", "win", "loss", "draw", "win"]
    assert {r["game"] for r in rows} == {"secret-agent"}
    assert main(["stats", "--csv", "-"]) == 0
    printed = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert len(printed) == 6 and printed[-1]["game"] == "magos"


def test_a_game_never_played_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "magos"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No games of Magos recorded yet.")
    assert str(RecordStore().path) in out
    assert main(["stats"]) == 0
    assert capsys.readouterr().out.startswith("No games recorded yet.")
    assert main(["stats", "magos", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == []


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "no-such-game"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Unknown game 'no-such-game'. Known games:" in captured.err
    assert "magos" in captured.err


def test_a_csv_that_cannot_be_written_fails_with_a_message(
        played: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--csv", str(tmp_path / "missing" / "out.csv")]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "cannot write the CSV file" in captured.err


def test_a_damaged_record_file_is_reported_and_left_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    store = RecordStore()
    store.directory.mkdir(parents=True)
    store.path.write_text('{"format": "tabletop-records", "version": 1, "records": [',
                          encoding="utf-8")
    assert main(["stats"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "is damaged" in captured.err
    assert "cut short" in captured.err
    assert store.path.exists() and len(list(store.directory.iterdir())) == 1


def test_the_installed_command_runs_without_qt(played: None, data_dir: Path) -> None:
    code = ("import sys; from tabletop.cli import main; rc = main(['stats', 'magos']); "
            "assert 'PySide6' not in sys.modules, 'Qt was imported'; sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          env={"TABLETOP_DATA_DIR": str(data_dir), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Magos (マゴス): 1 game recorded")

"""The strength-per-second benchmark redraws its chart from an earlier run's figures, with every
level's think time marked on it, and refuses a file without figures."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import strength

CELLS = [{"game": "magos", "opponent": "greedy", "budget": b, "games": 4, "wins": w, "draws": 0,
          "score": w / 4, "iterations_per_decision": 1000 * b} for b, w in ((0.1, 1), (1.0, 3))]


def _fake_levels(game_ids: tuple[str, ...] = strength.GAMES, levels: tuple[str, ...] = (),
                 positions: int = 20, seed: int = 1) -> list[dict[str, Any]]:
    return [{"game": g, "level": lv, "median_seconds": t, "p95_seconds": 2 * t, "decisions": 20}
            for g in game_ids for lv, t in (("hard", 0.1), ("expert", 0.8))]


def test_level_times_measure_every_level_per_game() -> None:
    got = strength.level_times(("magos",), ("easy", "expert"), positions=2)
    assert [(lv["game"], lv["level"], lv["decisions"]) for lv in got] == [
        ("magos", "easy", 2), ("magos", "expert", 2)]
    # Expert searches eight times hard's iterations, so it thinks longer than easy.
    assert got[1]["median_seconds"] > got[0]["median_seconds"] > 0


def test_redraw_from_an_earlier_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(strength, "level_times", _fake_levels)
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"strength": {"games_per_cell": 4, "seed": 1, "workers": 2,
                                               "seconds": 9.0, "cells": CELLS}}))
    out = tmp_path / "out.json"
    chart = tmp_path / "chart.png"
    assert strength.main(["--cells-from", str(report), "--only", "magos", "--json", str(out),
                          "--chart", str(chart)]) == 0
    data = json.loads(out.read_text())
    assert data["cells"] == CELLS
    assert [lv["level"] for lv in data["levels"]] == ["hard", "expert"]
    printed = capsys.readouterr().out
    assert "| magos | greedy | 1 s | 4 | 3 | 0 | 75% | 1000 |" in printed
    assert "| magos | expert | 800 ms | 1600 ms | 20 |" in printed
    assert chart.stat().st_size > 10_000 and chart.read_bytes()[:4] == b"\x89PNG"


def test_a_file_without_figures_is_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(SystemExit) as exit_:
        strength.main(["--cells-from", str(bad)])
    assert exit_.value.code == 2
    assert "holds no strength figures" in capsys.readouterr().err

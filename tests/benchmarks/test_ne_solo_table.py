"""The National Economy solo score table renders what its result files hold."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import ne_solo_table


def _file(tmp_path: Path, variant: str, results: list[tuple[str, int]]) -> Path:
    runs = [{"variant": variant, "seed": i + 1, "result": r, "score": s, "round": 9 if
             r != "bankrupt" else 5, "decisions": 90, "seconds": 40.0}
            for i, (r, s) in enumerate(results)]
    path = tmp_path / f"ne-solo-{variant}-hard.json"
    path.write_text(json.dumps({"level": "hard", "variant": variant, "runs": runs}),
                    encoding="utf-8")
    return path


def test_figures_of_each_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _file(tmp_path, "a", [("finished", 40), ("finished", 60), ("bankrupt", 0),
                              ("finished", 50)])
    b = _file(tmp_path, "b", [("clear", 104), ("finished", 80), ("clear", 120),
                              ("finished", 96)])
    assert ne_solo_table.main([str(a), str(b), "--target", "4"]) == 0
    page = capsys.readouterr().out
    assert "| games | 4 | 4 |" in page
    assert "| game over (NE-R77), 95% CI | 25.0% (5–70%) | 0.0% (0–49%) |" in page
    assert "| mean score | 50.0 | 100.0 |" in page  # the game over has no score
    assert "| median score | 50.0 | 100.0 |" in page
    assert "| best / worst | 60 / 40 | 120 / 80 |" in page
    # NE-R84: clear only under rules b, as a share of all games played
    assert "| clear, total assets >= 100 (NE-R84), 95% CI | – | 50.0% (15–85%) |" in page
    assert "| 40–49 | 33.3% | 0.0% |" in page
    assert "Game overs under variant a, hard came in rounds 5." in page
    assert "Still being measured" not in page
    assert "--variant b --workers 2 --json benchmarks/results/ne-solo-b-hard.json" in page


def test_a_file_still_filling_is_marked(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    a = _file(tmp_path, "a", [("finished", 40)])
    assert ne_solo_table.main([str(a)]) == 0
    assert "variant a, hard holds 1 of 200 games" in capsys.readouterr().out

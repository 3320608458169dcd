"""The National Economy solo score run plays seeded games, keeps them and resumes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import ne_solo_scores


def test_a_short_run_is_kept_and_resumed(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "scores.json"
    args = ["--level", "easy", "--variant", "b", "--games", "2", "--json", str(out)]
    assert ne_solo_scores.main(args) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["level"], data["variant"]) == ("easy", "b")
    assert sorted(r["seed"] for r in data["runs"]) == [1, 2]
    for run in data["runs"]:
        assert run["result"] in ("bankrupt", "clear", "not-cleared")
        assert run["decisions"] > 0
    assert data["figures"]["games"] == 2
    assert "| b | easy | 2 |" in capsys.readouterr().out
    # A resumed run plays only the seeds the file lacks.
    assert ne_solo_scores.main([*args[:4], "--games", "3", "--json", str(out),
                                "--resume"]) == 0
    assert "1 games in" in capsys.readouterr().out
    assert len(json.loads(out.read_text(encoding="utf-8"))["runs"]) == 3


def test_wrong_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        ne_solo_scores.main(["--variant", "c"])
    with pytest.raises(SystemExit):
        ne_solo_scores.main(["--games", "0"])

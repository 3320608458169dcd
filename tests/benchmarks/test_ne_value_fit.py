"""The National Economy value fit reads each round's start, judges with the heuristic's own
worth and recovers known weights."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import ne_value_fit

from tabletop.engine import Session
from tabletop.games.national_economy.model import NationalEconomyGame


def test_the_worth_is_the_one_the_heuristic_judges_by() -> None:
    # If the heuristic changes, the fit's comparison must change with it.
    game = NationalEconomyGame()
    session = Session(game, 2, {}, 7, human_seats=())
    rng = random.Random(7)
    checked = 0
    while not session.is_terminal() and checked < 60:
        s = session.state
        if s.phase == "place":
            a, b = (ne_value_fit.features(s, p) for p in range(2))
            assert game.heuristic(s, 0) == pytest.approx(math.tanh((a[-1] - b[-1]) / 40.0))
            checked += 1
        legal = session.legal_actions()
        session.submit(session.current_player(), rng.choice(legal))
    assert checked >= 20


def test_the_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(4000, 2)) * [10.0, 1.0]
    truth = np.array([0.2, 0.6])  # the second feature is worth 3 points of the first
    y = (rng.random(4000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = ne_value_fit._fit(x, y)
    assert w[1] / w[0] == pytest.approx(3.0, rel=0.15)


def test_a_short_run_reports_every_round(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "values.json"
    assert ne_value_fit.main(["--agents", "random,random", "--games", "40", "--json",
                              str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["runs"]) == 40
    # NE-R31: a worker costs $2 in round 1; the judge counts him as four rounds' income of
    # 4 less that wage, and a card in hand as 1.5.
    first = data["runs"][0]["rounds"][0]
    assert first["round"] == 1 and [p[2] for p in first["players"]] == [2.0, 2.0]
    assert first["judge"] == {"total": 1.0, "hand": 1.5, "workers": 14.0}
    assert [r["round"] for r in data["rounds"]] == list(range(1, 10))
    assert all(r["points"]["total"] == 1.0 for r in data["rounds"])
    assert "fitted right" in capsys.readouterr().out

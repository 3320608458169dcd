"""The luck-cap benchmark's oracle: hard's search over the true state, at hard's budget or a
multiple of it, refusing to decide without the truth; the command line refuses a budget it
cannot honour."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import luck_cap

from tabletop.ai.levels import make_agent
from tabletop.engine import Session
from tabletop.registry import get_game_plugin


def test_the_oracle_searches_at_hards_budget_or_a_multiple() -> None:
    hard = make_agent("hard").iterations  # type: ignore[attr-defined]
    assert luck_cap.OracleAgent().search.iterations == hard  # type: ignore[attr-defined]
    assert luck_cap.OracleAgent(effort=4.0).search.iterations == 4 * hard  # type: ignore[attr-defined]


def test_the_oracle_decides_only_on_the_revealed_truth() -> None:
    game = get_game_plugin("magos").game
    session = Session(game, 2, {}, 5, human_seats=())
    seat = session.current_player()
    oracle = luck_cap.OracleAgent(effort=0.05)
    with pytest.raises(RuntimeError, match="reveal"):
        oracle.decide(game, session.observation(seat), seat, session.legal_actions(), seed=1,
                      cancel=None)
    oracle.reveal(session.state)
    decision = oracle.decide(game, session.observation(seat), seat, session.legal_actions(),
                             seed=1, cancel=None)
    assert decision.action in session.legal_actions()


@pytest.mark.parametrize("effort", ["0", "-1", "101", "nan"])
def test_a_budget_it_cannot_honour_is_refused(effort: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        luck_cap.main(["magos", "--agents", "oracle,greedy", "--games", "1",
                       "--oracle-effort", effort])
    assert "--oracle-effort" in capsys.readouterr().err

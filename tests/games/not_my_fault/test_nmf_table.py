"""Not My Fault! in the app, played the way a person plays it: real drags of hand cards onto
milestones, clicks, and the Audit! button, until the summary names the loser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.app.newgame import GameSetup
from tabletop.app.window import MainWindow
from tabletop.games.not_my_fault.plugin import PLUGIN
from tests.app.table_driver import game_window, play_through_table
from tests.table.tablehelp import click

GAME = "not-my-fault"


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
           ) -> Iterator[MainWindow]:
    yield from game_window(qtbot, tmp_path, monkeypatch, {GAME: PLUGIN})


def test_three_player_game_to_the_end_through_the_table(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = window.start_game(GameSetup(GAME, 3, ["human", "random", "random"], {}, seed=5,
                                    fixed_seed=True))
    assert c is not None
    human_moves = play_through_table(window, c, qtbot, seed=5)
    assert c.over and human_moves > 0
    obs = c.session.observation(None)
    assert obs["phase"] == "over"
    dialog = window.ending.summary_dialog
    assert dialog is not None
    assert "third reprimand" in dialog.text.text()


def test_click_a_card_then_a_milestone_raises(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = window.start_game(GameSetup(GAME, 2, ["human", "random"], {}, seed=2, fixed_seed=True))
    assert c is not None
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    card = c.session.state.hands[0][0]
    action = next(a for a in c.session.legal_actions() if a.startswith(f"play:{card}:"))
    milestone = action.rsplit(":", 1)[1]
    before = len(c.session.history)
    table = window.table
    click(table, table.view_pos_of("p0h0"))
    click(table, table.view_pos_of(f"m{milestone}"))
    qtbot.waitUntil(lambda: len(c.session.history) > before, timeout=10_000)
    assert c.session.history[before].action == action

"""A whole four-player National Economy game in the app, one person and three AI seats, played
only through what the window offers: drags and clicks on the table and the action buttons.

Every human decision picks a seeded random legal action, finds the gesture the table offers for
it and performs it with real mouse events (or clicks the button). The game must reach its end
and the summary must appear; no action is ever submitted behind the table's back.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableWidget

from tabletop.app.newgame import GameSetup
from tabletop.registry import load_plugins
from tabletop.testing.table_driver import play_through_table

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "national-economy"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="National Economy did not load")


def test_four_player_game_to_the_end_through_the_table(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window({GAME: plugins[GAME]})
    c = window.start_game(GameSetup(GAME, 4, ["human", "easy", "easy", "easy"], {}, seed=11,
                                    fixed_seed=True))
    assert c is not None
    human_moves = play_through_table(window, c, qtbot, seed=5)
    assert c.over, "the game did not end"
    obs = c.session.observation(None)
    assert obs["phase"] == "over" and obs["round"] == 9
    assert human_moves > 20
    # The summary names the winner and breaks down every player's score in its table.
    dialog = window.ending.summary_dialog
    assert dialog is not None
    assert dialog.text.text() == c.summary_text().splitlines()[0]
    assert "win" in dialog.text.text()
    table = dialog.findChild(QTableWidget, "scoreTable")
    assert table is not None and table.columnCount() == 5
    assert [table.horizontalHeaderItem(i).text() for i in range(1, 5)] == [
        f"Player {p}" for p in range(1, 5)]
    totals = [table.item(table.rowCount() - 1, i).text() for i in range(1, 5)]
    assert totals == [str(sc["total"]) for sc in obs["scores"]]

"""Not My Fault! in the app, played the way a person plays it: real drags of hand cards onto
milestones, clicks, and the Audit! button, until the summary names the loser."""

from __future__ import annotations

from tabletop.games.not_my_fault.plugin import PLUGIN
from tabletop.testing.table_driver import play_through_table, start_seeded, window_fixture
from tests.table.tablehelp import click

GAME = "not-my-fault"


window = window_fixture({GAME: PLUGIN})


def test_three_player_game_to_the_end_through_the_table(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "random", "random"], seed=5)
    human_moves = play_through_table(window, c, qtbot, seed=5)
    assert c.over and human_moves > 0
    obs = c.session.observation(None)
    assert obs["phase"] == "over"
    dialog = window.ending.summary_dialog
    assert dialog is not None
    assert "third reprimand" in dialog.text.text()


def test_click_a_card_then_a_milestone_raises(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "random"], seed=2)
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

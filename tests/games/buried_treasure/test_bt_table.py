"""Buried Treasure in the app, played to the end with real drags and clicks: hot-seat (every seat
human, each bury made behind the privacy page) and one person against two computer players.
Before the reveal no seat's screen shows another seat's buried card (BT-G9), nor their hand."""

from __future__ import annotations

from typing import Any

from tabletop.games.buried_treasure.plugin import PLUGIN
from tabletop.testing.table_driver import (
    PrivacyWatch,
    log_shows_own_lines,
    play_through_table,
    start_seeded,
    window_fixture,
)

GAME = "buried-treasure"


window = window_fixture({GAME: PLUGIN})


def _screen_leaks(window: Any, controller: Any) -> list[str]:
    """Buried cards of other seats that the pieces on screen show face up or with art."""
    s = controller.session.state
    viewer = controller.viewing_seat
    leaks = []
    for p, card in enumerate(s.buried):
        if p == viewer or card is None:
            continue
        item = window.table.item_for(f"bur{p}")
        if item is not None and (item.piece.face_up or item.piece.art):
            leaks.append(f"bur{p}")
    for p, hand in enumerate(s.hands):
        if p == viewer:
            continue
        for i in range(len(hand)):
            item = window.table.item_for(f"p{p}h{i}")
            if item is not None and (item.piece.face_up or item.piece.art):
                leaks.append(f"p{p}h{i}")
    # The log and the status line the viewer reads: of the private "(You buried ...)" lines
    # only the viewer's own appear, and no public line names a buried value.
    if not log_shows_own_lines(window, controller, "bury_own", "(You buried"):
        leaks.append("log")
    if "Treasure" in controller.status.base[0]:
        leaks.append("status")
    return leaks


def test_hot_seat_game_to_the_end_through_the_table(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "human", "human"], seed=4)
    watch = PrivacyWatch(window, c, _screen_leaks)

    human_moves = play_through_table(window, c, qtbot, seed=4, before_move=watch.before_move,
                                     on_privacy=watch.on_privacy)
    assert c.over and human_moves > 0
    assert watch.pages > 10 and watch.checks == human_moves
    assert c.session.observation(None)["phase"] == "over"
    dialog = window.ending.summary_dialog
    assert dialog is not None
    assert "points" in dialog.text.text()


def test_game_against_two_computer_players_to_the_end(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "easy", "easy"], seed=6)
    # One person at the screen: never a privacy page, always seat 0's table.
    watch = PrivacyWatch(window, c, _screen_leaks, seat=0)
    ai_buried_first = 0

    def before_move() -> None:
        nonlocal ai_buried_first
        watch.before_move()
        s = c.session.state
        if s.phase == "bury" and any(card is not None for card in s.buried[1:]):
            ai_buried_first += 1  # a computer's card lies face down, unseen, on this table

    human_moves = play_through_table(window, c, qtbot, seed=6, before_move=before_move)
    assert c.over and human_moves > 5 and watch.checks == human_moves
    assert ai_buried_first > 0
    history = c.session.history
    assert any(r.seat == 0 and r.action.startswith("bury:") for r in history)
    assert any(r.seat == 0 and r.action.startswith("bid:") for r in history)
    assert {1, 2} <= {r.seat for r in history}  # both computer seats played
    assert c.session.observation(None)["phase"] == "over"
    dialog = window.ending.summary_dialog
    assert dialog is not None
    assert "points" in dialog.text.text()

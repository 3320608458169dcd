"""Saboteur 2 in the app, played through the table with real drags, right-clicks, R and clicks:
one person against four computer players for the whole three rounds, and a hot-seat game of
three people to the end of a round, where no person's screen ever shows another person's hand,
role or Map peek (behind the privacy page, after a Map, after an undo, after a round)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tabletop.app.undo_guard import undo_state
from tabletop.engine.layout import Gesture
from tabletop.games.saboteur2.plugin import PLUGIN
from tabletop.testing.table_driver import (
    PrivacyWatch,
    log_shows_own_lines,
    perform,
    start_seeded,
    table_moves,
    window_fixture,
)
from tests.table.tablehelp import move, press, release

GAME = "saboteur2"


window = window_fixture({GAME: PLUGIN})


def turned_drag(table: Any, gesture: Gesture) -> None:
    """Pick the tile up, turn it round with R (or a right-click), and drop it."""
    assert gesture.source is not None and gesture.target is not None
    start = table.view_pos_of(gesture.source)
    press(table, start)
    lifted = start + QPoint(14, -14)
    move(table, lifted)
    if random.Random(gesture.action).random() < 0.5:
        QTest.keyClick(table, Qt.Key.Key_R)
    else:
        QTest.mousePress(table.viewport(), Qt.MouseButton.RightButton,
                         Qt.KeyboardModifier.NoModifier, lifted)
        QTest.mouseRelease(table.viewport(), Qt.MouseButton.RightButton,
                           Qt.KeyboardModifier.NoModifier, lifted)
    assert table.turned_piece() == gesture.source
    end = table.view_pos_of(gesture.target)
    for k in range(1, 5):
        move(table, QPoint(round(lifted.x() + (end.x() - lifted.x()) * k / 4),
                           round(lifted.y() + (end.y() - lifted.y()) * k / 4)))
    release(table, end)


def screen_leaks(window: Any, c: Any) -> list[str]:
    """What the pieces on screen show that the person at the screen may not know."""
    s = c.session.state
    viewer = c.viewing_seat
    leaks: list[str] = []
    pieces = window.table._pieces
    hand = [pid for pid in pieces if pid.startswith("h") and pid[1:].isdigit()]
    if viewer is None:
        return hand
    if len(hand) != len(s.hands[viewer]):
        leaks.append(f"hand of {len(hand)} on screen, {len(s.hands[viewer])} held")
    for p in range(s.n):
        item = pieces.get(f"r{p}")
        known = p == viewer or s.roles_shown or p in s.inspected[viewer]
        if item is not None and (item.piece.face_up or item.piece.art) and not known:
            leaks.append(f"role of seat {p}")
    for slot in range(3):
        item = pieces.get(f"goal{slot}")
        known = s.goal_up[slot] or s.roles_shown or slot in s.peeks[viewer]
        if item is not None and item.piece.kind == "tile" and not known:
            leaks.append(f"goal {slot}")
    # The log the viewer reads names only their own Map peeks and their own role.
    if not log_shows_own_lines(window, c, "peek", " goal is "):
        leaks.append("log of peeks")
    return leaks


def choose(legal: list[str], rng: random.Random) -> str:
    """A seeded random legal move; placements first when there are any, as players do: the
    maze grows."""
    places = [a for a in legal if a.startswith("place:")]
    return rng.choice(places) if places and rng.random() < 0.7 else rng.choice(legal)


def lay_or_perform(window: Any, offered: list[Gesture], rng: random.Random) -> Gesture:
    """The first gesture offered, a turned tile by a turned drag."""
    gesture = offered[0]
    if gesture.turned:
        turned_drag(window.table, gesture)
    else:
        perform(window, gesture)
    return gesture


def play_through(window: Any, c: Any, qtbot: Any, seed: int, *, until_round: int = 99,
                 on_privacy: Any = None, before_move: Any = None) -> Counter[str]:
    """Play the human seats with seeded random legal moves through the table; the counts of
    moves by kind."""
    made = table_moves(window, c, qtbot, seed, 3000, before_move, on_privacy, choose=choose,
                       act=lay_or_perform, stop=lambda: c.session.state.round > until_round)
    return Counter("turned" if g.turned else g.action.partition(":")[0] for g in made)


@pytest.mark.slow
def test_one_person_against_four_computers_plays_three_rounds(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "easy", "easy", "easy", "easy"], seed=11)
    watch = PrivacyWatch(window, c, screen_leaks, seat=0)

    made = play_through(window, c, qtbot, seed=11, before_move=watch.before_move)
    assert c.over and watch.checks == sum(made.values())
    assert made.get("place", 0) + made.get("turned", 0) > 5 and made.get("turned", 0) > 0
    final = c.session.observation(None)
    assert final["phase"] == "over" and len(final["gains"]) == 3
    assert {r.seat for r in c.session.history} >= {0, 1, 2, 3, 4}
    dialog = window.ending.summary_dialog
    assert dialog is not None
    assert "gold" in dialog.text.text()


def test_hot_seat_of_three_to_the_end_of_a_round(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    c = start_seeded(window, GAME, ["human", "human", "human"], seed=2)
    watch = PrivacyWatch(window, c, screen_leaks)

    made = play_through(window, c, qtbot, seed=2, until_round=1, on_privacy=watch.on_privacy,
                        before_move=watch.before_move)
    assert c.session.state.round == 2 or c.over
    assert watch.pages > 10 and watch.checks == sum(made.values()) > 10
    assert made.get("turned", 0) > 0 and made.get("place", 0) > 0
    # The round's result lies on the table of the next person to move.
    qtbot.waitUntil(lambda: c.awaiting_privacy is not None or c.is_human_turn(), timeout=10_000)
    if c.awaiting_privacy is not None:
        QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table.item_for("result") is not None, timeout=10_000)
    assert screen_leaks(window, c) == []


def test_hot_seat_undo_and_maps_never_show_another_persons_hand(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Three people at one screen through a round, with Maps played and moves taken back:
    after every move, every undo and every hand-over, the screen shows only what the person
    holding it may know (SB-C3, SB-R36)."""
    c = start_seeded(window, GAME, ["human", "human", "human"], seed=5)
    rng = random.Random(5)
    checks = undos = maps = pages = 0
    for _ in range(1500):
        if c.over or c.session.state.round > 1:
            break
        if c.awaiting_privacy is not None:
            assert window.stack.currentWidget() is window.privacy_page
            assert not window.table._pieces and not window.table.gestures()
            window.privacy_page.button.click()
            pages += 1
            continue
        assert c.viewing_seat == c.session.current_player()
        assert screen_leaks(window, c) == []
        checks += 1
        legal = c.session.legal_actions()
        # Maps and passes (the moves a person may take back) more often than chance gives.
        wanted = [a for a in legal if a.startswith(("play:A-MAP", "discard:", "fix:"))]
        action = rng.choice(wanted) if wanted and rng.random() < 0.5 else choose(legal, rng)
        maps += action.startswith("play:A-MAP")
        assert c.submit_human(action)
        if rng.random() < 0.4 and c.awaiting_privacy is None and undo_state(c)[0]:
            window.undo()
            undos += 1
            assert c.viewing_seat is not None
            assert screen_leaks(window, c) == []
    assert c.session.state.round > 1 or c.over, "the round did not end"
    assert checks > 30 and pages > 10 and undos > 5 and maps > 2

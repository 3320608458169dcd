"""A round of secret choices at one screen (``Game.secret_round``), on Buried Treasure with two
people and a computer seat between them: once the first person has buried a card, the screen
goes to the privacy page for the second at once, while the computer buries meanwhile; nothing of
the first person's card shows on the way; one page per person per round; and the cards stay
face down for everyone until the bidding reveals them (BT-R10, BT-R13). Driven through the
table with real mouse events."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tabletop.app.newgame import GameSetup
from tabletop.registry import load_plugins
from tabletop.testing.table_driver import perform

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "buried-treasure"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="Buried Treasure did not load")


def bury_gesture(window: Any) -> Any:
    c = window.controller
    bury = [a for a in c.session.legal_actions() if a.startswith("bury:")]
    assert bury, c.session.legal_actions()
    gestures = [g for g in window.table.gestures() if g.action == bury[0]]
    if not gestures:  # a button, not a table gesture
        from tabletop.engine.layout import Gesture

        gestures = [Gesture(bury[0])]
    return gestures[0]


def card_faces_on_table(window: Any) -> set[str]:
    """Every value drawn face up on the table now."""
    faces = set()
    for g in window.table._pieces.values():  # the table's own items, as they are drawn
        if g.piece.face_up and g.piece.art.get("badge") is not None:
            faces.add(str(g.piece.art["badge"]))
    return faces


def test_the_screen_passes_to_the_next_person_while_the_computer_buries(make_window,  # type: ignore[no-untyped-def]
                                                                      qtbot) -> None:
    window = make_window({GAME: plugins[GAME]})
    pages: list[int] = []
    while_computer: list[int] = []  # pages raised while the computer seat was still to bury
    c = window.start_game(GameSetup(GAME, 3, ["human", "easy", "human"], {}, seed=5,
                                    fixed_seed=True))
    assert c is not None

    def on_page(seat: int) -> None:
        pages.append(seat)
        if c.session.current_player() == 1:
            while_computer.append(seat)

    c.privacy_requested.connect(on_page)
    game = c.game
    # Deal, then the bury round: wait for the first person to bury (the dealer may be anyone).
    qtbot.waitUntil(lambda: game.secret_round(c.session.state) != ()
                    and (c.is_human_turn() or c.awaiting_privacy is not None), timeout=20_000)
    rounds_checked = 0
    for _ in range(3):  # three rounds of burying
        qtbot.waitUntil(lambda: game.secret_round(c.session.state) != ()
                        and (c.is_human_turn() or c.awaiting_privacy is not None),
                        timeout=20_000)
        order = game.secret_round(c.session.state)
        humans = [s for s in order if s in (0, 2)]
        pages.clear()
        for person in humans:
            if c.awaiting_privacy is not None:
                assert c.awaiting_privacy == person
                assert window.stack.currentWidget() is window.privacy_page
                assert not window.table.gestures() and not card_faces_on_table(window)
                QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda p=person: c.is_human_turn() and c.viewing_seat == p,
                            timeout=20_000)
            buried_before = c.session.state.buried[person]
            assert buried_before is None
            perform(window, bury_gesture(window))
            assert c.session.state.buried[person] is not None
            later = [s for s in game.secret_round(c.session.state) if s in (0, 2)]
            if later:
                # The next person of the round gets the screen at once, whoever is to bury
                # before them: the first person's card is never on it.
                assert c.awaiting_privacy == later[0]
                assert window.stack.currentWidget() is window.privacy_page
                assert not card_faces_on_table(window)
        # One page per person of the round at the most, in seat order of the round.
        assert pages == sorted(set(pages), key=pages.index) and len(pages) <= len(humans)
        qtbot.waitUntil(lambda: game.secret_round(c.session.state) == (), timeout=20_000)
        assert all(b is not None for b in c.session.state.buried)
        rounds_checked += 1
        # Play the rest of the round (bids, takes) through the same driver.
        while not c.over and game.secret_round(c.session.state) == ():
            qtbot.waitUntil(lambda: c.over or c.is_human_turn() or c.awaiting_privacy is not None
                            or game.secret_round(c.session.state) != (), timeout=20_000)
            if c.over or game.secret_round(c.session.state) != ():
                break
            if c.awaiting_privacy is not None:
                QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)
                continue
            legal = c.session.legal_actions()
            gestures = [g for g in window.table.gestures() if g.action == legal[0]]
            if gestures:
                perform(window, gestures[0])
            else:
                from tabletop.engine.layout import Gesture

                perform(window, Gesture(legal[0]))
        if c.over:
            break
    assert rounds_checked >= 2
    # In a round that puts the computer between the two people, the second got the screen
    # while the computer was still to choose.
    assert while_computer, "no round handed over while the computer buried"


def test_waiting_for_computers_to_choose_first_says_so(make_window, qtbot) -> None:
    """Sheep & Thief's draft (ST-R13): everyone picks "at once", the rules take the picks from
    the start player on. While the computer seats before the person pick, the status says
    that, not that a computer is thinking as if the person had nothing to do."""
    st = load_plugins(include_entry_points=False)[0]["sheep-and-thief"]
    window = make_window({"sheep-and-thief": st})
    c = window.start_game(GameSetup("sheep-and-thief", 3, ["human", "easy", "easy"], {},
                                    seed=3, fixed_seed=True))
    assert c is not None
    order = c.game.secret_round(c.session.state)
    assert order[:2] == (1, 2) and 0 in order  # the start player is a computer seat
    status = window.table_page.status.full_text()
    assert status == ("Everyone chooses at once: Player 2 (AI) and Player 3 (AI) first, "
                      "then you. Look over your cards meanwhile."), status
    assert c.view.layout(c.session.observation(0), 0).pieces  # the pack is on show
    qtbot.waitUntil(c.is_human_turn, timeout=30_000)
    assert window.table_page.status.full_text().startswith("Click the card of your pack")

"""Spymaster in the app, played to the end the way people play it: real drags of hand cards onto
"Play", the S / F / H call buttons, clicks to tuck or discard.

Against the computer, and hot-seat between two people at one screen: there, at every human
move, the screen shows exactly the cards that person may see (their own hand, the rows, the top
of the discard pile, their own face-down attack) and nothing of the other seat's hand or of the
face-down card the defender must name (SM-R11, SM-R12); between the two people stands the
privacy page, with an empty table behind it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tabletop.app.newgame import GameSetup
from tabletop.registry import load_plugins

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "spymaster"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="Spymaster did not load")


def _card_title(card: str) -> str:
    from tabletop.games.spymaster.view import card_art

    return str(card_art(card)["title_en"])


def visible_cards(state: Any, viewer: int) -> Counter[str]:
    """The face-up agent cards ``viewer`` may see, from the true state: both rows with their
    tucked Spies, the top of the discard pile, their own hand, and their own face-down attack."""
    cards: list[str] = []
    for p in (0, 1):
        cards += state.rows[p]
        cards += [t for t in state.tucks[p] if t]
        if p == viewer:
            cards += state.hands[p]
    if state.discard:
        cards.append(state.discard[-1])
    if state.played and state.attacker == viewer:
        cards.append(state.played)
    return Counter(_card_title(c) for c in cards)


def screen_leaks(window: Any, controller: Any) -> list[str]:
    """What the table, status line and log show the viewer beyond what that seat may know."""
    state = controller.session.state
    viewer = controller.viewing_seat
    assert viewer is not None
    other = 1 - viewer
    pieces = {pid: item.piece for pid, item in window.table._pieces.items()}
    leaks: list[str] = []
    # Every face-up agent card on the table, counted: exactly the ones this seat may see.
    shown = Counter(str(p.art["title_en"]) for pid, p in pieces.items()
                    if p.face_up and p.art and not pid.startswith("doc"))
    wanted = visible_cards(state, viewer)
    if shown != wanted:
        leaks.append(f"cards shown {sorted((shown - wanted).elements())}, "
                     f"missing {sorted((wanted - shown).elements())}")
    # The other hand and the face-down attack are bare backs (SM-R11): no art, no name.
    backs = [f"p{other}h{i}" for i in range(len(state.hands[other]))]
    if state.played and state.attacker != viewer:
        backs.append("played")
    secret = [*state.hands[other], *([state.played] if state.attacker != viewer else [])]
    names = {_card_title(c) for c in secret if c}
    for pid in backs:
        p = pieces.get(pid)
        if p is None or p.face_up or p.art:
            leaks.append(f"{pid} is not a bare back")
        elif any(n in p.tooltip_en for n in names):
            leaks.append(f"{pid} tooltip {p.tooltip_en!r}")
    # A numbered Spy is unique: the other seat's hidden Spies are named nowhere on screen.
    spies = {n for n in names if any(ch.isdigit() for ch in n)}
    texts = [str(t.text.text_en) for t in window.table._texts.values()]
    texts += [p.tooltip_en for p in pieces.values()] + [controller.status.base[0]]
    leaks += [f"text {t!r}" for t in texts if any(n in t for n in spies)]
    # The log holds only this seat's own private draws ("You draw ..."), none of the other's.
    log = window.table_page.log.toPlainText()
    own = sum(1 for rec in controller.session.history for e in rec.events
              if e.kind == "draw" and e.seats is not None and viewer in e.seats)
    if log.count("You draw") != own:
        leaks.append(f"log has {log.count('You draw')} private draws, {own} are this seat's")
    return leaks


def test_a_whole_game_against_the_ai_through_the_table(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tabletop.testing.table_driver import play_through_table

    window = make_window({GAME: plugins[GAME]})
    c = window.start_game(GameSetup(GAME, 2, ["human", "easy"], {}, seed=3, fixed_seed=True))
    assert c is not None
    checks = 0

    def before_move() -> None:
        nonlocal checks
        assert window.stack.currentWidget() is window.table_page  # no privacy page vs the AI
        assert screen_leaks(window, c) == []
        checks += 1

    moves = play_through_table(window, c, qtbot, seed=3, before_move=before_move)
    assert c.over and moves > 3 and checks == moves
    state = c.session.state
    assert 3 in state.exposed  # SM-R17: three exposed documents ended it
    kinds = {r.action.partition(":")[0] for r in c.session.history if r.seat == 0}
    assert {"play", "call"} <= kinds  # the person attacked and defended
    assert window.ending.summary_dialog is not None
    assert "classified documents are exposed" in window.ending.summary_dialog.text.text()


def test_hot_seat_game_to_the_end_keeps_each_hand_private(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tabletop.testing.table_driver import play_through_table

    window = make_window({GAME: plugins[GAME]})
    c = window.start_game(GameSetup(GAME, 2, ["human", "human"], {}, seed=15, fixed_seed=True))
    assert c is not None
    pages = checks = defender_checks = 0

    def on_privacy() -> None:
        # A real barrier: no piece of the last person's table survives behind the page.
        nonlocal pages
        assert window.stack.currentWidget() is window.privacy_page
        assert not window.table._pieces and not window.table.gestures()
        assert window.table_page.log.toPlainText() == ""
        # The page says whether the person taking the screen attacks or defends (public).
        role = "attacking" if c.awaiting_privacy == c.session.state.attacker else "defending"
        assert window.privacy_page.who.text().endswith(f"— {role}")
        pages += 1

    def before_move() -> None:
        nonlocal checks, defender_checks
        state = c.session.state
        assert c.viewing_seat == c.session.current_player()
        assert screen_leaks(window, c) == []
        if state.phase == "call":  # the defender faces the attacker's face-down card
            assert state.played and c.viewing_seat != state.attacker
            defender_checks += 1
        checks += 1

    moves = play_through_table(window, c, qtbot, seed=15, before_move=before_move,
                               on_privacy=on_privacy)
    assert c.over and checks == moves
    assert defender_checks > 10 and pages > 20
    kinds = {r.action.partition(":")[0] for r in c.session.history if r.seat >= 0}
    assert {"play", "call", "tuck"} <= kinds  # SM-R27: a tuck, clicked on the table
    assert 3 in c.session.state.exposed
    assert window.ending.summary_dialog is not None

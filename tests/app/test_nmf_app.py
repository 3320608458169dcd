"""Not My Fault! at one shared screen: two people and a computer player, every human move a real
drag of a hand card onto a milestone or the Audit! button, played until someone has three
reprimands (NMF-R30).

At every human move the screen shows exactly the progress cards that person may see: their own
hand, the cards they put face down themselves, the discard pile's top and the last audit's cards
(NMF-R10, NMF-R16, §4.4) — never another hand nor another player's face-down card, in the art,
a tooltip or the log. Between the two people stands the privacy page, an empty table behind it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tabletop.app.newgame import GameSetup
from tabletop.registry import load_plugins

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "not-my-fault"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="Not My Fault! did not load")


def visible_values(state: Any, viewer: int) -> Counter[int]:
    """Progress cards ``viewer`` may see face up, from the true state."""
    cards = list(state.hands[viewer])
    cards += [v for v, owner in zip(state.centre, state.owners, strict=True) if owner == viewer]
    if state.discard:
        cards.append(state.discard[-1])
    if state.last is not None:
        cards += state.last["cards"]
    return Counter(cards)


def screen_leaks(window: Any, controller: Any) -> list[str]:
    """What the table and the log show the viewer beyond what that seat may know."""
    state = controller.session.state
    viewer = controller.viewing_seat
    assert viewer is not None
    pieces = {pid: item.piece for pid, item in window.table._pieces.items()}
    leaks: list[str] = []
    shown = Counter(int(p.art["title_en"]) for p in pieces.values()
                    if p.face_up and p.art.get("body_en") == "Progress")
    wanted = visible_values(state, viewer)
    if shown != wanted:
        leaks.append(f"cards shown {sorted((shown - wanted).elements())}, "
                     f"missing {sorted((wanted - shown).elements())}")
    # The other hands and the others' face-down cards are bare backs with no value in them.
    backs = [f"p{p}h{i}" for p in range(state.n) if p != viewer
             for i in range(len(state.hands[p]))]
    backs += [f"c{i}" for i, owner in enumerate(state.owners) if owner != viewer]
    for pid in backs:
        p = pieces.get(pid)
        if p is None or p.face_up or p.art or "Progress" in p.tooltip_en:
            leaks.append(f"{pid} is not a bare back")
    # The log holds only this seat's private lines: its own hands and its own face-down cards.
    log = window.table_page.log.toPlainText()
    own = Counter(e.kind for rec in controller.session.history for e in rec.events
                  if e.seats is not None and viewer in e.seats)
    if log.count("Your hand:") != own["hand"]:
        leaks.append("log: another seat's hand")
    if log.count("(Your face-down card:") != own["own_card"]:
        leaks.append("log: another seat's face-down card")
    return leaks


def test_two_people_and_the_ai_to_the_end_through_the_table(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tabletop.testing.table_driver import play_through_table

    window = make_window({GAME: plugins[GAME]})
    c = window.start_game(GameSetup(GAME, 3, ["human", "human", "easy"], {}, seed=10,
                                    fixed_seed=True))
    assert c is not None
    pages = checks = 0
    seen_own_face_down = seen_other_face_down = 0

    def on_privacy() -> None:
        # A real barrier: nothing of the last person's table, buttons or log behind the page.
        nonlocal pages
        assert window.stack.currentWidget() is window.privacy_page
        assert not window.table._pieces and not window.table.gestures()
        assert not window.table_page.game_buttons
        assert window.table_page.log.toPlainText() == ""
        pages += 1

    def before_move() -> None:
        nonlocal checks, seen_own_face_down, seen_other_face_down
        state = c.session.state
        assert c.viewing_seat == c.session.current_player()
        assert screen_leaks(window, c) == []
        checks += 1
        seen_own_face_down += c.viewing_seat in state.owners
        seen_other_face_down += any(o != c.viewing_seat for o in state.owners)

    moves = play_through_table(window, c, qtbot, seed=10, before_move=before_move,
                               on_privacy=on_privacy)
    assert c.over and checks == moves and moves > 10
    assert pages > 8 and seen_own_face_down > 0 and seen_other_face_down > 5
    state = c.session.state
    assert 3 in state.reprimands  # NMF-R30
    actions = {r.action.partition(":")[0] for r in c.session.history if r.seat in (0, 1)}
    assert {"play", "audit"} <= actions  # drags onto milestones and the Audit! button
    assert window.ending.summary_dialog is not None
    assert "third reprimand" in window.ending.summary_dialog.text.text()

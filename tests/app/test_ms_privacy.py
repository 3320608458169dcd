"""Mr. Sneaky at one shared screen: the Thief's view never shows what lies behind a closed door
(MS-R10, MS-R37), not on the table, not in a tooltip, not in the log — across every privacy
screen of a whole hot-seat game and after undo, also an undo pressed while the screen is being
handed from the Rich Man to the Thief."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.app.undo_guard import undo_state
from tabletop.registry import load_plugins
from tabletop.testing.table_driver import start_seeded

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "mr-sneaky"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="Mr. Sneaky did not load")

if GAME in plugins:
    from tabletop.games.mr_sneaky.data import TILE_MARKS, TILE_NAMES
    from tabletop.games.mr_sneaky.view import door_id

    FACE_WORDS = {w for names in TILE_NAMES.values() for w in names} | set(TILE_MARKS.values())


def closed_door_faces_shown(window: Any) -> list[str]:
    """Every trace of a closed door's face on the table as it is drawn now."""
    c = window.controller
    state = c.session.state
    leaks = []
    for d in range(8):
        if state.opened[d]:
            continue
        item = window.table.item_for(door_id(d))
        assert item is not None, d
        piece = item.piece
        texts = [str(v) for v in piece.art.values()] + [piece.tooltip_en, piece.tooltip_ja]
        if piece.art.get("corner"):
            leaks.append(f"{door_id(d)} corner {piece.art['corner']}")
        leaks += [f"{door_id(d)}: {t}" for t in texts if any(w in t for w in FACE_WORDS)]
    return leaks


def house_line_in_log(window: Any) -> bool:
    """Whether the log shows this round's house, the Rich Man's private line. (A player's
    own house of an earlier round, when they were the Rich Man, is theirs to read.)"""
    from tabletop.api import Msg
    from tabletop.games.mr_sneaky.words import WORDS

    c = window.controller
    deal = [r.action for r in c.session.history if r.action.startswith("deal:")][-1]
    line = Msg("log.house", layout=deal.partition(":")[2])
    log = window.table_page.log.toPlainText()
    return WORDS.say(line, "en") in log or WORDS.say(line, "ja") in log


def test_the_thief_never_sees_a_closed_door(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window({GAME: plugins[GAME]})
    c = start_seeded(window, GAME, ["human", "human"], seed=21)
    rng = random.Random(3)
    thief_checks = rich_saw_marks = undos = screens = 0
    for _ in range(600):
        if c.over:
            break
        if c.awaiting_privacy is not None:
            # Behind the privacy screen the table is empty: nothing to read off it.
            assert window.stack.currentWidget() is window.privacy_page
            assert not window.table.gestures()
            window.privacy_page.button.click()
            screens += 1
        seat = c.viewing_seat
        assert seat == c.session.current_player()
        if seat != c.session.state.rich:  # the Thief holds the screen
            assert closed_door_faces_shown(window) == []
            assert not house_line_in_log(window)
            thief_checks += 1
        elif closed_door_faces_shown(window) and house_line_in_log(window):
            rich_saw_marks += 1  # the checks do see the faces where they may be shown
        legal = c.session.legal_actions()
        assert c.submit_human(legal[rng.randrange(len(legal))])
        # Now and then the person who just moved takes it back, then plays on.
        if rng.random() < 0.15 and c.awaiting_privacy is None and undo_state(c)[0]:
            window.undo()
            undos += 1
            if c.viewing_seat is not None and c.viewing_seat != c.session.state.rich:
                assert closed_door_faces_shown(window) == []
                assert not house_line_in_log(window)
    assert c.over, "the game did not end"
    assert thief_checks > 30 and rich_saw_marks > 10 and screens > 10 and undos > 0


def test_a_whole_game_against_the_ai_through_the_table(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """One person against the AI, both roles in turn, every move made on the table."""
    from tabletop.testing.table_driver import play_through_table

    window = make_window({GAME: plugins[GAME]})
    c = start_seeded(window, GAME, ["human", "easy"], seed=8)
    moves = play_through_table(window, c, qtbot, seed=8)
    assert c.over and moves > 10
    rounds = [r.action for r in c.session.history if r.action.startswith("deal:")]
    assert len(rounds) >= 2  # roles swapped at least once: the person played both
    assert window.ending.summary_dialog is not None
    assert "win" in window.ending.summary_dialog.text.text()


# -- undo across the hand-over --------------------------------------------------------------
# Undo goes back to the last human decision (DESIGN §4); at a shared screen only the person who
# made a move may take it back (``GameController.undo_state``). Right after the Rich Man places
# a card the privacy page asks for the Thief; whoever presses Ctrl+Z now may be the Thief.


def _at_the_hand_over(make_window: Any, seed: int) -> tuple[Any, Any, int]:
    """A hot-seat game on ``seed`` played with random moves until the Rich Man has just placed
    a card and the privacy page asks for the Thief (every page on the way clicked through):
    the window, the controller and the Thief's seat."""
    window = make_window({GAME: plugins[GAME]})
    c = start_seeded(window, GAME, ["human", "human"], seed)
    rng = random.Random(seed)
    for _ in range(200):
        if c.awaiting_privacy is not None:
            window.privacy_page.button.click()
        rich = c.session.state.rich
        mover = c.session.current_player()
        legal = c.session.legal_actions()
        assert c.submit_human(legal[rng.randrange(len(legal))])
        if mover == rich and c.awaiting_privacy == 1 - rich:
            assert window.stack.currentWidget() is window.privacy_page
            return window, c, 1 - rich
    raise AssertionError("the screen never passed from the Rich Man to the Thief")


def _press_undo(window: Any, qtbot: Any) -> None:
    """Ctrl+Z, as a person presses it (the window must be active for its shortcut)."""
    from PySide6.QtCore import Qt

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    qtbot.keyClick(window.stack.currentWidget(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier)


def _rich_mans_secrets_on_screen(window: Any) -> list[str]:
    """Closed doors' faces and the house line, wherever the table page shows them now."""
    if window.stack.currentWidget() is not window.table_page:
        return []  # the privacy page (or any other) shows no table at all
    out = closed_door_faces_shown(window)
    if house_line_in_log(window):
        out.append("log: the house line")
    return out


@pytest.mark.parametrize("seed", [21, 4])
def test_undo_is_refused_once_the_thief_holds_the_screen(make_window, qtbot,  # type: ignore[no-untyped-def]
                                                         seed: int) -> None:
    window, c, thief = _at_the_hand_over(make_window, seed)
    window.privacy_page.button.click()  # the Thief takes the screen
    assert c.viewing_seat == thief and _rich_mans_secrets_on_screen(window) == []
    page = window.table_page
    assert not page.undo_button.isEnabled() and not window.menus.act_undo.isEnabled()
    rich_name = c.player_label(1 - thief)
    assert page.undo_button.toolTip() == f"Only {rich_name} can take back their own move."
    before = len(c.session.history)
    _press_undo(window, qtbot)
    # Refused: the Rich Man's move stands, the Thief still holds his own view, nothing shown.
    assert len(c.session.history) == before
    assert page.status.text() == f"Only {rich_name} can take back their own move."
    assert c.viewing_seat == thief and c.session.current_player() == thief
    assert window.stack.currentWidget() is page
    assert _rich_mans_secrets_on_screen(window) == []
    assert c.is_human_turn()  # and the Thief plays on


@pytest.mark.parametrize("seed", [21, 4])
def test_undo_on_the_privacy_page_shows_no_door(make_window, qtbot,  # type: ignore[no-untyped-def]
                                                seed: int) -> None:
    window, c, thief = _at_the_hand_over(make_window, seed)
    before = len(c.session.history)
    # The page asks for the Thief; whoever holds the screen now presses Ctrl+Z.
    _press_undo(window, qtbot)
    assert _rich_mans_secrets_on_screen(window) == []
    if len(c.session.history) < before:
        # Taken back: the Rich Man must place again, and the screen goes back to him only
        # through a privacy page that names him.
        assert c.session.current_player() == 1 - thief
        assert c.awaiting_privacy == 1 - thief
        assert window.stack.currentWidget() is window.privacy_page
        assert c.player_label(1 - thief) in window.privacy_page.title.text()
        window.privacy_page.button.click()
        assert c.viewing_seat == 1 - thief  # his own table, faces and all, is his to see
    else:  # refused: the page still asks for the Thief
        assert c.awaiting_privacy == thief
        assert window.stack.currentWidget() is window.privacy_page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_privacy_page_names_the_role_taken_over(make_window, qtbot, lang: str) -> None:  # type: ignore[no-untyped-def]
    # The roles are public and swap every round (MS-R34): the person taking the screen is
    # told which is theirs now.
    window = make_window({GAME: plugins[GAME]}, lang=lang)
    c = start_seeded(window, GAME, ["human", "human"], seed=21)
    rng = random.Random(5)
    roles = {"en": ("Rich Man", "Thief"), "ja": ("富豪", "泥棒")}[lang]
    seen: set[tuple[int, str]] = set()
    for _ in range(600):
        if c.over:
            break
        if c.awaiting_privacy is not None:
            seat = c.awaiting_privacy
            rich = c.session.state.rich
            who = window.privacy_page.who.text()
            mine, other = roles if seat == rich else roles[::-1]
            assert who.endswith(f"— {mine}") and other not in who, who
            seen.add((seat, mine))
            window.privacy_page.button.click()
        legal = c.session.legal_actions()
        assert c.submit_human(legal[rng.randrange(len(legal))])
    # Both people were handed the screen in both roles.
    assert len(seen) == 4, seen

"""Play a match in the app the way a person does: every human decision is a seeded random legal
action performed through the table (a real drag or click) or the action bar's button."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from tabletop.engine.layout import Gesture
from tests.table.tablehelp import click, drag


def visible_point(table: Any, item_id: str) -> QPoint:
    """A point of ``item_id`` a player can click: its centre, or where nothing lies on it
    (a door with the thief standing in its middle is clicked beside him)."""
    centre = table.view_pos_of(item_id)
    if table._hit(QPointF(centre)) == item_id:
        return centre
    rect = table.mapFromScene(table.item_for(item_id).scene_body()).boundingRect()
    for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
        for fx in (0.5, 0.2, 0.8, 0.1, 0.9):
            pt = QPoint(round(rect.left() + fx * rect.width()),
                        round(rect.top() + fy * rect.height()))
            if table._hit(QPointF(pt)) == item_id:
                return pt
    raise AssertionError(f"no visible point on {item_id}")


def perform(window: Any, gesture: Gesture) -> None:
    """Do what a player would do for ``gesture``: drag (from a point of the source that shows:
    cards in a hand overlap), click a piece, or press a button."""
    table = window.table
    if gesture.source is not None and gesture.target is not None:
        drag(table, visible_point(table, gesture.source), table.view_pos_of(gesture.target))
    elif gesture.target is not None:
        click(table, visible_point(table, gesture.target))
    else:
        buttons = [b for b in window.table_page.game_buttons
                   if b.property("action") == gesture.action]
        assert buttons, f"no button for {gesture.action}"
        QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


def wait_for_human(window: Any, c: Any, qtbot: Any,
                   on_privacy: Callable[[], None] | None = None) -> None:
    """Wait until the match is over or a human seat is to move at the table, answering each
    privacy page on the way by clicking its button, as the next person would (``on_privacy``
    runs first, while the page is up)."""
    while True:
        qtbot.waitUntil(lambda: c.over or c.is_human_turn()
                        or c.awaiting_privacy is not None, timeout=60_000)
        if c.over or c.awaiting_privacy is None:
            return
        if on_privacy is not None:
            on_privacy()
        QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)


class PrivacyWatch:
    """The checks of a hot-seat match: at each privacy page, that it is a real barrier (no
    piece of the last person's table survives behind it); before each human move, that
    ``leaks(window, c)`` finds nothing on the mover's screen. Counts both."""

    def __init__(self, window: Any, c: Any, leaks: Callable[[Any, Any], list[str]]) -> None:
        self.window, self.c, self.leaks = window, c, leaks
        self.pages = 0
        self.checks = 0

    def on_privacy(self) -> None:
        assert self.window.stack.currentWidget() is self.window.privacy_page
        assert not self.window.table._pieces
        self.pages += 1

    def before_move(self) -> None:
        assert self.leaks(self.window, self.c) == []
        self.checks += 1


def play_through_table(window: Any, controller: Any, qtbot: Any, seed: int,
                       limit: int = 2_000, before_move: Callable[[], None] | None = None,
                       on_privacy: Callable[[], None] | None = None) -> int:
    """Play the human seats to the end of the match; the number of human moves made.

    With several human seats the privacy page comes up whenever the screen passes to another
    person: it is answered by clicking its button, as that person would (``on_privacy`` runs
    first, while the page is up). ``before_move`` runs before each human move, on the table
    the mover sees."""
    rng = random.Random(seed)
    table = window.table
    c = controller
    for moves in range(limit):
        wait_for_human(window, c, qtbot, on_privacy)
        if c.over:
            return moves
        if before_move is not None:
            before_move()
        legal = c.session.legal_actions()
        action = legal[rng.randrange(len(legal))]
        offered = [g for g in table.gestures() if g.action == action]
        if not offered:  # buttons are not table gestures: the action bar holds them
            offered = [Gesture(action)]
        # Several actions on one drop open a chooser; answer it with the wanted action.
        table.set_chooser(lambda gs, _pos, a=action: next(g for g in gs if g.action == a))
        before = len(c.session.history)
        perform(window, offered[0])
        qtbot.waitUntil(lambda b=before: len(c.session.history) > b, timeout=10_000)
        assert c.session.history[before].action == action
    raise AssertionError("the match did not end")


def game_window(qtbot: Any, tmp_path: Path, monkeypatch: Any, plugins: dict[str, Any],
                lang: str = "en") -> Iterator[Any]:
    """A shown 1280x800 main window over ``plugins``, its autosaves and settings in
    ``tmp_path`` (never the real user folder), closed afterwards: a game's table-test fixture
    is ``yield from game_window(qtbot, tmp_path, monkeypatch, {GAME: PLUGIN})``."""
    from PySide6.QtCore import QSettings

    from tabletop.app.window import MainWindow

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    settings = QSettings(str(tmp_path / "tabletop.ini"), QSettings.Format.IniFormat)
    window = MainWindow(plugins, [], lang=lang, settings=settings, ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    yield window
    window.close()
    window.thinker.wait_done(5000)

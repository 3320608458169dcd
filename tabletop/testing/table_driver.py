"""Play a match in the app the way a person does: every human decision is a seeded random legal
action performed through the table (a real drag or click) or the action bar's button; and the
shown windows such tests play in, their autosaves and settings in a temporary folder."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from tabletop.app.newgame import GameSetup
from tabletop.app.playing import perform
from tabletop.app.window import MainWindow
from tabletop.engine.layout import Gesture
from tabletop.table.pointer import visible_point

__all__ = ["PrivacyWatch", "Windows", "perform", "play_through_table", "start_seeded",
           "table_moves", "temp_data_dir", "temp_settings", "visible_point", "wait_for_human",
           "window_fixture"]


def wait_for_human(window: Any, c: Any, qtbot: Any,
                   on_privacy: Callable[[], None] | None = None) -> None:
    """Wait until the match is over or a human seat is to move at the table, answering each
    privacy page on the way by clicking its button, as the next person would (``on_privacy``
    runs first, while the page is up), and going on from each result on show by clicking
    its Continue."""
    while True:
        qtbot.waitUntil(lambda: c.over or c.is_human_turn() or c.pausing
                        or c.awaiting_privacy is not None, timeout=60_000)
        if c.pausing:
            QTest.mouseClick(window.moment_panel.button, Qt.MouseButton.LeftButton)
            continue
        if c.over or c.awaiting_privacy is None:
            return
        if on_privacy is not None:
            on_privacy()
        QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)


class PrivacyWatch:
    """The checks of a hot-seat match: at each privacy page, that it is a real barrier (no
    piece of the last person's table survives behind it); before each human move, that
    ``leaks(window, c)`` finds nothing on the mover's screen. Counts both.

    With one person at the screen (``seat``, against computer players) there is never a
    privacy page: before each move the table page is up and shows that seat's table."""

    def __init__(self, window: Any, c: Any, leaks: Callable[[Any, Any], list[str]],
                 seat: int | None = None) -> None:
        self.window, self.c, self.leaks, self.seat = window, c, leaks, seat
        self.pages = 0
        self.checks = 0

    def on_privacy(self) -> None:
        assert self.window.stack.currentWidget() is self.window.privacy_page
        assert not self.window.table._pieces
        self.pages += 1

    def before_move(self) -> None:
        if self.seat is not None:
            assert self.window.stack.currentWidget() is self.window.table_page
            assert self.c.viewing_seat == self.seat
        assert self.leaks(self.window, self.c) == []
        self.checks += 1


def log_shows_own_lines(window: Any, c: Any, kind: str, marker: str) -> bool:
    """Whether the log the viewer reads holds ``marker`` once for each event of ``kind`` told
    to the viewer: their own private lines, and so none of another person's."""
    viewer = c.viewing_seat
    own = sum(1 for rec in c.session.history for e in rec.events
              if e.kind == kind and e.seats is not None and viewer in e.seats)
    return window.table_page.log.toPlainText().count(marker) == own


def uniform(legal: list[str], rng: random.Random) -> str:
    """Any legal action, with equal odds."""
    return legal[rng.randrange(len(legal))]


def first_offered(window: Any, offered: list[Gesture], rng: random.Random) -> Gesture:
    """Perform the first gesture offered for the action; the gesture."""
    perform(window, offered[0])
    return offered[0]


def start_seeded(window: Any, game: str, seats: list[str], seed: int,
                 options: dict[str, Any] | None = None) -> Any:
    """Start a match of ``game`` with these seats on its fixed ``seed`` (it replays the same
    every run); its controller."""
    c = window.start_game(GameSetup(game, len(seats), seats, dict(options or {}), seed=seed,
                                    fixed_seed=True))
    assert c is not None
    return c


def table_moves(window: Any, controller: Any, qtbot: Any, seed: int, limit: int = 2_000,
                before_move: Callable[[], None] | None = None,
                on_privacy: Callable[[], None] | None = None, *,
                choose: Callable[[list[str], random.Random], str] = uniform,
                act: Callable[[Any, list[Gesture], random.Random], Gesture] = first_offered,
                stop: Callable[[], bool] = lambda: False) -> list[Gesture]:
    """Play the human seats until the match is over (or ``stop()``); every gesture made.

    Each move is ``choose(legal, rng)`` with the generator seeded by ``seed``, made by
    ``act(window, offered, rng)`` from the gestures the table offers for it (or its button of
    the action bar): by default the first of them, performed as a player does.

    With several human seats the privacy page comes up whenever the screen passes to another
    person: it is answered by clicking its button, as that person would (``on_privacy`` runs
    first, while the page is up). ``before_move`` runs before each human move, on the table
    the mover sees."""
    rng = random.Random(seed)
    table = window.table
    c = controller
    made: list[Gesture] = []
    for _ in range(limit):
        wait_for_human(window, c, qtbot, on_privacy)
        if c.over or stop():
            return made
        if before_move is not None:
            before_move()
        action = choose(c.session.legal_actions(), rng)
        # Buttons are not table gestures: the action bar holds them.
        offered = [g for g in table.gestures() if g.action == action] or [Gesture(action)]
        # Several actions on one drop open a chooser; answer it with the wanted action.
        table.set_chooser(lambda gs, _pos, a=action: next(g for g in gs if g.action == a))
        before = len(c.session.history)
        made.append(act(window, offered, rng))
        qtbot.waitUntil(lambda b=before: len(c.session.history) > b, timeout=10_000)
        assert c.session.history[before].action == action
    raise AssertionError("the match did not end")


def play_through_table(window: Any, controller: Any, qtbot: Any, seed: int,
                       limit: int = 2_000, before_move: Callable[[], None] | None = None,
                       on_privacy: Callable[[], None] | None = None) -> int:
    """Play the human seats to the end of the match with uniformly random moves, each by the
    first gesture offered for it (see ``table_moves``); the number of human moves made."""
    return len(table_moves(window, controller, qtbot, seed, limit, before_move, on_privacy))


def temp_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves, recent games and campaigns go to a folder of ``tmp_path``, never the real
    user directory; the folder."""
    path = tmp_path / "data"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


def temp_settings(tmp_path: Path) -> QSettings:
    """Settings in a file of ``tmp_path``, never the user's."""
    return QSettings(str(tmp_path / "tabletop.ini"), QSettings.Format.IniFormat)


class Windows:
    """Makes shown 1280x800 main windows on ``settings``, with no AI delay and no animation;
    ``close_all`` closes every one made, waiting for any AI still thinking. Without plugins a
    window gets ``default()``'s."""

    def __init__(self, qtbot: Any, settings: QSettings,
                 default: Callable[[], dict[str, Any]] | None = None) -> None:
        self.qtbot, self.settings, self.default = qtbot, settings, default
        self.made: list[MainWindow] = []

    def __call__(self, plugins: dict[str, Any] | None = None, failures: list[Any] | None = None,
                 lang: str = "en", **options: Any) -> MainWindow:
        if plugins is None:
            assert self.default is not None, "no plugins given"
            plugins = self.default()
        window = MainWindow(plugins, failures or [], lang=lang, settings=self.settings,
                            ai_delay_ms=0, animate=False, **options)
        self.qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        self.made.append(window)
        return window

    def close_all(self) -> None:
        for window in self.made:
            window.close()
            window.thinker.wait_done(5000)


def window_fixture(plugins: dict[str, Any]) -> Any:
    """The ``window`` fixture of a game's table tests, ``window = window_fixture({GAME:
    PLUGIN})``: a shown 1280x800 main window over ``plugins``, its autosaves and settings in
    the test's temporary folder, closed afterwards."""

    @pytest.fixture
    def window(qtbot: Any, tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
        temp_data_dir(tmp_path, monkeypatch)
        windows = Windows(qtbot, temp_settings(tmp_path))
        yield windows(plugins)
        windows.close_all()

    return window

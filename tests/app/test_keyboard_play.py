"""Every game played from the keyboard alone, in the real window: the person at the screen
makes each decision with key presses sent to the widget that has the keyboard (Tab and
Shift+Tab, the arrows, Enter, Space, Escape, R and the keys the action bar shows), never the
mouse and never the controller. Which move to make is read from what the keyboard reaches: the
test steps round everything Tab reaches, picks one of those stops (a piece to pick up, a place
to click, a button), steps to it and plays it; a piece picked up is put down on one of the
glowing places the arrows step through; a chooser menu is answered with the arrows and Enter.

Each game plays a few decisions, covering every kind of decision the person meets on the way
(a piece put down, a place clicked, a button pressed by its key, a button reached by Tab); a
Magos duel is played to its end; a hot-seat game passes its privacy pages by keyboard; and
the shortcuts help lists the table's keys in both languages."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox, QPushButton, QWidget

from tabletop.api import GamePlugin
from tabletop.app.i18n import tr
from tabletop.engine.layout import WINDOW_KEYS
from tabletop.registry import load_plugins
from tabletop.table.view import WORDS
from tabletop.testing.table_driver import start_seeded
from tests.games.punimonyo.pm_clock import ManualClock
from tests.table.tablehelp import make_table

PLUGINS, _failures = load_plugins(include_entry_points=False)
ME = 0  # the person's seat in every game here
# Keys the table takes for itself while a step of it is in focus.
TABLE_KEYS = {Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Escape}


def focused() -> QWidget:
    """The widget that has the keyboard: every key of these tests goes to it."""
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard"
    return widget


def key(k: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(focused(), k, modifiers)


@dataclass(frozen=True)
class Stop:
    """Where Tab has the keyboard: a step of the table (``ident`` its piece or place), a
    button of the action bar (``ident`` its action), or another control."""

    where: str
    ident: str


def stop_now(window: Any) -> Stop:
    widget = focused()
    if widget is window.table:
        return Stop("table", window.table.key_focus() or "")
    if widget in window.table_page.game_buttons:
        return Stop("button", str(widget.property("action")))
    return Stop("other", f"{type(widget).__name__}:{widget.objectName()}")


def tab_round(window: Any, limit: int = 500) -> list[Stop]:
    """Every stop Tab reaches, once round (the keyboard ends where it was after the first
    Tab)."""
    stops: list[Stop] = []
    for _ in range(limit):
        key(Qt.Key.Key_Tab)
        stop = stop_now(window)
        if stops and stop == stops[0]:
            return stops
        assert stop not in stops, f"Tab went round without coming back to {stops[0]}"
        stops.append(stop)
    raise AssertionError("Tab never came round")


def tab_to(window: Any, stop: Stop, limit: int = 500) -> None:
    for _ in range(limit):
        if stop_now(window) == stop:
            return
        key(Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {stop}")


class MenuAnswer:
    """Answers the chooser menu that a key press may open, from the keyboard: ``pick`` gets
    the entries' texts and says which to take; the arrows go to it and Enter takes it."""

    def __init__(self, window: QWidget, pick: Callable[[list[str]], int]) -> None:
        self.window = window
        self.pick = pick
        self.texts: list[str] | None = None
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._answer)

    def _answer(self) -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu) or not menu.isVisible():
            return
        self._timer.stop()
        entries = [a for a in menu.actions() if not a.isSeparator()]
        self.texts = [a.text() for a in entries]
        wanted = entries[self.pick(self.texts)]
        for _ in range(len(entries) + 1):
            if menu.activeAction() is wanted:
                break
            QTest.keyClick(menu, Qt.Key.Key_Down)
        assert menu.activeAction() is wanted
        QTest.keyClick(menu, Qt.Key.Key_Return)

    def press(self, k: Qt.Key) -> list[str] | None:
        """Press ``k``; the texts of the menu it opened and that was answered, if any."""
        self._timer.start()
        try:
            key(k)
        finally:
            self._timer.stop()
        if self.texts is not None and QApplication.activeWindow() is not self.window:
            # A desktop gives the window back its activation when a menu closes; the
            # offscreen platform leaves no window active, so the test does what it would.
            self.window.activateWindow()
            assert QTest.qWaitForWindowActive(self.window)
        for _ in range(200):  # the window gives the keyboard back to its widget
            if QApplication.focusWidget() is not None:
                break
            QTest.qWait(5)
        return self.texts


def shortcut_of(button: QPushButton) -> tuple[Qt.Key, Qt.KeyboardModifier]:
    combo = QKeySequence(str(button.property("key")))[0]
    return combo.key(), combo.keyboardModifiers()


@dataclass
class Player:
    """Makes the person's decisions from the keyboard in ``window`` (its match ``c``).

    ``tick``, for a game played to a beat, lets one beat fall when only the beat can come
    next (the test's clock stands in for time)."""

    window: Any
    c: Any
    qtbot: Any
    rng: random.Random
    tick: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        self.offered: set[str] = set()
        self.made: list[str] = []
        self.privacy_pages = 0
        self.menus: list[list[str]] = []  # the chooser menus answered
        self.turns = 0  # pieces turned round with R before they were put down

    # -- waiting --------------------------------------------------------------------------
    def can_act(self) -> bool:
        return bool(self.window.table.gestures()
                    or any(b.isVisible() for b in self.window.table_page.game_buttons))

    def wait_turn(self) -> bool:
        """Wait until the person may act (passing privacy pages with Enter or Space);
        False when the match is over."""
        c = self.c
        for _ in range(10_000):
            self.qtbot.waitUntil(
                lambda: c.over or c.is_human_turn() or c.awaiting_privacy is not None
                or (self.tick is not None and c.beat.pending()), timeout=60_000)
            # The event loop runs, as it does before a person's next key press: new buttons
            # are shown by it.
            QCoreApplication.processEvents()
            if c.over:
                return False
            if c.awaiting_privacy is not None:
                self.pass_privacy()
                continue
            if c.is_human_turn() and self.can_act():
                return True
            assert self.tick is not None, "the person is to move with nothing to do"
            self.tick()
        raise AssertionError("the person never came to act")

    def pass_privacy(self) -> None:
        window = self.window
        self.qtbot.waitUntil(lambda: window.stack.currentWidget() is window.privacy_page)
        assert not window.table._pieces  # a barrier: nothing of the last table behind it
        assert focused() is window.privacy_page.button
        # Enter still held down from the last move, repeating, does not pass the page.
        held = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier,
                         "\r", True)
        QApplication.sendEvent(focused(), held)
        assert self.c.awaiting_privacy is not None
        key(self.rng.choice([Qt.Key.Key_Return, Qt.Key.Key_Space]))
        self.privacy_pages += 1
        assert self.c.awaiting_privacy is None
        assert focused() is window.table

    # -- what the keyboard reaches ---------------------------------------------------------
    def kinds_of(self, stop: Stop) -> set[str]:
        """What a decision at ``stop`` would be: a piece put down, a place clicked (a piece
        that does both offers both), a button pressed by its key or reached by Tab."""
        if stop.where == "button":
            button = self.button(stop.ident)
            return {"shortcut" if button.property("key") else "button"}
        if stop.where != "table":
            return set()
        gestures = self.window.table.gestures()
        kinds = set()
        if any(g.source == stop.ident and g.target for g in gestures):
            kinds.add("drop")
        if any(g.source is None and g.target == stop.ident for g in gestures):
            kinds.add("click")
        return kinds

    def button(self, action: str) -> QPushButton:
        buttons = [b for b in self.window.table_page.game_buttons
                   if b.property("action") == action]
        assert len(buttons) == 1, action
        return buttons[0]

    # -- one decision ---------------------------------------------------------------------
    def decide(self, prefer: Callable[[set[str]], str] | None = None) -> str:
        """Make one decision; its kind. ``prefer`` picks the kind among those on offer
        (by default one not made yet, else any)."""
        window, c = self.window, self.c
        assert window.table_page.isAncestorOf(focused()), "the keyboard is not on the table page"
        stops = tab_round(window)
        choices = [(kind, stop) for stop in stops for kind in sorted(self.kinds_of(stop))]
        kinds = {kind for kind, _ in choices}
        assert kinds, f"nothing to play reached by Tab: {stops}"
        self.offered |= kinds
        if prefer is not None:
            kind = prefer(kinds)
        else:
            fresh = sorted(kinds - set(self.made))
            kind = self.rng.choice(fresh or sorted(kinds))
        stop = self.rng.choice([s for k, s in choices if k == kind])
        legal = set(c.session.legal_actions())
        mover = c.session.current_player()
        assert not c.is_ai(mover) and mover == c.viewing_seat
        before = len(c.session.history)
        expected = getattr(self, f"_{kind}")(stop)
        assert expected and expected <= legal
        self.qtbot.waitUntil(lambda: len(c.session.history) > before, timeout=10_000)
        record = c.session.history[before]
        assert record.seat == mover and record.action in expected, (kind, stop, record.action)
        self.made.append(kind)
        return kind

    def _shortcut(self, stop: Stop) -> set[str]:
        table = self.window.table
        k, modifiers = shortcut_of(self.button(stop.ident))
        if k in TABLE_KEYS:
            # A key the table or a button in focus would take: back to the table, and
            # Escape lets go of its step; the key is then the window's.
            for _ in range(500):
                if focused() is table:
                    break
                key(Qt.Key.Key_Tab)
            if table.key_focus() is not None:
                key(Qt.Key.Key_Escape)
            assert focused() is table and table.key_focus() is None
        key(k, modifiers)
        return {stop.ident}

    def _button(self, stop: Stop) -> set[str]:
        button = self.button(stop.ident)
        # A button without a key of its own shows none (a game's key the window keeps, such
        # as H for hints, would not press it).
        assert not any(button.text().endswith(f"({k})") for k in WINDOW_KEYS)
        tab_to(self.window, stop)
        assert focused() is button
        key(self.rng.choice([Qt.Key.Key_Return, Qt.Key.Key_Space]))
        return {stop.ident}

    def _click(self, stop: Stop) -> set[str]:
        table = self.window.table
        tab_to(self.window, stop)
        clicks = {g.action for g in table.gestures()
                  if g.source is None and g.target == stop.ident}
        assert table.step_action_text(stop.ident)
        # A piece that also moves asks whether Enter clicks it or picks it up: not picked up.
        pick_up = WORDS["pick_up"][0]
        texts = MenuAnswer(self.window, lambda ts: self.rng.choice(
            [i for i, t in enumerate(ts) if t != pick_up])).press(Qt.Key.Key_Return)
        if texts is not None:
            assert len(texts) >= 2
            self.menus.append(texts)
        return clicks

    def _drop(self, stop: Stop) -> set[str]:
        table = self.window.table
        piece = stop.ident
        tab_to(self.window, stop)
        pick_up = WORDS["pick_up"][0]
        texts = MenuAnswer(self.window, lambda ts: ts.index(pick_up)).press(Qt.Key.Key_Return)
        if texts is not None:
            assert pick_up in texts
            self.menus.append(texts)
        assert table.selected_piece() == piece, "Enter did not pick the piece up"
        turned = False
        item = table.item_for(piece)
        if item.piece.turnable and self.rng.random() < 0.5:
            turns_ok = {g.turned for g in table.gestures() if g.source == piece}
            if True in turns_ok:
                key(Qt.Key.Key_R)
                turned = table.turned_piece() == piece
                assert turned
                self.turns += 1
        # The arrows go round the places the piece may go (they glow) and the piece itself.
        places: list[str] = []
        step = self.rng.choice([Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left,
                                Qt.Key.Key_Up])
        for _ in range(500):
            key(step)
            at = table.key_focus()
            assert at is not None
            if places and at == places[0]:
                break
            places.append(at)
        targets = [p for p in places if p != piece]
        assert piece in places and targets
        assert all(table.item_for(t).glowing for t in targets)
        wanted = {g.target for g in table.gestures()
                  if g.source == piece and g.target and (not turned or g.turned)}
        assert set(targets) == wanted
        target = self.rng.choice(targets)
        while table.key_focus() != target:
            key(step)
        drops = {g.action for g in table.gestures() if g.source == piece
                 and g.target == target and (not turned or g.turned)}
        texts = MenuAnswer(self.window, lambda ts: self.rng.randrange(len(ts))).press(
            self.rng.choice([Qt.Key.Key_Return, Qt.Key.Key_Space]))
        if texts is not None:
            assert len(texts) == len(drops) >= 2
            self.menus.append(texts)
        return drops

    # -- a few decisions --------------------------------------------------------------------
    def play(self, least: int = 3, most: int = 14) -> None:
        """At least ``least`` decisions (fewer when the match ends first), and on until
        every kind of decision met on the way has been made (at most ``most``)."""
        for n in range(most):
            if n >= least and self.offered <= set(self.made):
                return
            if not self.wait_turn():
                return
            self.decide()
        missing = self.offered - set(self.made)
        assert not missing, f"met but never made: {missing}"


def match(make_window: Any, qtbot: Any, game: str, seats: list[str], seed: int,
          **window_options: Any) -> Player:
    """A shown window playing a seeded match of ``game``, and the person's keyboard."""
    if game not in PLUGINS:
        pytest.skip(f"{game} did not load")
    window = make_window({game: PLUGINS[game]}, **window_options)
    c = start_seeded(window, game, seats, seed)
    tick = None
    if isinstance(c.clock, ManualClock):
        tick = c.clock.fire
    return Player(window, c, qtbot, random.Random(seed), tick)


@dataclass(frozen=True)
class Case:
    """One game's keyboard match: its seats and seed, the kinds of decision that seeded
    match makes, and whether a chooser menu is answered and a piece turned with R on the way
    (a piece that both moves and takes a click asks which Enter means in a menu; a tile
    that fits both ways round asks which way)."""

    game: str
    seats: tuple[str, ...]
    seed: int
    kinds: frozenset[str] | None  # None: a game with no case of its own (any kinds, not none)
    menu: bool | None = False  # None: either
    turn: bool | None = False


DROP_CLICK = frozenset({"drop", "click"})
CASES = [
    Case("magos", ("human", "easy"), 3, frozenset({"drop", "shortcut"})),
    Case("magos-solo", ("human",), 4, frozenset({"drop", "shortcut"})),
    Case("national-economy", ("human", "easy"), 5, DROP_CLICK),
    Case("national-economy-solo", ("human",), 6, DROP_CLICK),
    Case("mr-sneaky", ("human", "easy"), 7, DROP_CLICK),
    # Every call has its key (S, F, K; H stays the window's hint); the person also attacks,
    # a card dropped or clicked onto its place, and Enter on a Spy that may be tucked asks
    # in a menu whether to tuck it or pick it up.
    Case("spymaster", ("human", "easy"), 8, frozenset({"drop", "click", "shortcut"}),
         menu=True),
    Case("not-my-fault", ("human", "easy"), 9, frozenset({"drop", "shortcut"})),
    Case("buried-treasure", ("human", "easy"), 10, DROP_CLICK),
    Case("punimonyo", ("human", "easy"), 11, frozenset({"shortcut", "click"})),
    Case("sheep-and-thief", ("human", "easy"), 12, DROP_CLICK, menu=True),
    # Two Saboteur 2 matches: one drops, clicks, presses a button and a key and turns a tile;
    # in the other a piece that both moves and takes a click asks which Enter means.
    Case("saboteur2", ("human", "easy", "easy"), 62,
         frozenset({"drop", "click", "button", "shortcut"}), turn=True),
    Case("saboteur2", ("human", "easy", "easy"), 53, frozenset({"drop"}), menu=True,
         turn=True),
    Case("secret-agent", ("human", "easy", "easy"), 14,
         frozenset({"drop", "click", "shortcut"}), menu=True),
]


def keyboard_cases(plugins: Mapping[str, GamePlugin], cases: list[Case]) -> list[Case]:
    """``cases`` and, for every registered game they leave out, a match of one person against
    the computer at its smallest table: a new game is played from the keyboard before anyone
    writes its case."""
    listed = {case.game for case in cases}
    extra = [Case(game_id, ("human", *["easy"] * (max(1, p.spec.min_players) - 1)), 1, None,
                  menu=None, turn=None)
             for game_id, p in sorted(plugins.items()) if game_id not in listed]
    return [*cases, *extra]


CASES = keyboard_cases(PLUGINS, CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{case.game}-{case.seed}" for case in CASES])
def test_each_game_plays_from_the_keyboard(make_window, qtbot, case: Case) -> None:  # type: ignore[no-untyped-def]
    # A game played to a beat gets a clock the test steps: a beat falls only when nothing
    # else can happen, so the person is never rushed.
    player = match(make_window, qtbot, case.game, list(case.seats), case.seed,
                   clock_factory=ManualClock if case.game == "punimonyo" else None)
    player.play()
    assert len(player.made) >= 3
    if case.kinds is None:
        assert player.made and set(player.made) == player.offered
    else:
        assert set(player.made) == player.offered == case.kinds
    assert case.menu is None or bool(player.menus) == case.menu
    assert case.turn is None or bool(player.turns) == case.turn


def test_a_whole_magos_duel_from_the_keyboard(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    player = match(make_window, qtbot, "magos", ["human", "easy"], seed=21)

    def mostly_dice(kinds: set[str]) -> str:
        # Dice first, as a player does; then the end of the turn or an X.
        if "drop" in kinds and player.rng.random() < 0.85:
            return "drop"
        return player.rng.choice(sorted(kinds))

    for _ in range(400):
        if not player.wait_turn():
            break
        player.decide(mostly_dice)
    c = player.c
    assert c.over and c.session.is_terminal()
    assert len([r for r in c.session.history if r.seat == ME]) == len(player.made)
    # Dice put on spells, the turn ended by its key (E), and an X chosen on the action bar
    # by Tab: its buttons have no key of their own.
    assert set(player.made) == {"drop", "shortcut", "button"}


def test_the_privacy_page_passes_by_keyboard(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    player = match(make_window, qtbot, "spymaster", ["human", "human"], seed=4)
    seats = set()
    for _ in range(4):
        assert player.wait_turn()
        seats.add(player.c.session.current_player())
        player.decide()
    assert seats == {0, 1} and player.privacy_pages >= 2


def test_the_shortcuts_help_lists_the_table_keys_in_both_languages(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    for lang, arrows, then in (("en", "arrow keys", "Enter or Space"),
                               ("ja", "矢印キー", "EnterかSpace")):
        window.set_language(lang)
        rows = window.menus.shortcut_rows()
        keys = dict(rows)
        # Each row of the table's keys is there in the language shown, not in the other one.
        for row in ("step", "pick", "turn", "put_back", "lens", "buttons"):
            assert tr(f"shortcuts.{row}", lang) in keys
            assert tr(f"shortcuts.{row}", "ja" if lang == "en" else "en") not in keys
        step = keys[tr("shortcuts.step", lang)]
        assert "Tab" in step and "Shift+Tab" in step and arrows in step
        pick = keys[tr("shortcuts.pick", lang)]
        assert "Enter" in pick and "Space" in pick
        assert keys[tr("shortcuts.turn", lang)].startswith("R")
        assert keys[tr("shortcuts.put_back", lang)] == "Esc"
        assert keys[tr("shortcuts.lens", lang)].startswith("Z")
        buttons = keys[tr("shortcuts.buttons", lang)]
        assert buttons.startswith("Tab") and then in buttons
        # And the help box shows every row.
        window.menus.show_shortcuts()
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
                   and w.isVisible() and w.windowTitle() == tr("shortcuts.title", lang))
        for keys_text in keys.values():
            assert keys_text in box.text()
        box.close()


def test_the_tables_keys_come_before_a_button_key_on_the_same_key(qtbot) -> None:  # type: ignore[no-untyped-def]
    # A game's button may answer Enter; while a step of the table is in focus, Enter is the
    # table's, and Escape (nothing picked up) gives it back to the button.
    view = make_table(qtbot)
    pressed: list[str] = []
    button_key = QShortcut(QKeySequence("Return"), view)
    button_key.activated.connect(lambda: pressed.append("button"))
    view.activateWindow()
    assert QTest.qWaitForWindowActive(view)
    view.setFocus()
    QTest.keyClick(focused(), Qt.Key.Key_Tab)
    QTest.keyClick(focused(), Qt.Key.Key_Return)
    assert view.selected_piece() == "die0" and pressed == []
    QTest.keyClick(focused(), Qt.Key.Key_Escape)  # put back: the step stays in focus
    assert view.selected_piece() is None and view.key_focus() == "die0"
    QTest.keyClick(focused(), Qt.Key.Key_Escape)  # let go of the step
    assert view.key_focus() is None
    QTest.keyClick(focused(), Qt.Key.Key_Return)
    assert pressed == ["button"] and view.selected_piece() is None

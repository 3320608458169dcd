"""Lessons played through the real window by mouse events, in both languages: Learn to play on
the chooser card opens the lesson; at each step the callout says the step's words beside its
piece (on screen at 1280x800, never over the piece), the piece glows, a wrong legal move is
refused with the step's reason and not played, and the step's move goes on; at the end the
callout offers the ways on, and Play on continues the same game against the computer. A
lesson autosaves with its mark and resumes as a lesson. The games are every registered game
with a lesson."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from tabletop import lesson as lessons_core
from tabletop.app.i18n import tr
from tabletop.app.lessons import place_beside
from tabletop.app.playing import offered, perform
from tabletop.registry import lesson_file, load_plugins
from tabletop.table.view import UNSYNCED_RESTORE_MS
from tabletop.testing.table_driver import wait_for_human

PLUGINS, _ = load_plugins(include_entry_points=False)
WITH_LESSON = sorted(gid for gid, p in PLUGINS.items() if lesson_file(p) is not None)


def _word(plugin: Any, code: str, lang: str) -> str:
    entry = plugin.words.entry(code)
    assert entry is not None
    return entry[1] if lang == "ja" else entry[0]


def _screen_rect(widget: Any) -> QRect:
    return QRect(widget.mapTo(widget.window(), QPoint(0, 0)), widget.size())


def check_callout(window: Any, lessons: Any, move: Any, lang: str) -> None:
    """The callout shows the step's words, lies within the table and the 1280x800 window,
    covers neither the step's piece nor its target, and the piece glows."""
    callout = lessons.callout
    plugin = window.controller.plugin
    assert callout.isVisible()
    assert callout.text.text() == _word(plugin, move.say, lang)
    assert callout.text.width() >= 250  # room for a sentence a line
    box = _screen_rect(callout)
    table = _screen_rect(window.table.viewport())
    assert table.contains(box), (box, table)
    assert QRect(0, 0, 1280, 800).contains(box)
    piece, target = lessons.piece_rects()
    assert piece is not None
    assert not callout.geometry().intersects(piece)
    if target is not None:
        assert not callout.geometry().intersects(target)
    gesture = next((g for g in window.table.gestures() if g.action == move.action
                    and (g.source or g.target)), None)
    if gesture is None:  # a button of the action bar: marked as the Hint marks it
        button = lessons.button_for(move.action)
        assert button is not None and "#ffe08a" in button.styleSheet()
        return
    lit = {getattr(it, "item_id", None) for it in window.table._hint_items}
    assert (gesture.source or gesture.target) in lit


def wrong_move(window: Any, move: Any) -> Any:
    """A legal move other than the step's that the window offers a gesture for."""
    legal = window.controller.session.legal_actions()
    for action in legal:
        if action != move.action and offered(window, action):
            return offered(window, action)[0]
    return None


def play_lesson(window: Any, qtbot: Any, game_id: str, lang: str) -> tuple[int, int]:
    """Open the lesson from its card and play it to its end; (steps, refusals)."""
    button = window.chooser.findChild(QPushButton, f"learn-{game_id}")
    assert button is not None and button.isVisible()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    c = window.controller
    assert c is not None and c.guard is not None
    lessons = window.lessons
    taught = lessons.lesson
    steps = refusals = choices = 0
    while not taught.finished(c.moves()):
        wait_for_human(window, c, qtbot)
        move = lessons.due()
        assert move is not None, c.moves()
        qtbot.waitUntil(lambda: lessons.callout.isVisible())
        check_callout(window, lessons, move, lang)
        wrong = wrong_move(window, move)
        choices += len(c.session.legal_actions()) > 1
        if wrong is not None:
            before = len(c.session.history)
            perform(window, wrong)
            qtbot.wait(10)
            assert len(c.session.history) == before  # refused, not played
            reason = _word(c.plugin, move.refuse or move.say, lang)
            assert reason in lessons.callout.refused.text()
            assert lessons.callout.refused.isVisible()
            assert reason in window.table_page.status.full_text()
            refusals += 1
            qtbot.wait(UNSYNCED_RESTORE_MS + 300)  # the piece is back in its place
        right = offered(window, move.action)
        assert right, move.action
        before = len(c.session.history)
        perform(window, right[0])
        qtbot.waitUntil(lambda b=before: len(c.session.history) > b, timeout=10_000)
        assert taught.position(c.moves()) > taught.moves.index(move)
        steps += 1
        # The computer seats' scripted replies, up to the learner's next step or the end.
        qtbot.waitUntil(lambda: c.is_human_turn() or c.pausing or c.over
                        or taught.finished(c.moves()), timeout=10_000)
        while c.pausing:
            QTest.mouseClick(window.moment_panel.button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: c.is_human_turn() or c.pausing or c.over
                            or taught.finished(c.moves()), timeout=10_000)
    # The end: the ways on, in the person's language.
    qtbot.waitUntil(lambda: lessons.callout.buttons.isVisible())
    assert lessons.callout.continue_button.text() == tr("lesson.continue", lang)
    assert _screen_rect(window.table.viewport()).contains(_screen_rect(lessons.callout))
    assert refusals == choices  # every step with another move had it refused
    return steps, refusals


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_lesson_played_by_mouse(make_window: Any, qtbot: Any, game_id: str,
                                lang: str) -> None:
    window = make_window({game_id: PLUGINS[game_id]}, lang=lang)
    steps, refusals = play_lesson(window, qtbot, game_id, lang)
    taught = lessons_core.load(PLUGINS[game_id])
    assert steps == len(taught.steps)
    assert refusals >= len(taught.steps) // 2
    c = window.controller
    if c.over:  # the lesson played the game out: a real game or the lesson again
        assert not window.lessons.callout.continue_button.isVisible()
        QTest.mouseClick(window.lessons.callout.repeat_button, Qt.MouseButton.LeftButton)
        again = window.controller
        assert again is not None and again is not c and again.guard is not None
        # The lesson from its start: on its script, not yet through it.
        assert taught.position(again.moves()) >= 0 and not taught.finished(again.moves())
        return
    QTest.mouseClick(window.lessons.callout.continue_button, Qt.MouseButton.LeftButton)
    on = window.controller
    assert on is not None and on is not c
    assert on.guard is None and "lesson" not in on.save_data().ui
    assert on.moves() == [m.action for m in taught.moves]  # the same game goes on
    assert not window.lessons.callout.isVisible()


def test_lesson_resumes_as_a_lesson(make_window: Any, qtbot: Any) -> None:
    game_id = "buried-treasure"
    window = make_window({game_id: PLUGINS[game_id]})
    c = window.learn(game_id)
    taught = window.lessons.lesson
    first = taught.steps[0]
    wait_for_human(window, c, qtbot)
    perform(window, offered(window, first.action)[0])
    qtbot.waitUntil(lambda: taught.step_number(c.moves()) == 2 and c.is_human_turn())
    assert c.save_data().ui["lesson"] == game_id
    window.back_to_chooser()
    assert window.files.pending is not None
    resumed = window.files.resume_pending()
    assert resumed is not None and resumed.guard is not None
    assert resumed.moves()[:2] == [m.action for m in taught.moves[:2]]
    wait_for_human(window, resumed, qtbot)
    assert window.lessons.due() == taught.steps[1]
    qtbot.waitUntil(lambda: window.lessons.callout.isVisible())


def test_the_callout_is_placed_beside_its_piece() -> None:
    area = QRect(0, 0, 1000, 700)
    size = (340, 160)
    # Room above: it goes there, clear of the piece (a row of cards keeps its neighbours).
    piece = QRect(400, 300, 80, 110)
    box = place_beside(piece, None, size, area)
    assert area.contains(box) and not box.intersects(piece) and box.bottom() < piece.top()
    # At the top edge: below it.
    piece = QRect(400, 10, 80, 110)
    box = place_beside(piece, None, size, area)
    assert area.contains(box) and not box.intersects(piece) and box.top() > piece.bottom()
    # Its target above and other pieces below: beside it, covering none of them.
    piece, target = QRect(100, 300, 80, 110), QRect(0, 0, 1000, 200)
    others = [QRect(0, 560, 1000, 120)]
    box = place_beside(piece, target, size, area, others)
    assert not box.intersects(piece) and not box.intersects(target)
    assert not box.intersects(others[0]) and box.left() > piece.right()
    # A token smaller than a quarter of a card (a worker) is not a sliver: the box keeps off it.
    piece, token = QRect(400, 10, 20, 20), QRect(405, 45, 20, 20)
    box = place_beside(piece, None, size, area, [token])
    assert area.contains(box) and not box.intersects(piece) and not box.intersects(token)


def test_help_menu_lists_the_lessons_and_the_step_links_its_rules(make_window: Any,
                                                                  qtbot: Any) -> None:
    plugins = {gid: PLUGINS[gid] for gid in ("buried-treasure", "magos", "punimonyo")}
    window = make_window(plugins, lang="ja")
    menus = window.menus
    menus.menu_learn.aboutToShow.emit()
    listed = {a.objectName() for a in menus.menu_learn.actions()}
    assert listed == {f"learn-{gid}" for gid in WITH_LESSON if gid in plugins}
    magos = next(a for a in menus.menu_learn.actions() if a.objectName() == "learn-magos")
    magos.trigger()
    c = window.controller
    assert c is not None and c.setup.game_id == "magos" and c.guard is not None
    qtbot.waitUntil(lambda: window.lessons.callout.isVisible())
    callout = window.lessons.callout
    # The first step links "A turn": the Japanese rulebook's section in the same place.
    assert callout.rules.text() == tr("lesson.rules", "ja", section="手番の流れ")
    QTest.mouseClick(callout.rules, Qt.MouseButton.LeftButton)
    rules = menus.rules_window
    assert rules is not None and rules.isVisible()
    assert rules.browser.textCursor().block().text() == "手番の流れ"
    # The game on the table comes first in the menu.
    menus.menu_learn.aboutToShow.emit()
    assert menus.menu_learn.actions()[0].objectName() == "learn-magos"

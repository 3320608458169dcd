"""The moment of a result, played by mouse and keyboard in the window: a Saboteur 2 round's
end (its finished maze, the roles, the gold), a Sheep & Thief round's scoring by category and
a Secret Agent check stay on the table until the person presses Continue or Enter; nothing
moves meanwhile; a change of language rewords them in place; the log's line of one opens it
again; against the computer a setting lets it go on by itself, never at one shared screen."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from tabletop.api import GamePlugin
from tabletop.app import moment as moment_panel
from tabletop.app.newgame import GameSetup
from tabletop.app.playing import offered, perform
from tabletop.engine import Moment, Msg, Session
from tabletop.games.saboteur2.plugin import PLUGIN as SABOTEUR
from tabletop.games.secret_agent.plugin import PLUGIN as SECRET_AGENT
from tabletop.games.sheep_and_thief.plugin import PLUGIN as SHEEP
from tabletop.text import Speaker

PLUGINS = {p.spec.id: p for p in (SABOTEUR, SHEEP, SECRET_AGENT)}


def moment_after(plugin: GamePlugin, session: Session, action: str
                 ) -> tuple[int, Moment] | None:
    """The first moment seat 0 is shown after it plays ``action`` here (and the chance after
    it), with the ply it follows; ``None`` when the move shows none or ends the match."""
    trial = session.copy()
    before = len(trial.history)
    trial.submit(0, action)
    if trial.is_terminal():
        return None
    view = plugin.view()
    for ply in range(before + 1, len(trial.history) + 1):
        events = [e for e in trial.history[ply - 1].events if e.visible_to(0)]
        if events:
            obs = plugin.game.observation(trial.state_at(ply), 0)
            found = view.moment(obs, 0, events)
            if found is not None:
                return ply, found
    return None


def before_moment(plugin: GamePlugin, n: int, seed: int
                  ) -> tuple[Session, str, int, Moment]:
    """A seeded random match of ``n`` seats at seat 0's first move after which it is shown a
    result: the match, the move, the ply of the result and the result."""
    game = plugin.game
    for s in range(seed, seed + 40):
        session = Session(game, n, {}, s, human_seats=[0])
        rng = random.Random(s)
        while not session.is_terminal():
            player = session.current_player()
            legal = session.legal_actions()
            if player == 0:
                for action in legal:
                    found = moment_after(plugin, session, action)
                    if found is not None:
                        return session, action, *found
            session.submit(player, legal[rng.randrange(len(legal))])
    raise AssertionError(f"no result after a move of seat 0 in {plugin.spec.id}")


def start_at(window: Any, plugin: GamePlugin, session: Session, seats: list[str]) -> Any:
    setup = GameSetup(plugin.spec.id, len(seats), seats, {}, seed=session.seed,
                      fixed_seed=True)
    c = window.start_game(setup, session=session)
    assert c is not None
    return c


def panel_texts(window: Any) -> list[str]:
    panel = window.moment_panel
    return [w.text() for w in panel.findChildren(QLabel) if w.isVisibleTo(panel) and w.text()]


def say_all(c: Any, m: Moment, lang: str) -> list[str]:
    speaker: Speaker = c.speaker
    cells = [speaker.say(cell, lang) for row in m.table for cell in row]
    return [speaker.say(m.title, lang), *(speaker.say(line, lang) for line in m.lines), *cells]


CASES = [("saboteur2", 4, ["human", "random", "random", "random"], 11),
         ("sheep-and-thief", 3, ["human", "random", "random"], 5),
         ("secret-agent", 3, ["human", "random", "random"], 3)]


@pytest.mark.parametrize(("game", "n", "seats", "seed"), CASES, ids=[c[0] for c in CASES])
def test_result_waits_for_continue(make_window, qtbot, game: str, n: int, seats: list[str],
                                   seed: int) -> None:
    plugin = PLUGINS[game]
    session, action, ply, expected = before_moment(plugin, n, seed)
    window = make_window({game: plugin})
    c = start_at(window, plugin, session, seats)
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    gestures = offered(window, action)
    assert gestures, action
    perform(window, gestures[0])
    qtbot.waitUntil(lambda: c.pausing, timeout=10_000)
    panel = window.moment_panel
    assert panel.isVisible() and panel.pausing
    # What the panel says is the view's moment, worded; Continue (Enter) goes on.
    texts = panel_texts(window)
    for text in say_all(c, expected, "en"):
        assert any(text in t for t in texts), (text, texts)
    assert panel.button.text() == "Continue (Enter)"
    # The table stands at the result, input off; no computer moves while it is up.
    length = len(c.session.history)
    QTest.qWait(300)
    assert c.pausing and len(c.session.history) == length
    assert not c.is_human_turn() and window.table_page.status.full_text().startswith(
        "The result is on the table")
    shown = c.game.observation(c.session.state_at(ply), 0)
    assert set(window.table._pieces) == {p.id for p in c.view.layout(shown, 0).pieces}
    # Japanese rewords it where it stands.
    window.set_language("ja")
    assert c.pausing and panel.isVisible()
    assert panel.button.text() == "続ける（Enter）"
    ja = panel_texts(window)
    assert c.speaker.say(expected.title, "ja") in ja
    window.set_language("en")
    # Enter goes on, from wherever the keyboard is in the window.
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert not c.pausing and not panel.isVisible()
    qtbot.waitUntil(lambda: c.over or c.is_human_turn() or c.pausing, timeout=20_000)


def test_saboteur_round_end_shows_maze_roles_and_gold(make_window, qtbot) -> None:
    """SB-R23..SB-R33: the finished maze with every goal face up, each seat's role and gold."""
    session, action, ply, _ = before_moment(SABOTEUR, 4, 11)
    window = make_window({"saboteur2": SABOTEUR})
    c = start_at(window, SABOTEUR, session, ["human", "random", "random", "random"])
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    perform(window, offered(window, action)[0])
    qtbot.waitUntil(lambda: c.pausing, timeout=10_000)
    obs = c.game.observation(c.session.state_at(ply), 0)
    assert all(g["card"] is not None for g in obs["goals"])
    pieces = window.table._pieces
    for slot in range(len(obs["goals"])):
        goal = pieces[f"goal{slot}"].piece  # its face on show, the reached one or not
        assert goal.kind == "tile" and goal.art, slot
    texts = panel_texts(window)
    for p, pl in enumerate(obs["players"]):
        assert c.speaker.say(Msg(f"role.{pl['role']}"), "en") in texts, p
        assert str(pl["gold"]) in texts
    assert "Gold this round" in texts and "Total gold" in texts


def _log_line_of(c: Any, ply: int) -> int:
    return max(i for i, p in enumerate(c._line_plies) if p == ply)


def test_result_opens_again_from_the_log(make_window, qtbot) -> None:
    session, action, ply, expected = before_moment(SHEEP, 3, 5)
    window = make_window({"sheep-and-thief": SHEEP})
    c = start_at(window, SHEEP, session, ["human", "random", "random"])
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    perform(window, offered(window, action)[0])
    qtbot.waitUntil(lambda: c.pausing, timeout=10_000)
    QTest.mouseClick(window.moment_panel.button, Qt.MouseButton.LeftButton)
    assert not c.pausing
    qtbot.waitUntil(c.is_human_turn, timeout=20_000)
    log = window.table_page.log
    assert "Double-click" in log.toolTip()
    line = _log_line_of(c, ply)
    block = log.document().findBlockByNumber(line)
    log.setTextCursor(log.textCursor())
    cursor = log.textCursor()
    cursor.setPosition(block.position())
    log.setTextCursor(cursor)
    log.ensureCursorVisible()
    point = log.cursorRect(cursor).center() + QPoint(4, 0)
    length = len(c.session.history)
    QTest.mouseDClick(log.viewport(), Qt.MouseButton.LeftButton, pos=point)
    panel = window.moment_panel
    assert panel.isVisible() and not c.pausing
    assert c.speaker.say(expected.title, "en") in panel_texts(window)
    assert panel.button.text() == "Close"
    assert c.is_human_turn() and len(c.session.history) == length  # play is not held
    QTest.mouseClick(panel.button, Qt.MouseButton.LeftButton)
    assert not panel.isVisible() and c.is_human_turn()
    # A line that tells no result opens nothing.
    other = next(i for i, p in enumerate(c._line_plies) if p != ply
                 and c._moment_of(p, 0) is None)
    assert c.moment_at_line(other) is None and not panel.isVisible()


def test_against_the_computer_a_result_may_go_on_by_itself(make_window, qtbot, settings,
                                                            monkeypatch) -> None:
    monkeypatch.setattr(moment_panel, "AUTO_MS", 50)
    settings.setValue("table/auto_results", "true")
    session, action, _, _ = before_moment(SHEEP, 3, 5)
    window = make_window({"sheep-and-thief": SHEEP})
    assert window.menus.act_auto_results.isChecked()
    c = start_at(window, SHEEP, session, ["human", "random", "random"])
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    perform(window, offered(window, action)[0])
    qtbot.waitUntil(lambda: c.pausing, timeout=10_000)
    assert "by itself" in " ".join(panel_texts(window))
    qtbot.waitUntil(lambda: not c.pausing, timeout=5_000)
    assert not window.moment_panel.isVisible()


def test_at_one_screen_a_result_always_waits(make_window, qtbot, settings,
                                             monkeypatch) -> None:
    monkeypatch.setattr(moment_panel, "AUTO_MS", 50)
    settings.setValue("table/auto_results", "true")
    session, action, _, _ = before_moment(SHEEP, 3, 5)
    session.human_seats = frozenset({0, 1})
    window = make_window({"sheep-and-thief": SHEEP})
    c = start_at(window, SHEEP, session, ["human", "human", "random"])
    qtbot.waitUntil(lambda: c.is_human_turn() or c.awaiting_privacy is not None,
                    timeout=10_000)
    if c.awaiting_privacy is not None:
        QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.is_human_turn() and c.viewing_seat == 0, timeout=10_000)
    perform(window, offered(window, action)[0])
    qtbot.waitUntil(lambda: c.pausing, timeout=10_000)
    QTest.qWait(300)
    assert c.pausing and window.moment_panel.isVisible()
    assert "by itself" not in " ".join(panel_texts(window))
    QTest.mouseClick(window.moment_panel.button, Qt.MouseButton.LeftButton)
    assert not c.pausing


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_five_seat_round_end_shows_every_text_whole(make_window, qtbot, lang: str) -> None:  # type: ignore[no-untyped-def]
    # At 1280x800 a five-seat table of roles and gold is wider than the panel's usual width:
    # "Green gold-digger" was cut to "gold-digger" (the team lost), "Gold this round" to "Gold
    # this r", 「このラウンド」 to 「このラウント」.
    session, action, _ply, _ = before_moment(SABOTEUR, 5, 5)
    window = make_window({"saboteur2": SABOTEUR}, lang=lang)
    window.resize(1280, 800)
    c = start_at(window, SABOTEUR, session, ["human", *["random"] * 4])
    qtbot.waitUntil(c.is_human_turn, timeout=10_000)
    perform(window, offered(window, action)[0])
    qtbot.waitUntil(lambda: c.pausing, timeout=10_000)
    panel = window.moment_panel
    cut = []
    for label in panel.findChildren(QLabel):
        if not label.isVisibleTo(panel) or not label.text() or label.wordWrap():
            continue
        need = label.fontMetrics().horizontalAdvance(label.text())
        if need > label.contentsRect().width() + 1:
            cut.append(f"{label.text()!r}: {need} px in {label.contentsRect().width()}")
    assert not cut, cut
    # Still over the table, and its table in a readable size.
    assert window.table.geometry().contains(panel.geometry().adjusted(0, 0, -1, -1)) or \
        panel.width() <= window.table.width()
    sizes = {label.font().pointSizeF() for label in panel.grid_box.findChildren(QLabel)}
    assert min(sizes) >= 9.0, sizes

"""Nothing transient survives a change of the person at the screen or of the match (the
reproductions of the shared screen, one by one): the line beside the status, a replay of the
running match, the status line about a computer's failed move, the table's focus and lens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tabletop.app.glasscheck import COMPUTER, HANDOVER, GlassCheck, glass_window, positions
from tabletop.app.playing import offered, perform
from tabletop.registry import load_plugins
from tabletop.table.pointer import move, visible_point
from tabletop.testing.table_driver import temp_settings

PLUGINS = load_plugins(include_entry_points=False)[0]


def _window(qtbot: Any, tmp_path: Path) -> Any:
    window = glass_window(PLUGINS, temp_settings(tmp_path), tmp_path / "data")
    qtbot.addWidget(window)
    return window


def test_the_rich_mans_card_is_not_described_to_the_thief(qtbot: Any, tmp_path: Path) -> None:
    # Mr. Sneaky at one screen: the Rich Man rests the pointer on his card, opens a replay of
    # the match and drops the card on a door; the Thief passes the privacy page.
    window = _window(qtbot, tmp_path)
    position = next(iter(positions(PLUGINS["mr-sneaky"], HANDOVER, ["human", "human"],
                                   range(3))))
    check = GlassCheck(window)
    c = check.start(position, position.session(PLUGINS["mr-sneaky"].game))
    table = window.table
    move(table, visible_point(table, "drawn"), held=False)
    assert "card" in window.table_page.hover.text()
    replay = window.files.replay_current()
    assert replay.isVisible()
    perform(window, offered(window, position.action)[0])
    qtbot.waitUntil(lambda: c.awaiting_privacy == position.viewer)
    assert window.table_page.hover.text() == ""
    assert not replay.isVisible() and window.files.replay_window is None
    QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.is_human_turn())
    assert c.viewing_seat == position.viewer
    assert window.table_page.hover.text() == ""
    assert table.key_focus() is None and table.lens_piece() is None


def test_a_computers_failed_move_is_not_named(qtbot: Any, tmp_path: Path) -> None:
    # Sheep & Thief against the computer: its search fails while it keeps a card face down;
    # the status line says a random move is made, not which card it kept.
    window = _window(qtbot, tmp_path)
    plugin = PLUGINS["sheep-and-thief"]
    position = next(iter(positions(plugin, COMPUTER, ["human", "easy"], range(3))))
    c = GlassCheck(window).start(position, position.session(plugin.game))
    window.thinker.fail = True
    c.thinking.delay_ms = 3_600_000
    perform(window, offered(window, position.action)[0])
    qtbot.waitUntil(lambda: c.thinking.pending is None and "random" in window.table_page
                    .status.full_text())
    text = window.table_page.status.full_text()
    assert text.startswith("Player 2 (AI) could not finish thinking")
    legal = c.session.legal_actions()
    assert not any(c.speaker.describe(c.session.state, a, "en") in text for a in legal)

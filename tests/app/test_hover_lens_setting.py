"""The View menu's "Show a card large when the mouse rests on it": on by default, remembered
across windows in the settings; off, resting the mouse on a card shows its tooltip only,
while Z (or a long press) still shows it large."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip

from tabletop.app.newgame import GameSetup
from tabletop.games.magos.plugin import PLUGIN as MAGOS
from tabletop.table.lens import has_lens
from tests.table.tablehelp import move


def rest_on(table, pid: str) -> None:  # type: ignore[no-untyped-def]
    pos = table.view_pos_of(pid)
    move(table, pos, held=False)
    vp = table.viewport()
    QApplication.sendEvent(vp, QHelpEvent(QEvent.Type.ToolTip, pos, vp.mapToGlobal(pos)))


def test_the_hover_lens_is_a_remembered_view_setting(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window({"magos": MAGOS})
    c = window.start_game(GameSetup("magos", 2, ["human", "human"], {}, seed=4,
                                    fixed_seed=True))
    assert c is not None
    if c.awaiting_privacy is not None:
        window.privacy_page.button.click()
    table = window.table
    card = next(p for p in table.piece_ids() if has_lens(table.item_for(p)))
    act = window.menus.act_hover_lens
    assert act.isCheckable() and act.isChecked() and table.hover_lens()
    rest_on(table, card)
    assert table.lens_piece() == card
    table.close_lens()

    act.trigger()  # off
    assert not table.hover_lens()
    rest_on(table, card)
    assert table.lens_piece() is None  # the tooltip only
    assert QToolTip.isVisible() and QToolTip.text() == table.item_for(card).toolTip()
    QToolTip.hideText()
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Z)
    assert table.lens_piece() == card  # Z still shows it large
    QTest.keyClick(table, Qt.Key.Key_Escape)

    # A new window on the same settings starts with it off, its table too.
    other = make_window({"magos": MAGOS})
    assert not other.menus.act_hover_lens.isChecked() and not other.hover_lens()
    assert other.start_game(GameSetup("magos", 2, ["human", "human"], {}, seed=4,
                                      fixed_seed=True)) is not None
    assert not other.table.hover_lens()
    other.menus.act_hover_lens.trigger()
    assert other.table.hover_lens() and make_window({"magos": MAGOS}).hover_lens()

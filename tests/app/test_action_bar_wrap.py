"""The action bar wraps its buttons onto more rows instead of widening the window: a move may
offer several long choices at once (a Saboteur 2 player with three broken tools and a trap
has a button to mend each, and one to end a pass)."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget

from tabletop.app.flow import FlowLayout
from tabletop.app.newgame import GameSetup
from tabletop.engine.layout import Gesture

LONG = [
    "Discard two cards to remove Broken pickaxe in front of you",
    "Discard two cards to remove Broken lantern in front of you",
    "Discard two cards to remove Broken mine cart in front of you",
    "Discard two cards to remove Trapped! in front of you",
    "End the pass and draw",
]


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(10)


def test_many_long_buttons_wrap_and_the_window_keeps_its_width(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1280, 800)
    window.start_game(GameSetup("toy", 2, ["human", "easy"], {}, seed=1))
    page = window.table_page
    _settle(qtbot)
    one_row = page.game_buttons[0].height() if page.game_buttons else 38
    gestures = [Gesture(f"act:{i}", label_en=text, label_ja=text) for i, text in enumerate(LONG)]
    page.set_game_buttons(gestures, "en", lambda action: None)
    _settle(qtbot)
    buttons = page.game_buttons
    assert [b.text() for b in buttons] == LONG
    # Side by side they need far more than the window has.
    assert sum(b.sizeHint().width() for b in buttons) > 1280
    assert window.width() == 1280 and window.minimumSizeHint().width() <= 1280
    inside = page.rect()
    spots: list[QRect] = []
    for b in buttons:
        assert b.isVisible()
        assert b.width() >= b.sizeHint().width(), f"squeezed: {b.text()!r}"
        spot = QRect(b.mapTo(page, b.rect().topLeft()), b.size())
        assert inside.contains(spot), f"off the page: {b.text()!r} at {spot}"
        assert not any(spot.intersects(other) for other in spots), f"overlaps: {b.text()!r}"
        spots.append(spot)
    rows = {s.top() for s in spots}
    assert len(rows) >= 2
    # The Hint, Undo and Redo buttons keep their places and their size beside them.
    for fixed in (page.hint_button, page.undo_button, page.redo_button):
        assert fixed.isVisible() and fixed.width() >= fixed.sizeHint().width()
        spot = QRect(fixed.mapTo(page, fixed.rect().topLeft()), fixed.size())
        assert inside.contains(spot) and not any(spot.intersects(s) for s in spots)
    # Back to a single short button: one row again, the table gets its height back.
    page.set_game_buttons([Gesture("act:x", label_en="Pass", label_ja="パス")], "en",
                          lambda action: None)
    _settle(qtbot)
    assert page.game_buttons[0].height() <= max(one_row, page.hint_button.height())
    assert page.game_buttons[0].mapTo(page, page.game_buttons[0].rect().topLeft()).y() \
        >= spots[0].top()


def test_the_flow_layout_measures_rows() -> None:
    # Three items of 100 x 30 with a gap of 6: one row at 312 wide, two rows (66 high) at 250,
    # three at 100, and never narrower than one item.
    host = QWidget()
    flow = FlowLayout(host, spacing=6)
    for _ in range(3):
        w = QWidget()
        w.setFixedSize(100, 30)
        flow.addWidget(w)
    assert flow.sizeHint().width() == 312 and flow.minimumSize().width() == 100
    assert flow.heightForWidth(312) == 30
    assert flow.heightForWidth(250) == 66
    assert flow.heightForWidth(100) == 102
    flow.itemAt(1).widget().hide()  # type: ignore[union-attr]
    assert flow.sizeHint().width() == 206 and flow.heightForWidth(210) == 30

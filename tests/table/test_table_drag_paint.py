"""A drag is drawn over a still copy of the table (TableWidget._start_drag_shot): what the player
sees mid-drag matches what Qt draws of the same scene, the target the piece is over lights up
in the copy, the copy follows a zoom, and the table is whole again after the drop."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage

from tabletop.table import TableWidget
from tests.table.tablehelp import make_table, move, press, release


def image(view: TableWidget) -> QImage:
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def differing(a: QImage, b: QImage, tolerance: int = 48) -> float:
    """The share of pixels whose colours differ by more than ``tolerance`` in a channel."""
    assert a.size() == b.size()
    step = 2
    seen = diff = 0
    for y in range(0, a.height(), step):
        for x in range(0, a.width(), step):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            seen += 1
            if max(abs(p.red() - q.red()), abs(p.green() - q.green()),
                   abs(p.blue() - q.blue())) > tolerance:
                diff += 1
    return diff / seen


def drag_halfway(view: TableWidget, source: str, target: str) -> QPoint:
    start = view.view_pos_of(source)
    end = view.view_pos_of(target)
    press(view, start)
    for k in range(1, 7):
        move(view, start + (end - start) * (k / 6))
    return end


def test_mid_drag_the_copy_shows_what_qt_draws(qtbot: Any) -> None:
    view = make_table(qtbot)
    before = image(view)
    drag_halfway(view, "die1", "A")
    assert view._drag_shot is not None  # the drag is drawn over the copy
    qtbot.wait(50)
    seen = image(view)
    assert differing(seen, before) > 0.001  # the die moved and card A lit up
    assert view.item_for("A").drop_target
    # What Qt itself draws of the same scene, the die shown where it is held.
    view._stop_drag_shot()
    qtbot.wait(50)
    drawn = image(view)
    assert differing(seen, drawn) < 0.002
    release(view, view.view_pos_of("A"))


def test_the_copy_follows_a_zoom_and_the_table_is_whole_after_the_drop(qtbot: Any) -> None:
    view = make_table(qtbot)
    chosen: list[str] = []
    view.action_chosen.connect(chosen.append)
    view.set_chooser(lambda gs, pos: gs[0])
    drag_halfway(view, "die1", "pool")
    view.zoom_in()
    qtbot.wait(50)
    seen = image(view)
    held = view._drag_item
    assert held is not None
    view._stop_drag_shot()
    qtbot.wait(50)
    assert differing(seen, image(view)) < 0.002
    view._start_drag_shot(held)
    release(view, view.mapFromScene(view.item_for("pool").scene_body().center()))
    assert view._drag_shot is None and view.item_for("die1").isVisible()
    assert chosen == ["pool:4"]


def test_after_a_refused_drop_the_table_looks_as_before_the_drag(qtbot: Any) -> None:
    # Nothing Qt keeps of the items may go stale while the copy stands in for them.
    view = make_table(qtbot)
    qtbot.wait(50)
    before = image(view)
    drag_halfway(view, "die1", "C")  # card C takes no die: the drop is refused
    qtbot.wait(50)
    release(view, view.view_pos_of("C"))
    qtbot.waitUntil(lambda: not view.item_for("die1").is_animating(), timeout=3000)
    qtbot.wait(50)
    assert differing(image(view), before) < 0.001


def test_a_tile_turned_while_dragged_is_drawn_as_qt_draws_it(qtbot: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.table.test_table_turning import settled, start_drag, tile_table

    view, hand = tile_table(qtbot)
    start_drag(view, hand)
    QTest.keyClick(view, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: settled(view, hand), timeout=3000)
    qtbot.wait(50)
    assert view.turned_piece() == hand and view._drag_shot is not None
    seen = image(view)
    view._stop_drag_shot()
    qtbot.wait(50)
    assert differing(seen, image(view)) < 0.002


def test_the_copy_matches_at_fractional_screen_scales() -> None:
    # A screen scale of 1.5 or 1.25 puts logical pixels between device pixels: every part of
    # the table copied in is grown to whole device pixels. (Qt reads the scale at start, so
    # the checks above run again in a process of their own.)
    import os
    import subprocess
    import sys
    from pathlib import Path

    for scale in ("1.5", "1.25"):
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__,
             "-k", "not fractional"],
            env={**os.environ, "QT_SCALE_FACTOR": scale, "QT_QPA_PLATFORM": "offscreen"},
            cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True,
            timeout=300, check=False)
        assert done.returncode == 0, (scale, done.stdout[-2000:])

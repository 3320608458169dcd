"""A person's hand on the table, as events: press, move, release, click and drag sent to the
table's viewport as real mouse events, and the point of a piece a person can reach.

The table's own tests, the app's tests and the hidden-information check at the glass
(``tabletop.app.glasscheck``) play through these, so every one of them goes through the same
event handling a mouse does (start-drag distance, hover, snap back), not through the table's
methods.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from .view import TableWidget


def _send(view: TableWidget, kind: QEvent.Type, pos: QPoint, button: Qt.MouseButton,
          buttons: Qt.MouseButton) -> None:
    vp = view.viewport()
    event = QMouseEvent(kind, QPointF(pos), QPointF(vp.mapToGlobal(pos)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)


def press(view: TableWidget, pos: QPoint) -> None:
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     pos)


def move(view: TableWidget, pos: QPoint, held: bool = True) -> None:
    """The pointer moves to ``pos``, with the left button ``held`` down or not (a hover)."""
    buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
    _send(view, QEvent.Type.MouseMove, pos, Qt.MouseButton.NoButton, buttons)


def release(view: TableWidget, pos: QPoint) -> None:
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, pos)


def click(view: TableWidget, pos: QPoint) -> None:
    press(view, pos)
    release(view, pos)


def drag(view: TableWidget, start: QPoint, end: QPoint, steps: int = 6,
         turn_at: int | None = None) -> None:
    """Press, move in steps (past the start-drag distance), release; with ``turn_at``, a
    right-click after that many steps, which turns a piece that may turn."""
    press(view, start)
    for i in range(1, steps + 1):
        t = i / steps
        at = QPoint(round(start.x() + (end.x() - start.x()) * t),
                    round(start.y() + (end.y() - start.y()) * t))
        move(view, at)
        if i == turn_at:
            QTest.mousePress(view.viewport(), Qt.MouseButton.RightButton,
                             Qt.KeyboardModifier.NoModifier, at)
            QTest.mouseRelease(view.viewport(), Qt.MouseButton.RightButton,
                               Qt.KeyboardModifier.NoModifier, at)
    release(view, end)


def visible_point(table: TableWidget, item_id: str) -> QPoint:
    """A point of ``item_id`` a player can click: its centre, or where nothing lies on it
    (a door with the thief standing in its middle is clicked beside him)."""
    centre = table.view_pos_of(item_id)
    if table._hit(QPointF(centre)) == item_id:
        return centre
    item = table.item_for(item_id)
    if item is None:
        raise KeyError(item_id)
    rect = table.mapFromScene(item.scene_body()).boundingRect()
    for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
        for fx in (0.5, 0.2, 0.8, 0.1, 0.9):
            pt = QPoint(round(rect.left() + fx * rect.width()),
                        round(rect.top() + fy * rect.height()))
            if table._hit(QPointF(pt)) == item_id:
                return pt
    raise AssertionError(f"no visible point on {item_id}")

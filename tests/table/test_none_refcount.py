"""Regression guard: PySide6 6.12.0 on Python < 3.12 drops a reference to None on every call
of a method returning nothing, and the interpreter aborts after a few thousand calls
(DESIGN.md section 5). On 3.12+ None is immortal, so on a supported set-up this holds."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene


def test_void_qt_calls_keep_none_refcount(qtbot: object) -> None:
    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(item)
    before = sys.getrefcount(None)
    for i in range(3000):
        item.setPos(QPointF(i % 50, i % 30))
        item.setZValue(float(i % 7))
        scene.update()
    after = sys.getrefcount(None)
    # Other code may take references meanwhile; losing thousands would be the bug.
    assert after >= before - 10
    assert item.pos() == QPointF(2999 % 50, 2999 % 30)

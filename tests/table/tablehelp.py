"""Helpers for table tests: a synthetic layout and real mouse events sent to the viewport."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop.engine.layout import Gesture, Layout, Piece, Zone
from tabletop.table import TableWidget


def card_art(en: str, ja: str) -> dict[str, object]:
    return {"title_en": en, "title_ja": ja, "body_en": f"{en} effect.",
            "body_ja": f"{ja}の効果。", "badge": "1", "corner": "", "color": "#3d7a5a"}


def sample_layout() -> Layout:
    """Two dice, three cards (A, B legal targets; C never), a token and a zone."""
    lay = Layout(1000, 600)
    lay.zones.append(Zone("tray", 60, 60, 260, 120, "Dice", "ダイス"))
    lay.zones.append(Zone("pool", 60, 380, 260, 120, "Pool", "置き場"))
    lay.pieces += [
        Piece("die0", "die", 100, 100, art={"value": 1}),
        Piece("die1", "die", 200, 100, art={"value": 4}),
        Piece("A", "card", 400, 60, art=card_art("Alpha", "甲")),
        Piece("B", "card", 580, 60, art=card_art("Beta", "乙")),
        Piece("C", "card", 760, 60, art=card_art("Gamma", "丙")),
        Piece("T", "token", 420, 400, art={"label": "End"}),
    ]
    return lay


def sample_gestures() -> list[Gesture]:
    return [
        Gesture("cast:a:1", "die0", "A"),
        Gesture("cast:b:1", "die0", "B", choice_en="Beta, first way"),
        Gesture("cast:b:alt", "die0", "B", choice_en="Beta, other way"),
        Gesture("cast:a:4", "die1", "A"),
        Gesture("pool:4", "die1", "pool"),
        Gesture("end", None, "T", label_en="End turn"),
        Gesture("pass", label_en="Pass"),  # a button: the table ignores it
    ]


def make_table(qtbot: object, layout: Layout | None = None,
               gestures: list[Gesture] | None = None,
               size: tuple[int, int] = (1000, 620)) -> TableWidget:
    """A shown table of ``size`` laid out as ``layout`` with ``gestures`` (by default the
    sample's), without animation."""
    view = TableWidget()
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)  # type: ignore[attr-defined]
    view.sync(layout or sample_layout(), sample_gestures() if gestures is None else gestures,
              animate=False)
    return view


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
    buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
    _send(view, QEvent.Type.MouseMove, pos, Qt.MouseButton.NoButton, buttons)


def release(view: TableWidget, pos: QPoint) -> None:
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, pos)


def click(view: TableWidget, pos: QPoint) -> None:
    press(view, pos)
    release(view, pos)


def drag(view: TableWidget, start: QPoint, end: QPoint, steps: int = 6) -> None:
    """Press, move in steps (past the start-drag distance), release."""
    press(view, start)
    for i in range(1, steps + 1):
        t = i / steps
        move(view, QPoint(round(start.x() + (end.x() - start.x()) * t),
                          round(start.y() + (end.y() - start.y()) * t)))
    release(view, end)


def same_point(a: QPointF, b: QPointF) -> bool:
    return abs(a.x() - b.x()) < 0.01 and abs(a.y() - b.y()) < 0.01

"""Helpers for table tests: a synthetic layout, and the real mouse events of
``tabletop.table.pointer`` sent to the viewport."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from tabletop.engine.layout import Gesture, Layout, Piece, Zone
from tabletop.table import TableWidget
from tabletop.table.pointer import click, drag, move, press, release
from tests.table.gesture_samples import sample_gestures

__all__ = ["card_art", "click", "drag", "make_table", "move", "press", "release", "same_point",
           "sample_gestures", "sample_layout"]


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


def same_point(a: QPointF, b: QPointF) -> bool:
    return abs(a.x() - b.x()) < 0.01 and abs(a.y() - b.y()) < 0.01

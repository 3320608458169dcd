"""The game list's cards line up: in each row every card is as tall as its neighbours, their
Play buttons on one line, and no description is cut, in both languages at 1280x800."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tabletop.registry import load_plugins

plugins, _failures = load_plugins(include_entry_points=False)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_cards_of_a_row_are_even_and_whole(make_window, qtbot, lang: str) -> None:  # type: ignore[no-untyped-def]
    window = make_window(plugins, lang=lang)
    window.resize(1280, 800)
    qtbot.waitExposed(window)
    QApplication.processEvents()
    cards = list(window.chooser.game_cards.values())
    assert len(cards) == len(plugins) >= 10
    rows: dict[int, list[tuple[int, int]]] = {}
    for card in cards:
        top = card.mapTo(window, QPoint(0, 0)).y()
        play = next(b for b in card.findChildren(QPushButton)
                    if b.objectName().startswith("play-"))
        rows.setdefault(top, []).append((card.height(), play.mapTo(window, QPoint(0, 0)).y()))
        summary = card.findChild(QLabel, "gameSummary")
        assert summary.height() >= summary.heightForWidth(summary.width()), (
            f"{summary.text()[:30]!r} is cut")
    assert len(rows) == -(-len(cards) // 3)  # three to a row
    for top, row in rows.items():
        assert len({h for h, _ in row}) == 1, f"row at {top}: heights {row}"
        assert len({y for _, y in row}) == 1, f"row at {top}: Play buttons at {row}"

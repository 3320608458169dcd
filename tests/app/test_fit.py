"""Every window the app opens fits the screen it opens on: a dialog sized for a large monitor
would lose its buttons below the edge of a laptop screen."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from tabletop.app.fit import FRAME_H, FRAME_W, available, fit_size, resize_to_fit
from tabletop.app.summary import SummaryDialog


def test_a_large_request_is_cut_to_the_screen(qtbot) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    free = available(dialog)
    assert fit_size(dialog, 10_000, 10_000).width() == free.width() - FRAME_W
    assert fit_size(dialog, 10_000, 10_000).height() == free.height() - FRAME_H
    resize_to_fit(dialog, 400, 300)  # a small request is kept as asked
    assert (dialog.width(), dialog.height()) == (400, 300)


def test_the_summary_with_a_score_table_fits_the_screen(qtbot) -> None:
    table = [["", "P1", "P2"], *[[f"row {i}", "1", "2"] for i in range(12)], ["Total", "9", "8"]]
    samples = [(i, {"P1 points": float(i), "P2 points": float(2 * i)}) for i in range(10)]
    dialog = SummaryDialog("Game", "P1 wins", samples, ["P1", "P2"], "en", score_table=table)
    qtbot.addWidget(dialog)
    free = available(dialog)
    assert dialog.height() <= free.height() - FRAME_H
    assert dialog.width() <= free.width() - FRAME_W

"""Every window the app opens fits the screen it opens on: a dialog sized for a large monitor
would lose its buttons below the edge of a laptop screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
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


@pytest.mark.parametrize("screen", [None, (2560, 1400), (1366, 728)])
def test_the_first_window_takes_most_of_the_screen(qtbot, settings, monkeypatch,  # type: ignore[no-untyped-def]
                                                   screen: tuple[int, int] | None) -> None:
    # It opened at about 1200x740 whatever the screen: nine tenths of the free area now (at
    # least 1200x740 where the screen has it), never more than the screen.
    from tabletop.app import fit
    from tabletop.app import window as window_module
    from tabletop.app.window import MainWindow

    if screen is not None:  # a screen of that free area instead of the test platform's
        monkeypatch.setattr(fit, "available", lambda widget: QSize(*screen))
        monkeypatch.setattr(window_module, "available", lambda widget: QSize(*screen))
    window = MainWindow(lang="en", settings=settings, ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    free = fit.available(window)
    assert window.width() == min(max(1200, free.width() * 9 // 10), free.width() - FRAME_W)
    assert window.height() == min(max(740, free.height() * 9 // 10), free.height() - FRAME_H)
    if screen == (2560, 1400):
        assert (window.width(), window.height()) == (2304, 1260)
    window.close()

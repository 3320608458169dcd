"""The first window on a small screen (1366x768, a 1280x800 laptop) starts maximised: a window
a little smaller than such a screen only wastes its edges. On a larger screen it takes most of
it. Later starts open the window as it was left: its size, or maximised."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSettings, QSize

from tabletop.app import fit
from tabletop.app import window as window_module
from tabletop.app.fit import FRAME_W
from tabletop.app.window import MainWindow
from tests.app.conftest import toy_plugin


def on_screen(monkeypatch: pytest.MonkeyPatch, width: int, height: int) -> None:
    """The window opens on a screen of that free area instead of the test platform's."""
    monkeypatch.setattr(fit, "available", lambda widget: QSize(width, height))
    monkeypatch.setattr(window_module, "available", lambda widget: QSize(width, height))


def opened(qtbot: Any, settings: QSettings) -> MainWindow:
    """A window as the app opens it at start-up: built, then shown."""
    window = MainWindow({"toy": toy_plugin()}, [], lang="en", settings=settings,
                        ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize("screen", [(1366, 728), (1280, 760), (1024, 728), (1920, 728)])
def test_the_first_window_fills_a_small_screen(qtbot, settings, monkeypatch,  # type: ignore[no-untyped-def]
                                               screen: tuple[int, int]) -> None:
    on_screen(monkeypatch, *screen)
    window = opened(qtbot, settings)
    assert window.isMaximized()
    # Made normal again, it keeps most of the screen.
    free = QSize(*screen)
    assert window.normalGeometry().width() == min(max(1200, free.width() * 9 // 10),
                                                  free.width() - FRAME_W)
    window.close()


@pytest.mark.parametrize("screen", [(1920, 1040), (2560, 1400), (1440, 875)])
def test_on_a_larger_screen_it_takes_most_of_it(qtbot, settings, monkeypatch,  # type: ignore[no-untyped-def]
                                                screen: tuple[int, int]) -> None:
    on_screen(monkeypatch, *screen)
    window = MainWindow({"toy": toy_plugin()}, [], lang="en", settings=settings,
                        ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    width, height = screen
    assert (window.width(), window.height()) == (width * 9 // 10, height * 9 // 10)
    window.show()
    assert not window.isMaximized()
    window.close()


def test_a_window_its_caller_sized_keeps_that_size(qtbot, settings, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    on_screen(monkeypatch, 1366, 728)
    window = MainWindow({"toy": toy_plugin()}, [], lang="en", settings=settings,
                        ai_delay_ms=0, animate=False)
    qtbot.addWidget(window)
    window.resize(700, 500)  # a screenshot's, a test's own size
    window.show()
    assert not window.isMaximized() and window.size() == QSize(700, 500)
    window.close()


def test_the_next_start_opens_the_window_as_it_was_left(qtbot, settings, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    on_screen(monkeypatch, 1366, 728)
    first = opened(qtbot, settings)
    assert first.isMaximized()
    first.showNormal()
    first.resize(640, 480)  # made smaller by the player (the test screen is 800x800)
    qtbot.waitUntil(lambda: first.size() == QSize(640, 480))
    first.close()
    # Reopened, even on the small screen: the size left, not maximised.
    second = opened(qtbot, QSettings(settings.fileName(), QSettings.Format.IniFormat))
    assert not second.isMaximized() and second.size() == QSize(640, 480)
    second.showMaximized()
    qtbot.waitUntil(second.isMaximized)
    second.close()
    # Left maximised on a large screen: maximised again, with the size left for "restore".
    on_screen(monkeypatch, 2560, 1400)
    third = opened(qtbot, QSettings(settings.fileName(), QSettings.Format.IniFormat))
    assert third.isMaximized()
    assert third.normalGeometry().size() == QSize(640, 480)
    third.close()

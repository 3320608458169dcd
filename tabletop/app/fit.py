"""Window sizes that fit the screen they open on.

A dialog sized for a large monitor loses its buttons below the edge of a 1280x800 laptop
screen; every window the app opens asks here for its size instead: the size it would like,
cut to the screen's free area (less the window frame and a margin). The main window's first
start asks here too: how large it opens, and whether the screen is small enough for it to
open maximised.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: Room left around a window for its title bar, frame and the desktop's panels.
FRAME_W = 40
FRAME_H = 80
#: A screen no larger than this in either direction (a 1366x768 or a 1280x800 laptop's) is
#: filled by the main window's first start: a window a little smaller than such a screen
#: only wastes its edges, and the table is what the player came for.
SMALL_SCREEN = QSize(1366, 768)


def available(widget: QWidget) -> QSize:
    """The free area of the screen ``widget`` opens on (Qt answers with its window's screen,
    else the primary one)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return QSize(1280, 800)
    return screen.availableGeometry().size()


def fit_size(widget: QWidget, width: int, height: int) -> QSize:
    """``width`` x ``height``, cut to the screen's free area."""
    free = available(widget)
    return QSize(max(320, min(width, free.width() - FRAME_W)),
                 max(240, min(height, free.height() - FRAME_H)))


def resize_to_fit(widget: QWidget, width: int, height: int) -> None:
    """Resize ``widget`` to ``fit_size`` (Qt still keeps it at its layout's minimum)."""
    widget.resize(fit_size(widget, width, height))


def first_window_size(free: QSize) -> tuple[int, int]:
    """The size the main window asks for on its first start on a screen with ``free`` area:
    nine tenths of it, at least 1200x740 (``fit_size`` then cuts it to the screen)."""
    return max(1200, free.width() * 9 // 10), max(740, free.height() * 9 // 10)


def fills_screen(free: QSize) -> bool:
    """Whether the main window's first start on a screen with ``free`` area is maximised."""
    return free.width() <= SMALL_SCREEN.width() or free.height() <= SMALL_SCREEN.height()

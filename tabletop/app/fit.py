"""Window sizes that fit the screen they open on.

A dialog sized for a large monitor loses its buttons below the edge of a 1280x800 laptop
screen; every window the app opens asks here for its size instead: the size it would like,
cut to the screen's free area (less the window frame and a margin).
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: Room left around a window for its title bar, frame and the desktop's panels.
FRAME_W = 40
FRAME_H = 80


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

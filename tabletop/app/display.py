"""Whether the app has a screen to open its window on, asked before Qt is started: on Linux
without a display server Qt aborts the process with a core dump, so the app and its self-test
ask first (the app to say so and exit, the self-test to run offscreen)."""

from __future__ import annotations

import sys
from collections.abc import Mapping


def no_display(env: Mapping[str, str]) -> bool:
    """True on Linux/BSD without a display server and without a platform chosen by the user
    (``QT_QPA_PLATFORM``): Qt would find nothing to open a window on."""
    if env.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"):
        return False
    return not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


NO_DISPLAY = ("tabletop: error: no display to open the window on (neither DISPLAY nor "
              "WAYLAND_DISPLAY is set). Start Tabletop from a desktop session; to check an "
              "install without a screen, run tabletop --self-test.")

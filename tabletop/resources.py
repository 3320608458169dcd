"""Finding bundled files (icons, translations) from source and from a frozen app.

PyInstaller unpacks data beside the executable under ``sys._MEIPASS``; from a source checkout
the files live at the repository root. This is the one place that knows the difference.
"""

from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    """Directory holding ``resources/`` (a game's own files live in its package folder)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resource(*parts: str) -> Path:
    return root().joinpath("resources", *parts)

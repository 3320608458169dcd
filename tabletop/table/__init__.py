"""The generic Qt table: draws a game's ``Layout`` and turns mouse gestures into actions.

``TableWidget`` is loaded when first asked for, so that the table's modules that know no Qt (the
gesture state machine, ``gestures``) import without Qt, and mypy, which checks that module
strictly, is not led into the Qt widgets by this file."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["TableWidget"]


def __getattr__(name: str) -> Any:
    if name == "TableWidget":
        return importlib.import_module(".view", __name__).TableWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

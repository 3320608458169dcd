"""The rules core must not import Qt: engine, AI (minus the worker) and every game model.

A game's front page (``GamePlugin.page``) is a Qt widget; it lives in a module of its own named
``*_page.py``, the one kind of game module that may import Qt. Its plugin imports it only when
the page is first built, so importing the plugin stays Qt-free (checked here), and what the page
itself may import is checked in ``tests/test_architecture.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def qt_free_modules() -> list[str]:
    # The table's gesture state machine: the decisions of the hand, apart from the widget.
    mods = ["tabletop.engine", "tabletop.api", "tabletop.registry", "tabletop.cli",
            "tabletop.table.gestures"]
    ai = ROOT / "tabletop" / "ai"
    mods += [f"tabletop.ai.{p.stem}" for p in ai.glob("*.py")
             if p.stem not in ("worker", "__init__")]
    # Every module of every game package: models, data, view hints, campaign stores, plugins;
    # all but the front pages.
    for path in sorted((ROOT / "tabletop" / "games").rglob("*.py")):
        if path.stem.endswith("_page"):
            continue
        rel = path.relative_to(ROOT).with_suffix("")
        mods.append(".".join(p for p in rel.parts if p != "__init__"))
    return mods


def test_rules_core_does_not_import_qt() -> None:
    code = (
        "import sys, importlib\n"
        f"for m in {qt_free_modules()!r}:\n"
        "    importlib.import_module(m)\n"
        "bad = sorted(k for k in sys.modules if k.startswith(('PySide6', 'pyqtgraph')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == ""

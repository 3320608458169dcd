"""The rules core must not import Qt: engine, AI (minus the worker) and every game model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def qt_free_modules() -> list[str]:
    mods = ["tabletop.engine", "tabletop.api", "tabletop.registry", "tabletop.cli"]
    ai = ROOT / "tabletop" / "ai"
    mods += [f"tabletop.ai.{p.stem}" for p in ai.glob("*.py")
             if p.stem not in ("worker", "__init__")]
    # Every module of every game package: models, data, view hints, campaign stores.
    for path in sorted((ROOT / "tabletop" / "games").rglob("*.py")):
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

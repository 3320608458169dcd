"""``tabletop --self-test`` from source: it passes on a healthy checkout and fails loudly.

The frozen counterpart is tests/packaging/test_bundle.py (marked ``packaging``).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import selftest
from tabletop.app.display import no_display
from tabletop.app.thinking import Thinking
from tabletop.games import BUILTIN

ROOT = Path(__file__).resolve().parents[2]


def test_self_test_from_source_loads_plays_and_exits_zero(tmp_path: Path) -> None:
    data = tmp_path / "player-data"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_DATA_DIR=str(data))
    out = subprocess.run([sys.executable, "-m", "tabletop", "--self-test"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1].startswith("self-test passed:")
    assert not [line for line in lines if line.startswith("FAIL")]
    # One "play" line per built-in plugin (BUILTIN lists plugin objects, one game each).
    assert len([line for line in lines if line.startswith("ok   play ")]) == len(BUILTIN)
    assert any(line.startswith("ok   summary chart (pyqtgraph)") for line in lines)
    assert any(line.startswith("ok   rulebooks resolve") for line in lines)
    # Every sound reads; offscreen there is no listener, so sound is off by itself.
    assert any(line.startswith("ok   sounds load: 20 files") for line in lines)
    assert all("saved and replayed" in line for line in lines if line.startswith("ok   play "))
    # Its matches were saved in a folder of its own: the player's data folder stays untouched.
    assert not data.exists()


def test_self_test_fails_when_a_builtin_game_does_not_load(monkeypatch) -> None:
    monkeypatch.setattr("tabletop.registry.BUILTIN",
                        (*BUILTIN, "tabletop.games.no_such_game.plugin:PLUGIN"))
    out, err = io.StringIO(), io.StringIO()
    assert selftest.run(out, err) == 1
    assert "game plugins failed to load" in err.getvalue()
    assert "tabletop.games.no_such_game.plugin:PLUGIN" in err.getvalue()
    assert "self-test FAILED" in err.getvalue()
    assert "self-test passed" not in out.getvalue()


def test_self_test_fails_on_an_exception_inside_a_qt_slot(monkeypatch) -> None:
    # PySide prints an exception raised in a slot and carries on; the self-test must not.
    # A match hears the AI's decisions only through the thinker's queued signal.
    def broken(self: Thinking, decision: object) -> None:
        raise RuntimeError("decision exploded")

    monkeypatch.setattr(Thinking, "on_decided", broken)
    hook = sys.excepthook
    out, err = io.StringIO(), io.StringIO()
    assert selftest.run(out, err) == 1
    assert "unhandled exception in the app" in err.getvalue()
    assert "decision exploded" in err.getvalue()
    assert "FAIL play " in err.getvalue()
    assert sys.excepthook is hook


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland only")
def test_offscreen_only_without_a_display_or_a_chosen_platform() -> None:
    assert no_display({})
    assert not no_display({"DISPLAY": ":0"})
    assert not no_display({"WAYLAND_DISPLAY": "wayland-0"})
    assert not no_display({"QT_QPA_PLATFORM": "xcb"})

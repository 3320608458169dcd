"""Fixtures for app tests: a window over chosen plugins, with settings in a temporary file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.api import GamePlugin
from tabletop.testing.table_driver import Windows, temp_data_dir, temp_settings
from tests.toygame import TOY_WORDS, ToyGame, ToyView


def toy_plugin() -> GamePlugin:
    return GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves and recent games go to a temporary folder, never the real user directory."""
    return temp_data_dir(tmp_path, monkeypatch)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return temp_settings(tmp_path)


@pytest.fixture
def make_window(qtbot, settings: QSettings) -> Iterator[Windows]:  # type: ignore[no-untyped-def]
    """``make_window(plugins=None, failures=None, lang="en")``: a shown window, over the toy
    game when no plugins are given."""
    windows = Windows(qtbot, settings, default=lambda: {"toy": toy_plugin()})
    yield windows
    windows.close_all()

"""Fixtures for app tests: a window over chosen plugins, with settings in a temporary file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.api import GamePlugin
from tabletop.app.window import MainWindow
from tabletop.registry import LoadFailure
from tests.toygame import TOY_WORDS, ToyGame, ToyView


def toy_plugin() -> GamePlugin:
    return GamePlugin(ToyGame(), ToyView, {}, words=TOY_WORDS)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves and recent games go to a temporary folder, never the real user directory."""
    path = tmp_path / "data"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "tabletop.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot, settings: QSettings) -> Iterator[Callable[..., MainWindow]]:
    made: list[MainWindow] = []

    def make(plugins: dict[str, GamePlugin] | None = None,
             failures: list[LoadFailure] | None = None, lang: str = "en") -> MainWindow:
        if plugins is None:
            plugins = {"toy": toy_plugin()}
        window = MainWindow(plugins, failures or [], lang=lang, settings=settings,
                            ai_delay_ms=0, animate=False)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()
        window.thinker.wait_done(5000)
